"""The A2A routes: the agent card and the JSON-RPC endpoint (docs/a2a.md).

a2a-sdk 1.x ships route factories instead of app wrappers, and it does not enforce the card's
security schemes. So the JSON-RPC route built by :func:`a2a.server.routes.create_jsonrpc_routes`
is wrapped: the request is authenticated by the server's one
:class:`~a4s_memory.identity.Authenticator` (401 before the executor runs, answered by the
``refuse`` rendering the server hands in: the REST error body), only the message methods are let
through, and the authenticated requester travels to the executor on the server call context.
Tasks are never created (the executor answers with a message), so task, push-notification and
subscription methods are refused outright.

:func:`a4s_memory.server.create_app` mounts them beside REST and MCP::

    mount_a2a(app, authenticator, manager_of, error_response)
    # GET /.well-known/agent-card.json, POST /a2a/jsonrpc
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Final

from a2a.extensions.common import HTTP_EXTENSION_HEADER, get_requested_extensions
from a2a.server.context import ServerCallContext
from a2a.server.request_handlers import DefaultRequestHandler
from a2a.server.request_handlers.response_helpers import agent_card_to_dict, build_error_response
from a2a.server.routes import ServerCallContextBuilder, create_jsonrpc_routes
from a2a.server.tasks import InMemoryTaskStore
from a2a.utils.constants import AGENT_CARD_WELL_KNOWN_PATH, VERSION_HEADER
from a2a.utils.errors import MethodNotFoundError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from a4s_memory.a2a.card import DEFAULT_RPC_PATH, build_agent_card
from a4s_memory.a2a.executor import PublicSearchExecutor, RequesterUser
from a4s_memory.config import AuthMode
from a4s_memory.errors import A4SError
from a4s_memory.identity import AUTHORIZATION_HEADER, REQUESTER_HEADER, Authenticator
from a4s_memory.manager import MemoryManager

__all__ = ["ALLOWED_METHODS", "Refuse", "a2a_routes", "mount_a2a"]

logger = logging.getLogger(__name__)

ALLOWED_METHODS: Final = frozenset({"SendMessage", "SendStreamingMessage"})
_REQUESTER_KEY: Final = "a4s_requester_id"
Endpoint = Callable[[Request], Awaitable[Response]]
Refuse = Callable[[A4SError], Response]
"""Renders an error as the HTTP answer (the server hands in the REST error rendering)."""


def _safe_headers(request: Request) -> dict[str, str]:
    """The headers the SDK reads from the call context (protocol version, extensions): never the
    credentials."""
    wanted = (VERSION_HEADER, HTTP_EXTENSION_HEADER)
    return {name: request.headers[name] for name in wanted if name in request.headers}


class RequesterContextBuilder(ServerCallContextBuilder):
    """The call context carries the authenticated requester (and, unlike the SDK default, not the
    raw headers: they hold the bearer key)."""

    def build(self, request: Request) -> ServerCallContext:
        requester_id = getattr(request.state, _REQUESTER_KEY, None)
        if not isinstance(requester_id, str):
            raise RuntimeError("A2A request reached the dispatcher unauthenticated")
        return ServerCallContext(
            user=RequesterUser(requester_id),
            state={_REQUESTER_KEY: requester_id, "headers": _safe_headers(request)},
            requested_extensions=get_requested_extensions(
                request.headers.getlist(HTTP_EXTENSION_HEADER)
            ),
        )


async def _method_of(request: Request) -> tuple[str | None, Any]:
    """The JSON-RPC method and id, or (None, None) when the body is not a JSON object (the SDK
    dispatcher then answers with its own parse/invalid-request error)."""
    try:
        body = json.loads(await request.body())
    except (ValueError, UnicodeDecodeError):
        return None, None
    if not isinstance(body, dict):
        return None, None
    method, request_id = body.get("method"), body.get("id")
    if not isinstance(request_id, str | int) or isinstance(request_id, bool):
        request_id = None
    return (method if isinstance(method, str) else None), request_id


def _guarded(dispatch: Endpoint, authenticator: Authenticator, refuse: Refuse) -> Endpoint:
    async def endpoint(request: Request) -> Response:
        try:
            requester = authenticator.authenticate(
                request.headers.get(REQUESTER_HEADER), request.headers.get(AUTHORIZATION_HEADER)
            )
        except A4SError as err:
            logger.info("A2A call refused: %s", err.error_code)
            return refuse(err)
        method, request_id = await _method_of(request)
        if method is not None and method not in ALLOWED_METHODS:
            error = MethodNotFoundError(
                message=f"{method} is not offered: this agent only answers messages"
            )
            return JSONResponse(build_error_response(request_id, error))
        setattr(request.state, _REQUESTER_KEY, requester.requester_id)
        return await dispatch(request)

    return endpoint


def _card_endpoint(auth_mode: AuthMode, rpc_path: str) -> Endpoint:
    async def agent_card(request: Request) -> Response:
        base_url = str(request.base_url).rstrip("/")
        card = build_agent_card(base_url, auth_mode, rpc_path)
        return JSONResponse(agent_card_to_dict(card))

    return agent_card


def a2a_routes(
    authenticator: Authenticator,
    manager_of: Callable[[], MemoryManager],
    refuse: Refuse,
    rpc_path: str = DEFAULT_RPC_PATH,
) -> list[BaseRoute]:
    """The card route and the guarded JSON-RPC route. ``manager_of`` is called at request time (the
    MemoryManager is created in the app's lifespan)."""
    handler = DefaultRequestHandler(
        agent_executor=PublicSearchExecutor(manager_of),
        task_store=InMemoryTaskStore(),
        agent_card=build_agent_card("http://localhost", AuthMode.TOKEN, rpc_path),
    )
    routes: list[BaseRoute] = [
        Route(
            AGENT_CARD_WELL_KNOWN_PATH,
            _card_endpoint(authenticator.auth_mode, rpc_path),
            methods=["GET"],
        ),
    ]
    for route in create_jsonrpc_routes(
        handler, rpc_path, context_builder=RequesterContextBuilder()
    ):
        if not isinstance(route, Route):
            raise TypeError("unexpected route type from a2a-sdk")
        endpoint = _guarded(route.endpoint, authenticator, refuse)
        routes.append(Route(route.path, endpoint, methods=["POST"]))
    return routes


def mount_a2a(
    app: Starlette,
    authenticator: Authenticator,
    manager_of: Callable[[], MemoryManager],
    refuse: Refuse,
    rpc_path: str = DEFAULT_RPC_PATH,
) -> None:
    """Add the A2A routes to ``app`` (the server does, once, when it assembles the service)."""
    app.router.routes.extend(a2a_routes(authenticator, manager_of, refuse, rpc_path))
    logger.info("A2A adapter mounted (card %s, JSON-RPC %s)", AGENT_CARD_WELL_KNOWN_PATH, rpc_path)
