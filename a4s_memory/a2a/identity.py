"""Who is calling, for the A2A and MCP adapters: the very same check as the REST API.

Both adapters authenticate through :func:`a4s_memory.api.auth.resolve_requester` (CONTRACT §4), so
there is one key store (``app.state.a4s_keys``), one auth mode and one set of error semantics. The
only work here is turning raw headers (a Starlette request's, or the headers the MCP SDK hands a
tool) into that function's arguments. Keys are never logged.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from typing import Final

from fastapi.security import HTTPAuthorizationCredentials
from starlette.requests import Request
from starlette.types import ASGIApp

from a4s_memory.api.auth import Requester, Unauthenticated, resolve_requester

__all__ = ["REQUESTER_HEADER", "authenticate_headers", "authenticate_request", "bearer_of"]

logger = logging.getLogger(__name__)

REQUESTER_HEADER: Final = "X-Requester-Id"


def bearer_of(authorization: str | None) -> HTTPAuthorizationCredentials | None:
    """``Authorization: <scheme> <credentials>`` as FastAPI's HTTPBearer would parse it."""
    if not authorization:
        return None
    scheme, _, credentials = authorization.strip().partition(" ")
    if not scheme or not credentials.strip():
        return None
    return HTTPAuthorizationCredentials(scheme=scheme, credentials=credentials.strip())


async def authenticate_request(request: Request) -> Requester:
    """Authenticate a request that reached a route of the API app (``request.app`` is that app)."""
    return await resolve_requester(
        request,
        request.headers.get(REQUESTER_HEADER),
        bearer_of(request.headers.get("authorization")),
    )


async def authenticate_headers(
    app: ASGIApp, headers: Mapping[str, str] | Iterable[tuple[str, str]] | None
) -> Requester:
    """Authenticate bare headers against ``app`` (the API app whose lifespan holds the state).

    Used where no Starlette request of the API app is at hand (an MCP tool gets the headers only).
    Missing headers are an :class:`Unauthenticated` error, like any other missing credential.
    """
    if headers is None:
        raise Unauthenticated("no request headers", suggestion="send X-Requester-Id")
    pairs = headers.items() if isinstance(headers, Mapping) else headers
    try:
        raw = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in pairs]
    except UnicodeEncodeError:
        raise Unauthenticated("malformed request headers") from None
    request = Request({"type": "http", "app": app, "headers": raw, "method": "POST", "path": "/"})
    return await authenticate_request(request)
