"""Issue 14 item 2 ("cover low-entropy keys that sit next to a key name"), twenty-eighth session:
a password that is a word, written bare (unquoted) right after a password key.

Seen on the dev halves of two public secret-detector sets (whispers' fixtures: ``password:
hardcodEd``, ``<DB_PASSWORD>justForTesting</DB_PASSWORD>``, ``password == f"hardcoded1"``) and
in an owner's own note ("wifi password: Sunflower"): the assignment rule read such a value as an
identifier (a word with fewer than four capitals) and stored it. A bare word right after a
password key, alone to the end of its line, is now a password when it holds a capital (a
lower-case word there is too often code or prose: ``password = getpass``, ``password: required``,
left as a limit); a capitalised reference, a type name or a placeholder is not. Every value is
written for this test.
"""

from __future__ import annotations

import pytest
from secret_support import stored


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # YAML / INI / env lines: the value alone to the end of the line
        ("database:\n  user: app\n  password: hardcodEd\n  port: 5432", "hardcodEd"),
        ("password = justForTesting", "justForTesting"),
        ("export DB_PASSWORD=Sunflower", "Sunflower"),
        ("smtp_pwd: Bluebird-Lane", "Bluebird-Lane"),
        # an owner's note
        ("The wifi password: Sunflower", "Sunflower"),
        ("New router pwd: MarigoldTerrace.", "MarigoldTerrace"),
        ("Garage door passphrase = Kingfisher", "Kingfisher"),
        ("Old forum password: Swordfish", "Swordfish"),
        # an XML element named for a password, its name prefixed ("DB_", "smtp.")
        ("<config>\n  <DB_PASSWORD>justForTesting</DB_PASSWORD>\n</config>", "justForTesting"),
        ("<smtp.password>Bluebird</smtp.password>", "Bluebird"),
        ("<admin-passwd>Wq7tulip</admin-passwd>", "Wq7tulip"),
        # a Python f-string, a raw or a bytes literal compared with a password
        ('if password == f"hardcoded1":\n    login()', "hardcoded1"),
        ("if pwd != b'Lantern88':", "Lantern88"),
    ],
)  # fmt: skip
def test_a_bare_word_password_is_not_left_in_what_is_stored(text: str, value: str) -> None:
    assert value not in stored(text)


def test_a_jenkins_secret_in_braces_is_redacted_whole() -> None:
    # braces around base64 are Jenkins' encrypted secret, not a template ("{ password }")
    text = "<secret>{AQAAABAAAAAQ9xT2kLm3Vq8Rw5Yz1Nc4Hb7Gd0Jf6Ps2Ue}</secret>"
    assert stored(text) == "<secret>[SECRET_REDACTED]</secret>"


def test_the_rest_of_the_paste_is_kept() -> None:
    kept = stored("database:\n  user: app\n  password: hardcodEd\n  port: 5432")
    assert "hardcodEd" not in kept
    assert "user: app" in kept and "port: 5432" in kept


@pytest.mark.parametrize(
    "text",
    [
        # a type, a class, a field or a call, not a value
        "password: SecretStr",
        "password: PasswordField",
        "password = Column(String)",
        "password: Mapped[str]",
        "password = getPassword()",
        "password = form.cleaned_data",
        "password: Optional",
        "password = None",
        # a placeholder or a word that says there is none
        "password: Changeme",
        "password: Unknown",
        "Password: Required",
        "password = Hidden",
        # prose after the key (the value does not end the line)
        "Password: Please ask IT for it",
        "Forgot password: Click here to reset it",
        # a template, a variable, a value x-ed out
        "<db_password>$db_password</db_password>",
        "<smtp_password>{ smtp_password }</smtp_password>",
        "<mail-password>${{ secrets.mail }}</mail-password>",
        "password=ABCxxxxxxxx",
        "<db.password>password</db.password>",
        "<password>changeme</password>",
        "<DB_PASSWORD>${DB_PASSWORD}</DB_PASSWORD>",
        "<DB_PASSWORD>{{ db_password }}</DB_PASSWORD>",
        "<MasterUserPassword>!Ref 'MasterUserPassword'</MasterUserPassword>",
        # a setting about passwords, not one
        "<require-password>false</require-password>",
        "<DB_PASSWORD_MIN_LENGTH>12</DB_PASSWORD_MIN_LENGTH>",
        "password_policy: Strict",
        "passwordless: Enabled",
    ],
)  # fmt: skip
def test_what_is_not_a_password_is_kept(text: str) -> None:
    assert stored(text) == text
