"""A password given after the word "password" with no "is", ":" or "=" (forty-fourth session):
"ssh root@10.0.0.5 with password r00tme", "using password Summer2024!". The texts were written for
this file; of the first group, the first two were stored verbatim before (the other three were
already redacted by other rules). The value must hold a digit or a symbol:
a word after "password" is prose too often ("password reset", "password managers",
"with password protection"), which stays as written (a bare lower-case word is left as a limit,
as in test_fw_secrets_bare_words.py)."""

from __future__ import annotations

import pytest
from secret_support import stored


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("ssh root@10.0.0.5 with password r00tme", "r00tme"),
        ("log in as admin using password Summer2024! and change it", "Summer2024!"),
        ("The NAS takes the password hunter22 for the guest share.", "hunter22"),
        ("router: admin, password p@ssw0rd", "p@ssw0rd"),
        ("Try passcode 884211 at the side gate", "884211"),
    ],
)
def test_a_password_given_without_a_verb_is_redacted(text: str, value: str) -> None:
    assert value not in stored(text)


@pytest.mark.parametrize(
    "text",
    [
        "I need a password reset link for the portal.",
        "We compared password managers at work today.",
        "The app asks for the password twice, which is annoying.",
        "Password 2FA is on for everyone now.",
        "Password #4 of the list was wrong.",
        "Change your password (min 8 chars) every year.",
        "The password policy v2 came out last week.",
        "with password protection on, the file opens slower",
    ],
)
def test_prose_about_passwords_keeps_its_words(text: str) -> None:
    assert stored(text) == text
