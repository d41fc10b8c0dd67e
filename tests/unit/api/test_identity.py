"""The one, framework-free authentication (:mod:`a4s_memory.identity`): raw header values in, a
Requester or Unauthenticated out. REST, A2A and MCP all call it; no request object is built."""

from __future__ import annotations

import contextlib
import logging

import pytest

from a4s_memory.config import AuthMode, Settings
from a4s_memory.errors import InvalidRequest, Unauthenticated
from a4s_memory.identity import Authenticator, parse_keys

KEY = "peer-key-0123456789abcdef"
OTHER_KEY = "other-key-0123456789abcdef"


def _token_mode() -> Authenticator:
    return Authenticator(AuthMode.TOKEN, parse_keys(f"peer:{KEY}\nother:{OTHER_KEY}\n"))


def test_token_mode_accepts_the_requesters_own_key() -> None:
    assert _token_mode().authenticate("peer", f"Bearer {KEY}").requester_id == "peer"
    # scheme in any case, blanks around the key dropped: as FastAPI's HTTPBearer reads it
    assert _token_mode().authenticate("peer", f"bearer  {KEY} ").requester_id == "peer"


@pytest.mark.parametrize(
    ("requester", "authorization", "detail"),
    [
        (None, f"Bearer {KEY}", "missing X-Requester-Id header"),
        ("peer", None, "missing bearer key"),
        ("peer", "", "missing bearer key"),
        ("peer", "Bearer", "missing bearer key"),
        ("peer", "Bearer   ", "missing bearer key"),
        ("peer", f"Basic {KEY}", "missing bearer key"),
        ("peer", f"Bearer {OTHER_KEY}", "the key does not belong to this requester"),
        ("nobody", f"Bearer {KEY}", "the key does not belong to this requester"),
    ],
)
def test_token_mode_refusals(requester: str | None, authorization: str | None, detail: str) -> None:
    with pytest.raises(Unauthenticated) as caught:
        _token_mode().authenticate(requester, authorization)
    assert caught.value.detail == detail
    assert KEY not in str(caught.value) and OTHER_KEY not in str(caught.value)


def test_a_malformed_requester_id_is_refused_before_any_key_check() -> None:
    with pytest.raises(InvalidRequest):
        _token_mode().authenticate("bad id!", f"Bearer {KEY}")


def test_trusted_header_mode_believes_the_header_alone() -> None:
    trusted = Authenticator(AuthMode.TRUSTED_HEADER, parse_keys(""))
    assert trusted.authenticate("anyone", None).requester_id == "anyone"
    assert trusted.authenticate_headers([("x-requester-id", "anyone")]).requester_id == "anyone"
    with pytest.raises(Unauthenticated):
        trusted.authenticate(None, None)


def test_from_settings_without_a_key_file_in_trusted_mode() -> None:
    trusted = Authenticator.from_settings(Settings(auth_mode=AuthMode.TRUSTED_HEADER))
    assert trusted.auth_mode is AuthMode.TRUSTED_HEADER and not len(trusted.keys)


def test_authenticate_headers_reads_either_case_and_pairs() -> None:
    auth = _token_mode()
    assert (
        auth.authenticate_headers(
            {"X-Requester-Id": "peer", "Authorization": f"Bearer {KEY}"}
        ).requester_id
        == "peer"
    )
    assert (
        auth.authenticate_headers(
            [("x-requester-id", "peer"), ("authorization", f"Bearer {KEY}")]
        ).requester_id
        == "peer"
    )
    for headers in (
        None,
        {},
        {"X-Requester-Id": "peer"},
        {"x-requester-id": "other", "authorization": f"Bearer {KEY}"},
    ):
        with pytest.raises(Unauthenticated):
            auth.authenticate_headers(headers)


def test_keys_are_never_logged(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG):
        for authorization in (f"Bearer {KEY}", f"Bearer {OTHER_KEY}", f"Basic {KEY}"):
            with contextlib.suppress(Unauthenticated):
                _token_mode().authenticate("peer", authorization)
    assert all(
        KEY not in r.getMessage() and OTHER_KEY not in r.getMessage() for r in caplog.records
    )
