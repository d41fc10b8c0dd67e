"""Throwaway agents (the poisoning probes): counting what a space holds and wiping an agent
completely - its spaces (graph, ledger, items, versions), the Agent node and its own audit chain.
Only for agents created for one run; real agents are deleted through ``MemoryManager.clear``,
which audits what it removes."""

from __future__ import annotations

from typing import Final

from a4s_memory.store.db import Neo4jStore

__all__ = ["count_episodes", "wipe_agent"]

_COUNT: Final = "MATCH (e:Episodic) WHERE e.group_id IN $groups RETURN count(e) AS n"
# In slices of 5,000 nodes so one transaction never holds a whole space.
_WIPE_GROUPS: Final = """
MATCH (n) WHERE n.group_id IN $groups WITH n LIMIT 5000 DETACH DELETE n RETURN count(*) AS c
"""
_WIPE_AGENT: Final = """
OPTIONAL MATCH (a:Agent {agent_id: $agent_id}) DETACH DELETE a
WITH 1 AS _
MATCH (n) WHERE (n:AuditEvent OR n:AuditHead) AND n.agent_id = $agent_id DETACH DELETE n
"""


async def count_episodes(store: Neo4jStore, groups: list[str]) -> int:
    rows = await store.execute(_COUNT, {"groups": groups})
    return int(rows[0]["n"])


async def wipe_agent(store: Neo4jStore, agent_id: str, groups: list[str]) -> None:
    while (await store.execute(_WIPE_GROUPS, {"groups": groups}))[0]["c"]:
        pass
    await store.execute(_WIPE_AGENT, {"agent_id": agent_id})
