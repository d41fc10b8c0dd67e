"""The TTL sweeper (G6): fresh -> stale -> expired, and purge 180 days after expiry.

``sweep(store, audit, now)`` takes the clock as a parameter. It only ever moves a memory
*forward* (fresh -> stale -> expired), with conditional SETs, so running it again changes nothing
and concurrent sweepers converge: each batch transaction first write-locks the one
``(:A4SSweepLock {name: 'ttl'})`` node, so a second sweeper's batch waits and then reads the
first one's committed result. Per batch, in ONE transaction: the ledger entries change, every
entity/edge they support is re-stamped (retrieval follows at once: the default ContextPolicy loads
``fresh`` only), expired episodes older than the archive retention are removed like a deletion,
and one ``ttl_transition`` audit event per agent records the counts.

It also clears what a crashed ingestion left behind (a process or queue worker killed between the
``pending`` ledger entry and the commit): an episode whose entry is still ``pending`` after
``ORPHAN_AGE`` is removed like a deletion (it was never visible: nothing it wrote has a status).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import datetime, timedelta
from typing import Any, Final

from neo4j import AsyncManagedTransaction

from a4s_memory.audit.events import AuditAction, AuditDraft
from a4s_memory.contract import FreshnessStatus
from a4s_memory.models_lifecycle import SweepReport
from a4s_memory.spaces import parse_group_id
from a4s_memory.store.audit_log import AuditLog
from a4s_memory.store.db import Neo4jStore, run_in_tx
from a4s_memory.store.ingest_remove import remove_episode_tx
from a4s_memory.store.ledger import restamp
from a4s_memory.ttl import ARCHIVE_RETENTION

__all__ = ["BATCH", "ORPHAN_AGE", "sweep"]

BATCH: Final = 500
# Longer than any ingestion takes (an LLM extraction: seconds; a queue job's lease: 300 s).
ORPHAN_AGE: Final = timedelta(hours=1)

# Status values go in as parameters, from the enum (never literals in the Cypher).
_FRESHNESS: Final = {
    "live": [FreshnessStatus.FRESH.value, FreshnessStatus.STALE.value],
    "fresh": FreshnessStatus.FRESH.value,
    "stale": FreshnessStatus.STALE.value,
    "expired": FreshnessStatus.EXPIRED.value,
}
_LOCK = "MERGE (l:A4SSweepLock {name: 'ttl'}) SET l.at = $now"
# Each selection has two forms, one filter after two heads: every agent's episodes (the operator's
# sweep; it seeks (freshness_status, expires_at) / (freshness_status, a4s_stale_at) up to now, or
# (state, created_at) for orphans), or the given spaces' (a sweep narrowed to one agent), which
# seeks (group_id, kind): the single form's `$groups IS NULL OR ...` kept the planner from any index
# of the spaces, so a one-agent sweep read every agent's ledger.
_SPACE_EPISODES: Final = """
MATCH (s:A4SStatus) USING INDEX SEEK s:A4SStatus(group_id, kind)
WHERE s.group_id IN $groups AND s.kind = 'episode'"""
_DUE_FILTER: Final = """
  AND s.state = 'committed' AND s.expires_at IS NOT NULL AND NOT coalesce(s.a4s_pinned, false)
  AND s.freshness_status IN $live"""
_TARGET: Final = """
WITH s, CASE WHEN s.expires_at <= $now THEN $expired
             WHEN s.a4s_stale_at IS NOT NULL AND s.a4s_stale_at <= $now THEN $stale
             ELSE s.freshness_status END AS target
WHERE target <> s.freshness_status
RETURN s.uuid AS uuid, s.group_id AS group_id, target LIMIT $batch
"""
_DUE: Final = _DUE_FILTER + _TARGET
# The operator's sweep finds what is due with two range seeks that stop at $now (graph_schema/011):
# live entries past their expiry, fresh ones past their staleness time. Through (kind,
# freshness_status) it read every live entry with a TTL, of every agent, each batch.
_EVERY_DUE: Final = (
    """
CALL () {
  MATCH (s:A4SStatus) USING INDEX SEEK s:A4SStatus(freshness_status, expires_at)
  WHERE s.freshness_status IN $live AND s.expires_at <= $now
  RETURN s
  UNION
  MATCH (s:A4SStatus) USING INDEX SEEK s:A4SStatus(freshness_status, a4s_stale_at)
  WHERE s.freshness_status = $fresh AND s.a4s_stale_at <= $now
  RETURN s
}
WITH s WHERE s.kind = 'episode'"""
    + _DUE_FILTER
    + _TARGET
)
_MOVE = """
UNWIND $rows AS row
MATCH (s:A4SStatus {uuid: row.uuid}) WHERE s.freshness_status IN $live
  AND s.freshness_status <> row.target
