"""Issue 14 item 2, twenty-fifth session: a credential assigned in a tuple ("unpacking").

``user, password = "admin", "hunter22x"`` holds the password at the same place on the right as its
name on the left. The assignment rules read ``password = "admin"`` (the name next to the first
value) or nothing: the real password was kept, and in ``host, port, password = "db.local", 5432,
"..."`` the host name was redacted in its stead. Found in the dev half of whispers' fixtures (a Go
``a, b := "..", ".."``); every value below is written for this test.
"""

from __future__ import annotations

import pytest
from secret_support import stored

from a4s_memory.firewall.secrets import locate_secrets


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('user, password = "admin", "hunter22x"', "hunter22x"),
        ("db_user, db_password = 'admin', 'Tr0ub4dor&3'", "Tr0ub4dor&3"),
        ('username, pwd := "root", "s3cr3tPW"', "s3cr3tPW"),  # Go
        ('host, port, password = "db.local", 5432, "Xy7pQ2rs"', "Xy7pQ2rs"),
        ('const [login, apiToken] = ["ops", "tk_9Qm2Lx7Wv"];', "tk_9Qm2Lx7Wv"),  # JavaScript
        ('(user, secret) = ("svc", "Mq8-river-31")', "Mq8-river-31"),
        ("    name, passwd = 'backup', 'Wn4$gale'", "Wn4$gale"),
        ('first_password, second_password := "Lamp7Post", "Fern3Hill"', "Fern3Hill"),
        # a secret inside another value of the tuple stays redacted
        ("note, token = 'login password=Hunter22x', 'tk_9QmZ2Lx7Wv4'", "Hunter22x"),
    ],
)  # fmt: skip
def test_the_secret_in_a_tuple_assignment_is_not_stored(text: str, value: str) -> None:
    assert value not in stored(text)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        # the values beside the credential are not secrets: they stay
        ('host, port, password = "db.local", 5432, "Xy7pQ2rs"', '"db.local", 5432'),
        ('user, password = "admin", "hunter22x"', '"admin"'),
    ],
)
def test_the_other_values_of_the_tuple_stay(text: str, kept: str) -> None:
    assert kept in stored(text)


@pytest.mark.parametrize(
    "text",
    [
        # no credential name, or its value is a variable, a call, a word or a placeholder
        'x, y = "left", "right"',
        "user, password = getpass()",
        "user, password = os.environ['U'], os.environ['P']",
        'user, password = "admin", "password"',
        'user, password = "admin", "${DB_PASSWORD}"',
        "token_type, expires_in = 'bearer', 3600",
        'a, b = 1, 2\nprint("done")',
    ],
)
def test_no_secret_without_a_credential_value(text: str) -> None:
    assert locate_secrets(text).spans == []
