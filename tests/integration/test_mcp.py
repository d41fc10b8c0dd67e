"""The MCP server with the REAL mcp client over streamable HTTP against the app served by uvicorn."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp_types import CallToolResult

from a4s_memory.config import Settings
from a4s_memory.manager import MemoryManager
from a4s_memory.store.db import Neo4jStore
from tests.integration.test_a2a_support import (
    OWNER,
    PEER,
    Seeded,
    adapter_settings,
    auth,
    cleanup,
    graph_fingerprint,
    seed_agent,
)
from tests.integration.test_api_support import served

_INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "t", "version": "0"},
    },
}
TOOLS = {"memory_add", "memory_search", "memory_get", "memory_delete", "memory_audit"}


@pytest.fixture
async def seeded(
    store: Neo4jStore, neo4j_settings: Settings, unique_id: str
) -> AsyncIterator[Seeded]:
    manager = await MemoryManager.create(store, neo4j_settings)
    agent_id = f"mcp-{unique_id}"
    try:
        yield await seed_agent(manager, agent_id, unique_id)
    finally:
        await cleanup(store, agent_id)


@pytest.fixture
def base_url(neo4j_settings: Settings, tmp_path: Path) -> Any:
    with served(adapter_settings(neo4j_settings, tmp_path)) as url:
        yield url


def _client(base_url: str, headers: dict[str, str]) -> Client:
    http = httpx2.AsyncClient(headers=headers, timeout=60)
    return Client(streamable_http_client(f"{base_url}/mcp", http_client=http))


def _data(result: CallToolResult) -> dict[str, Any]:
    assert not result.is_error, result.content
    if result.structured_content is not None:
        return dict(result.structured_content)
    return dict(json.loads(result.content[0].text))  # type: ignore[union-attr]


def _error(result: CallToolResult) -> str:
    assert result.is_error
    return str(result.content[0].text)  # type: ignore[union-attr]


async def _texts(client: Client, agent_id: str, query: str) -> str:
    found = _data(
        await client.call_tool("memory_search", {"agent_id": agent_id, "query": query, "limit": 20})
    )
    return " ".join(hit["text"] for hit in found["results"])


async def test_tools_listed(base_url: str) -> None:
    async with _client(base_url, auth(PEER)) as client:
        assert {tool.name for tool in (await client.list_tools()).tools} == TOOLS


async def test_non_owner_public_only(base_url: str, seeded: Seeded, store: Neo4jStore) -> None:
    before = await graph_fingerprint(store, seeded.agent_id)
    async with _client(base_url, auth(PEER)) as client:
        for query in ("Alice prefers", seeded.private_marker):
            assert seeded.private_marker not in await _texts(client, seeded.agent_id, query)
        assert seeded.public_marker in await _texts(client, seeded.agent_id, seeded.public_marker)
        public = _data(await client.call_tool("memory_get", {"memory_id": seeded.public_id}))
        assert seeded.public_marker in public["text"]
        denied = await client.call_tool("memory_get", {"memory_id": seeded.private_id})
        assert seeded.private_marker not in _error(denied)
        add = {
            "agent_id": seeded.agent_id,
            "messages": "Alice prefers Injected.",
            "visibility": "public",
        }
        assert "[POLICY_DISABLED]" in _error(await client.call_tool("memory_add", add))
        for memory_id in (seeded.public_id, seeded.private_id):
            refused = await client.call_tool("memory_delete", {"memory_id": memory_id})
            assert "[POLICY_DISABLED]" in _error(refused) or "[SCHEMA_INVALID]" in _error(refused)
        audit = await client.call_tool("memory_audit", {"agent_id": seeded.agent_id})
        assert "[POLICY_DISABLED]" in _error(audit) or "[NOT_AVAILABLE]" in _error(audit)
    assert await graph_fingerprint(store, seeded.agent_id) == before


async def test_owner_full_access(base_url: str, seeded: Seeded) -> None:
    async with _client(base_url, auth(OWNER)) as client:
        assert seeded.private_marker in await _texts(client, seeded.agent_id, seeded.private_marker)
        assert seeded.public_marker in await _texts(client, seeded.agent_id, seeded.public_marker)
        private = _data(await client.call_tool("memory_get", {"memory_id": seeded.private_id}))
        assert private["visibility"] == "private"
        extra = f"Zed{seeded.public_marker}"
        add = {
            "agent_id": seeded.agent_id,
            "messages": f"Bob prefers {extra}.",
            "visibility": "private",
            "options": {"source": {"type": "explicit_save"}},
        }
        added = _data(await client.call_tool("memory_add", add))
        assert added["stop_reason"] == "SUCCESS_STORED"
        assert extra in await _texts(client, seeded.agent_id, extra)
        deleted = _data(await client.call_tool("memory_delete", {"memory_id": added["memory_id"]}))
        assert deleted["stop_reason"] == "SUCCESS_DELETED"
        assert extra not in await _texts(client, seeded.agent_id, extra)
        audit = await client.call_tool("memory_audit", {"agent_id": seeded.agent_id, "last": 5})
        if audit.is_error:
            assert "[NOT_AVAILABLE]" in _error(audit)
        else:
            assert "events" in _data(audit)


@pytest.mark.parametrize(
    "headers",
    [{}, {"X-Requester-Id": PEER}, auth(OWNER) | {"X-Requester-Id": PEER}],
    ids=["nothing", "no-key", "someone-elses-key"],
)
async def test_unauthenticated_refused(base_url: str, headers: dict[str, str]) -> None:
    async with httpx.AsyncClient(timeout=30) as http:
        response = await http.post(
            f"{base_url}/mcp",
            json=_INITIALIZE,
            headers={**headers, "Accept": "application/json, text/event-stream"},
        )
    assert response.status_code == 401
    assert response.json()["stop_reason"] == "POLICY_DISABLED"
    with pytest.raises(BaseException):  # noqa: B017, PT011 - the SDK raises a transport error group
        async with _client(base_url, headers) as client:
            await client.list_tools()


async def test_session_is_bound_to_its_requester(base_url: str) -> None:
    accept = {"Accept": "application/json, text/event-stream"}
    async with httpx.AsyncClient(timeout=30) as http:
        opened = await http.post(f"{base_url}/mcp", json=_INITIALIZE, headers=auth(OWNER) | accept)
        assert opened.status_code == 200
        session = {"mcp-session-id": opened.headers["mcp-session-id"]}
        listing = {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}}
        hijack = await http.post(
            f"{base_url}/mcp", json=listing, headers=auth(PEER) | accept | session
        )
        own = await http.post(
            f"{base_url}/mcp", json=listing, headers=auth(OWNER) | accept | session
        )
    assert hijack.status_code == 404
    assert own.status_code == 200
