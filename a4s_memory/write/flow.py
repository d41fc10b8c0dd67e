"""``MemoryManager.add`` end to end: :func:`screen_write` (access -> bounds -> G5 gate -> firewall;
a refusal is audited and raised) then :func:`store_write` (the vector screen on the episode's
vector, :mod:`a4s_memory.write.vector_step`; ingest, with the version record and the audit event in
the commit transaction). See :mod:`writer`. In queue mode (a4s_memory.store.jobs) the
request runs the first half and a worker the second."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from a4s_memory.access import AccessDecision, Action
from a4s_memory.contract import StopReason
from a4s_memory.errors import A4SError, AccessDenied, InvalidRequest
from a4s_memory.firewall import Firewall, FirewallDecision, Layer, WriteRequest
from a4s_memory.models import AddResult
from a4s_memory.store.audit_log import AuditLog
from a4s_memory.store.db import Tx
from a4s_memory.store.ingest import CommitContext, CommitHook, Finalizer, Ingestor, StampTargets
from a4s_memory.store.ingest_models import (
    EpisodeWrite,
    IngestOutcome,
    ItemWrite,
    ScreenedWrite,
    WriteProvenance,
)
from a4s_memory.store.ledger import StampReport, now_utc
from a4s_memory.store.versions import VersionSpec
from a4s_memory.telemetry import span
from a4s_memory.write.context import WriteContext
from a4s_memory.write.steps import (
    Cause,
    WriteBox,
    lifecycle_fields,
    raise_rejection,
    refuse_disabled_session,
    rejection_draft,
    validation_score,
    write_draft,
    write_finalizer,
)
from a4s_memory.write.vector_step import screened_by_vector

__all__ = [
    "ScreenedWrite",
    "WriteDeps",
    "audit_access_denied",
    "prefetch_vectors",
    "screen_write",
    "store_write",
    "store_writes",
]


@dataclass(frozen=True, slots=True)
class WriteDeps:
    firewall: Firewall
    audit: AuditLog
    ingestor: Ingestor


async def audit_access_denied(audit: AuditLog, ctx: WriteContext) -> None:
    """The facade's write authorization refused: one ``reject`` event (no content)."""
    cause = Cause("access.not_owner", Layer.SESSION)
    await audit.append(rejection_draft(ctx, StopReason.POLICY_DISABLED, cause))


async def screen_write(deps: WriteDeps, ctx: WriteContext, access: AccessDecision) -> ScreenedWrite:
    """Bounds, the G5 session gate and the firewall for a write the facade authorized (``access``,
    the one decision, for this context's requester and agent); a refusal is audited and raised."""
    req = ctx.request
    if (
        not access.allowed
        or access.action is not Action.WRITE
        or (access.requester_id, access.agent_id) != (ctx.requester_id, ctx.agent_id)
    ):
        raise AccessDenied("the write was not authorized for this requester and agent")
    try:
        req.metadata_json()  # the size bound, before anything is scanned
    except ValueError:
        cause = Cause("bounds.metadata", Layer.SCHEMA)
        await deps.audit.append(rejection_draft(ctx, StopReason.BOUNDS_EXCEEDED, cause))
        raise InvalidRequest(
            "metadata exceeds 8 KiB", stop_reason=StopReason.BOUNDS_EXCEEDED
        ) from None
    await refuse_disabled_session(deps.audit, ctx, deps.firewall.sessions.rejection_limit)
    with span("a4s.write.firewall"):
        decision = await deps.firewall.check_async(_firewall_request(ctx, is_owner=access.is_owner))
    if not decision.accepted or decision.redacted_text is None or decision.status is None:
        await raise_rejection(deps.audit, ctx, decision)
    prov = WriteProvenance(
        group_id=access.group_ids[0],
        decision=decision,
        written_by=ctx.requester_id,
        source_type=ctx.source_type,
        source_ref=req.source.ref if req.source else None,
        metadata_json=_metadata_json(decision),
        metadata_screened=True,
        **lifecycle_fields(ctx),
    )
    return ScreenedWrite(
        prov=prov,
        draft=write_draft(ctx, decision, decision.redacted_text or ""),
        is_message=ctx.is_message,
        agent_id=ctx.agent_id,
        category=req.category,
        key=req.key,
        reference_time=req.reference_time,
        pinned=req.pinned,
    )


async def store_write(
    deps: WriteDeps, write: ScreenedWrite, also: Finalizer | None = None
) -> AddResult:
    """Ingest a screened write; ``also`` runs inside the commit transaction too (a queue job
    marks itself done there, so a job is done exactly when its memory became visible)."""
    box = WriteBox()
    write = await screened_by_vector(deps.ingestor, write)
    with span("a4s.write.ingest"):
        outcome = await _ingest(deps, write, box, also)
    return _answer(write, outcome, box)


