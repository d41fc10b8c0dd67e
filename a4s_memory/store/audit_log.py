"""The audit log in Neo4j: append-only ``(:AuditEvent)`` nodes, hash-chained per agent.

Appending (:meth:`AuditLog.append_tx`) runs inside the CALLER's write transaction, so an event
and the change it describes commit together or not at all (the ingestion commit, a transition,
a deletion). The per-agent ``(:AuditHead {agent_id, seq, hash})`` node is write-locked first,
which serialises appends of one agent across processes; the ``(agent_id, seq)`` uniqueness
constraint (graph_schema/003) is the safety net, and :meth:`AuditLog.append` retries on it.
An event that describes no change (a search, a read, a rejection) is appended alone: one
auto-commit statement when this process knows the head, else a transaction of its own.

Retention (:meth:`AuditLog.prune`) deletes events older than the cut-off from the start of the
chain only and records the last deleted event's seq and hash on the head as the *anchor*, so the
surviving chain still verifies from there.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Final

from neo4j import AsyncManagedTransaction
from neo4j.exceptions import ConstraintError, Neo4jError

from a4s_memory.audit.events import (
    GENESIS_HASH,
    AuditDraft,
    AuditEventView,
    chain_hash,
    iso_ms,
    new_event_id,
)
from a4s_memory.models_lifecycle import AuditVerification
from a4s_memory.store.db import Neo4jStore, run_in_tx
from a4s_memory.store.ledger import now_utc

__all__ = ["DEFAULT_RETENTION_DAYS", "AuditLog", "deferred_appends", "verify_events"]

logger = logging.getLogger(__name__)

DEFAULT_RETENTION_DAYS: Final = 90
_APPEND_ATTEMPTS: Final = 5

# Lock the head (the SET takes the write lock) and only then read it: Neo4j's documented
# pattern against lost updates.
_LOCK_HEAD = """
MERGE (h:AuditHead {agent_id: $agent_id})
ON CREATE SET h.seq = 0, h.hash = $genesis
SET h.touched_at = $ts
WITH h
RETURN h.seq AS seq, h.hash AS hash
"""
# Compare-and-append in ONE round trip: lock the head, check it is where we think it is, write
# the event and move the head. No row back = the head moved (another process, or a rolled-back
# transaction of ours): re-read under the lock and retry once.
_APPEND = """
MATCH (h:AuditHead {agent_id: $agent_id})
SET h.touched_at = $props.timestamp
WITH h
WHERE h.seq = $props.seq - 1 AND h.hash = $props.prev_hash
CREATE (e:AuditEvent) SET e = $props
SET h.seq = $props.seq, h.hash = $props.hash
WITH e
OPTIONAL MATCH (a:Agent {agent_id: $agent_id})
FOREACH (_ IN CASE WHEN a IS NULL THEN [] ELSE [1] END | CREATE (e)-[:AUDIT_OF_AGENT]->(a))
WITH e
OPTIONAL MATCH (m:Episodic {uuid: $memory_id})
FOREACH (_ IN CASE WHEN m IS NULL THEN [] ELSE [1] END | CREATE (e)-[:AUDIT_OF_MEMORY]->(m))
RETURN e.event_id AS event_id
"""
# The events of one agent appended inside one transaction under :func:`deferred_appends` (a run
# of a batch's chat turns), in ONE statement: the compare-and-append of _APPEND for the whole
# chained segment (no row back = the head moved).
_APPEND_MANY = """
MATCH (h:AuditHead {agent_id: $agent_id})
SET h.touched_at = $last.timestamp
WITH h
WHERE h.seq = $first.seq - 1 AND h.hash = $first.prev_hash
UNWIND $events AS ev
CREATE (e:AuditEvent) SET e = ev.props
WITH h, e, ev
OPTIONAL MATCH (a:Agent {agent_id: $agent_id})
FOREACH (_ IN CASE WHEN a IS NULL THEN [] ELSE [1] END | CREATE (e)-[:AUDIT_OF_AGENT]->(a))
WITH h, e, ev
OPTIONAL MATCH (m:Episodic {uuid: ev.memory_id})
FOREACH (_ IN CASE WHEN m IS NULL THEN [] ELSE [1] END | CREATE (e)-[:AUDIT_OF_MEMORY]->(m))
WITH h, count(e) AS written
SET h.seq = $last.seq, h.hash = $last.hash
RETURN written
"""
# An agent's events are found through the (agent_id, seq) uniqueness constraint's index. Neo4j
# reads a composite index only with a predicate on each of its properties: without `e.seq IS NOT
# NULL` (always true: every event has its position) it scanned every agent's events.
_LIST = """
MATCH (e:AuditEvent {agent_id: $agent_id})
WHERE e.seq IS NOT NULL AND ($action IS NULL OR e.action = $action)
RETURN properties(e) AS p ORDER BY e.seq DESC LIMIT $last
"""
_SESSION = """
MATCH (e:AuditEvent {session_id: $session_id}) WHERE e.agent_id = $agent_id
RETURN properties(e) AS p ORDER BY e.seq
"""
_SESSION_REJECTIONS = """
MATCH (e:AuditEvent {session_id: $session_id})
WHERE e.requester_id = $requester_id AND e.action IN ['reject', 'poisoning_blocked']
RETURN count(e) AS n
"""
_ALL = """
MATCH (e:AuditEvent {agent_id: $agent_id}) WHERE e.seq IS NOT NULL
RETURN properties(e) AS p ORDER BY e.seq
"""
_HEAD = """
OPTIONAL MATCH (h:AuditHead {agent_id: $agent_id})
RETURN h.seq AS seq, h.hash AS hash, h.anchor_seq AS anchor_seq, h.anchor_hash AS anchor_hash
"""
_PRUNE = """
MATCH (e:AuditEvent {agent_id: $agent_id}) WHERE e.timestamp < $cutoff
WITH e ORDER BY e.seq
WITH collect(e) AS old
WITH old, [x IN old | x.seq] AS seqs
RETURN seqs, [x IN old | x.hash] AS hashes
"""
_DELETE_UPTO = """
MATCH (e:AuditEvent {agent_id: $agent_id}) WHERE e.seq <= $upto DETACH DELETE e
WITH count(*) AS n
MATCH (h:AuditHead {agent_id: $agent_id})
SET h.anchor_seq = $upto, h.anchor_hash = $anchor_hash, h.pruned_at = $ts
RETURN n
"""
# Elements of the agent its audit chain records as quarantined: a restore keeps them quarantined.
# Found from the elements' ids (forced: the planner sometimes sought AuditEvent(action), every
# agent's quarantine events).
_QUARANTINED = """
MATCH (e:AuditEvent) USING INDEX e:AuditEvent(memory_id)
WHERE e.memory_id IN $ids AND e.agent_id = $agent_id AND e.action = 'quarantine'
RETURN DISTINCT e.memory_id AS id
"""
_AGENTS = "MATCH (h:AuditHead) RETURN h.agent_id AS agent_id ORDER BY agent_id"


def verify_events(
    agent_id: str, events: list[dict[str, Any]], head: dict[str, Any] | None
) -> AuditVerification:
    """Check seq continuity, prev_hash links and every hash; pure (tests feed it lists)."""
    head = head or {}
    anchor_seq = int(head.get("anchor_seq") or 0)
    expected_prev = str(head.get("anchor_hash") or GENESIS_HASH)
    expected_seq = anchor_seq + 1
    problems: list[str] = []
    for props in events:
        seq = props.get("seq")
        if seq != expected_seq:
            problems.append(f"seq {seq}: expected seq {expected_seq} (missing or extra event)")
        if props.get("prev_hash") != expected_prev:
            problems.append(f"seq {seq}: prev_hash does not link to the previous event")
        if props.get("agent_id") != agent_id:
            problems.append(f"seq {seq}: agent_id changed")
        if chain_hash(props) != props.get("hash"):
            problems.append(f"seq {seq}: hash mismatch (the event was altered)")
        expected_prev = str(props.get("hash"))
        expected_seq = (seq if isinstance(seq, int) else expected_seq) + 1
    if head.get("seq") is not None and int(head["seq"]) != expected_seq - 1:
        problems.append(
            f"chain head says seq {head['seq']} but the last event is {expected_seq - 1}"
        )
    if head.get("hash") is not None and events and head["hash"] != events[-1].get("hash"):
        problems.append("chain head hash does not match the last event")
    return AuditVerification(
        agent_id=agent_id,
        ok=not problems,
        events_checked=len(events),
        first_seq=events[0].get("seq") if events else None,
        last_seq=events[-1].get("seq") if events else None,
        anchor_seq=anchor_seq,
        problems=problems,
    )


@dataclass
class _Deferred:
    """Events appended inside ``tx`` while :func:`deferred_appends` is open, chained in memory."""

    tx: AsyncManagedTransaction
    log: AuditLog | None = None
    chains: dict[str, list[tuple[dict[str, Any], str | None]]] = field(default_factory=dict)


_DEFERRED: ContextVar[_Deferred | None] = ContextVar("a4s_audit_deferred", default=None)


@asynccontextmanager
async def deferred_appends(tx: AsyncManagedTransaction) -> AsyncIterator[None]:
    """Inside, :meth:`AuditLog.append_tx` on ``tx`` chains the events in memory (and returns
    their ids at once); on leaving, each agent's events are written in one statement, compared
    against the head like a single append. If the head moved (another process appended) the
    segment is re-chained from the head read under its lock; if that fails too, ConstraintError
    rolls ``tx`` back. Nothing is written when the body raised."""
    batch = _Deferred(tx)
    token = _DEFERRED.set(batch)
    try:
        yield
    finally:
        _DEFERRED.reset(token)
    if batch.log is not None:
        await batch.log.write_deferred(batch)


def _chain(events: list[tuple[dict[str, Any], str | None]], head: tuple[int, str]) -> None:
    seq, prev = head
    for props, _ in events:
        seq += 1
        props["seq"], props["prev_hash"] = seq, prev
        props["hash"] = prev = chain_hash(props)


def _plain(props: Any) -> dict[str, Any]:
    return {k: v for k, v in dict(props).items()}


class AuditLog:
    """Append, list, verify, prune and export one store's audit events."""

    def __init__(self, store: Neo4jStore, *, enabled: bool = True) -> None:
        self._store = store
        self.enabled = enabled  # False only in the overhead benchmark's baseline
        self._heads: dict[str, tuple[int, str]] = {}  # agent -> (seq, hash) last appended here

    async def append_tx(self, tx: AsyncManagedTransaction, draft: AuditDraft) -> str | None:
        """Append one event inside ``tx``; returns its event_id (None when disabled)."""
        if not self.enabled:
            return None
        now = now_utc()
        agent = draft.agent_id
        deferred = _DEFERRED.get()
        if deferred is not None and deferred.tx is tx:
            return self._defer(deferred, draft.properties(new_event_id(), now), draft)
        head = self._heads.get(agent)
        for attempt in range(2):
            if head is None or attempt:
                row = (
                    await run_in_tx(
                        tx,
                        _LOCK_HEAD,
                        {"agent_id": agent, "genesis": GENESIS_HASH, "ts": iso_ms(now)},
                    )
                )[0]
                head = (int(row["seq"]), str(row["hash"]))
            props = draft.properties(new_event_id(), now)
            props["seq"], props["prev_hash"] = head[0] + 1, head[1]
            props["hash"] = chain_hash(props)
            rows = await run_in_tx(
                tx, _APPEND, {"props": props, "agent_id": agent, "memory_id": draft.memory_id}
            )
            if rows:
                # Optimistic: if ``tx`` rolls back, the next append's check fails and re-reads.
                self._heads[agent] = (props["seq"], props["hash"])
                return str(rows[0]["event_id"])
        raise ConstraintError("the audit chain head moved under a held lock")

    def _defer(self, batch: _Deferred, props: dict[str, Any], draft: AuditDraft) -> str:
        batch.log = self
        batch.chains.setdefault(draft.agent_id, []).append((props, draft.memory_id))
        return str(props["event_id"])

    async def write_deferred(self, batch: _Deferred) -> None:
        """Write what :func:`deferred_appends` collected (see there)."""
        for agent, events in batch.chains.items():
            head = self._heads.get(agent)
            for attempt in range(2):
                if head is None or attempt:
                    params = {"agent_id": agent, "genesis": GENESIS_HASH, "ts": iso_ms(now_utc())}
                    row = (await run_in_tx(batch.tx, _LOCK_HEAD, params))[0]
                    head = (int(row["seq"]), str(row["hash"]))
                _chain(events, head)
                first, last = events[0][0], events[-1][0]
                rows = await run_in_tx(
                    batch.tx,
                    _APPEND_MANY,
                    {
                        "agent_id": agent,
                        "first": first,
                        "last": last,
                        "events": [{"props": p, "memory_id": m} for p, m in events],
                    },
                )
                if rows:
                    self._heads[agent] = (last["seq"], last["hash"])  # optimistic, as append_tx
                    break
            else:
                raise ConstraintError("the audit chain head moved under a held lock")

    async def append(self, draft: AuditDraft) -> str | None:
        """Append in its own transaction (operations that change no memory: reads, rejections)."""
        alone = await self._append_alone(draft) if self.enabled else None
        if alone is not None:
            return alone
        for attempt in range(_APPEND_ATTEMPTS):
            try:
                event_id: str | None = await self._store.write_transaction(self.append_tx, draft)
                return event_id
            except ConstraintError:
                logger.warning("audit chain race for one agent (attempt %d); retrying", attempt + 1)
        raise RuntimeError("could not append the audit event")

    async def _append_alone(self, draft: AuditDraft) -> str | None:
        """The common case of :meth:`append` in one auto-commit statement (issue 15: a search's
        audit event without BEGIN and COMMIT): when this process knows the agent's head,
        _APPEND alone locks it, compares and appends, atomically. None when the head is unknown
        or moved, or Neo4j rolled the statement back (a transient error, the (agent_id, seq)
        constraint): nothing was appended, and the managed transaction path takes over."""
        head = self._heads.get(draft.agent_id)
        if head is None:
            return None
        props = draft.properties(new_event_id(), now_utc())
        props["seq"], props["prev_hash"] = head[0] + 1, head[1]
        props["hash"] = chain_hash(props)
        params = {"props": props, "agent_id": draft.agent_id, "memory_id": draft.memory_id}
        try:
            rows = await self._store.write_alone(_APPEND, params)
        except Neo4jError as exc:
            if exc.is_retryable() or isinstance(exc, ConstraintError):
                return None
            raise
        if not rows:
            self._heads.pop(draft.agent_id, None)  # moved: the managed path reads it under lock
            return None
        self._heads[draft.agent_id] = (props["seq"], props["hash"])
        return str(rows[0]["event_id"])

    async def recent(self, agent_id: str, action: str | None, last: int) -> list[AuditEventView]:
        rows = await self._store.read(
            _LIST, {"agent_id": agent_id, "action": action, "last": max(1, min(last, 10_000))}
        )
        return [AuditEventView.from_properties(r["p"]) for r in rows]

    async def session_events(self, agent_id: str, session_ref: str) -> list[AuditEventView]:
        rows = await self._store.read(_SESSION, {"agent_id": agent_id, "session_id": session_ref})
        return [AuditEventView.from_properties(r["p"]) for r in rows]

    async def session_rejections(self, session_ref: str, requester_id: str) -> int:
        """Rejected writes of one requester in one session (``session_ref``: the agent-scoped
        hash the events carry), in any process: the G5 gate is keyed by (requester, agent,
        session), so one principal's rejections never disable another's writes."""
        rows = await self._store.read(
            _SESSION_REJECTIONS, {"session_id": session_ref, "requester_id": requester_id}
        )
        return int(rows[0]["n"]) if rows else 0

    async def verify(self, agent_id: str) -> AuditVerification:
        events = [_plain(r["p"]) for r in await self._store.read(_ALL, {"agent_id": agent_id})]
        head_rows = await self._store.read(_HEAD, {"agent_id": agent_id})
        head = dict(head_rows[0]) if head_rows else None
        return verify_events(agent_id, events, head)

    async def export(self, agent_id: str) -> AsyncIterator[dict[str, Any]]:
        for row in await self._store.read(_ALL, {"agent_id": agent_id}):
            yield _plain(row["p"])

    async def quarantined(self, agent_id: str, ids: list[str]) -> set[str]:
        """Which of ``ids`` this agent's chain records a quarantine of."""
        rows = await self._store.execute(_QUARANTINED, {"agent_id": agent_id, "ids": ids})
        return {str(r["id"]) for r in rows}

    async def agents(self) -> list[str]:
        return [str(r["agent_id"]) for r in await self._store.read(_AGENTS)]

    async def prune(self, agent_id: str, now: datetime, retention_days: int) -> int:
        """Delete events older than ``retention_days`` (a prefix of the chain), keep an anchor."""
        cutoff = iso_ms(now - timedelta(days=retention_days))

        async def work(tx: AsyncManagedTransaction) -> int:
            await run_in_tx(
                tx, _LOCK_HEAD, {"agent_id": agent_id, "genesis": GENESIS_HASH, "ts": iso_ms(now)}
            )
            rows = await run_in_tx(tx, _PRUNE, {"agent_id": agent_id, "cutoff": cutoff})
            seqs, hashes = list(rows[0]["seqs"]), list(rows[0]["hashes"])
            # Only a contiguous prefix may go: the anchor must be the last deleted event.
            first = (await run_in_tx(tx, _HEAD, {"agent_id": agent_id}))[0]["anchor_seq"] or 0
            upto, anchor = int(first), None
            for seq, hsh in zip(seqs, hashes, strict=True):
                if seq != upto + 1:
                    break
                upto, anchor = seq, hsh
            if anchor is None:
                return 0
            done = await run_in_tx(
                tx,
                _DELETE_UPTO,
                {"agent_id": agent_id, "upto": upto, "anchor_hash": anchor, "ts": iso_ms(now)},
            )
            return int(done[0]["n"]) if done else 0

        deleted: int = await self._store.write_transaction(work)
        self._heads.pop(agent_id, None)
        return deleted
