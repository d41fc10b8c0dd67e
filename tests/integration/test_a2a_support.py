"""Helpers for the A2A and MCP integration tests (holds no tests): a key file, seeding and cleanup.
The app (with both adapters, as create_app mounts them) is served by test_api_support.served."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from a4s_memory.config import AuthMode, Settings
from a4s_memory.manager import MemoryManager
from a4s_memory.models import AddMemory
from a4s_memory.spaces import spaces_of
from a4s_memory.store.db import Neo4jStore
from tests.integration.cleanup import remove_agents

OWNER = "owner-1"
PEER = "peer-agent"
KEYS = {
    OWNER: "owner-1-key-0123456789abcdef",
    PEER: "peer-agent-key-0123456789abcdef",
}


def adapter_settings(base: Settings, tmp_path: Path, **update: Any) -> Settings:
    keys_file = tmp_path / "api-keys.txt"
    keys_file.write_text("".join(f"{rid}:{key}\n" for rid, key in KEYS.items()), encoding="utf-8")
    values: dict[str, Any] = {"auth_mode": AuthMode.TOKEN, "api_keys_file": keys_file, **update}
    return base.model_copy(update=values)


def auth(requester_id: str, key: str | None = None) -> dict[str, str]:
    return {"X-Requester-Id": requester_id, "Authorization": f"Bearer {key or KEYS[requester_id]}"}


@dataclass(frozen=True)
class Seeded:
    agent_id: str
    public_marker: str
    private_marker: str
    public_id: str
    private_id: str


async def seed_agent(manager: MemoryManager, agent_id: str, unique_id: str) -> Seeded:
    """An agent owned by OWNER with one public and one private memory, each with its marker word."""
    await manager.register_agent(OWNER, agent_id, OWNER)
    pub, priv = f"Pubmark{unique_id}", f"Privmark{unique_id}"
    public = await manager.add(
        OWNER, AddMemory(agent_id=agent_id, messages=f"Alice prefers {pub}.", visibility="public")
    )
    private = await manager.add(
        OWNER, AddMemory(agent_id=agent_id, messages=f"Alice prefers {priv}.", visibility="private")
    )
    return Seeded(agent_id, pub, priv, public.memory_id, private.memory_id)


async def graph_fingerprint(store: Neo4jStore, agent_id: str) -> list[Any]:
    """Everything in the agent's two spaces (nodes, edges, their properties), to prove no write."""
    rows = await store.execute(
        """
        MATCH (n) WHERE n.group_id IN $groups
        OPTIONAL MATCH (n)-[r]-()
        WITH n, collect(DISTINCT [type(r), properties(r)]) AS rels
        RETURN n.uuid AS uuid, labels(n) AS labels, properties(n) AS props, rels
        ORDER BY uuid
        """,
        {"groups": list(spaces_of(agent_id).values())},
    )
    agents = await store.execute(
        "MATCH (a:Agent {agent_id: $a}) RETURN properties(a) AS p", {"a": agent_id}
    )
    return [repr(rows), repr(agents)]


cleanup = remove_agents
