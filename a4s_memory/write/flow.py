"""``MemoryManager.add`` end to end: :func:`screen_write` (access -> bounds -> G5 gate -> firewall;
a refusal is audited and raised) then :func:`store_write` (ingest, with the version record and the
audit event in the commit transaction). See :mod:`writer`. In queue mode (a4s_memory.store.jobs) the
request runs the first half and a worker the second."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from pydantic import BaseModel, ConfigDict

from a4s_memory.access import Action
from a4s_memory.audit.events import AuditDraft
from a4s_memory.contract import Category, StopReason
from a4s_memory.errors import AccessDenied, InvalidRequest
from a4s_memory.firewall import Firewall, FirewallDecision, Layer, WriteRequest
from a4s_memory.models import AddMemory, AddResult, render_messages
from a4s_memory.store.audit_log import AuditLog
from a4s_memory.store.db import Tx
from a4s_memory.store.ingest import CommitContext, Finalizer, Ingestor
from a4s_memory.store.ingest_models import EpisodeWrite, IngestOutcome, ItemWrite, WriteProvenance
from a4s_memory.store.ledger import StampReport, now_utc
from a4s_memory.store.registry import AgentRegistry
from a4s_memory.store.versions import VersionSpec
from a4s_memory.telemetry import span
from a4s_memory.write.steps import (
    WriteBox,
    gate_key,
    lifecycle_fields,
    raise_rejection,
    refuse_disabled_session,
    rejection_draft,
    validation_score,
    write_draft,
    write_finalizer,
)

__all__ = ["ScreenedWrite", "WriteDeps", "add_memory", "screen_write", "store_write"]

_DEFAULT_SOURCE_TYPE: Final = "user_message"  # CONTRACT §4: an unlabelled write is the user's own


@dataclass(frozen=True, slots=True)
class WriteDeps:
    registry: AgentRegistry
    firewall: Firewall
    audit: AuditLog
    ingestor: Ingestor


class ScreenedWrite(BaseModel):
    """A write that passed access, bounds and the firewall: everything storing it needs and
    nothing unscreened (the redacted text, screened metadata, the session's hash). What the
    ingestion queue keeps for a worker (a4s_memory.store.jobs)."""

    model_config = ConfigDict(frozen=True)

    prov: WriteProvenance
    draft: AuditDraft
    is_message: bool
    agent_id: str
    category: Category | None = None
    key: str | None = None
    reference_time: datetime | None = None
    pinned: bool = False


async def add_memory(deps: WriteDeps, requester_id: str, req: AddMemory) -> AddResult:
    return await store_write(deps, await screen_write(deps, requester_id, req))


async def screen_write(deps: WriteDeps, requester_id: str, req: AddMemory) -> ScreenedWrite:
    """Access, bounds, the G5 session gate and the firewall; a refusal is audited and raised."""
    try:
        access = await deps.registry.authorize(
            requester_id, req.agent_id, Action.WRITE, req.visibility
        )
    except AccessDenied:
        cause = ("access.not_owner", Layer.SESSION)
        await deps.audit.append(
            rejection_draft(requester_id, req, StopReason.POLICY_DISABLED, cause)
        )
        raise
    text, is_message = render_messages(req.messages)
    try:
        req.metadata_json()  # the size bound, before anything is scanned
    except ValueError:
        cause = ("bounds.metadata", Layer.SCHEMA)
        await deps.audit.append(
            rejection_draft(requester_id, req, StopReason.BOUNDS_EXCEEDED, cause)
        )
        raise InvalidRequest(
            "metadata exceeds 8 KiB", stop_reason=StopReason.BOUNDS_EXCEEDED
        ) from None
    limit = deps.firewall.sessions.rejection_limit
    await refuse_disabled_session(deps.audit, requester_id, req, limit)
    with span("a4s.write.firewall"):
        decision = await deps.firewall.check_async(
            _firewall_request(requester_id, req, text, is_owner=access.is_owner)
        )
    if not decision.accepted or decision.redacted_text is None or decision.status is None:
        await raise_rejection(deps.audit, requester_id, req, decision)
    prov = WriteProvenance(
        group_id=access.group_ids[0],
        decision=decision,
        written_by=requester_id,
        source_type=req.source.type.value if req.source else _DEFAULT_SOURCE_TYPE,
        source_ref=req.source.ref if req.source else None,
        metadata_json=_metadata_json(decision),
        metadata_screened=True,
        **lifecycle_fields(req),
    )
    return ScreenedWrite(
        prov=prov, draft=write_draft(requester_id, req, decision, decision.redacted_text or ""),
        is_message=is_message, agent_id=req.agent_id, category=req.category, key=req.key,
        reference_time=req.reference_time, pinned=req.pinned,
    )  # fmt: skip


async def store_write(
    deps: WriteDeps, write: ScreenedWrite, also: Finalizer | None = None
) -> AddResult:
    """Ingest a screened write; ``also`` runs inside the commit transaction too (a queue job
    marks itself done there, so a job is done exactly when its memory became visible)."""
    box = WriteBox()
    with span("a4s.write.ingest"):
        outcome = await _ingest(deps, write, box, also)
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
    )


def _firewall_request(requester_id: str, req: AddMemory, text: str, *, is_owner: bool) -> WriteRequest:
    return WriteRequest(
        text=text,
        source_type=req.source.type if req.source else None,
        source_kind=req.source_kind,
        source_ref=req.source.ref if req.source else None,
        category=req.category,
        key=req.key,
        ttl_class=req.ttl_class,
        requester_is_owner=is_owner,
        session_id=gate_key(requester_id, req),
        visibility=req.visibility,
        metadata=req.metadata,
    )


def _metadata_json(decision: FirewallDecision) -> str | None:
    """The screened metadata (secrets in values redacted) as one JSON string property."""
    if decision.metadata is None:
        return None
    return json.dumps(decision.metadata, sort_keys=True, default=str)


def _both(first: Finalizer, second: Finalizer | None) -> Finalizer:
    if second is None:
        return first

    async def finalize(tx: Tx, ctx: CommitContext) -> StampReport | None:
        report = await first(tx, ctx)
        await second(tx, ctx)
        return report

    return finalize


async def _ingest(
    deps: WriteDeps, write: ScreenedWrite, box: WriteBox, also: Finalizer | None
) -> IngestOutcome:
    prov, decision = write.prov, write.prov.decision
    text = decision.redacted_text or ""
    if write.category is None or not write.key:  # the firewall refused an item without a key
        finalize = _both(write_finalizer(deps.audit, write.draft, None, box), also)
        episode = EpisodeWrite(provenance=prov, body=text, is_message=write.is_message,
                               reference_time=write.reference_time)
        return await deps.ingestor.add_episode(episode, finalize)
    spec = VersionSpec(
        agent_id=write.agent_id, category=write.category.value, key=write.key, value=text,
        written_by=prov.written_by, validation_score=validation_score(decision),
        pinned=write.pinned, now=now_utc(),
    )  # fmt: skip
    item = ItemWrite(provenance=prov, category=write.category, key=write.key, value=text)
    return await deps.ingestor.add_item(
        item, _both(write_finalizer(deps.audit, write.draft, spec, box), also)
    )
