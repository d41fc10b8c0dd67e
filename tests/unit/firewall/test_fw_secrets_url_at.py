"""Issue 14 item 2, twenty-ninth session: a URL's password holding an ``@``; New Relic admin keys.

Seen on the dev half of a public secret-detector set (Nosey Parker's MongoDB fixtures:
``mongodb+srv://hpapp:bria@pass135!@briaserver...``, ``somethingrotten:Zxcvbnm@12345)@cluster0``):
an ``@`` belongs in a URL's password only percent-encoded (``%40``), but people paste it raw, and
the URL rule ended the password at the first ``@``. The first text was stored whole (``bria`` is
too short to be a password alone); the second kept ``@12345)``, the password's tail. The host
follows the *last* ``@`` of the authority, as RFC 3986's parsers (and the MongoDB driver) read it.
Every value is written for this test.
"""

from __future__ import annotations

import pytest
from secret_support import stored


@pytest.mark.parametrize(
    ("text", "value", "host"),
    [
        ("mongodb+srv://hpapp:bria@pass135!@briaserver.7xsu17j.example.net/test", "bria@pass135!",
         "briaserver.7xsu17j.example.net/test"),
        ("uri: 'mongodb+srv://svc:Tulip9@42)@cluster0-ab12.example.net/db?retryWrites=true'",
         "Tulip9@42)", "cluster0-ab12.example.net/db"),
        ("postgres://admin:p@ss@w0rd@db.internal:5432/app", "p@ss@w0rd", "db.internal:5432/app"),
        ("redis://:Secret@Lantern@cache.local:6379/0", "Secret@Lantern", "cache.local:6379/0"),
    ],
)  # fmt: skip
def test_a_password_holding_an_at_sign_is_redacted_whole(text: str, value: str, host: str) -> None:
    kept = stored(text)
    assert value not in kept
    assert "[SECRET_REDACTED]@" + host in kept  # the whole password went, the host stayed


def test_the_host_after_the_last_at_sign_is_kept() -> None:
    kept = stored("mongodb+srv://hpapp:bria@pass135!@briaserver.example.net/test")
    assert kept.endswith("@briaserver.example.net/test")
    assert "bria@pass135!" not in kept


@pytest.mark.parametrize(
    "text",
    [
        # a mail address in the query or the fragment is not the password's
        "https://user:Tr0ub4dor7@example.com/share?to=ann@example.org",
        "https://user:Tr0ub4dor7@example.com/page#contact@example.org",
        # an address after the URL, beyond a blank
        "ftp://user:Tr0ub4dor7@files.example.com mail ann@example.org",
    ],
)
def test_what_follows_the_host_is_not_read_as_the_password(text: str) -> None:
    kept = stored(text)
    assert "Tr0ub4dor7" not in kept
    assert "ann@example.org" in kept or "contact@example.org" in kept


@pytest.mark.parametrize(
    "text",
    [
        "Write to ann@example.org or bob@example.org about https://example.com",
        "git@github.com:owner/repo.git",
        "ssh://git@example.com:2222/owner/repo.git",
    ],
)
def test_addresses_without_a_password_are_kept(text: str) -> None:
    assert stored(text) == text


def test_a_new_relic_admin_key_is_redacted() -> None:
    # Nosey Parker's dev half: New Relic's admin keys ("NRAA-" + 27 hex) beside its user keys
    kept = stored("admin_access:NRAA-5590f48c47dae4882dbec3fd82a")
    assert "5590f48c47dae4882dbec3fd82a" not in kept


def test_every_host_of_a_multi_host_uri_is_kept() -> None:
    kept = stored("postgresql://app:Tr0ub4dor7@host1:5432,app:Tr0ub4dor7@host2:5433/db")
    assert "Tr0ub4dor7" not in kept
    assert "@host1:5432," in kept and "@host2:5433/db" in kept
