"""A login written as a pair, and "pass" as a field's label (forty-fifth session).

"the creds are admin:admin123", "router login is admin / changeme", "Login for the portal:
jane@example.com / Summer2024!", "wifi: HomeNet, pass: blue42sky": a user name and its password
side by side after a word that says it is a login, or a password under the label "pass". Every
text of the first two tests was written for this file and was stored verbatim on bf862d7 (the
needs-an-issue list of the forty-fourth session). The pair's password is short and often a
dictionary word, under every entropy rule; what marks it is the word before it and the pair's
shape. The user name stays: it says whose login it was without opening it.

Kept as written: a pair that is not a login ("Mac/Linux", "10:30", "yes / no", a URL, two
products "Microsoft/Office365", a passwd line), a login page's address, and "pass" in its other
senses (a boarding pass, a day pass, a test that passed).
"""

from __future__ import annotations

import pytest
from secret_support import stored


@pytest.mark.parametrize(
    ("text", "value", "kept"),
    [
        ("the creds are admin:admin123 for the staging router", "admin123", "admin"),
        ("Login for the portal: jane@example.com / Summer2024!", "Summer2024!", "jane@"),
        ("router login is admin / changeme", "changeme", "admin"),
        ("login: jsmith / Tr0ub4dor&3", "Tr0ub4dor&3", "jsmith"),
        ("the admin login is root:toor", "toor", "root"),
        ("Credentials for the NAS: backup/Backup#2024", "Backup#2024", "backup"),
        ("sign in with guest / guest123 on the kiosk", "guest123", "guest"),
        ("account pi:raspberry on the old board", "raspberry", "pi"),
    ],
)
def test_a_login_pair_loses_its_password(text: str, value: str, kept: str) -> None:
    after = stored(text)
    assert value not in after
    assert kept in after  # the user name says whose login it was
    assert after.endswith(text[text.index(value) + len(value) :])  # what follows it stays


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("user: bob pass: sunshine1", "sunshine1"),
        ("pass: sunshine1", "sunshine1"),
        ("wifi: HomeNet, pass: blue42sky", "blue42sky"),
        ("SSID CoffeeShop\npass = latte2go!", "latte2go!"),
        ("ftp host files.local (pass: x9kq7) is up", "x9kq7"),
        ("| wifi | pass: 42abc | lobby |", "42abc"),
    ],
)
def test_pass_as_a_label_loses_its_value(text: str, value: str) -> None:
    after = stored(text)
    assert value not in after
    assert after.endswith(text[text.index(value) + len(value) :])  # what follows it stays


@pytest.mark.parametrize(
    "text",
    [
        "My boarding pass: seat 14B, gate C3",
        "Day pass: 25 dollars, or 40 for two",
        "Pass: 3 of 5 tests, the rest failed",
        "Pass: ok",
        "login options: Google or Apple",
        "The login page is https://portal.example.org/login today",
        "account: checking / savings, both at the same bank",
        "User: Mac/Linux, both fine",
        "login at 10:30 tomorrow",
        "the login screen asks yes / no before it goes on",
        "Login: the new SSO flow ships next week.",
        "Sign-in is down; see status.example.com/incidents for the details",
        "I can pass: it is not my turn",
        "Sign in with Microsoft/Office365 at work",
        "Sign in with Xbox / PS5 tonight",
        "the login for root:x:0:0:root:/root:/bin/bash",
        "I opened a savings account: 2.5% interest/year",
        "[TikTok 2nd Account](https://www.tiktok.com/@creativegpt)",
        "my account: @jane_doe/posts",
    ],
)
def test_pairs_and_passes_that_are_not_logins_keep_their_words(text: str) -> None:
    assert stored(text) == text
