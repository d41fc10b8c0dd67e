"""A well-known weak password written as a lower-case word after "password" (forty-fifth
session): "ssh in with password toor", "the wifi password is dragon", "password: letmein".

A lower-case word after a password key is left as prose or code ("password reset", "password is
wrong", "password = getpass": test_fw_secrets_bare_words.py), so these were stored verbatim on
bf862d7 (the first text was on the forty-fourth session's needs-an-issue list; the others were
written for this file). A short list of passwords every cracking list opens with, letters only
(:data:`a4s_memory.firewall.weak_passwords.WEAK_PASSWORDS`; one with a digit or a symbol is read
already), names a password wherever it stands after the key; any other word there keeps its
reading."""

from __future__ import annotations

import pytest
from secret_support import stored


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("ssh into the box with password toor", "toor"),
        ("the wifi password is dragon", "dragon"),
        ("password: letmein", "letmein"),
        ("Router admin, password qwerty, change it later", "qwerty"),
        ("old forum passwd = iloveyou", "iloveyou"),
        ("The kiosk pwd is sunshine.", "sunshine"),
    ],
)
def test_a_weak_password_is_redacted(text: str, value: str) -> None:
    assert value not in stored(text)


@pytest.mark.parametrize(
    "text",
    [
        "with password protection on, the file opens slower",
        "the password is wrong again",
        "The password is correct, the user name is not.",
        "password = getpass()",
        "We compared password managers today.",
        "password: required",
        "Set the password to expire every ninety days.",
    ],
)
def test_other_words_after_password_keep_their_reading(text: str) -> None:
    assert stored(text) == text
