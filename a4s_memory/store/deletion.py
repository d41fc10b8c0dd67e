"""Bulk deletion (memory-spec rule 3): ``clear`` (a space or both) and ``forget <topic>``.

Owner only (the caller authorises ``Action.DELETE``). Every episode goes through the same
removal as a single deletion (:func:`remove_episode_tx`: no orphan entity, no surviving summary
that quotes it, versions dropped), all in ONE transaction together with the one ``bulk_delete``
audit event, which holds counts and, for ``forget``, the topic's hash only (memory-spec rule 4).

``forget`` matches, case-insensitively, episodes whose text contains the topic, episodes that
support a fact containing it and episodes that mention an entity whose name contains it.
"""

from __future__ import annotations

from neo4j import AsyncManagedTransaction

from a4s_memory.audit.events import AuditDraft, content_hash
from a4s_memory.errors import InvalidRequest
from a4s_memory.models_lifecycle import BulkDeleteResult
from a4s_memory.spaces import parse_group_id
from a4s_memory.store.audit_log import AuditLog
from a4s_memory.store.db import Neo4jStore, run_in_tx
from a4s_memory.store.ingest_remove import remove_episode_tx

__all__ = ["bulk_delete", "find_topic"]

# Every read starts from the space's group_id (or an element's uuid), forced with USING INDEX: on
# a database whose statistics made a label look small, the planner scanned every agent's episodes
# for a topic (tests/integration/test_reads_isolated_plans.py). Graphiti creates these indexes.
_ALL_EPISODES = """
MATCH (ep:Episodic) USING INDEX ep:Episodic(group_id) WHERE ep.group_id IN $groups
RETURN ep.uuid AS uuid, ep.group_id AS group_id
"""
_TOPIC = """
CALL () {
  MATCH (ep:Episodic) USING INDEX ep:Episodic(group_id)
  WHERE ep.group_id IN $groups AND toLower(ep.content) CONTAINS $topic
  RETURN ep
  UNION
  MATCH ()-[e:RELATES_TO]->() USING INDEX e:RELATES_TO(group_id)
  WHERE e.group_id IN $groups AND toLower(e.fact) CONTAINS $topic
  MATCH (ep:Episodic) USING INDEX ep:Episodic(uuid)
  WHERE ep.uuid IN coalesce(e.episodes, []) AND ep.group_id = e.group_id
  RETURN ep
  UNION
  MATCH (n:Entity) USING INDEX n:Entity(group_id)
  WHERE n.group_id IN $groups AND toLower(n.name) CONTAINS $topic
  MATCH (ep:Episodic)-[:MENTIONS]->(n)
  RETURN ep
}
RETURN DISTINCT ep.uuid AS uuid, ep.group_id AS group_id
"""
_LEFTOVERS = """
MATCH (n:Entity) USING INDEX n:Entity(group_id)
WHERE n.group_id IN $groups AND NOT EXISTS { (n)-[:RELATES_TO]-() }
  AND NOT EXISTS { (:Episodic)-[:MENTIONS]->(n) }
OPTIONAL MATCH (s:A4SStatus {uuid: n.uuid})
DETACH DELETE n, s
RETURN count(*) AS n
"""
_PENDING = """
MATCH (s:A4SStatus) WHERE s.group_id IN $groups AND s.kind = 'episode'
  AND NOT EXISTS { MATCH (ep:Episodic) WHERE ep.uuid = s.uuid }
DELETE s
"""


async def find_topic(store: Neo4jStore, groups: list[str], topic: str) -> list[tuple[str, str]]:
    wanted = topic.strip().casefold()
    if len(wanted) < 2:
        raise InvalidRequest("a topic needs at least 2 characters")
    rows = await store.execute(_TOPIC, {"groups": groups, "topic": wanted})
    return [(str(r["uuid"]), str(r["group_id"])) for r in rows]


async def bulk_delete(
    store: Neo4jStore, audit: AuditLog, draft: AuditDraft, groups: list[str], topic: str | None
) -> BulkDeleteResult:
    """Delete every episode of ``groups`` (or those about ``topic``) and audit it once."""
    if topic is not None:
        targets = await find_topic(store, groups, topic)
        draft = draft.model_copy(update={"query_hash": content_hash(topic.strip().casefold())})
    else:
        targets = [
            (str(r["uuid"]), str(r["group_id"]))
            for r in await store.execute(_ALL_EPISODES, {"groups": groups})
        ]

    async def work(tx: AsyncManagedTransaction) -> BulkDeleteResult:
        facts = entities = deleted = 0
        for uuid, group_id in targets:
            report = await remove_episode_tx(tx, group_id, uuid)
            if report.found:
                deleted += 1
                facts += len(report.deleted_edges)
                entities += len(report.deleted_entities)
        if topic is None:
            rows = await run_in_tx(tx, _LEFTOVERS, {"groups": groups})
            entities += int(rows[0]["n"]) if rows else 0
            await run_in_tx(tx, _PENDING, {"groups": groups})
        event = await audit.append_tx(
            tx,
            draft.model_copy(
                update={"count": deleted, "details": {"facts": facts, "entities": entities}}
            ),
        )
        return BulkDeleteResult(
            agent_id=parse_group_id(groups[0]).agent_id,
            deleted=deleted,
            deleted_facts=facts,
            deleted_entities=entities,
            audit_id=event,
        )

    result: BulkDeleteResult = await store.write_transaction(work)
    return result
