"""Removing one episode, in one write transaction, without Graphiti's ``remove_episode`` flaws.

``Graphiti.remove_episode`` (0.31.1) deletes every edge whose FIRST supporting episode is the one
removed, even when later episodes also support it, leaves the removed uuid in the ``episodes``
list of the edges it keeps, and deletes an entity whenever exactly one episode mentions it, even
if facts from other episodes still hang off it (tests/integration/test_graphiti_hazards.py shows
the first). Here instead:

* each edge loses the episode from its ``episodes``; only an edge left with no supporter goes;
* an entity goes only when no other episode mentions it and no edge touches it any more;
* the episode and its ledger entry go; everything that survives is re-stamped from the ledger,
  so a fact that was supported only by the removed episode cannot linger with a stale status;
* the summary of every surviving entity the episode mentioned is regenerated from the facts that
  still touch it and the default policy admits (an LLM-written ``Entity.summary`` may quote the
  removed text): no summary sentence can outlive the episode it came from
  (a4s_memory.store.summaries). An empty summary stays empty.

Note: a fact this episode had *invalidated* stays invalidated (Graphiti keeps no record of which
episode invalidated what); the owner can supersede or re-add it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from neo4j import AsyncManagedTransaction
from pydantic import BaseModel, Field

from a4s_memory.store.db import Neo4jStore, run_in_tx
from a4s_memory.store.ledger import restamp

__all__ = ["RemovalHook", "RemovalReport", "remove_episode", "remove_episode_tx"]

_EPISODE = """
MATCH (ep:Episodic {uuid: $uuid}) WHERE ep.group_id = $group_id
RETURN coalesce(ep.entity_edges, []) AS entity_edges
"""
_EDGES = """
MATCH ()-[e:RELATES_TO]->() WHERE e.group_id = $group_id
  AND ($uuid IN coalesce(e.episodes, []) OR e.uuid IN $entity_edges)
RETURN e.uuid AS uuid, [x IN coalesce(e.episodes, []) WHERE x <> $uuid] AS remaining
"""
_DELETE_EDGES = "UNWIND $uuids AS id MATCH ()-[e:RELATES_TO {uuid: id}]->() DELETE e"
_UPDATE_EDGES = """
UNWIND $rows AS row MATCH ()-[e:RELATES_TO {uuid: row.uuid}]->() SET e.episodes = row.remaining
"""
_MENTIONED = """
MATCH (ep:Episodic {uuid: $uuid})-[:MENTIONS]->(n:Entity) RETURN collect(DISTINCT n.uuid) AS uuids
"""
_DELETE_ORPHANS = """
UNWIND $uuids AS id
MATCH (n:Entity {uuid: id})
WHERE NOT EXISTS { (n)-[:RELATES_TO]-() }
  AND NOT EXISTS { MATCH (o:Episodic)-[:MENTIONS]->(n) WHERE o.uuid <> $uuid }
DETACH DELETE n
RETURN id
"""
_DELETE_EPISODE = "MATCH (ep:Episodic {uuid: $uuid}) WHERE ep.group_id = $group_id DETACH DELETE ep"
_DELETE_LEDGER = "UNWIND $uuids AS id MATCH (s:A4SStatus {uuid: id}) DELETE s"
# A removed episode takes its structured-item version record (and its content) with it. Items are
# found from the space (current_memory_id has no index) and versions through the (item_id,
# version) uniqueness index, which Neo4j reads only with a predicate on both properties: the
# statement scanned every agent's items and versions before.
_DROP_VERSIONS = """
OPTIONAL MATCH (v:A4SVersion {memory_id: $uuid}) DETACH DELETE v
WITH count(*) AS ignored
OPTIONAL MATCH (i:A4SItem {group_id: $group_id}) WHERE i.current_memory_id = $uuid
SET i.current_memory_id = null
WITH count(*) AS ignored
MATCH (i:A4SItem {group_id: $group_id})
WHERE NOT EXISTS { MATCH (v:A4SVersion {item_id: i.item_id}) WHERE v.version IS NOT NULL }
DELETE i
"""


class RemovalReport(BaseModel):
    found: bool
    deleted_edges: list[str] = Field(default_factory=list)
    deleted_entities: list[str] = Field(default_factory=list)
    kept_edges: list[str] = Field(default_factory=list)
    kept_entities: list[str] = Field(default_factory=list)
    scrubbed_summaries: int = 0
    hook_result: str | None = None


# Runs inside the removal transaction after it (the deletion's audit event).
RemovalHook = Callable[[AsyncManagedTransaction, "RemovalReport"], Awaitable[str | None]]


async def remove_episode_tx(
    tx: AsyncManagedTransaction, group_id: str, episode_uuid: str
) -> RemovalReport:
    params = {"uuid": episode_uuid, "group_id": group_id}
    rows = await run_in_tx(tx, _EPISODE, params)
    if not rows:
        # Still drop a pending ledger entry left by an ingestion that never wrote its episode.
        await run_in_tx(tx, _DELETE_LEDGER, {"uuids": [episode_uuid]})
        return RemovalReport(found=False)
    edges = await run_in_tx(tx, _EDGES, {**params, "entity_edges": list(rows[0]["entity_edges"])})
    doomed = [r["uuid"] for r in edges if not r["remaining"]]
    kept = [{"uuid": r["uuid"], "remaining": list(r["remaining"])} for r in edges if r["remaining"]]
    await run_in_tx(tx, _DELETE_EDGES, {"uuids": doomed})
    await run_in_tx(tx, _UPDATE_EDGES, {"rows": kept})
    mentioned = list((await run_in_tx(tx, _MENTIONED, params))[0]["uuids"])
    deleted_entities = [
        r["id"] for r in await run_in_tx(tx, _DELETE_ORPHANS, {**params, "uuids": mentioned})
    ]
    await run_in_tx(tx, _DELETE_EPISODE, params)
    await run_in_tx(tx, _DROP_VERSIONS, params)
    await run_in_tx(tx, _DELETE_LEDGER, {"uuids": [episode_uuid, *doomed, *deleted_entities]})
    kept_edges = [row["uuid"] for row in kept]
    kept_entities = [u for u in mentioned if u not in set(deleted_entities)]
    # The re-stamp also rebuilds the surviving entities' summaries from admitted facts only.
    stamp = await restamp(tx, group_id, entities=kept_entities, edges=kept_edges)
    return RemovalReport(
        found=True,
        deleted_edges=doomed,
        deleted_entities=deleted_entities,
        kept_edges=kept_edges,
        kept_entities=kept_entities,
        scrubbed_summaries=stamp.summaries_rebuilt,
    )


async def remove_episode(
    store: Neo4jStore, group_id: str, episode_uuid: str, hook: RemovalHook | None = None
) -> RemovalReport:
    async def work(tx: AsyncManagedTransaction) -> RemovalReport:
        report = await remove_episode_tx(tx, group_id, episode_uuid)
        if hook is not None and report.found:
            report.hook_result = await hook(tx, report)
        return report

    result: RemovalReport = await store.write_transaction(work)
    return result
