"""Shared helpers for the graph write-side integration tests (holds no tests itself)."""

from __future__ import annotations

from typing import Any

from a4s_memory.config import Settings
from a4s_memory.manager import MemoryManager
from a4s_memory.store.db import Neo4jStore
from tests.integration.cleanup import remove_agents

cleanup_agent = remove_agents


async def registered(
    store: Neo4jStore, settings: Settings, owner: str, agent: str
) -> MemoryManager:
    """A manager with the write quota off and ``agent`` registered to ``owner``."""
    manager = await MemoryManager.create(
        store, settings.model_copy(update={"write_quota_per_minute": 0})
    )
    await manager.register_agent(owner, agent, owner)
    return manager


async def unstamped(store: Neo4jStore, group_id: str) -> list[dict[str, Any]]:
    """Every Episodic/Entity node and RELATES_TO edge of the group that lacks any status axis."""
    rows = await store.execute(
        """
        CALL () {
          MATCH (n) WHERE n.group_id = $g AND (n:Episodic OR n:Entity)
          RETURN n.uuid AS uuid, n.truth_status AS t, n.retrieval_status AS r,
                 n.security_status AS s, n.freshness_status AS f, n.sensitivity AS v
          UNION ALL
          MATCH ()-[e:RELATES_TO]->() WHERE e.group_id = $g
          RETURN e.uuid AS uuid, e.truth_status AS t, e.retrieval_status AS r,
                 e.security_status AS s, e.freshness_status AS f, e.sensitivity AS v
        }
        WITH uuid, t, r, s, f, v WHERE t IS NULL OR r IS NULL OR s IS NULL OR f IS NULL OR v IS NULL
        RETURN uuid
        """,
        {"g": group_id},
    )
    return [dict(r) for r in rows]


async def edge_by_fact(store: Neo4jStore, group_id: str, fact: str) -> dict[str, Any]:
    rows = await store.execute(
        "MATCH ()-[e:RELATES_TO]->() WHERE e.group_id = $g AND e.fact = $fact "
        "RETURN properties(e) AS p",
        {"g": group_id, "fact": fact},
    )
    assert len(rows) == 1, f"expected one edge with that fact, found {len(rows)}"
    return dict(rows[0]["p"])
