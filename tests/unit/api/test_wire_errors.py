"""One error-to-wire function (:func:`a4s_memory.errors.to_wire`) and its renderings.

Every A4SError becomes one neutral WireError in one place; REST answers it as an ErrorBody, A2A as a
JSON-RPC error (5xx: internal error, never "invalid params"), MCP as a tool error. The adapters'
HTTP refusals (401 before A2A or MCP runs) are the REST error body, byte for byte. No I/O: the apps
run in-process over httpx's ASGI transport.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from mcp.server.mcpserver.exceptions import ToolError
from starlette.applications import Starlette

from a4s_memory.a2a.routes import a2a_routes
from a4s_memory.api.errors import error_response
from a4s_memory.api.middleware import RequestContext
from a4s_memory.config import AuthMode
from a4s_memory.contract import StopReason
from a4s_memory.errors import (
    A4SError,
    AccessDenied,
    ConfigurationError,
    Conflict,
    FirewallRejected,
    InvalidRequest,
    NotFound,
    PayloadTooLarge,
    StoreUnavailable,
    Unauthenticated,
    WireError,
    to_wire,
)
from a4s_memory.identity import Authenticator, parse_keys
from a4s_memory.mcp_server.http import McpGate
from a4s_memory.mcp_server.tools import MemoryTools
from a4s_memory.quota import WriteQuotaExceeded

KEY = "peer-key-0123456789abcdef"
AGENT = "helper"


@pytest.mark.parametrize(
    ("err", "status", "stop_reason", "code"),
    [
        (InvalidRequest("bad"), 422, StopReason.SCHEMA_INVALID, "invalid_request"),
        (Unauthenticated("who?"), 401, StopReason.POLICY_DISABLED, "unauthenticated"),
        (AccessDenied("no"), 403, StopReason.POLICY_DISABLED, "access_denied"),
        (NotFound("none"), 404, StopReason.SCHEMA_INVALID, "not_found"),
        (Conflict("taken"), 409, StopReason.SCHEMA_INVALID, "conflict"),
        (
            FirewallRejected("x", stop_reason=StopReason.TTL_NOT_ALLOWED),
            422,
            StopReason.TTL_NOT_ALLOWED,
            "firewall_rejected",
        ),
        (PayloadTooLarge("big"), 413, StopReason.BOUNDS_EXCEEDED, "payload_too_large"),
        (StoreUnavailable("down"), 503, StopReason.INTERNAL_INCONSISTENCY, "store_unavailable"),
        (ConfigurationError("cfg"), 500, StopReason.INTERNAL_INCONSISTENCY, "configuration_error"),
    ],
)
def test_every_error_becomes_one_wire_error(
    err: A4SError, status: int, stop_reason: StopReason, code: str
) -> None:
    wire = to_wire(err)
    assert wire == WireError(status, stop_reason, code, err.detail, None)
    assert wire.body("rid") == {
        "stop_reason": stop_reason.value,
        "detail": err.detail,
        "error_code": code,
        "suggestion": None,
        "request_id": "rid",
    }


def test_wire_headers_challenge_and_retry_after() -> None:
    assert to_wire(Unauthenticated("who?")).headers() == {"WWW-Authenticate": "Bearer"}
    quota = to_wire(WriteQuotaExceeded(retry_after=0.2))
    assert (quota.status, quota.retry_after_s, quota.headers()) == (429, 1, {"Retry-After": "1"})
    assert to_wire(StoreUnavailable("down", suggestion="retry")).suggestion == "retry"
    assert to_wire(NotFound("none")).headers() == {}


# ---- A2A: JSON-RPC errors over the real route ----------------------------------------------------


class Failing:
    def __init__(self, err: A4SError) -> None:
        self.err = err

    async def search(self, *args: Any) -> list[Any]:
        raise self.err


def _auth(mode: AuthMode = AuthMode.TOKEN) -> Authenticator:
    return Authenticator(mode, parse_keys(f"peer:{KEY}\n"))


def _client(app: Any) -> httpx.AsyncClient:
    transport = httpx.ASGITransport(app=RequestContext(app))
    return httpx.AsyncClient(transport=transport, base_url="http://t")


async def _a2a_answer(err: A4SError) -> dict[str, Any]:
    manager = Failing(err)
    app = Starlette(routes=a2a_routes(_auth(), lambda: manager, error_response))  # type: ignore[arg-type,return-value]
    ask = {
        "message": {
            "role": "ROLE_USER",
            "messageId": "m1",
            "parts": [{"data": {"agent_id": AGENT, "query": "q"}}],
        }
    }
    async with _client(app) as client:
        response = await client.post(
            "/a2a/jsonrpc",
            json={"jsonrpc": "2.0", "id": 1, "method": "SendMessage", "params": ask},
            headers={
                "X-Requester-Id": "peer",
                "Authorization": f"Bearer {KEY}",
                "A2A-Version": "1.0",
            },
        )
    assert response.status_code == 200
    error: dict[str, Any] = response.json()["error"]
    return error


async def test_a2a_reports_an_outage_as_internal_error_with_the_wire_fields() -> None:
    error = await _a2a_answer(StoreUnavailable("Neo4j is unavailable", suggestion="retry shortly"))
    assert error["code"] == -32603  # JSON-RPC internal error: never -32602 "invalid params"
    assert error["message"] == "Neo4j is unavailable"
    (info,) = error["data"]
    assert info["metadata"] == {
        "status": "503",
        "stop_reason": "INTERNAL_INCONSISTENCY",
        "error_code": "store_unavailable",
        "suggestion": "retry shortly",
    }


async def test_a2a_reports_the_callers_fault_as_invalid_params() -> None:
    error = await _a2a_answer(NotFound("no such agent"))
    assert error["code"] == -32602
    (info,) = error["data"]
    assert info["metadata"] == {
        "status": "404",
        "stop_reason": "SCHEMA_INVALID",
        "error_code": "not_found",
    }


# ---- the adapters' HTTP refusals are the REST error body ----------------------------------------


async def _rest_body(err: A4SError) -> tuple[int, dict[str, str], dict[str, Any]]:
    async def rest(scope: Any, receive: Any, send: Any) -> None:
        await error_response(err)(scope, receive, send)

    async with _client(rest) as client:
        response = await client.get("/x", headers={"X-Request-Id": "r-1"})
    return response.status_code, dict(response.headers), response.json()


async def test_a2a_and_mcp_refusals_are_the_rest_error_body() -> None:
    a2a = Starlette(routes=a2a_routes(_auth(), lambda: None, error_response))  # type: ignore[arg-type,return-value]
    mcp = McpGate(_auth(), None, error_response)  # type: ignore[arg-type] # refuses before any session
    status, headers, body = await _rest_body(
        Unauthenticated("missing bearer key", suggestion="send 'Authorization: Bearer <key>'")
    )
    for app, path in ((a2a, "/a2a/jsonrpc"), (mcp, "/")):
        async with _client(app) as client:
            response = await client.post(
                path, json={}, headers={"X-Requester-Id": "peer", "X-Request-Id": "r-1"}
            )
        assert (response.status_code, response.json()) == (status, body)
        assert response.headers["www-authenticate"] == headers["www-authenticate"] == "Bearer"
    assert body["request_id"] == "r-1" and body["suggestion"]


# ---- MCP: tool errors ----------------------------------------------------------------------------


async def test_mcp_tool_errors_read_stop_reason_detail_and_suggestion() -> None:
    async def source(ctx: Any) -> Any:
        return "peer", Failing(StoreUnavailable("Neo4j is unavailable", suggestion="retry shortly"))

    with pytest.raises(ToolError) as caught:
        await MemoryTools(source).memory_search(AGENT, "q", ctx=object())  # type: ignore[arg-type]
    assert str(caught.value) == "[INTERNAL_INCONSISTENCY] Neo4j is unavailable (retry shortly)"
