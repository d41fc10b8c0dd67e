"""Shared fixtures/helpers for the issue-5 integration tests (holds no tests itself)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from a4s_memory.config import Settings
from a4s_memory.manager import MemoryManager
from a4s_memory.spaces import spaces_of
from a4s_memory.store.db import Neo4jStore
from tests.integration.cleanup import remove_agents

OWNER = "owner-5"
ADMIN = "admin-5"


async def wipe_memory(store: Neo4jStore, agent_id: str) -> None:
    """Remove everything in the agent's spaces (graph, ledger, items, versions); keep the Agent
    and its audit chain."""
    groups = list(spaces_of(agent_id).values())
    await store.execute("MATCH (n) WHERE n.group_id IN $groups DETACH DELETE n", {"groups": groups})


cleanup_all = remove_agents


async def events(store: Neo4jStore, agent_id: str) -> list[dict[str, Any]]:
    rows = await store.execute(
        "MATCH (e:AuditEvent {agent_id: $a}) RETURN properties(e) AS p ORDER BY e.seq",
        {"a": agent_id},
    )
    return [dict(r["p"]) for r in rows]


def make_manager_fixture(prefix: str) -> Any:
    @pytest.fixture
    async def lifecycle(
        store: Neo4jStore, neo4j_settings: Settings, unique_id: str
    ) -> AsyncIterator[tuple[MemoryManager, str]]:
        settings = neo4j_settings.model_copy(update={"admin_ids": frozenset({ADMIN})})
        manager = await MemoryManager.create(store, settings)
        agent_id = f"{prefix}-{unique_id}"
        await manager.register_agent(OWNER, agent_id, OWNER)
        yield manager, agent_id
        await cleanup_all(store, agent_id)

    return lifecycle
