"""Status transitions (the poisoning model): promote, quarantine, contradict, supersede, and episode removal.

Every transition is one write transaction that changes the LEDGER (never only the graph element,
which Graphiti may overwrite) and then re-stamps what depends on it:

* on an episode: its ledger entry changes, and every entity it mentions and every edge it supports
  is re-derived (so quarantining one episode quarantines the facts only it supports, and leaves
  facts other clean episodes support alone);
* on an entity or edge: an override is recorded for that element only.

Access is decided by the caller (MemoryManager via ``registry.authorize``); this module checks the
evidence rule of the poisoning model "no self-promotion" once more, so no other caller can skip it.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any, Final

from neo4j import AsyncManagedTransaction
from pydantic import BaseModel, ConfigDict

from a4s_memory.contract import SecurityStatus, TruthStatus
from a4s_memory.errors import AccessDenied, InvalidRequest, NotFound
from a4s_memory.spaces import Space, parse_group_id
from a4s_memory.status import MemoryStatus
from a4s_memory.store.db import Neo4jStore, run_in_tx
from a4s_memory.store.ingest_remove import RemovalHook, RemovalReport, remove_episode
from a4s_memory.store.ledger import (
    ElementKind,
    StampReport,
    episode_dependents,
    evidence_json,
    now_utc,
    restamp,
)
from a4s_memory.ttl import STALE_FRACTION
from a4s_memory.types import Evidence

__all__ = [
    "ElementRef",
    "TxHook",
    "check_evidence",
    "contradict",
    "delete_episode",
    "episode_entry",
    "locate",
    "promote",
    "quarantine",
    "set_episode_entry",
    "supersede",
]

logger = logging.getLogger(__name__)

# Runs inside a transition's transaction after it (the audit event): both commit or neither.
TxHook = Callable[[AsyncManagedTransaction], Awaitable[str | None]]


class ElementRef(BaseModel):
    model_config = ConfigDict(frozen=True)

    uuid: str
    kind: ElementKind
    group_id: str

    @property
    def space(self) -> Space:
        return parse_group_id(self.group_id)


_LOCATE = """
CALL () {
  MATCH (n:Episodic {uuid: $uuid}) RETURN 'episode' AS kind, n.group_id AS group_id
  UNION
  MATCH (n:Entity {uuid: $uuid}) RETURN 'entity' AS kind, n.group_id AS group_id
  UNION
  MATCH ()-[e:RELATES_TO {uuid: $uuid}]->() RETURN 'edge' AS kind, e.group_id AS group_id
}
RETURN kind, group_id LIMIT 1
"""
_EPISODE_ENTRY = (
    "MATCH (s:A4SStatus {uuid: $uuid}) WHERE s.kind = 'episode' RETURN properties(s) AS entry"
)
_SET_EPISODE = "MATCH (s:A4SStatus {uuid: $uuid}) WHERE s.kind = 'episode' SET s += $fields"
_SET_OVERRIDE = """
MERGE (s:A4SStatus {uuid: $uuid})
ON CREATE SET s.kind = $kind, s.group_id = $group_id, s.state = 'committed', s.created_at = $now
SET s += $fields
RETURN s.a4s_evidence AS evidence
"""
_INVALIDATE_EDGE = """
MATCH ()-[e:RELATES_TO {uuid: $uuid}]->()
SET e.invalid_at = coalesce(e.invalid_at, $now), e.expired_at = coalesce(e.expired_at, $now)
"""
# Ledger fields a transition may write (an allow-list: keys reach Cypher only through `+=`).
_EPISODE_FIELDS: Final = frozenset(
    {
        "truth_status",
        "security_status",
        "a4s_evidence",
        "updated_at",
        "freshness_status",
        "expires_at",
        "a4s_stale_at",
    }
)
_OVERRIDE_FIELDS: Final = frozenset(
    {"override_truth", "override_security", "a4s_evidence", "updated_at"}
)


async def locate(store: Neo4jStore, uuid: str) -> ElementRef:
    """Find an element by uuid; NotFound when it does not exist or lives outside agent spaces."""
    rows = await store.read(_LOCATE, {"uuid": uuid})
    if not rows or rows[0]["group_id"] is None:
        raise NotFound("no such memory")
    try:
        parse_group_id(str(rows[0]["group_id"]))
    except InvalidRequest:
        raise NotFound("no such memory") from None
    return ElementRef(
        uuid=uuid, kind=ElementKind(rows[0]["kind"]), group_id=str(rows[0]["group_id"])
    )


class _Change(BaseModel):
    ref: ElementRef
    action: str
    actor: str
    ledger: dict[str, Any]  # the new values, named as in the episode ledger
    record: dict[str, Any]  # what goes into the evidence/reason log
    invalidate_edge: bool = False
    refresh_ttl: bool = False  # a re-confirmation restarts the TTL clock (G6)
    hook: TxHook | None = None
    hook_result: str | None = None


def _refreshed(entry: dict[str, Any], now: Any) -> dict[str, Any]:
    ttl = entry.get("a4s_ttl_seconds")
    if ttl is None or entry.get("a4s_pinned"):
        return {}
    span = timedelta(seconds=float(ttl))
    return {
        "freshness_status": "fresh",
        "expires_at": now + span,
        "a4s_stale_at": now + span * STALE_FRACTION,
    }


async def _apply_tx(tx: AsyncManagedTransaction, change: _Change) -> StampReport:
    report = await _change_tx(tx, change)
    if change.hook is not None:
        change.hook_result = await change.hook(tx)
    return report


async def episode_entry(tx: AsyncManagedTransaction, uuid: str) -> dict[str, Any] | None:
    """An episode's ledger entry (None when it has none)."""
    rows = await run_in_tx(tx, _EPISODE_ENTRY, {"uuid": uuid})
    return dict(rows[0]["entry"]) if rows and rows[0]["entry"] is not None else None


