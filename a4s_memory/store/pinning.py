"""Pinning (seed 000 G6 and G3): a pinned memory has no TTL and its version is exempt from
compaction; unpinning restarts its TTL from the TTL table. One transaction with its audit event.
"""

from __future__ import annotations

from dataclasses import dataclass

from neo4j import AsyncManagedTransaction

from a4s_memory.audit.events import AuditAction, AuditDraft
from a4s_memory.contract import TTLClass
from a4s_memory.errors import InvalidRequest, NotFound
from a4s_memory.store.audit_log import AuditLog
from a4s_memory.store.db import Neo4jStore, run_in_tx
from a4s_memory.store.ledger import ElementKind, episode_dependents, now_utc, restamp
from a4s_memory.store.transitions import ElementRef
from a4s_memory.ttl import Tier, deadlines, ttl_for

__all__ = ["PinRequest", "set_pinned"]

_ENTRY = "MATCH (s:A4SStatus {uuid: $uuid}) WHERE s.kind = 'episode' RETURN properties(s) AS e"
_SET = """
MATCH (s:A4SStatus {uuid: $uuid}) SET s += $fields
WITH s
OPTIONAL MATCH (v:A4SVersion {memory_id: $uuid}) SET v.pinned = $pinned
"""


@dataclass(frozen=True, slots=True)
class PinRequest:
    requester_id: str
    pinned: bool


async def set_pinned(store: Neo4jStore, audit: AuditLog, ref: ElementRef, request: PinRequest) -> None:
    requester, pinned = request.requester_id, request.pinned
    if ref.kind is not ElementKind.EPISODE:
        raise InvalidRequest("only a memory (an episode) can be pinned")

    async def work(tx: AsyncManagedTransaction) -> None:
        rows = await run_in_tx(tx, _ENTRY, {"uuid": ref.uuid})
        if not rows or rows[0]["e"] is None:
            raise NotFound("no such memory")
        entry = dict(rows[0]["e"])
        tier = Tier(str(entry.get("a4s_tier") or Tier.EPISODIC.value))
        ttl_class = TTLClass(entry["a4s_ttl_class"]) if entry.get("a4s_ttl_class") else None
        limits = deadlines(now_utc(), ttl_for(tier, ttl_class, pinned=pinned))
        fields = {"a4s_pinned": pinned, "expires_at": limits.expires_at,
                  "a4s_stale_at": limits.stale_at, "a4s_ttl_seconds": limits.ttl_seconds,
                  "freshness_status": "fresh", "updated_at": now_utc()}  # fmt: skip
        await run_in_tx(tx, _SET, {"uuid": ref.uuid, "fields": fields, "pinned": pinned})
        entities, edges = await episode_dependents(tx, ref.uuid, ref.group_id)
        await restamp(tx, ref.group_id, episodes=[ref.uuid], entities=entities, edges=edges)
        await audit.append_tx(tx, AuditDraft(
            agent_id=ref.space.agent_id, action=AuditAction.PIN, requester_id=requester,
            memory_id=ref.uuid, details={"pinned": int(pinned)},
        ))  # fmt: skip

    await store.write_transaction(work)