SET s.freshness_status = row.target, s.updated_at = $now
SET s.a4s_archived_at = CASE WHEN row.target = $expired THEN $now ELSE s.a4s_archived_at END
RETURN s.uuid AS uuid, s.group_id AS group_id, row.target AS target
"""
_DEPENDENTS = """
UNWIND $uuids AS id
OPTIONAL MATCH (:Episodic {uuid: id})-[:MENTIONS]->(n:Entity)
WITH id, collect(DISTINCT n.uuid) AS entities
OPTIONAL MATCH ()-[e:RELATES_TO]->() WHERE e.group_id = $group_id AND id IN coalesce(e.episodes, [])
RETURN entities, collect(DISTINCT e.uuid) AS edges
"""
_PURGEABLE: Final = """
  AND s.freshness_status = $expired AND s.expires_at <= $purge_before
RETURN s.uuid AS uuid, s.group_id AS group_id LIMIT $batch
"""
_EVERY_PURGEABLE: Final = (
    """
MATCH (s:A4SStatus) USING INDEX SEEK s:A4SStatus(freshness_status, expires_at)
WHERE s.kind = 'episode'"""
    + _PURGEABLE
)
_ORPHANS: Final = """
  AND s.state = 'pending' AND s.created_at < $orphan_before
RETURN s.uuid AS uuid, s.group_id AS group_id LIMIT $batch
"""
# The operator's sweep seeks the (state, created_at) index (graph_schema/010): pending entries are
# the few in flight, where every agent's ledger was read before.
_EVERY_ORPHAN: Final = (
    """
MATCH (s:A4SStatus) USING INDEX SEEK s:A4SStatus(state, created_at)
WHERE s.kind = 'episode'"""
    + _ORPHANS
)


async def _restamp_groups(tx: AsyncManagedTransaction, moved: list[dict[str, Any]]) -> None:
    by_group: dict[str, list[str]] = defaultdict(list)
    for row in moved:
        by_group[str(row["group_id"])].append(str(row["uuid"]))
    for group_id, uuids in by_group.items():
        entities: set[str] = set()
        edges: set[str] = set()
        for rec in await run_in_tx(tx, _DEPENDENTS, {"uuids": uuids, "group_id": group_id}):
            entities.update(rec["entities"])
            edges.update(rec["edges"])
        await restamp(tx, group_id, episodes=uuids, entities=entities, edges=edges)


async def _batch_tx(
    tx: AsyncManagedTransaction, audit: AuditLog, now: datetime, groups: list[str] | None
) -> Counter[tuple[str, str]]:
    await run_in_tx(tx, _LOCK, {"now": now})
    every = groups is None
    params = {"now": now, "groups": groups, "batch": BATCH, **_FRESHNESS}
    due_query = _EVERY_DUE if every else _SPACE_EPISODES + _DUE
    due = [dict(r) for r in await run_in_tx(tx, due_query, params)]
    moved = [dict(r) for r in await run_in_tx(tx, _MOVE, {"rows": due, "now": now, **_FRESHNESS})]
    await _restamp_groups(tx, moved)
    counts: Counter[tuple[str, str]] = Counter(
        (parse_group_id(str(r["group_id"])).agent_id, str(r["target"])) for r in moved
    )
    purge = await run_in_tx(
        tx,
        _EVERY_PURGEABLE if every else _SPACE_EPISODES + _PURGEABLE,
        {"purge_before": now - ARCHIVE_RETENTION, "groups": groups, "batch": BATCH, **_FRESHNESS},
    )
    for row in purge:
        report = await remove_episode_tx(tx, str(row["group_id"]), str(row["uuid"]))
        if report.found:
            counts[(parse_group_id(str(row["group_id"])).agent_id, "purged")] += 1
    orphans = await run_in_tx(
        tx,
        _EVERY_ORPHAN if every else _SPACE_EPISODES + _ORPHANS,
        {"orphan_before": now - ORPHAN_AGE, "groups": groups, "batch": BATCH},
    )
    for row in orphans:
        await remove_episode_tx(tx, str(row["group_id"]), str(row["uuid"]))
        counts[(parse_group_id(str(row["group_id"])).agent_id, "orphaned")] += 1
    for agent_id in sorted({agent for agent, _ in counts}):
        details = {kind: n for (agent, kind), n in counts.items() if agent == agent_id}
        details["sweep_clock_epoch"] = int(now.timestamp())
        await audit.append_tx(
            tx,
            AuditDraft(
                agent_id=agent_id,
                action=AuditAction.TTL_TRANSITION,
                requester_id="a4s-sweeper",
                count=sum(n for (agent, _), n in counts.items() if agent == agent_id),
                details=details,
            ),
        )
    return counts


async def sweep(
    store: Neo4jStore, audit: AuditLog, now: datetime, groups: list[str] | None = None
) -> SweepReport:
    """Run batches until nothing is due. ``groups`` narrows it to some spaces (tests)."""
    if now.tzinfo is None:
        raise ValueError("now must be timezone-aware")
    report = SweepReport(now=now)
    agents: set[str] = set()
    while True:
        counts: Counter[tuple[str, str]] = await store.write_transaction(
            _batch_tx, audit, now, groups
        )
        if not counts:
            break
        for (agent, kind), n in counts.items():
            agents.add(agent)
            if kind == "stale":
                report.staled += n
            elif kind == "expired":
                report.expired += n
            elif kind == "orphaned":
                report.orphans_removed += n
            else:
                report.purged += n
    report.agents = sorted(agents)
    return report
