"""AsyncMemoryClient without a server: httpx.MockTransport (no sockets). Error mapping, retries only
where safe, headers, and no I/O in the constructor."""

from __future__ import annotations

import json

import httpx
import pytest

from a4s_memory import (
    AccessDenied,
    AsyncMemoryClient,
    Conflict,
    FirewallRejected,
    InvalidRequest,
    NotFound,
    PayloadTooLarge,
    QuotaExceeded,
    StoreUnavailable,
    Unauthenticated,
)
from a4s_memory.client import error_from_response
from a4s_memory.contract import StopReason
from a4s_memory.errors import A4SError


def _err(status: int, reason: str, code: str = "x") -> httpx.Response:
    return httpx.Response(
        status,
        json={
            "stop_reason": reason,
            "detail": "d",
            "error_code": code,
            "suggestion": "try again",
            "request_id": "rid-9",
        },
    )


@pytest.mark.parametrize(
    ("status", "body", "cls", "reason"),
    [
        (401, {"stop_reason": "POLICY_DISABLED"}, Unauthenticated, StopReason.POLICY_DISABLED),
        (403, {"stop_reason": "POLICY_DISABLED"}, AccessDenied, StopReason.POLICY_DISABLED),
        (404, {"stop_reason": "SCHEMA_INVALID"}, NotFound, StopReason.SCHEMA_INVALID),
        (409, {}, Conflict, StopReason.SCHEMA_INVALID),
        (413, {"stop_reason": "BOUNDS_EXCEEDED"}, PayloadTooLarge, StopReason.BOUNDS_EXCEEDED),
        (
            422,
            {"stop_reason": "INJECTION_DETECTED", "error_code": "firewall_rejected"},
            FirewallRejected,
            StopReason.INJECTION_DETECTED,
        ),
        (
            422,
            {"stop_reason": "BOUNDS_EXCEEDED", "error_code": "invalid_request"},
            InvalidRequest,
            StopReason.BOUNDS_EXCEEDED,
        ),
        (429, {"stop_reason": "ENTITLEMENT_CAP"}, QuotaExceeded, StopReason.ENTITLEMENT_CAP),
        (503, {"neo4j": False}, StoreUnavailable, StopReason.INTERNAL_INCONSISTENCY),
        (500, "not json", A4SError, StopReason.INTERNAL_INCONSISTENCY),
    ],
)
def test_error_mapping(status: int, body: object, cls: type[A4SError], reason: StopReason) -> None:
    err = error_from_response(status, body, "rid-1")
    assert type(err) is cls and err.stop_reason is reason
    assert err.request_id == "rid-1"  # type: ignore[attr-defined]


def test_error_carries_detail_and_suggestion() -> None:
    err = error_from_response(429, _err(429, "ENTITLEMENT_CAP").json())
    assert err.detail == "d" and err.suggestion == "try again"
    assert err.request_id == "rid-9"  # type: ignore[attr-defined]


async def test_constructor_does_no_io_and_headers_are_sent() -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json={"status": "ok"})

    client = AsyncMemoryClient(
        "http://api", "alice", api_key="k" * 20, transport=httpx.MockTransport(handler)
    )
    assert seen == []
    async with client:
        assert await client.health() == {"status": "ok"}
    assert seen[0].headers["x-requester-id"] == "alice"
    assert seen[0].headers["authorization"] == "Bearer " + "k" * 20


