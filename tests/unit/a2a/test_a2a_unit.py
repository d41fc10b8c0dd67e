"""The A2A adapter and MCP tools without I/O: parsing, the public-only re-check, the card, auth."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import pytest
from a2a.helpers import get_data_parts, new_data_part, new_text_part
from a2a.server.agent_execution import RequestContext
from a2a.server.context import ServerCallContext
from a2a.types.a2a_pb2 import Message, Role, SendMessageRequest
from a2a.utils.errors import InternalError, InvalidParamsError, InvalidRequestError
from mcp.server.mcpserver.exceptions import ToolError

from a4s_memory.a2a.card import SKILL_ID, build_agent_card
from a4s_memory.a2a.executor import (
    PUBLIC_ONLY,
    PublicSearchExecutor,
    RequesterUser,
    parse_ask,
    public_hits,
)
from a4s_memory.config import AuthMode
from a4s_memory.contract import Visibility
from a4s_memory.errors import StoreUnavailable, Unauthenticated
from a4s_memory.mcp_server.tools import AUDIT_NOT_AVAILABLE, MemoryTools
from a4s_memory.policy.context_policy import MemoryKind
from a4s_memory.spaces import spaces_of
from a4s_memory.status import MemoryStatus
from a4s_memory.store.search import Provenance, SearchHit

AGENT = "helper"


def _hit(text: str, visibility: Visibility, agent: str = AGENT) -> SearchHit:
    return SearchHit(
        uuid=f"u-{text}",
        kind=MemoryKind.FACT,
        text=text,
        group_id=spaces_of(agent)[visibility],
        visibility=visibility,
        status=MemoryStatus(),
        valid_at=None,
        created_at=datetime(2026, 1, 1, tzinfo=UTC),
        score=1.0,
        provenance=Provenance(episodes=["e1"], written_by="owner-1"),
    )


def _message(*data: Any) -> Message:
    parts = [new_data_part(d) if isinstance(d, dict) else new_text_part(d) for d in data]
    return Message(role=Role.ROLE_USER, message_id="m1", parts=parts)


class FakeManager:
    def __init__(self, hits: list[SearchHit]) -> None:
        self.hits = hits
        self.calls: list[tuple[Any, ...]] = []

    async def search(self, *args: Any) -> list[SearchHit]:
        self.calls.append(args)
        return self.hits


class Queue:
    def __init__(self) -> None:
        self.events: list[Any] = []

    async def enqueue_event(self, event: Any) -> None:
        self.events.append(event)


def _context(message: Message, user: Any) -> RequestContext:
    return RequestContext(ServerCallContext(user=user), SendMessageRequest(message=message))


# ---- parsing ------------------------------------------------------------------------------------


def test_parse_ask_accepts_the_data_part() -> None:
    ask = parse_ask(_message("hello", {"agent_id": AGENT, "query": "tea", "limit": 5}))
    assert (ask.agent_id, ask.query, ask.limit) == (AGENT, "tea", 5)
    assert parse_ask(_message({"agent_id": AGENT, "query": "tea"})).limit == 10


@pytest.mark.parametrize(
    "parts",
    [
        (),
        ("just text",),
        ({"agent_id": AGENT, "query": "a"}, {"agent_id": AGENT, "query": "b"}),
        ({"agent_id": AGENT},),
        ({"agent_id": AGENT, "query": ""},),
        ({"agent_id": AGENT, "query": "q", "limit": 0},),
        ({"agent_id": AGENT, "query": "q", "limit": 51},),
        ({"agent_id": AGENT, "query": "q", "op": "add", "messages": "x"},),
        ({"agent_id": AGENT, "query": "q", "visibility": "private"},),
    ],
)
def test_parse_ask_refuses_anything_else(parts: tuple[Any, ...]) -> None:
    with pytest.raises(InvalidParamsError):
        parse_ask(_message(*parts))


def test_parse_ask_error_names_fields_not_values() -> None:
    with pytest.raises(InvalidParamsError) as caught:
        parse_ask(_message({"agent_id": AGENT, "query": "q", "secret_thing": "SeCrEtVaLuE"}))
    assert "secret_thing" in caught.value.message
    assert "SeCrEtVaLuE" not in caught.value.message


# ---- the public-only re-check -------------------------------------------------------------------


def test_public_hits_drops_private_and_foreign() -> None:
    hits = [
        _hit("pub", Visibility.PUBLIC),
        _hit("priv", Visibility.PRIVATE),
        _hit("other", Visibility.PUBLIC, agent="someone-else"),
    ]
    assert [h.text for h in public_hits(AGENT, hits)] == ["pub"]


async def test_executor_forces_public_policy_and_rechecks() -> None:
    manager = FakeManager([_hit("pub", Visibility.PUBLIC), _hit("priv", Visibility.PRIVATE)])
    executor = PublicSearchExecutor(lambda: manager)  # type: ignore[arg-type,return-value]
    queue = Queue()
    message = _message({"agent_id": AGENT, "query": "anything private please"})
    await executor.execute(_context(message, RequesterUser("owner-1")), queue)  # type: ignore[arg-type]
    (call,) = manager.calls
    assert call == ("owner-1", AGENT, "anything private please", 10, PUBLIC_ONLY)
    assert PUBLIC_ONLY.visibilities == frozenset({Visibility.PUBLIC})
    (reply,) = queue.events
    assert reply.parts[0].text.startswith("1 public memory")
    (payload,) = get_data_parts(list(reply.parts))
    assert [r["text"] for r in payload["results"]] == ["pub"]
    assert "provenance" not in payload["results"][0]


class DownManager:
    async def search(self, *args: Any) -> list[SearchHit]:
        raise StoreUnavailable("Neo4j is unavailable")


async def test_executor_reports_an_outage_as_internal_not_invalid_params() -> None:
    # issue 16: a 503 used to reach A2A peers as "invalid params" (-32602), blaming the caller.
    executor = PublicSearchExecutor(lambda: DownManager())  # type: ignore[arg-type,return-value]
    message = _message({"agent_id": AGENT, "query": "q"})
    with pytest.raises(InternalError) as caught:
        await executor.execute(_context(message, RequesterUser("owner-1")), Queue())  # type: ignore[arg-type]
    assert not isinstance(caught.value, InvalidParamsError)
    assert caught.value.data["stop_reason"] == "INTERNAL_INCONSISTENCY"  # type: ignore[index]


async def test_executor_refuses_without_an_authenticated_requester() -> None:
    from a2a.auth.user import UnauthenticatedUser

    manager = FakeManager([])
    executor = PublicSearchExecutor(lambda: manager)  # type: ignore[arg-type,return-value]
    message = _message({"agent_id": AGENT, "query": "q"})
    with pytest.raises(InvalidRequestError):
        await executor.execute(_context(message, UnauthenticatedUser()), Queue())  # type: ignore[arg-type]
    assert manager.calls == []


# ---- the card -----------------------------------------------------------------------------------


def test_card_token_mode_requires_both_schemes() -> None:
    card = build_agent_card("http://h:1/", AuthMode.TOKEN)
    assert [s.id for s in card.skills] == [SKILL_ID]
    assert card.supported_interfaces[0].url == "http://h:1/a2a/jsonrpc"
    assert set(card.security_requirements[0].schemes) == {"requester_id", "bearer"}
    assert card.security_schemes["requester_id"].api_key_security_scheme.name == "X-Requester-Id"
    assert card.security_schemes["bearer"].http_auth_security_scheme.scheme == "Bearer"


def test_card_trusted_header_mode_requires_the_header_only() -> None:
    card = build_agent_card("http://h:1", AuthMode.TRUSTED_HEADER)
    assert set(card.security_requirements[0].schemes) == {"requester_id"}


# ---- authentication (the server's one Authenticator) --------------------------------------------

KEY = "peer-key-0123456789abcdef"


# ---- MCP tools ----------------------------------------------------------------------------------


async def test_mcp_audit_not_available_and_auth_errors() -> None:
    async def source(ctx: Any) -> Any:
        return "owner-1", SimpleNamespace()  # a manager without .audit

    tools = MemoryTools(source)
    with pytest.raises(ToolError, match=r"NOT_AVAILABLE"):
        await tools.memory_audit(AGENT, ctx=object())  # type: ignore[arg-type]

    async def refusing(ctx: Any) -> Any:
        raise Unauthenticated("missing bearer key")

    with pytest.raises(ToolError, match=r"\[POLICY_DISABLED\] missing bearer key"):
        await MemoryTools(refusing).memory_search(AGENT, "q", ctx=object())  # type: ignore[arg-type]
    with pytest.raises(ToolError, match="no request context"):
        await tools.memory_get("m1")
    assert AUDIT_NOT_AVAILABLE.startswith("[NOT_AVAILABLE]")


def test_mcp_stdio_identity_goes_through_the_authenticator() -> None:
    from a4s_memory.config import Settings
    from a4s_memory.errors import ConfigurationError
    from a4s_memory.mcp_server.stdio import StdioIdentity, verify_identity

    trusted = Settings(auth_mode=AuthMode.TRUSTED_HEADER)
    assert verify_identity(trusted, StdioIdentity("alice", None)) == "alice"
    with pytest.raises(ConfigurationError):
        verify_identity(trusted, StdioIdentity(None, None))
    with pytest.raises(ConfigurationError):  # token mode without a key file: the start fails
        verify_identity(
            Settings(auth_mode=AuthMode.TOKEN, api_keys_file=None), StdioIdentity("a", "k")
        )
