"""The MCP server over streamable HTTP, mounted beside REST and A2A at ``/mcp`` by
:func:`a4s_memory.server.create_app`.

Every HTTP request to ``/mcp`` is authenticated before the MCP SDK sees it (401 otherwise, answered
by the ``refuse`` rendering the server hands in: the REST error body), by the server's one
:class:`~a4s_memory.identity.Authenticator` (docs/api.md). The authenticated requester is also set as
the ASGI ``user``, so the SDK binds each MCP session to the requester that opened it (another
requester presenting that session id gets 404). Each tool call then resolves the requester again
from its own request's headers. ``manager_of`` gives the MemoryManager at call time.

The SDK's session manager needs a running task group: :func:`mount_mcp` chains
``session_manager.run()`` into the app's lifespan.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any, Final

from mcp.server.auth.middleware.bearer_auth import AuthenticatedUser
from mcp.server.auth.provider import AccessToken
from mcp.server.mcpserver import Context
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from a4s_memory.errors import A4SError
from a4s_memory.identity import Authenticator
from a4s_memory.manager import MemoryManager
from a4s_memory.mcp_server.tools import Caller, build_mcp_server

__all__ = ["DEFAULT_MCP_PATH", "McpGate", "Refuse", "mount_mcp"]

logger = logging.getLogger(__name__)

DEFAULT_MCP_PATH: Final = "/mcp"
_PRINCIPAL_TOKEN: Final = "a4s-authenticated-requester"  # noqa: S105 - a marker, not a key

Refuse = Callable[[A4SError], Response]
"""Renders an error as the HTTP answer (the server hands in the REST error rendering)."""


class McpGate:
    """ASGI app in front of the SDK's session manager: authenticate, then hand over."""

    def __init__(
        self,
        authenticator: Authenticator,
        session_manager: StreamableHTTPSessionManager,
        refuse: Refuse,
    ) -> None:
        self._authenticator = authenticator
        self._sessions = session_manager
        self._refuse = refuse

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            raise RuntimeError("the MCP endpoint serves HTTP only")
        try:
            requester = self._authenticator.authenticate_headers(Headers(scope=scope).items())
        except A4SError as err:
            logger.info("MCP request refused: %s", err.error_code)
            await self._refuse(err)(scope, receive, send)
            return
        token = AccessToken(token=_PRINCIPAL_TOKEN, client_id=requester.requester_id, scopes=[])
        scope["user"] = AuthenticatedUser(token)
        await self._sessions.handle_request(scope, receive, send)


def _http_source(
    authenticator: Authenticator, manager_of: Callable[[], MemoryManager]
) -> Callable[[Context[Any, Any]], Any]:
    async def source(ctx: Context[Any, Any]) -> Caller:
        requester = authenticator.authenticate_headers(ctx.headers)
        return requester.requester_id, manager_of()

    return source


def _chain_lifespan(app: Starlette, session_manager: StreamableHTTPSessionManager) -> None:
    original: Callable[[Any], AbstractAsyncContextManager[Any]] = app.router.lifespan_context

    @asynccontextmanager
    async def lifespan(asgi_app: Any) -> AsyncIterator[Any]:
        async with original(asgi_app) as state, session_manager.run():
            yield state

    app.router.lifespan_context = lifespan


def mount_mcp(
    app: Starlette,
    authenticator: Authenticator,
    manager_of: Callable[[], MemoryManager],
    refuse: Refuse,
    *,
    path: str = DEFAULT_MCP_PATH,
    host: str = "127.0.0.1",
) -> StreamableHTTPSessionManager:
    """Serve the MCP tools at ``path`` on ``app`` (streamable HTTP) and run the SDK's session
    manager inside the app's lifespan. ``host`` is the bind address: on a loopback address the SDK's
    DNS-rebinding protection is on (Host must be 127.0.0.1/localhost/[::1])."""
    server = build_mcp_server(_http_source(authenticator, manager_of))
    server.streamable_http_app(streamable_http_path=path, host=host)  # builds the session manager
    session_manager = server.session_manager
    app.router.routes.append(Route(path, McpGate(authenticator, session_manager, refuse)))
    _chain_lifespan(app, session_manager)
    logger.info("MCP streamable HTTP mounted at %s", path)
    return session_manager
