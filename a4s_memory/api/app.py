"""The REST application factory (docs/api.md). :func:`a4s_memory.server.create_app` builds the whole
service: this REST app with the A2A and MCP adapters mounted beside it.

Settings are passed in (read from the environment once, by the caller); nothing here reads the
environment. Building the app reads the API key file (token mode) unless the caller hands in the
:class:`~a4s_memory.identity.Authenticator`, so a bad file fails at start-up with ConfigurationError. The lifespan opens the process's one Neo4j driver and closes it on shutdown
(uvicorn drains in-flight requests first).

Middleware, outermost first: request id + access log, then the body bound (413). Errors are one
shape everywhere: :class:`a4s_memory.api.schemas.ErrorBody`.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, Final

from fastapi import FastAPI

from a4s_memory import __version__
from a4s_memory.api.errors import install_error_handlers
from a4s_memory.api.middleware import BodySizeLimit, RequestContext, RequestDeadline
from a4s_memory.api.quota import ApiLimits
from a4s_memory.api.routes import agents, audit, health, jobs, memories
from a4s_memory.api.schemas import ErrorBody
from a4s_memory.api.state import AppState
from a4s_memory.config import Settings
from a4s_memory.contract import CONTRACT_VERSION
from a4s_memory.identity import Authenticator, warn_if_exposed
from a4s_memory.manager import MemoryManager
from a4s_memory.schema import SchemaCheck
from a4s_memory.store.db import connect
from a4s_memory.store.quota import build_quota

__all__ = ["create_app"]

logger = logging.getLogger(__name__)

_REF: Final = "#/components/schemas/{model}"
_DESCRIPTION = (
    "Knowledge-graph memory for AI agents. Every request except /healthz and /readyz carries "
    "`X-Requester-Id`; in token mode also `Authorization: Bearer <key>`. Errors are "
    "`{stop_reason, detail, error_code, suggestion, request_id}`. Memory contract "
    f"{CONTRACT_VERSION}."
)


def create_app(
    settings: Settings,
    *,
    limits: ApiLimits | None = None,
    authenticator: Authenticator | None = None,
) -> FastAPI:
    """The REST app (no A2A, no MCP: :func:`a4s_memory.server.create_app` adds them)."""
    # start-up: a malformed key file raises ConfigurationError here
    auth = authenticator or Authenticator.from_settings(settings)
    api_limits = limits or ApiLimits.from_settings(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        warn_if_exposed(settings, settings.host)
        # verify=False: the API starts even while Neo4j is down; /readyz reports it until it is back.
        async with connect(settings, verify=False) as store:
            # One quota for REST, MCP and A2A: the manager spends it, whichever adapter called;
            # per process, or shared by every worker with A4S_WRITE_QUOTA_STORE=neo4j.
            quota = build_quota(store, settings, api_limits)
            app.state.a4s_quota = quota
            manager = await MemoryManager.create(store, settings, quota=quota)
            app.state.a4s = AppState(
                settings=settings,
                store=store,
                manager=manager,
                schema=SchemaCheck.of_release(),
            )
            logger.info(
                "a4s-memory API ready (auth mode %s, %d requester key(s), body bound %d bytes)",
                settings.auth_mode.value,
                len(auth.keys),
                api_limits.max_body_bytes,
            )
            yield
            logger.info("a4s-memory API shutting down; closing the Neo4j driver")

    app = FastAPI(
        title="a4s-memory",
        version=__version__,
        description=_DESCRIPTION,
        lifespan=lifespan,
    )
    app.state.a4s_auth = auth
    install_error_handlers(app)
    app.add_middleware(BodySizeLimit, max_bytes=api_limits.max_body_bytes)
    app.add_middleware(RequestDeadline, seconds=settings.request_timeout_s)
    app.add_middleware(RequestContext)  # added last = outermost
    app.include_router(health.router)
    app.include_router(agents.router)
    app.include_router(memories.router)
    app.include_router(audit.router)
    app.include_router(jobs.router)
    _use_one_error_shape_in_openapi(app)
    return app


def _use_one_error_shape_in_openapi(app: FastAPI) -> None:
    """Document the one error body everywhere: FastAPI's default 422 schema (HTTPValidationError)
    is replaced by ErrorBody, and every operation gets a ``default`` ErrorBody response."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        spec = build()
        error_ref = {"$ref": "#/components/schemas/ErrorBody"}
        components = spec.setdefault("components", {}).setdefault("schemas", {})
        components.setdefault("ErrorBody", ErrorBody.model_json_schema(ref_template=_REF))
        for methods in spec.get("paths", {}).values():
            for operation in methods.values():
                responses = operation.setdefault("responses", {})
                for answer in responses.values():
                    content = answer.get("content", {}).get("application/json", {})
                    if content.get("schema", {}).get("$ref", "").endswith("/HTTPValidationError"):
                        content["schema"] = error_ref
                responses.setdefault(
                    "default",
                    {
                        "description": "Error",
                        "content": {"application/json": {"schema": error_ref}},
                    },
                )
        for name in ("HTTPValidationError", "ValidationError"):
            components.pop(name, None)
        app.openapi_schema = spec
        return spec

    app.openapi = openapi  # type: ignore[method-assign]
