"""AsyncMemoryClient: the typed async client of the a4s-memory HTTP API (docs/api.md).

    async with AsyncMemoryClient("http://127.0.0.1:8000", "alice", api_key=key) as client:
        await client.register_agent("helper", owner_id="alice")
        await client.add("helper", "Alice prefers tea.", visibility="private")
        hits = await client.search("helper", "tea")

The constructor does no I/O; the HTTP connection pool opens in ``__aenter__`` and closes in
``__aexit__``. Errors come back as :mod:`a4s_memory.errors` classes (plus :class:`Unauthenticated`
401 and :class:`PayloadTooLarge` 413) carrying the server's stop_reason, detail, suggestion and
request id. Only safe calls are retried (transport errors, 502/503/504): GET routes, search,
DELETE and the idempotent agent registration; never ``POST /memories`` or a status transition.
A 429 (write quota) is different: the server refused before touching anything, so every call,
writes included, waits the answer's ``Retry-After`` (at most ``max_quota_wait`` seconds in all)
and tries again; past that bound the :class:`QuotaExceeded` is raised.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime
from types import TracebackType
from typing import Any, Final, Literal
from urllib.parse import quote

import httpx
from tenacity import (
    AsyncRetrying,
    retry_if_exception,
    stop_after_attempt,
    wait_exponential,
)

from a4s_memory.contract import StopReason
from a4s_memory.errors import (
    A4SError,
    AccessDenied,
    Conflict,
    FirewallRejected,
    InvalidRequest,
    NotFound,
    PayloadTooLarge,
    QuotaExceeded,
    StoreUnavailable,
    Unauthenticated,
)

# Wire models only (a leaf module): the client loads no server stack.
from a4s_memory.types import (
    MAX_BATCH_ITEMS,
    AddMemoryOut,
    AgentOut,
    BatchItemResult,
    BatchResult,
    DeleteResult,
    JobAccepted,
    JobView,
    MemoryView,
    SearchResponse,
    TransitionResult,
)

__all__ = ["AsyncMemoryClient", "error_from_response"]

logger = logging.getLogger(__name__)

DEFAULT_TIMEOUT: Final = httpx.Timeout(30.0, connect=5.0)
DEFAULT_MAX_QUOTA_WAIT: Final = 60.0  # seconds a call may spend waiting out 429s in all
_MAX_CHUNK_BYTES: Final = 48 * 1024  # below the server's default 64 KiB body bound
_RETRY_STATUSES: Final = frozenset({502, 503, 504})
_BY_STATUS: Final[dict[int, type[A4SError]]] = {
    401: Unauthenticated,
    403: AccessDenied,
    404: NotFound,
    409: Conflict,
    413: PayloadTooLarge,
    429: QuotaExceeded,
    503: StoreUnavailable,
}
Visibility = Literal["private", "public"]


def error_from_response(status: int, body: Any, request_id: str | None = None) -> A4SError:
    """Map an error answer back onto the exception tree (pure; used by the client and its tests)."""
    data = body if isinstance(body, dict) else {}
    detail = str(data.get("detail") or f"HTTP {status}")
    if status == 422:
        cls: type[A4SError] = (
            FirewallRejected if data.get("error_code") == "firewall_rejected" else InvalidRequest
        )
    else:
        cls = _BY_STATUS.get(status, A4SError)
    try:
        reason: StopReason | None = StopReason(data.get("stop_reason"))
    except ValueError:
        reason = None
    suggestion = data.get("suggestion")
    err = cls(detail, suggestion=str(suggestion) if suggestion else None, stop_reason=reason)
    err.request_id = data.get("request_id") or request_id  # type: ignore[attr-defined]
    err.status_code = status  # type: ignore[attr-defined]
    return err


def _retryable(exc: BaseException) -> bool:
    if isinstance(exc, httpx.TransportError):
        return True
    return isinstance(exc, A4SError) and getattr(exc, "status_code", None) in _RETRY_STATUSES


class AsyncMemoryClient:
    def __init__(
        self,
        base_url: str,
        requester_id: str,
        api_key: str | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
        *,
        timeout: httpx.Timeout | float = DEFAULT_TIMEOUT,
        retries: int = 3,
        max_quota_wait: float = DEFAULT_MAX_QUOTA_WAIT,
    ) -> None:
        headers = {"X-Requester-Id": requester_id, "Accept": "application/json"}
        if api_key is not None:
            headers["Authorization"] = f"Bearer {api_key}"
        self._config: dict[str, Any] = {
            "base_url": base_url,
            "headers": headers,
            "timeout": timeout,
            "transport": transport,
        }
        self._attempts = max(1, retries)
        self._max_quota_wait = max(0.0, max_quota_wait)
        self._http: httpx.AsyncClient | None = None
        self.requester_id = requester_id

    async def __aenter__(self) -> AsyncMemoryClient:
        self._http = httpx.AsyncClient(**self._config)
        await self._http.__aenter__()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        if self._http is not None:
            await self._http.aclose()
            self._http = None

    # -- transport --------------------------------------------------------------------------------

    async def _send(self, method: str, path: str, **kwargs: Any) -> Any:
        if self._http is None:
            raise RuntimeError("use 'async with AsyncMemoryClient(...) as client:'")
        waited = 0.0
        response = await self._http.request(method, path, **kwargs)
        while response.status_code == 429:
            # Nothing was written (the quota is spent before any work): waiting is always safe.
            delay = _retry_after(response)
            if delay is None or waited + delay > self._max_quota_wait:
                break
            logger.info("write quota: waiting %.1f s before retrying", delay)
            await asyncio.sleep(delay)
            waited += delay
            response = await self._http.request(method, path, **kwargs)
        if response.is_success:
            return response.json()
        try:
            body = response.json()
        except ValueError:
            body = None
        raise error_from_response(response.status_code, body, response.headers.get("x-request-id"))

    async def _call(self, method: str, path: str, *, safe: bool, **kwargs: Any) -> Any:
        if not safe:
            return await self._send(method, path, **kwargs)
        async for attempt in AsyncRetrying(
            stop=stop_after_attempt(self._attempts),
            wait=wait_exponential(multiplier=0.2, max=2.0),
            retry=retry_if_exception(_retryable),
            reraise=True,
        ):
            with attempt:
                return await self._send(method, path, **kwargs)
        raise AssertionError("unreachable")  # pragma: no cover

    # -- agents -----------------------------------------------------------------------------------

    async def register_agent(self, agent_id: str, owner_id: str | None = None) -> AgentOut:
        """Register ``agent_id`` (owner defaults to this requester). Idempotent for the same owner."""
        body = {"agent_id": agent_id, "owner_id": owner_id or self.requester_id}
        return AgentOut.model_validate(await self._call("POST", "/agents", safe=True, json=body))

    # -- memories ---------------------------------------------------------------------------------

    async def add(
        self,
        agent_id: str,
        messages: str | list[dict[str, str]],
        visibility: Visibility = "public",
        reference_time: datetime | str | None = None,
        **fields: Any,
    ) -> AddMemoryOut | JobAccepted:
        """POST /memories. ``reference_time``: when the remembered thing happened (e.g. the chat
        session's date; default: now). ``fields``: metadata, source ({type, ref}), source_kind,
        category, key, ttl_class, session_id. Never retried (a retry could store it twice).
        A server in queue mode answers :class:`JobAccepted` (follow it with :meth:`job`)."""
        body = {"agent_id": agent_id, "messages": messages, "visibility": visibility, **fields}
        if reference_time is not None:
            body["reference_time"] = _iso(reference_time)
        data = await self._call("POST", "/memories", safe=False, json=body)
        if isinstance(data, dict) and "job_id" in data:
            return JobAccepted.model_validate(data)
        return AddMemoryOut.model_validate(data)

    async def job(self, job_id: str) -> JobView:
        """GET /jobs/{id}: a queued write's state (queued, running, done, failed)."""
        return JobView.model_validate(await self._call("GET", f"/jobs/{_seg(job_id)}", safe=True))

    async def add_many(
        self, items: Sequence[dict[str, Any]], *, on_progress: Callable[[int], None] | None = None
    ) -> BatchResult:
        """POST /memories:batch for any number of items (each a POST /memories body), sent in
        chunks of at most 100 items and ~48 KiB, in order. Each item is answered on its own at
        its index: ``stored`` with its status, or refused with its stop reason; an item refused
        never stops the others. ``on_progress(n)`` is called after each chunk with the number of
        items it answered. Not retried on transport errors (a retry could store a chunk twice);
        a 429 is waited out like any write."""
        results: list[BatchItemResult] = []
        for start, chunk in _chunks(items):
            data = await self._call("POST", "/memories:batch", safe=False, json={"items": chunk})
            answered = BatchResult.model_validate(data).results
            results.extend(r.model_copy(update={"index": start + r.index}) for r in answered)
            if on_progress is not None:
                on_progress(len(answered))
        stored = sum(1 for r in results if r.stored)
        return BatchResult(results=results, stored=stored, refused=len(results) - stored)

    async def search(
        self,
        agent_id: str,
        query: str,
        limit: int = 10,
        *,
        since: datetime | str | None = None,
        until: datetime | str | None = None,
    ) -> SearchResponse:
        """POST /memories/search; ``since``/``until`` bound the hits' reference time."""
        body: dict[str, Any] = {"agent_id": agent_id, "query": query, "limit": limit}
        body.update({k: _iso(v) for k, v in (("since", since), ("until", until)) if v is not None})
        data = await self._call("POST", "/memories/search", safe=True, json=body)
        return SearchResponse.model_validate(data)

    async def get(self, memory_id: str) -> MemoryView:
        data = await self._call("GET", f"/memories/{_seg(memory_id)}", safe=True)
        return MemoryView.model_validate(data)

    async def delete(self, memory_id: str) -> DeleteResult:
        data = await self._call("DELETE", f"/memories/{_seg(memory_id)}", safe=True)
        return DeleteResult.model_validate(data)

    async def promote(self, memory_id: str, kind: str, ref: str) -> TransitionResult:
        return await self._transition(
            memory_id, "promote", {"evidence": {"kind": kind, "ref": ref}}
        )

    async def quarantine(self, memory_id: str, reason: str) -> TransitionResult:
        return await self._transition(memory_id, "quarantine", {"reason": reason})

    async def contradict(self, memory_id: str, reason: str) -> TransitionResult:
        return await self._transition(memory_id, "contradict", {"reason": reason})

    async def supersede(self, memory_id: str, superseded_by: str | None = None) -> TransitionResult:
        return await self._transition(memory_id, "supersede", {"superseded_by": superseded_by})

    async def _transition(
        self, memory_id: str, verb: str, body: dict[str, Any]
    ) -> TransitionResult:
        path = f"/memories/{_seg(memory_id)}/{verb}"
        return TransitionResult.model_validate(
            await self._call("POST", path, safe=False, json=body)
        )

    # -- lifecycle (Lifecycle routes; answers passed through as JSON) ------------------------------

    async def versions(self, memory_id: str) -> Any:
        """GET /memories/{id}/versions (owner): the version history as the server sends it."""
        return await self._call("GET", f"/memories/{_seg(memory_id)}/versions", safe=True)

    async def rollback(self, memory_id: str, to_version: int) -> Any:
        """POST /memories/{id}/rollback (owner). Not retried."""
        path = f"/memories/{_seg(memory_id)}/rollback"
        return await self._call("POST", path, safe=False, json={"to_version": to_version})

    async def audit(
        self, agent_id: str | None = None, action: str | None = None, last: int | None = None
    ) -> Any:
        """GET /audit (owner of the agent, or admin): events, never content."""
        pairs = (("agent_id", agent_id), ("action", action), ("last", last))
        params = {k: v for k, v in pairs if v is not None}
        return await self._call("GET", "/audit", safe=True, params=params)

    # -- health -----------------------------------------------------------------------------------

    async def health(self) -> dict[str, Any]:
        return dict(await self._call("GET", "/healthz", safe=True))

    async def ready(self) -> bool:
        """True when the API and Neo4j answer and the firewall's prefilter is compiled (GET
        /readyz; no retries: readiness is a point-in-time answer)."""
        try:
            await self._send("GET", "/readyz")
        except StoreUnavailable:
            return False
        return True


def _chunks(items: Sequence[dict[str, Any]]) -> Iterator[tuple[int, list[dict[str, Any]]]]:
    """(start index, items) chunks under MAX_BATCH_ITEMS and _MAX_CHUNK_BYTES of JSON (the
    server's default body bound is 64 KiB); a single larger item goes alone (the server decides)."""
    chunk: list[dict[str, Any]] = []
    start, size = 0, 0
    for index, item in enumerate(items):
        item_size = len(json.dumps(item, default=str).encode("utf-8")) + 1
        if chunk and (len(chunk) >= MAX_BATCH_ITEMS or size + item_size > _MAX_CHUNK_BYTES):
            yield start, chunk
            chunk, start, size = [], index, 0
        chunk.append(item)
        size += item_size
    if chunk:
        yield start, chunk


def _retry_after(response: httpx.Response) -> float | None:
    """Seconds from a ``Retry-After`` header (the server sends whole seconds), else None."""
    try:
        seconds = float(response.headers.get("retry-after", ""))
    except ValueError:
        return None
    return seconds if 0 <= seconds <= 3600 else None


def _iso(value: datetime | str) -> str:
    return value.isoformat() if isinstance(value, datetime) else value


def _seg(value: str) -> str:
    """One URL path segment (ids are uuids; anything else is escaped, never a second segment)."""
    return quote(value, safe="")
