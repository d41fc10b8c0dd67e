"""Test teardown shared by the integration suites (holds no tests): remove everything an agent left
in the shared database — both spaces (graph, ledger, items, versions, write leases), its audit
chain, its Agent."""

from __future__ import annotations

from a4s_memory.spaces import spaces_of
from a4s_memory.store.db import Neo4jStore


async def remove_agents(store: Neo4jStore, *agent_ids: str) -> None:
    for agent_id in agent_ids:
        groups = list(spaces_of(agent_id).values())
        await store.execute("MATCH (n) WHERE n.group_id IN $g DETACH DELETE n", {"g": groups})
        await store.execute("MATCH (l:A4SGroupLock) WHERE l.space IN $g DELETE l", {"g": groups})
        await store.execute(
            "MATCH (n) WHERE (n:AuditEvent OR n:AuditHead OR n:Agent) AND n.agent_id = $a "
            "DETACH DELETE n",
            {"a": agent_id},
        )
