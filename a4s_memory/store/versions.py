"""Versions of structured items (G3) and "the latest write of a key wins".

What a *change to a structured item* is: a write with the same agent space (group_id = agent +
visibility), the same the memory contract category and the same key as an earlier write. The item id is
``sha256(group_id | category | key)``; every write of it (and every rollback) becomes version
N+1 with the G3 metadata ``{version, timestamp, agent_id, content_hash, validation_score}`` plus
``pinned``, the episode that holds it (``memory_id``) and a status snapshot. Free-text episodes
are not versioned (each is its own memory).

All of it runs in the ingestion's commit transaction (:data:`Finalizer`):

1. the item node is write-locked (serialises writers of one item);
2. the previous current version's ledger status is snapshotted onto its version node and its
   episode becomes ``superseded`` (so only the current value is retrievable);
3. the new fact edge is made the valid one: Graphiti may have merged the new fact into an old,
   invalidated edge with the same text (offline dedupe), so we clear that edge's invalidation and
   invalidate every other edge of the same (subject, category, key);
4. a rollback restores the snapshot status onto the new episode's ledger entry;
5. beyond 10 versions the oldest non-pinned ones are compacted (version node and its episode).
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from typing import Any, Final

from neo4j import AsyncManagedTransaction
from pydantic import BaseModel, ConfigDict, Field

from a4s_memory.audit.events import content_hash, iso_ms
from a4s_memory.contract import SecurityStatus, TruthStatus
from a4s_memory.models_lifecycle import VersionView
from a4s_memory.status import MemoryStatus, most_severe
from a4s_memory.store.db import Neo4jStore, run_in_tx
from a4s_memory.store.ingest import CommitContext, StampTargets
from a4s_memory.store.ingest_remove import remove_episode_tx

__all__ = [
    "MAX_VERSIONS",
    "VersionOutcome",
    "VersionSpec",
    "episode_content",
    "item_id",
    "item_of",
    "ledger_entry",
    "list_versions",
    "record_version_tx",
    "snapshot_json",
    "status_from_snapshot",
    "version_record",
]

MAX_VERSIONS: Final = 10
_SNAPSHOT_AXES: Final = (
    "truth_status",
    "retrieval_status",
    "security_status",
    "freshness_status",
    "sensitivity",
)


def item_id(group_id: str, category: str, key: str) -> str:
    raw = f"{group_id}\x1f{category}\x1f{key}".encode()
    return "item-" + hashlib.sha256(raw).hexdigest()[:32]


def snapshot_json(entry: dict[str, Any]) -> str:
    return json.dumps({k: entry.get(k) for k in _SNAPSHOT_AXES}, sort_keys=True)


def status_from_snapshot(snapshot: str) -> MemoryStatus:
    return MemoryStatus.from_properties(json.loads(snapshot))


class VersionSpec(BaseModel):
    model_config = ConfigDict(frozen=True)

    agent_id: str
    category: str
    key: str
    value: str  # the redacted value: what rollback restores
    written_by: str
    validation_score: float
    pinned: bool = False
    restore_status: MemoryStatus | None = None  # rollback only
    now: datetime


class VersionOutcome(BaseModel):
    item_id: str
    version_before: int
    version_after: int
    compacted: list[int] = Field(default_factory=list)


# Lock the item (the SET takes the write lock), then read the current version's ledger entry.
_LOCK_ITEM = """
MERGE (i:A4SItem {item_id: $item_id})
ON CREATE SET i.group_id = $group_id, i.category = $category, i.key = $key, i.current_version = 0
SET i.touched_at = $now
WITH i
OPTIONAL MATCH (s:A4SStatus {uuid: i.current_memory_id})
RETURN i.current_version AS current, i.current_memory_id AS memory_id, properties(s) AS entry
"""
_ENTRY = "MATCH (s:A4SStatus {uuid: $uuid}) RETURN properties(s) AS entry"
# Snapshot the previous version's status, supersede its episode and name what it supports (to be
# re-stamped), in one statement.
_SUPERSEDE = """
CALL () {
  MATCH (v:A4SVersion {item_id: $item_id, version: $version}) SET v.status_json = $snapshot
}
CALL () {
  MATCH (s:A4SStatus {uuid: $uuid}) WHERE s.kind = 'episode'
  SET s.truth_status = $superseded, s.updated_at = $now
}
OPTIONAL MATCH (:Episodic {uuid: $uuid})-[:MENTIONS]->(n:Entity)
WITH collect(DISTINCT n.uuid) AS entities
OPTIONAL MATCH ()-[e:RELATES_TO]->()
WHERE e.group_id = $group_id AND $uuid IN coalesce(e.episodes, [])
RETURN entities, collect(DISTINCT e.uuid) AS edges
"""
_LATEST_WINS = """
MATCH (src:Entity)-[cur:RELATES_TO]->(dst:Entity)
WHERE cur.group_id = $group_id AND $uuid IN coalesce(cur.episodes, []) AND cur.name = $category
SET cur.invalid_at = null, cur.expired_at = null
WITH src, dst, cur
OPTIONAL MATCH (src)-[o:RELATES_TO]->(dst)
WHERE o.group_id = $group_id AND o.name = cur.name AND o.uuid <> cur.uuid
SET o.invalid_at = coalesce(o.invalid_at, $now), o.expired_at = coalesce(o.expired_at, $now)
RETURN collect(DISTINCT cur.uuid) + collect(DISTINCT o.uuid) AS edges
"""
_RESTORE = """
MATCH (s:A4SStatus {uuid: $uuid}) WHERE s.kind = 'episode' SET s += $axes
"""
# Create the version, move the item to it, then list what compaction may drop (one statement).
# `v.version IS NOT NULL` (always true) lets Neo4j find an item's versions through the
# (item_id, version) uniqueness index: it reads a composite index only with a predicate on each
# property, and scanned every agent's versions without it (here and in _VERSIONS).
_CREATE_VERSION = """
CALL () {
  CREATE (v:A4SVersion) SET v = $props
  WITH v
  MATCH (i:A4SItem {item_id: $props.item_id})
  SET i.current_version = $props.version, i.current_memory_id = $props.memory_id
}
MATCH (v:A4SVersion {item_id: $item_id}) WHERE v.version IS NOT NULL
WITH v ORDER BY v.version
WITH collect(v) AS versions
WITH versions, size(versions) - $max AS excess
UNWIND versions AS v
WITH v, excess WHERE excess > 0 AND NOT coalesce(v.pinned, false) AND v.version < $current
RETURN v.version AS version, v.memory_id AS memory_id, excess ORDER BY v.version
"""
_DROP_VERSION = "MATCH (v:A4SVersion {item_id: $item_id, version: $version}) DELETE v"


def _no_safer_than(restore: MemoryStatus, current: dict[str, Any]) -> MemoryStatus:
    """A rollback restores content, never a safer security status than the item has now: a
    quarantine (an admin's included) survives it; only a transition can lift one."""
    raw = current.get("security_status")
    if raw is None:
        return restore
    try:
        now_security = SecurityStatus(raw)
    except ValueError:
        now_security = SecurityStatus.QUARANTINED  # unreadable: fail closed
    return restore.model_copy(update={"security": most_severe(restore.security, now_security)})


async def record_version_tx(
    tx: AsyncManagedTransaction, ctx: CommitContext, spec: VersionSpec
) -> tuple[VersionOutcome, StampTargets]:
    """Steps 1-5 of the module docstring, inside the commit transaction ``tx``; returns what must
    be re-stamped (the caller re-stamps it once, with the ingestion's own elements)."""
    group, ep, now = ctx.group_id, ctx.episode_uuid, spec.now
    iid = item_id(group, spec.category, spec.key)
    head = (
        await run_in_tx(
            tx,
            _LOCK_ITEM,
            {
                "item_id": iid,
                "group_id": group,
                "category": spec.category,
                "key": spec.key,
                "now": now,
            },
        )
    )[0]
    current, previous = int(head["current"] or 0), head["memory_id"]
    targets = StampTargets(episodes={ep})
    previous_entry: dict[str, Any] = {}
    if previous and previous != ep and head["entry"] is not None:
        previous_entry = dict(head["entry"])
        rows = await run_in_tx(
            tx,
            _SUPERSEDE,
            {
                "item_id": iid,
                "version": current,
                "snapshot": snapshot_json(previous_entry),
                "uuid": previous,
                "now": now,
                "superseded": TruthStatus.SUPERSEDED.value,
                "group_id": group,
            },
        )
        targets.episodes.add(previous)
        targets.entities.update(str(u) for u in rows[0]["entities"])
        targets.edges.update(str(u) for u in rows[0]["edges"])
    latest = await run_in_tx(
        tx, _LATEST_WINS, {"uuid": ep, "group_id": group, "now": now, "category": spec.category}
    )
    targets.edges.update(str(u) for u in (latest[0]["edges"] if latest else []) if u)
    entry = dict(ctx.entry) if ctx.entry is not None else None
    if spec.restore_status is not None:
        restored = _no_safer_than(spec.restore_status, previous_entry)
        axes = {k: v for k, v in restored.to_properties().items() if k != "expires_at"}
        await run_in_tx(tx, _RESTORE, {"uuid": ep, "axes": axes})
        entry = None  # re-read below: the restore changed it
    if entry is None:
        entry = dict((await run_in_tx(tx, _ENTRY, {"uuid": ep}))[0]["entry"])
    else:
        targets.episodes.discard(ep)  # stamped by the commit statement from this same entry
    props = {
        "item_id": iid,
        "version": current + 1,
        "memory_id": ep,
        "group_id": group,
        "timestamp": iso_ms(now),
        "agent_id": spec.agent_id,
        "written_by": spec.written_by,
        "category": spec.category,
        "key": spec.key,
        "content": spec.value,
        "content_hash": content_hash(spec.value),
        "validation_score": spec.validation_score,
        "pinned": spec.pinned,
        "status_json": snapshot_json(entry),
    }
    rows = await run_in_tx(
        tx,
        _CREATE_VERSION,
        {
            "props": props,
            "item_id": iid,
            "max": MAX_VERSIONS,
            "current": current + 1,
        },
    )
    compacted: list[int] = []
    for row in rows[: int(rows[0]["excess"])] if rows else []:
        await run_in_tx(tx, _DROP_VERSION, {"item_id": iid, "version": row["version"]})
        removal = await remove_episode_tx(tx, group, str(row["memory_id"]))
        targets.episodes.discard(str(row["memory_id"]))
        targets.edges.difference_update(removal.deleted_edges)
        targets.entities.difference_update(removal.deleted_entities)
        compacted.append(int(row["version"]))
    outcome = VersionOutcome(
        item_id=iid, version_before=current, version_after=current + 1, compacted=compacted
    )
    return outcome, targets


# Reads for listing and rolling back versions.
_ITEM_OF: Final = "MATCH (v:A4SVersion {memory_id: $uuid}) RETURN v.item_id AS item_id LIMIT 1"
_VERSIONS: Final = """
MATCH (v:A4SVersion {item_id: $item_id}) WHERE v.version IS NOT NULL
OPTIONAL MATCH (i:A4SItem {item_id: $item_id})
RETURN properties(v) AS v, i.current_version AS current ORDER BY v.version
"""
_VERSION: Final = (
    "MATCH (v:A4SVersion {item_id: $item_id, version: $version}) RETURN properties(v) AS v"
)
_STORED: Final = "MATCH (ep:Episodic {uuid: $uuid}) RETURN ep.content AS content"


async def item_of(store: Neo4jStore, memory_id: str) -> str | None:
    """The item a memory is a version of; None for a free-text memory."""
    rows = await store.execute(_ITEM_OF, {"uuid": memory_id})
    return str(rows[0]["item_id"]) if rows else None


async def list_versions(store: Neo4jStore, memory_id: str) -> list[VersionView]:
    item = await item_of(store, memory_id)
    if item is None:
        return []
    out = []
    for row in await store.execute(_VERSIONS, {"item_id": item}):
        v = dict(row["v"])
        out.append(
            VersionView(
                version=int(v["version"]),
                timestamp=str(v["timestamp"]),
                agent_id=str(v["agent_id"]),
                content_hash=str(v["content_hash"]),
                validation_score=float(v["validation_score"]),
                pinned=bool(v.get("pinned")),
                memory_id=str(v["memory_id"]),
                written_by=v.get("written_by"),
                current=row["current"] == v["version"],
                status=status_from_snapshot(str(v["status_json"]))
                if v.get("status_json")
                else None,
            )
        )
    return out


async def version_record(store: Neo4jStore, item: str, version: int) -> dict[str, Any] | None:
    rows = await store.execute(_VERSION, {"item_id": item, "version": version})
    return dict(rows[0]["v"]) if rows else None


async def ledger_entry(store: Neo4jStore, uuid: str) -> dict[str, Any]:
    """The element's ledger entry ({} when it has none)."""
    rows = await store.execute(_ENTRY, {"uuid": uuid})
    return dict(rows[0]["entry"]) if rows and rows[0]["entry"] else {}


async def episode_content(store: Neo4jStore, uuid: str) -> str | None:
    rows = await store.execute(_STORED, {"uuid": uuid})
    return str(rows[0]["content"]) if rows and rows[0]["content"] is not None else None
