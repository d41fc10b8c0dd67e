"""The MCP server over stdio (``python -m a4s_memory.mcp_server serve --stdio``) with the REAL mcp
stdio client: the requester comes from the process configuration, verified against the key file."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from a4s_memory.config import Settings
from a4s_memory.manager import MemoryManager
from a4s_memory.store.db import Neo4jStore
from tests.integration.test_a2a_support import (
    KEYS,
    OWNER,
    PEER,
    Seeded,
    adapter_settings,
    cleanup,
    seed_agent,
)
from tests.integration.test_mcp import _data, _error, _texts

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
async def seeded(
    store: Neo4jStore, neo4j_settings: Settings, unique_id: str
) -> AsyncIterator[Seeded]:
    manager = await MemoryManager.create(store, neo4j_settings)
    agent_id = f"mcpio-{unique_id}"
    try:
        yield await seed_agent(manager, agent_id, unique_id)
    finally:
        await cleanup(store, agent_id)


def _env(settings: Settings, requester: str, key: str) -> dict[str, str]:
    assert settings.api_keys_file is not None
    return {
        "NEO4J_URI": settings.neo4j_uri,
        "NEO4J_USER": settings.neo4j_user,
        "NEO4J_PASSWORD": settings.neo4j_password.get_secret_value(),
        "NEO4J_DATABASE": settings.neo4j_database,
        "A4S_AUTH_MODE": "token",
        "A4S_API_KEYS_FILE": str(settings.api_keys_file),
        "A4S_MCP_REQUESTER_ID": requester,
        "A4S_MCP_API_KEY": key,
    }


def _server(env: dict[str, str]) -> StdioServerParameters:
    args = ["-m", "a4s_memory.mcp_server", "serve", "--stdio"]
    return StdioServerParameters(command=sys.executable, args=args, env=env, cwd=str(REPO))


async def test_stdio_peer_public_only_owner_everything(
    neo4j_settings: Settings, tmp_path: Path, seeded: Seeded
) -> None:
    settings = adapter_settings(neo4j_settings, tmp_path)
    async with Client(_server(_env(settings, PEER, KEYS[PEER]))) as peer:
        assert seeded.private_marker not in await _texts(peer, seeded.agent_id, "Alice prefers")
        assert seeded.public_marker in await _texts(peer, seeded.agent_id, seeded.public_marker)
        denied = await peer.call_tool("memory_delete", {"memory_id": seeded.public_id})
        assert "[POLICY_DISABLED]" in _error(denied)
    async with Client(_server(_env(settings, OWNER, KEYS[OWNER]))) as owner:
        assert seeded.private_marker in await _texts(owner, seeded.agent_id, seeded.private_marker)
        got = _data(await owner.call_tool("memory_get", {"memory_id": seeded.private_id}))
        assert got["visibility"] == "private"


def test_stdio_refuses_a_key_of_another_requester(neo4j_settings: Settings, tmp_path: Path) -> None:
    settings = adapter_settings(neo4j_settings, tmp_path)
    env = _env(settings, PEER, KEYS[OWNER])
    done = subprocess.run(
        [sys.executable, "-m", "a4s_memory.mcp_server", "serve", "--stdio"],
        env={"PATH": "/usr/bin:/bin", **env},
        cwd=REPO,
        input=b"",
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert b"A4S_MCP_API_KEY" in done.stderr
    assert KEYS[OWNER].encode() not in done.stderr
    assert done.stdout == b""
