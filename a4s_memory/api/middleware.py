"""Pure ASGI middleware: request ids and the request body bound.

* :class:`RequestContext` takes ``X-Request-Id`` from the request when it is well formed (else makes
  one), keeps it in a context variable for logs and error bodies, echoes it on the response, and logs
  one access line per request: method, path, status and duration (never the query string, headers or
  body: they may hold memory content, query text, parameter values or keys).
* :class:`BodySizeLimit` answers 413 BOUNDS_EXCEEDED before the app sees a body larger than the bound,
  whether it is announced by ``Content-Length`` or streamed.
* :class:`RequestDeadline` answers 503 INTERNAL_INCONSISTENCY when a request has not finished in time
  (e.g. Neo4j died mid-write and a socket read never returns), instead of letting it hang.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
import uuid
from contextvars import ContextVar
from typing import Final

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from a4s_memory.api.schemas import ErrorBody
from a4s_memory.errors import A4SError, PayloadTooLarge, StoreUnavailable, to_wire

__all__ = [
    "REQUEST_ID_HEADER",
    "BodySizeLimit",
    "RequestContext",
    "RequestDeadline",
    "RequestIdLogFilter",
    "current_request_id",
    "valid_request_id",
]

logger = logging.getLogger(__name__)

REQUEST_ID_HEADER: Final = "x-request-id"
_REQUEST_ID_PATTERN: Final = re.compile(r"^[A-Za-z0-9._:-]{1,64}$")
_request_id: ContextVar[str | None] = ContextVar("a4s_request_id", default=None)


def current_request_id() -> str | None:
    return _request_id.get()


def valid_request_id(value: str | None) -> str:
    """The caller's id when it is safe to log and echo, else a fresh one."""
    if value and _REQUEST_ID_PATTERN.fullmatch(value):
        return value
    return uuid.uuid4().hex


class RequestIdLogFilter(logging.Filter):
    """Adds ``record.request_id`` ("-" outside a request) so formats can use ``%(request_id)s``."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = _request_id.get() or "-"
        return True


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


class RequestContext:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = valid_request_id(_header(scope, REQUEST_ID_HEADER.encode()))
        token = _request_id.set(request_id)
        started = time.perf_counter()
        status = 500
        started_response = [False]

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                started_response[0] = True
                status = int(message["status"])
                headers = [
                    (k, v) for k, v in message.get("headers", []) if k.lower() != b"x-request-id"
                ]
                headers.append((b"x-request-id", request_id.encode("latin-1")))
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        except Exception as exc:
            # Last resort: a bug, not a deliberate error. The traceback holds code, not content.
            logger.error("unhandled %s [request %s]", type(exc).__name__, request_id, exc_info=exc)
            if not started_response[0]:
                await _send_error(send_with_id, _InternalError("internal error"), request_id)
        finally:
            logger.info(
                "%s %s -> %d in %.1f ms [request %s]",
                scope.get("method", "-"),
                scope.get("path", "-"),
                status,
                (time.perf_counter() - started) * 1000,
                request_id,
            )
            _request_id.reset(token)


class BodySizeLimit:
    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _header(scope, b"content-length")
        if declared is not None:
            # The server holds the body to its declared length, so the header is the bound.
            if not declared.isdigit() or int(declared) > self.max_bytes:
                await self._reject(send)
                return
            await self.app(scope, receive, send)
            return
        # Streamed (chunked) body: buffer it up to the bound, then replay it in one message.
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, _replay([message], receive), send)
                return
            chunk = bytes(message.get("body", b""))
            seen += len(chunk)
            if seen > self.max_bytes:
                await self._reject(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body_message: Message = {
            "type": "http.request",
            "body": b"".join(chunks),
            "more_body": False,
        }
        await self.app(scope, _replay([body_message], receive), send)

    async def _reject(self, send: Send) -> None:
        err = PayloadTooLarge(
            f"the request body is larger than {self.max_bytes} bytes",
            suggestion="send a smaller body; split large content into several memories",
        )
        await _send_error(send, err, _request_id.get())


class RequestDeadline:
    """Bounds how long one request may take. Cancelling the handler rolls back any transaction it
    had open (the driver closes the connection); a write whose commit already went through stays
    complete but unacknowledged, never half-visible. Long-lived streams (MCP, A2A) are exempt."""

    def __init__(
        self, app: ASGIApp, seconds: float, exempt_prefixes: tuple[str, ...] = ("/mcp", "/a2a")
    ) -> None:
        self.app = app
        self.seconds = seconds
        self.exempt_prefixes = exempt_prefixes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = str(scope.get("path", ""))
        if scope["type"] != "http" or self.seconds <= 0 or path.startswith(self.exempt_prefixes):
            await self.app(scope, receive, send)
            return
        started = False

        async def tracking_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            async with asyncio.timeout(self.seconds):
                await self.app(scope, receive, tracking_send)
        except TimeoutError:
            logger.warning(
                "request exceeded its %.0f s deadline [request %s]",
                self.seconds,
                current_request_id(),
            )
            if not started:
                err = StoreUnavailable(
                    f"the request did not finish within {self.seconds:.0f} s",
                    suggestion="Neo4j may be unavailable; retry shortly (GET /readyz tells)",
                )
                await _send_error(send, err, current_request_id())


class _InternalError(A4SError):
    http_status = 500
    error_code = "internal_error"


async def _send_error(send: Send, err: A4SError, request_id: str | None) -> None:
    wire = to_wire(err)
    body = ErrorBody.from_wire(wire, request_id).model_dump_json().encode()
    await send(
        {
            "type": "http.response.start",
            "status": wire.status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


def _replay(messages: list[Message], receive: Receive) -> Receive:
    pending = list(messages)

    async def replay() -> Message:
        if pending:
            return pending.pop(0)
        return await receive()

    return replay
