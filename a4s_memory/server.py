"""The service: REST, A2A and MCP side by side over one MemoryManager (docs/api.md, docs/a2a.md).

The three adapters do not know each other. This module assembles them: it builds the one
:class:`~a4s_memory.identity.Authenticator` (reading the key file once, so a bad file fails at
start-up), the REST app (which owns the lifespan: the Neo4j driver and the MemoryManager), and
mounts beside it

* A2A (public search only): ``GET /.well-known/agent-card.json`` and ``POST /a2a/jsonrpc``;
* MCP (streamable HTTP): ``/mcp``, its session manager running inside the app's lifespan.

All three authenticate with that Authenticator, reach the MemoryManager the lifespan created, and
answer HTTP errors with the one REST rendering of :func:`a4s_memory.errors.to_wire`. The request-id,
body-bound and deadline middleware wrap all three.

    app = create_app(settings)   # what ``a4s-memory serve`` runs
"""

from __future__ import annotations

from fastapi import FastAPI

from a4s_memory.a2a import mount_a2a
from a4s_memory.api.app import create_app as create_rest_app
from a4s_memory.api.errors import error_response
from a4s_memory.api.quota import ApiLimits
from a4s_memory.api.state import AppState
from a4s_memory.config import Settings
from a4s_memory.identity import Authenticator
from a4s_memory.manager import MemoryManager
from a4s_memory.mcp_server import mount_mcp

__all__ = ["create_app"]


def create_app(settings: Settings, *, limits: ApiLimits | None = None) -> FastAPI:
    """The whole service: the REST app with the A2A and MCP adapters mounted beside it."""
    authenticator = Authenticator.from_settings(settings)
    app = create_rest_app(settings, limits=limits, authenticator=authenticator)

    def manager_of() -> MemoryManager:
        state: AppState = app.state.a4s  # set by the REST app's lifespan
        return state.manager

    mount_a2a(app, authenticator, manager_of, error_response)
    mount_mcp(app, authenticator, manager_of, error_response, host=settings.host)
    return app
