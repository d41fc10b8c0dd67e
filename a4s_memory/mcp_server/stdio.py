"""The MCP server over stdio: one process, one requester.

The requester comes from the process configuration: ``A4S_MCP_REQUESTER_ID``, and in token mode
(the default) also ``A4S_MCP_API_KEY``, which must be one of that requester's keys in
``A4S_API_KEYS_FILE`` (the same :class:`~a4s_memory.identity.Authenticator` as REST, A2A and MCP
over HTTP). The check happens once, at
start-up, before any tool is served; a bad key fails the start. Every tool call then goes through
the MemoryManager with that requester, so the access decision is the usual one. stdout carries the
MCP protocol only; logs go to stderr.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Final

from mcp.server.mcpserver import Context

from a4s_memory.config import AuthMode, Settings
from a4s_memory.errors import ConfigurationError, Unauthenticated
from a4s_memory.identity import Authenticator
from a4s_memory.manager import MemoryManager
from a4s_memory.mcp_server.tools import Caller, build_mcp_server
from a4s_memory.spaces import validate_requester_id
from a4s_memory.store.db import connect

__all__ = ["KEY_ENV", "REQUESTER_ENV", "StdioIdentity", "serve_stdio", "verify_identity"]

logger = logging.getLogger(__name__)

REQUESTER_ENV: Final = "A4S_MCP_REQUESTER_ID"
KEY_ENV: Final = "A4S_MCP_API_KEY"


@dataclass(frozen=True, slots=True)
class StdioIdentity:
    requester_id: str | None
    api_key: str | None


def verify_identity(settings: Settings, identity: StdioIdentity) -> str:
    """The configured requester id once it is verified, else an error that stops the start."""
    if not identity.requester_id:
        raise ConfigurationError(
            f"{REQUESTER_ENV} is not set", suggestion=f"export {REQUESTER_ENV}=<your requester id>"
        )
    requester_id = validate_requester_id(identity.requester_id)
    if settings.auth_mode is AuthMode.TRUSTED_HEADER:
        logger.warning(
            "MCP stdio in trusted-header mode: %s is believed as configured", REQUESTER_ENV
        )
    authenticator = Authenticator.from_settings(settings)
    authorization = f"Bearer {identity.api_key}" if identity.api_key else None
    try:
        return authenticator.authenticate(requester_id, authorization).requester_id
    except Unauthenticated:
        raise Unauthenticated(
            f"{KEY_ENV} is missing or does not belong to {REQUESTER_ENV}",
            suggestion=f"export {KEY_ENV} with one of the requester's keys from A4S_API_KEYS_FILE",
        ) from None


async def serve_stdio(settings: Settings, identity: StdioIdentity) -> None:
    """Verify the identity, connect to Neo4j and serve the tools on stdin/stdout until EOF."""
    requester_id = verify_identity(settings, identity)
    async with connect(settings) as store:
        manager = await MemoryManager.create(store, settings)

        async def source(ctx: Context[Any, Any]) -> Caller:
            return requester_id, manager

        server = build_mcp_server(source)
        logger.info("MCP stdio server ready")
        await server.run_stdio_async()
