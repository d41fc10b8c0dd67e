"""Issue 14 item 2, twentieth session: the dev halves' remaining misses and over-redactions.

From the dev halves of Nosey Parker's rule examples and TruffleHog's detector tests
(docs/firewall.md "Secrets on public sets never used"), the misses that are secrets (not
placeholders such as ``"tvly-xxxx..."`` or ``-p $Password``): a connection string's password
equal to its user name (the redaction ran on past ``;`` and missed the user's copy), a quoted
value holding a backtick or the other quote, a passphrase of words under a password key, and a
UUID handed to a vendor's API client. Over-redactions: a ``-u user`` with no password (a login,
not a credential) and an identifier after ``"unauthorized",``. Every value is written for this
test.
"""

from __future__ import annotations

import pytest
from secret_support import stored


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # a connection string whose password is its user name: both places
        ('conn.Open("Provider=SQLOLEDB;User ID=billing_svc;Password=billing_svc;Initial Catalog=Billing")', "billing_svc"),
        ("Server=db7;Database=shop;Uid=shopper;Pwd=Tq8-lamp-42;", "Tq8-lamp-42"),
        # a word is a password there too: the format says what the field holds
        ("Data Source=db7;User ID=sa;Password=secret;", "secret"),
        # a quoted value holding a backtick, a double quote or a backslash
        ("db_password = '`9Lr4TzBq'", "9Lr4TzBq"),
        ("jwt_secret: 'q8\"Vz]3;Lp{Rt7>Wm'", 'q8"Vz]3;Lp{Rt7>Wm'),
        ('signing_key = "Hb4\\\\nK7`wP2$eR9"', "Hb4\\\\nK7`wP2$eR9"),
        # a passphrase of words, quoted right under a password key
        ("password = 'purple monkey dishwasher'", "purple monkey dishwasher"),
        ('"wifi_password": "correct horse battery staple"', "correct horse battery staple"),
        # a UUID handed to a vendor's API client
        ('const crm = new AcmeCrmAPI("5b7e2c1d-9f3a-4e8b-a6d1-0c2f4e6a8b9d");', "5b7e2c1d-9f3a-4e8b-a6d1-0c2f4e6a8b9d"),
        ("mailer = PostboxClient('c41d7e2a-0b9f-4a6c-8e3d-2f1a5b7c9d0e')", "c41d7e2a-0b9f-4a6c-8e3d-2f1a5b7c9d0e"),
        # curl's user:password still redacted
        ("curl -u ops:Lq7vRt2wX https://api.example.net/v1/ping", "Lq7vRt2wX"),
    ],
)  # fmt: skip
def test_the_secret_is_not_left_in_what_isstored(text: str, value: str) -> None:
    assert value not in stored(text)


def test_the_connection_string_keeps_its_other_fields() -> None:
    kept = stored("Server=db7;User ID=app;Password=Tq8-lamp-42;Initial Catalog=Shop;")
    assert "Tq8-lamp-42" not in kept
    assert "Initial Catalog=Shop;" in kept


@pytest.mark.parametrize(
    "text",
    [
        # a login with no password, and templates
        r"PsExec.exe \\build7 -u CORP\svc_build -p %BUILD_PW% -i cmd",
        "curl -u admin https://intranet.example.org/status",
        "curl -u $USERNAME:$PASSWORD https://api.example.net",
        "curl -u username:password https://api.example.net",
        # an identifier after a word that holds "auth"
        'http.Error(rw, "unauthorized", http.StatusUnauthorized)',
        # placeholders and prose under a password key
        "Server=db7;User ID=app;Password=${DB_PASSWORD};Database=shop;",
        "Server=db7;Uid=app;Pwd=%DBPW%;",
        'password: "not set yet"',
        "password = 'enter your password'",
        "password = 'see the vault'",
        # UUIDs that name things
        'client.get_order("5b7e2c1d-9f3a-4e8b-a6d1-0c2f4e6a8b9d")',
        'tenant_id = "c41d7e2a-0b9f-4a6c-8e3d-2f1a5b7c9d0e"',
        # a shell variable spliced into a quoted value
        "echo 'export DB_PASSWORD=\"'$BUILD_DB_PASSWORD'\"' >> .env",
        # a quoted sentence under a secret-ish name
        "secret_message = 'meet at noon'",
    ],
)
def test_look_alikes_are_kept_as_written(text: str) -> None:
    assert stored(text) == text
