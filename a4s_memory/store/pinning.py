"""Pinning (G6 and G3): a pinned memory has no TTL and its version is exempt from
compaction; unpinning restarts its TTL from the TTL table. One transaction with its audit event.
"""

from __future__ import annotations

from dataclasses import dataclass

from neo4j import AsyncManagedTransaction

from a4s_memory.audit.events import AuditAction, AuditDraft
from a4s_memory.contract import FreshnessStatus, TTLClass
from a4s_memory.errors import InvalidRequest, NotFound
from a4s_memory.store.audit_log import AuditLog
from a4s_memory.store.db import Neo4jStore, run_in_tx
from a4s_memory.store.ledger import ElementKind, episode_dependents, now_utc, restamp
from a4s_memory.store.transitions import ElementRef, episode_entry, set_episode_entry
from a4s_memory.ttl import Tier, deadlines, ttl_for

__all__ = ["PinRequest", "set_pinned"]

_PIN_VERSION = "MATCH (v:A4SVersion {memory_id: $uuid}) SET v.pinned = $pinned"


@dataclass(frozen=True, slots=True)
class PinRequest:
    requester_id: str
    pinned: bool


async def set_pinned(
    store: Neo4jStore, audit: AuditLog, ref: ElementRef, request: PinRequest
) -> None:
    requester, pinned = request.requester_id, request.pinned
    if ref.kind is not ElementKind.EPISODE:
        raise InvalidRequest("only a memory (an episode) can be pinned")

    async def work(tx: AsyncManagedTransaction) -> None:
        entry = await episode_entry(tx, ref.uuid)
        if entry is None:
            raise NotFound("no such memory")
        tier = Tier(str(entry.get("a4s_tier") or Tier.EPISODIC.value))
        ttl_class = TTLClass(entry["a4s_ttl_class"]) if entry.get("a4s_ttl_class") else None
        limits = deadlines(now_utc(), ttl_for(tier, ttl_class, pinned=pinned))
        fields = {
            "a4s_pinned": pinned,
            "expires_at": limits.expires_at,
            "a4s_stale_at": limits.stale_at,
            "a4s_ttl_seconds": limits.ttl_seconds,
            "freshness_status": FreshnessStatus.FRESH.value,
            "updated_at": now_utc(),
        }
        await set_episode_entry(tx, ref.uuid, fields)
        await run_in_tx(tx, _PIN_VERSION, {"uuid": ref.uuid, "pinned": pinned})
        entities, edges = await episode_dependents(tx, ref.uuid, ref.group_id)
        await restamp(tx, ref.group_id, episodes=[ref.uuid], entities=entities, edges=edges)
        await audit.append_tx(
            tx,
            AuditDraft(
                agent_id=ref.space.agent_id,
                action=AuditAction.PIN,
                requester_id=requester,
                memory_id=ref.uuid,
                details={"pinned": int(pinned)},
            ),
        )

    await store.write_transaction(work)