async def store_writes(
    deps: WriteDeps, writes: Sequence[ScreenedWrite]
) -> list[AddResult | A4SError]:
    """Ingest one agent's screened writes (a batch's), in order, each answered on its own.
    Consecutive free-text writes go to the ingestor together, which commits a run of plain
    ones in one transaction; a structured item is stored on its own, between them."""
    answers: list[AddResult | A4SError] = []
    texts: list[tuple[ScreenedWrite, WriteBox]] = []

    async def flush() -> None:
        with span("a4s.write.ingest"):
            outcomes = await deps.ingestor.add_episodes(
                [(_episode(w), write_finalizer(deps.audit, w.draft, None, box)) for w, box in texts]
            )
        for (w, box), outcome in zip(texts, outcomes, strict=True):
            answers.append(outcome if isinstance(outcome, A4SError) else _answer(w, outcome, box))
        texts.clear()

    for write in writes:
        if write.is_text:
            texts.append((await screened_by_vector(deps.ingestor, write), WriteBox()))
            continue
        if texts:
            await flush()
        try:
            answers.append(await store_write(deps, write))
        except A4SError as error:
            answers.append(error)
    if texts:
        await flush()
    return answers


def _answer(write: ScreenedWrite, outcome: IngestOutcome, box: WriteBox) -> AddResult:
    decision = write.prov.decision
    return AddResult(
        memory_id=outcome.episode_uuid,
        stop_reason=decision.stop_reason,
        group_id=outcome.group_id,
        status=outcome.status,
        redactions=list(decision.redactions),
        decision_id=decision.decision_id,
        audit_id=box.audit_id,
        version=box.version.version_after if box.version else None,
        flagged_by=decision.flagged_by(),
    )


def _episode(write: ScreenedWrite) -> EpisodeWrite:
    return EpisodeWrite(
        provenance=write.prov,
        body=write.prov.decision.redacted_text or "",
        is_message=write.is_message,
        reference_time=write.reference_time,
    )


def prefetch_vectors(deps: WriteDeps, writes: Sequence[ScreenedWrite]) -> None:
    """Start the episode vectors of screened free-text writes in the background (a batch's);
    their :func:`store_write` takes them."""
    bodies = [w.prov.decision.redacted_text or "" for w in writes if w.is_text]
    deps.ingestor.prefetch_vectors([b for b in bodies if b])


def _firewall_request(ctx: WriteContext, *, is_owner: bool) -> WriteRequest:
    req = ctx.request
    return WriteRequest(
        text=ctx.text,
        source_type=req.source.type if req.source else None,
        source_kind=req.source_kind,
        source_ref=req.source.ref if req.source else None,
        category=req.category,
        key=req.key,
        ttl_class=req.ttl_class,
        requester_is_owner=is_owner,
        session_id=ctx.gate_key,
        visibility=req.visibility,
        metadata=req.metadata,
    )


def _metadata_json(decision: FirewallDecision) -> str | None:
    """The screened metadata (secrets in values redacted) as one JSON string property."""
    if decision.metadata is None:
        return None
    return json.dumps(decision.metadata, sort_keys=True, default=str)


class _Both(CommitHook):
    def __init__(self, first: CommitHook, second: Finalizer) -> None:
        self._first, self._second = first, second

    async def prepare(self, tx: Tx, ctx: CommitContext) -> StampTargets:
        targets = await self._first.prepare(tx, ctx)
        if isinstance(self._second, CommitHook):
            more = await self._second.prepare(tx, ctx)
            targets.episodes |= more.episodes
            targets.entities |= more.entities
            targets.edges |= more.edges
        return targets

    async def finalize(self, tx: Tx, ctx: CommitContext) -> StampReport | None:
        report = await self._first.finalize(tx, ctx)
        second = self._second
        await (second.finalize(tx, ctx) if isinstance(second, CommitHook) else second(tx, ctx))
        return report


def _both(first: CommitHook, second: Finalizer | None) -> Finalizer:
    return first if second is None else _Both(first, second)


async def _ingest(
    deps: WriteDeps, write: ScreenedWrite, box: WriteBox, also: Finalizer | None
) -> IngestOutcome:
    prov, decision = write.prov, write.prov.decision
    text, category, key = decision.redacted_text or "", write.category, write.key
    if category is None or not key:  # ScreenedWrite.is_text, spelt out for the type checker
        finalize = _both(write_finalizer(deps.audit, write.draft, None, box), also)
        return await deps.ingestor.add_episode(_episode(write), finalize)
    spec = VersionSpec(
        agent_id=write.agent_id,
        category=category.value,
        key=key,
        value=text,
        written_by=prov.written_by,
        validation_score=validation_score(decision),
        pinned=write.pinned,
        now=now_utc(),
    )
    item = ItemWrite(provenance=prov, category=category, key=key, value=text)
    return await deps.ingestor.add_item(
        item, _both(write_finalizer(deps.audit, write.draft, spec, box), also)
    )
