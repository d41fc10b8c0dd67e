"""The MCP server over streamable HTTP, mounted on the API app at ``/mcp``.

Every HTTP request to ``/mcp`` is authenticated before the MCP SDK sees it (401 otherwise), with the
very same check as the REST API (CONTRACT §4). The authenticated requester is also set as the ASGI
``user``, so the SDK binds each MCP session to the requester that opened it (another requester
presenting that session id gets 404). Each tool call then resolves the requester again from its own
request's headers. The MemoryManager is read from ``app.state.a4s`` at call time.

The SDK's session manager needs a running task group: :func:`mount_mcp` chains
``session_manager.run()`` into the app's lifespan, so nothing else has to change in ``create_app``.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any, Final

from fastapi import FastAPI
from mcp.server.auth.middleware.bearer_auth import AuthenticatedUser
from mcp.server.auth.provider import AccessToken
from mcp.server.mcpserver import Context
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from a4s_memory.a2a.identity import authenticate_headers
from a4s_memory.api.state import AppState
from a4s_memory.errors import A4SError
from a4s_memory.mcp_server.tools import Caller, build_mcp_server

__all__ = ["DEFAULT_MCP_PATH", "McpGate", "mount_mcp"]

logger = logging.getLogger(__name__)

DEFAULT_MCP_PATH: Final = "/mcp"
_PRINCIPAL_TOKEN: Final = "a4s-authenticated-requester"  # noqa: S105 - a marker, not a key


def _state(app: FastAPI) -> AppState:
    state: AppState = app.state.a4s  # set by the API lifespan
    return state


class McpGate:
    """ASGI app in front of the SDK's session manager: authenticate, then hand over."""

    def __init__(self, app: FastAPI, session_manager: StreamableHTTPSessionManager) -> None:
        self._app = app
        self._sessions = session_manager

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            raise RuntimeError("the MCP endpoint serves HTTP only")
        try:
            requester = await authenticate_headers(self._app, Headers(scope=scope).items())
        except A4SError as err:
            logger.info("MCP request refused: %s", err.error_code)
            body = {"stop_reason": err.stop_reason.value, "detail": err.detail,
                    "error_code": err.error_code}  # fmt: skip
            headers = {"WWW-Authenticate": "Bearer"} if err.http_status == 401 else None
            await JSONResponse(body, status_code=err.http_status, headers=headers)(scope, receive, send)
            return
        token = AccessToken(token=_PRINCIPAL_TOKEN, client_id=requester.requester_id, scopes=[])
        scope["user"] = AuthenticatedUser(token)
        await self._sessions.handle_request(scope, receive, send)


def _http_source(app: FastAPI) -> Callable[[Context[Any, Any]], Any]:
    async def source(ctx: Context[Any, Any]) -> Caller:
        requester = await authenticate_headers(app, ctx.headers)
        return requester.requester_id, _state(app).manager

    return source


def _chain_lifespan(app: FastAPI, session_manager: StreamableHTTPSessionManager) -> None:
    original: Callable[[Any], AbstractAsyncContextManager[Any]] = app.router.lifespan_context

    @asynccontextmanager
    async def lifespan(asgi_app: Any) -> AsyncIterator[Any]:
        async with original(asgi_app) as state, session_manager.run():
            yield state

    app.router.lifespan_context = lifespan


def mount_mcp(
    app: FastAPI, path: str = DEFAULT_MCP_PATH, host: str = "127.0.0.1"
) -> StreamableHTTPSessionManager:
    """Serve the MCP tools at ``path`` on ``app`` (streamable HTTP) and run the SDK's session
    manager inside the app's lifespan. ``host`` is the bind address: on a loopback address the SDK's
    DNS-rebinding protection is on (Host must be 127.0.0.1/localhost/[::1])."""
    server = build_mcp_server(_http_source(app))
    server.streamable_http_app(streamable_http_path=path, host=host)  # builds the session manager
    session_manager = server.session_manager
    app.router.routes.append(Route(path, McpGate(app, session_manager)))
    _chain_lifespan(app, session_manager)
    app.state.a4s_mcp = session_manager
    logger.info("MCP streamable HTTP mounted at %s", path)
    return session_manager