async def set_episode_entry(tx: AsyncManagedTransaction, uuid: str, fields: dict[str, Any]) -> None:
    """Merge ``fields`` (names chosen by this package, never by a request) into the entry."""
    await run_in_tx(tx, _SET_EPISODE, {"uuid": uuid, "fields": fields})


async def _change_tx(tx: AsyncManagedTransaction, change: _Change) -> StampReport:
    ref, now = change.ref, now_utc()
    log_item = {**change.record, "action": change.action, "by": change.actor, "at": now.isoformat()}
    if ref.kind is ElementKind.EPISODE:
        entry = await episode_entry(tx, ref.uuid)
        if entry is None or entry.get("state") != "committed":
            raise NotFound("no such memory")
        fields = {**change.ledger, "updated_at": now}
        if change.refresh_ttl:
            fields.update(_refreshed(entry, now))
        fields["a4s_evidence"] = evidence_json(entry.get("a4s_evidence"), log_item)
        await set_episode_entry(tx, ref.uuid, _allowed(fields, _EPISODE_FIELDS))
        entities, edges = await episode_dependents(tx, ref.uuid, ref.group_id)
        return await restamp(tx, ref.group_id, episodes=[ref.uuid], entities=entities, edges=edges)
    fields = {f"override_{k.removesuffix('_status')}": v for k, v in change.ledger.items()}
    fields["updated_at"] = now
    params = {"uuid": ref.uuid, "kind": ref.kind.value, "group_id": ref.group_id, "now": now}
    existing = await run_in_tx(
        tx, _SET_OVERRIDE, {**params, "fields": _allowed(fields, _OVERRIDE_FIELDS)}
    )
    log = evidence_json(existing[0]["evidence"] if existing else None, log_item)
    await run_in_tx(tx, _SET_OVERRIDE, {**params, "fields": {"a4s_evidence": log}})
    if change.invalidate_edge and ref.kind is ElementKind.EDGE:
        await run_in_tx(tx, _INVALIDATE_EDGE, {"uuid": ref.uuid, "now": now})
    if ref.kind is ElementKind.EDGE:
        return await restamp(tx, ref.group_id, edges=[ref.uuid])
    return await restamp(tx, ref.group_id, entities=[ref.uuid])


def _allowed(fields: dict[str, Any], allowed: frozenset[str]) -> dict[str, Any]:
    unknown = set(fields) - allowed
    if unknown:
        raise ValueError("transition tried to write a ledger field outside the allow-list")
    return fields


async def _apply(store: Neo4jStore, change: _Change) -> MemoryStatus:
    report: StampReport = await store.write_transaction(_apply_tx, change)
    status = report.statuses.get(change.ref.uuid)
    logger.info("%s on %s %s by requester", change.action, change.ref.kind.value, change.ref.uuid)
    if status is None:
        # Nothing committed supports it any more: it is (and stays) invisible.
        raise NotFound("the memory has no supporting episode left")
    return status


async def promote(
    store: Neo4jStore,
    ref: ElementRef,
    evidence: Evidence | dict[str, Any],
    actor: str,
    hook: TxHook | None = None,
) -> MemoryStatus:
    """truth -> supported, with the evidence recorded. Security is untouched: a quarantined
    element stays quarantined (and unreturnable) after promotion. Seed 004 "no self-promotion":
    a principal that wrote any episode behind the element cannot be its evidence."""
    checked = check_evidence(evidence, ref)
    await _refuse_self_promotion(store, ref, actor)
    change = _Change(
        ref=ref,
        action="promote",
        actor=actor,
        ledger={"truth_status": TruthStatus.SUPPORTED.value},
        record={"evidence_kind": checked.kind.value, "evidence_ref": checked.ref},
        refresh_ttl=True,
        hook=hook,
    )
    return await _apply(store, change)


