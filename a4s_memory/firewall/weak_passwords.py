"""Passwords every cracking word list opens with, letters only (forty-fifth session).

A lower-case word after a password key is read as prose or code ("password reset", "the
password is wrong", "password = getpass"), so a weak password written that way was stored as
written: "ssh in with password toor", "the wifi password is dragon". These words name a password
wherever they stand right after the key (``secret.weak_password``, secret_rules_logins.py).
Chosen from the top of the public lists of leaked passwords, leaving out the words that also
follow "password" in prose or code ("shadow" file, "whatever" you set, "admin" panel, "master",
"secret", "welcome", "root", "default"), first names, and "changeme", a config template's
placeholder (test_fw_secrets_bare_words.py; a login pair's "admin / changeme" is read by
``secret.login_pair``). One with a digit or a symbol ("monkey1", "p@ssword") is read by the
other rules already.
"""

from __future__ import annotations

from typing import Final

__all__ = ["WEAK_PASSWORDS"]

WEAK_PASSWORDS: Final = (
    "toor",
    "letmein",
    "iloveyou",
    "qwerty",
    "qwertyuiop",
    "asdfgh",
    "asdfghjkl",
    "zxcvbnm",
    "azerty",
    "abcdef",
    "abcdefg",
    "abcdefgh",
    "trustno",
    "monkey",
    "dragon",
    "sunshine",
    "princess",
    "football",
    "baseball",
    "superman",
    "batman",
    "starwars",
    "pokemon",
    "mustang",
)
