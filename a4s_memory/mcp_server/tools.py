"""The MCP tools over the MemoryManager (official ``mcp`` SDK 2.x, ``MCPServer``).

Every tool call first asks a :data:`RequesterSource` who is calling (streamable HTTP: that request's
headers, authenticated like the REST API; stdio: the process's configured and verified requester),
then calls the MemoryManager with that requester. The access decision is the MemoryManager's own:
owners act on their agents, everyone else gets public search and public reads only.

Errors come back as tool errors (``is_error=True``) reading ``[STOP_REASON] detail (suggestion)``,
rendered from the one wire form (:func:`a4s_memory.errors.to_wire`); the detail never holds memory
content, and nothing here logs content, queries or keys.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, Final, Literal

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import ToolAnnotations
from pydantic_core import to_jsonable_python

from a4s_memory import __version__
from a4s_memory.errors import A4SError, to_wire
from a4s_memory.manager import MemoryManager

__all__ = ["Caller", "MemoryTools", "RequesterSource", "build_mcp_server"]

logger = logging.getLogger(__name__)

Caller = tuple[str, MemoryManager]
"""The authenticated requester id and the MemoryManager to call on its behalf."""

RequesterSource = Callable[["Context[Any, Any]"], Awaitable[Caller]]

AUDIT_NOT_AVAILABLE: Final = "[NOT_AVAILABLE] the audit log is not available on this server"

_INSTRUCTIONS = (
    "a4s-memory: per-agent knowledge-graph memory. Each agent has a private and a public space. "
    "Owners add, search, get and delete their agents' memories and read their audit log; everyone "
    "else can only search and read public memories. Errors read '[STOP_REASON] detail (suggestion)'."
)
_READ_ONLY = ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=True)


def _failed(err: A4SError) -> ToolError:
    wire = to_wire(err)
    hint = f" ({wire.suggestion})" if wire.suggestion else ""
    return ToolError(f"[{wire.stop_reason.value}] {wire.detail}{hint}")


def _json(value: Any) -> dict[str, Any]:
    data = to_jsonable_python(value)
    return data if isinstance(data, dict) else {"result": data}


class MemoryTools:
    """The tool functions; each authenticates through ``source`` before touching memory."""

    def __init__(self, source: RequesterSource) -> None:
        self._source = source

    async def memory_add(
        self,
        agent_id: str,
        messages: str | list[dict[str, str]],
        visibility: Literal["public", "private"] = "public",
        options: dict[str, Any] | None = None,
        ctx: Context[Any, Any] | None = None,
    ) -> dict[str, Any]:
        """Store a memory for an agent you own. `messages` is text or [{role, content, name?}].
        `options` may hold source {type, ref?}, source_kind, category, key, ttl_class, metadata,
        session_id (as in POST /memories). The memory firewall checks every write."""
        requester_id, manager = await self._caller(ctx)
        request = {
            **(options or {}),
            "agent_id": agent_id,
            "messages": messages,
            "visibility": visibility,
        }
        try:
            return _json(await manager.add(requester_id, request))
        except A4SError as err:
            raise _failed(err) from None

    async def memory_search(
        self, agent_id: str, query: str, limit: int = 10, ctx: Context[Any, Any] | None = None
    ) -> dict[str, Any]:
        """Search an agent's memory. Owners search both spaces; everyone else the public space."""
        requester_id, manager = await self._caller(ctx)
        try:
            hits = await manager.search(requester_id, agent_id, query, limit)
        except A4SError as err:
            raise _failed(err) from None
        return {"results": _json({"r": hits})["r"], "stop_reason": "SUCCESS_READ"}

    async def memory_get(
        self, memory_id: str, ctx: Context[Any, Any] | None = None
    ) -> dict[str, Any]:
        """One memory (episode) with its facts: the owner's, or anyone's when it is public."""
        requester_id, manager = await self._caller(ctx)
        try:
            return _json(await manager.get(requester_id, memory_id))
        except A4SError as err:
            raise _failed(err) from None

    async def memory_delete(
        self, memory_id: str, ctx: Context[Any, Any] | None = None
    ) -> dict[str, Any]:
        """Delete a memory of an agent you own (its facts and orphaned entities go with it)."""
        requester_id, manager = await self._caller(ctx)
        try:
            return _json(await manager.delete(requester_id, memory_id))
        except A4SError as err:
            raise _failed(err) from None

    async def memory_audit(
        self,
        agent_id: str,
        action: str | None = None,
        last: int = 50,
        ctx: Context[Any, Any] | None = None,
    ) -> dict[str, Any]:
        """The audit events of an agent you own (never memory content), newest last."""
        requester_id, manager = await self._caller(ctx)
        audit = getattr(manager, "audit", None)
        if audit is None:  # MemoryManager.audit may be absent on older builds
            raise ToolError(AUDIT_NOT_AVAILABLE)
        try:
            events = await audit(requester_id, agent_id, action=action, last=last)
        except A4SError as err:
            raise _failed(err) from None
        return {"events": _json({"e": events})["e"], "stop_reason": "SUCCESS_READ"}

    async def _caller(self, ctx: Context[Any, Any] | None) -> Caller:
        if ctx is None:
            raise ToolError("[POLICY_DISABLED] no request context")
        try:
            return await self._source(ctx)
        except A4SError as err:
            logger.info("MCP tool call refused: %s", err.error_code)
            raise _failed(err) from None


def build_mcp_server(source: RequesterSource) -> MCPServer[Any]:
    """An MCPServer with the five memory tools, each authenticated through ``source``."""
    server: MCPServer[Any] = MCPServer(
        name="a4s-memory", instructions=_INSTRUCTIONS, version=__version__, log_level="WARNING"
    )
    tools = MemoryTools(source)
    server.add_tool(tools.memory_add, name="memory_add", title="Add a memory")
    server.add_tool(
        tools.memory_search, name="memory_search", title="Search memories", annotations=_READ_ONLY
    )
    server.add_tool(
        tools.memory_get, name="memory_get", title="Get a memory", annotations=_READ_ONLY
    )
    server.add_tool(
        tools.memory_delete,
        name="memory_delete",
        title="Delete a memory",
        annotations=ToolAnnotations(destructiveHint=True, idempotentHint=True),
    )
    server.add_tool(
        tools.memory_audit, name="memory_audit", title="Read the audit log", annotations=_READ_ONLY
    )
    return server