_WRITERS = """
CALL () {
  MATCH (s:A4SStatus {uuid: $uuid}) WHERE s.kind = 'episode' RETURN s.a4s_written_by AS writer
  UNION
  MATCH (ep:Episodic)-[:MENTIONS]->(:Entity {uuid: $uuid})
  MATCH (s:A4SStatus {uuid: ep.uuid}) RETURN s.a4s_written_by AS writer
  UNION
  MATCH ()-[e:RELATES_TO {uuid: $uuid}]->() UNWIND coalesce(e.episodes, []) AS ep
  MATCH (s:A4SStatus {uuid: ep}) RETURN s.a4s_written_by AS writer
}
RETURN collect(writer) AS writers, count(*) AS supporters
"""


async def _refuse_self_promotion(store: Neo4jStore, ref: ElementRef, actor: str) -> None:
    """The promoter must be a second principal: not the writer of any supporting episode, and an
    element whose writers are unknown cannot be vouched for at all (fail closed)."""
    rows = await store.read(_WRITERS, {"uuid": ref.uuid})
    writers = {str(w) for w in rows[0]["writers"]} if rows else set()
    supporters = int(rows[0]["supporters"]) if rows else 0
    if actor in writers or len(writers) < supporters or not writers:
        raise AccessDenied(
            "self-promotion refused: a principal cannot be its own evidence",
            suggestion="ask an admin or another principal to confirm it (the poisoning model, no "
            "self-promotion); the confirmation is recorded in the audit log",
        )


def check_evidence(evidence: Evidence | dict[str, Any], ref: ElementRef) -> Evidence:
    try:
        checked = evidence if isinstance(evidence, Evidence) else Evidence.model_validate(evidence)
    except ValueError:
        raise InvalidRequest(
            "promotion needs evidence {kind: user_confirmation | probe | policy, ref}",
            suggestion="an agent's own inference or apparent success never promotes a memory",
        ) from None
    if checked.ref == ref.uuid:
        raise InvalidRequest("a memory cannot be its own evidence")
    return checked


async def quarantine(
    store: Neo4jStore, ref: ElementRef, reason: str, actor: str, hook: TxHook | None = None
) -> MemoryStatus:
    """security -> quarantined; truth unchanged; the reason is recorded."""
    change = _Change(
        ref=ref,
        action="quarantine",
        actor=actor,
        ledger={"security_status": SecurityStatus.QUARANTINED.value},
        record={"reason": _reason(reason)},
        hook=hook,
    )
    return await _apply(store, change)


async def contradict(
    store: Neo4jStore, ref: ElementRef, reason: str, actor: str, hook: TxHook | None = None
) -> MemoryStatus:
    """truth -> contradicted; an edge is also invalidated in Graphiti's temporal model."""
    change = _retirement(ref, TruthStatus.CONTRADICTED, {"reason": _reason(reason)}, actor)
    return await _apply(store, change.model_copy(update={"hook": hook}))


async def supersede(
    store: Neo4jStore,
    ref: ElementRef,
    superseded_by: str | None,
    actor: str,
    hook: TxHook | None = None,
) -> MemoryStatus:
    """truth -> superseded (by ``superseded_by`` when given); an edge is also invalidated."""
    change = _retirement(ref, TruthStatus.SUPERSEDED, {"superseded_by": superseded_by}, actor)
    return await _apply(store, change.model_copy(update={"hook": hook}))


def _retirement(ref: ElementRef, truth: TruthStatus, record: dict[str, Any], actor: str) -> _Change:
    return _Change(
        ref=ref,
        action=truth.value,
        actor=actor,
        ledger={"truth_status": truth.value},
        record=record,
        invalidate_edge=True,
    )


def _reason(reason: str) -> str:
    text = (reason or "").strip()
    if not text or len(text) > 1024:
        raise InvalidRequest("a reason of 1-1024 characters is required")
    return text


async def delete_episode(
    store: Neo4jStore, ref: ElementRef, hook: RemovalHook | None = None
) -> RemovalReport:
    """Remove one episode and what only it supports (see :mod:`ingest_remove`)."""
    if ref.kind is not ElementKind.EPISODE:
        raise InvalidRequest(
            "only a memory (an episode) can be deleted; quarantine or contradict a fact instead"
        )
    report = await remove_episode(store, ref.group_id, ref.uuid, hook)
    if not report.found:
        raise NotFound("no such memory")
    return report
