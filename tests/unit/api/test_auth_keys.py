"""Key-file parsing, constant-time verification and the loopback warning (pure, no I/O)."""

from __future__ import annotations

import logging

import pytest

from a4s_memory.config import AuthMode, Settings
from a4s_memory.errors import ConfigurationError
from a4s_memory.identity import KeyStore, is_loopback, parse_keys, warn_if_exposed

KEY_A = "alice-key-0123456789abcdef"
KEY_B = "bob-key-0123456789abcdef00"
ANY_ADDRESS = ".".join(["0"] * 4)  # the wildcard address, never bound here


def test_parse_keys_comments_blanks_and_several_keys() -> None:
    store = parse_keys(f"# keys\n\nalice:{KEY_A}\n  bob : {KEY_B}  \nalice:{KEY_B[::-1]}\n")
    assert store.verify("alice", KEY_A)
    assert store.verify("alice", KEY_B[::-1])
    assert store.verify("bob", KEY_B)
    assert len(store) == 2


def test_requester_ids_may_contain_colons() -> None:
    store = parse_keys(f"svc:reporting:{KEY_A}\n")
    assert store.verify("svc:reporting", KEY_A)


def test_key_of_one_requester_does_not_open_another() -> None:
    store = parse_keys(f"alice:{KEY_A}\nbob:{KEY_B}\n")
    assert not store.verify("alice", KEY_B)
    assert not store.verify("bob", KEY_A)
    assert not store.verify("carol", KEY_A)
    assert not store.verify("alice", "")
    assert not KeyStore().verify("alice", KEY_A)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("no-colon-here-at-all-0123456789", "line 1: expected"),
        (f"bad id!:{KEY_A}", "line 1: malformed requester id"),
        ("alice:short", "line 1: the key must be"),
        ("alice:has a blank in the key 0123", "line 1: the key must be"),
        (f"# c\nalice:{KEY_A}\nbob:{KEY_A}", "line 3: the key is already given"),
    ],
)
def test_malformed_key_file_is_configuration_error(text: str, problem: str) -> None:
    with pytest.raises(ConfigurationError) as info:
        parse_keys(text)
    assert problem in info.value.detail
    assert KEY_A not in info.value.detail  # never echo a key


def test_token_mode_without_key_file_fails_at_startup() -> None:
    from a4s_memory.identity import load_keys

    with pytest.raises(ConfigurationError):
        load_keys(Settings(auth_mode=AuthMode.TOKEN, api_keys_file=None))
    assert len(load_keys(Settings(auth_mode=AuthMode.TRUSTED_HEADER))) == 0


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("::1", True),
        ("[::1]", True),
        ("localhost", True),
        ("127.0.0.2", True),
        (ANY_ADDRESS, False),
        ("10.1.2.3", False),
        ("example.org", False),
    ],
)
def test_is_loopback(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_trusted_header_on_public_address_warns(caplog: pytest.LogCaptureFixture) -> None:
    trusted = Settings(auth_mode=AuthMode.TRUSTED_HEADER)
    with caplog.at_level(logging.WARNING):
        assert warn_if_exposed(trusted, ANY_ADDRESS)
        assert not warn_if_exposed(trusted, "127.0.0.1")
        assert not warn_if_exposed(Settings(auth_mode=AuthMode.TOKEN), ANY_ADDRESS)
    assert len(caplog.records) == 1 and "trusted-header" in caplog.records[0].getMessage()