async def test_reads_are_retried_on_503_writes_are_not() -> None:
    calls: dict[str, int] = {}

    def handler(request: httpx.Request) -> httpx.Response:
        key = f"{request.method} {request.url.path}"
        calls[key] = calls.get(key, 0) + 1
        if calls[key] < 3:
            return _err(503, "INTERNAL_INCONSISTENCY")
        if request.url.path == "/memories/search":
            return httpx.Response(200, json={"results": [], "stop_reason": "SUCCESS_READ"})
        return httpx.Response(200, json={"memory_id": "m", "stop_reason": "SUCCESS_DELETED"})

    async with AsyncMemoryClient(
        "http://api", "alice", transport=httpx.MockTransport(handler), retries=3
    ) as client:
        found = await client.search("helper", "tea")
        assert found.results == [] and calls["POST /memories/search"] == 3
        assert (await client.delete("m")).stop_reason is StopReason.SUCCESS_DELETED
        with pytest.raises(StoreUnavailable):
            await client.add("helper", "Alice prefers tea.")
        assert calls["POST /memories"] == 1
        with pytest.raises(StoreUnavailable):
            await client.quarantine("m", "why")
        assert calls["POST /memories/m/quarantine"] == 1


async def test_client_errors_are_not_retried() -> None:
    calls = 0

    def handler(request: httpx.Request) -> httpx.Response:
        nonlocal calls
        calls += 1
        return _err(404, "SCHEMA_INVALID", "not_found")

    async with AsyncMemoryClient("http://api", "a", transport=httpx.MockTransport(handler)) as c:
        with pytest.raises(NotFound):
            await c.get("nope")
    assert calls == 1


async def test_lifecycle_calls_shape_requests() -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json={"events": []})

    async with AsyncMemoryClient("http://api", "a", transport=httpx.MockTransport(handler)) as c:
        await c.audit(agent_id="helper", action="add", last=5)
        await c.versions("m/1")
        await c.rollback("m1", to_version=2)
    assert seen[0].url.path == "/audit"
    assert dict(seen[0].url.params) == {"agent_id": "helper", "action": "add", "last": "5"}
    assert seen[1].url.raw_path == b"/memories/m%2F1/versions"
    assert json.loads(seen[2].content) == {"to_version": 2}


async def test_ready_false_on_503() -> None:
    transport = httpx.MockTransport(lambda _r: httpx.Response(503, json={"neo4j": False}))
    async with AsyncMemoryClient("http://api", "a", transport=transport) as client:
        assert await client.ready() is False


async def test_use_without_context_manager_is_an_error() -> None:
    with pytest.raises(RuntimeError):
        await AsyncMemoryClient("http://api", "a").health()


_ADDED = {
    "memory_id": "m-1",
    "stop_reason": "SUCCESS_STORED",
    "group_id": "agent-h-public",
    "status": {},
    "redactions": [],
    "audit_id": "a-1",
    "decision_id": "d-1",
}


def _quota_answers(*retry_after: str) -> tuple[list[str], httpx.MockTransport]:
    """429s with the given Retry-After values, then a 201."""
    seen: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request.url.path)
        if len(seen) <= len(retry_after):
            return httpx.Response(
                429,
                headers={"Retry-After": retry_after[len(seen) - 1]},
                json={"stop_reason": "ENTITLEMENT_CAP", "detail": "d"},
            )
        return httpx.Response(201, json=_ADDED)

    return seen, httpx.MockTransport(handler)


@pytest.fixture
def slept(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The client's sleeps, recorded instead of slept (no test waits on a clock)."""
    record: list[float] = []

    async def fake_sleep(seconds: float) -> None:
        record.append(seconds)

    monkeypatch.setattr("a4s_memory.client.asyncio.sleep", fake_sleep)
    return record


async def test_a_write_waits_out_429_and_is_sent_again(slept: list[float]) -> None:
    seen, transport = _quota_answers("2", "1")
    async with AsyncMemoryClient("http://api", "a", transport=transport) as c:
        added = await c.add("h", "Alice likes tea.")
    assert added.memory_id == "m-1"
    assert seen == ["/memories"] * 3 and slept == [2.0, 1.0]


async def test_429_past_the_wait_bound_is_raised(slept: list[float]) -> None:
    seen, transport = _quota_answers("5", "5")
    async with AsyncMemoryClient("http://api", "a", transport=transport, max_quota_wait=6) as c:
        with pytest.raises(QuotaExceeded):
            await c.add("h", "Alice likes tea.")
    assert slept == [5.0] and len(seen) == 2
