"""The write pipeline behind ``MemoryManager.add``: firewall outcome -> audit, TTL, versions.

* rejected (access, bounds, firewall, session gate): one ``reject`` / ``poisoning_blocked``
  audit event in its own transaction, then the error; a session-gate refusal (POLICY_DISABLED)
  is an AccessDenied (403, docs/api.md);
* accepted: the TTL deadlines go into the ledger entry, and the version record (structured
  items) and the ONE ``write`` / ``secret_redacted`` audit event are written inside the
  ingestion's commit transaction (:data:`a4s_memory.store.ingest.Finalizer`), i.e. together with
  the memory becoming visible. A compaction adds one ``compact`` event in the same transaction.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from a4s_memory.audit.events import (
    AuditAction,
    AuditDraft,
    ValidationResult,
    content_hash,
)
from a4s_memory.contract import StopReason
from a4s_memory.errors import AccessDenied, FirewallRejected
from a4s_memory.firewall import FirewallDecision, Layer
from a4s_memory.store.audit_log import AuditLog
from a4s_memory.store.db import Tx
from a4s_memory.store.ingest import CommitContext, CommitHook, StampTargets
from a4s_memory.store.ledger import StampReport, now_utc
from a4s_memory.store.versions import VersionOutcome, VersionSpec, record_version_tx
from a4s_memory.ttl import deadlines, ttl_for
from a4s_memory.write.context import WriteContext

__all__ = [
    "Cause",
    "WriteBox",
    "lifecycle_fields",
    "raise_rejection",
    "refuse_disabled_session",
    "rejection_draft",
    "validation_score",
    "write_draft",
    "write_finalizer",
]

_HARD_LAYERS: Final = frozenset(
    {Layer.HEURISTIC, Layer.SECRET, Layer.CATEGORY, Layer.SESSION, Layer.INTERNAL, Layer.EVASION}
)


def validation_score(decision: FirewallDecision) -> float:
    """G3 ``validation_score``: 1.0 for a clean pass, -0.5 when stored as suspicious, -0.1 per
    redacted secret (bounded to [0, 1])."""
    suspicious = decision.status is not None and decision.status.security.value == "suspicious"
    score = 1.0 - (0.5 if suspicious else 0.0) - 0.1 * len(decision.redactions)
    return round(max(0.0, min(1.0, score)), 3)


@dataclass(frozen=True, slots=True)
class Cause:
    """Why a write was refused, as the audit event names it: a rule id and its layer."""

    rule_id: str | None
    layer: Layer | None


def _cause(decision: FirewallDecision) -> Cause:
    for finding in decision.findings:
        if finding.stop_reason is decision.stop_reason:
            return Cause(finding.rule_id, finding.layer)
    return Cause(None, None)


def rejection_draft(ctx: WriteContext, stop_reason: StopReason, cause: Cause) -> AuditDraft:
    rule_id, layer = cause.rule_id, cause.layer
    req = ctx.request
    action = (
        AuditAction.POISONING_BLOCKED
        if stop_reason is StopReason.INJECTION_DETECTED
        else AuditAction.REJECT
    )
    hard = layer in _HARD_LAYERS or stop_reason is StopReason.POLICY_DISABLED
    return AuditDraft(
        agent_id=req.agent_id,
        action=action,
        requester_id=ctx.requester_id,
        session_id=ctx.session,
        field=req.category.value if req.category else None,
        validation_result=ValidationResult.HARD_FAIL if hard else ValidationResult.SOFT_FAIL,
        rejection_reason=rule_id,
        stop_reason=stop_reason.value,
        visibility=req.visibility.value,
        tier=ctx.tier.value,
        source_type=req.source.type.value if req.source else None,
    )


async def raise_rejection(audit: AuditLog, ctx: WriteContext, decision: FirewallDecision) -> None:
    """Audit a firewall rejection, then raise the matching error (never the content)."""
    reason = decision.stop_reason
    await audit.append(rejection_draft(ctx, reason, _cause(decision)))
    if reason is StopReason.POLICY_DISABLED:
        raise AccessDenied(
            f"memory writes are disabled: {reason.value}",
            suggestion="writes stay disabled for this session (G5); see the session summary",
        )
    raise FirewallRejected(
        f"the memory firewall rejected the write: {reason.value}", stop_reason=reason
    )


async def refuse_disabled_session(audit: AuditLog, ctx: WriteContext, limit: int) -> None:
    """G5 across processes and restarts: the audit log, not only this process's SessionGate,
    decides whether a session already had ``limit`` rejections."""
    ref = ctx.session
    if ref is None or await audit.session_rejections(ref, ctx.requester_id) < limit:
        return
    stop = StopReason.POLICY_DISABLED
    await audit.append(rejection_draft(ctx, stop, Cause("session.disabled", Layer.SESSION)))
    raise AccessDenied(
        f"memory writes are disabled: {stop.value}",
        suggestion="writes stay disabled for this session (G5); see the session summary",
    )


def lifecycle_fields(ctx: WriteContext) -> dict[str, object]:
    """WriteProvenance fields: tier, TTL class, pin and deadlines from the TTL table."""
    req = ctx.request
    limits = deadlines(now_utc(), ttl_for(ctx.tier, req.ttl_class, pinned=req.pinned))
    return {
        "tier": ctx.tier.value,
        "ttl_class": req.ttl_class.value if req.ttl_class else None,
        "pinned": req.pinned,
        "ttl_seconds": limits.ttl_seconds,
        "stale_at": limits.stale_at,
        "expires_at": limits.expires_at,
        "session_id": ctx.session,
    }


@dataclass
class WriteBox:
    """What the finalizer learned inside the transaction (read after it committed)."""

    audit_id: str | None = None
    version: VersionOutcome | None = None
    extra_events: list[str] = field(default_factory=list)


class _WriteHook(CommitHook):
    """Version record (items) before the one re-stamp, the write's audit event after it."""

    def __init__(
        self, audit: AuditLog, draft: AuditDraft, version: VersionSpec | None, box: WriteBox
    ) -> None:
        self._audit, self._draft, self._version, self._box = audit, draft, version, box

    async def prepare(self, tx: Tx, ctx: CommitContext) -> StampTargets:
        if self._version is None:
            return StampTargets()
        self._box.version, targets = await record_version_tx(tx, ctx, self._version)
        return targets

    async def finalize(self, tx: Tx, ctx: CommitContext) -> StampReport | None:
        box, draft = self._box, self._draft
        update: dict[str, object] = {"memory_id": ctx.episode_uuid}
        if box.version is not None:
            update.update(
                version_before=box.version.version_before or None,
                version_after=box.version.version_after,
            )
        box.audit_id = await self._audit.append_tx(tx, draft.model_copy(update=update))
        if box.version is not None and box.version.compacted:
            compact = AuditDraft(
                agent_id=draft.agent_id,
                action=AuditAction.COMPACT,
                requester_id=draft.requester_id,
                field=draft.field,
                count=len(box.version.compacted),
                version_after=box.version.version_after,
            )
            event = await self._audit.append_tx(tx, compact)
            if event:
                box.extra_events.append(event)
        return None


def write_finalizer(
    audit: AuditLog, draft: AuditDraft, version: VersionSpec | None, box: WriteBox
) -> CommitHook:
    """Version record (items) + the write's audit event, inside the commit transaction."""
    return _WriteHook(audit, draft, version, box)


def _redaction_details(decision: FirewallDecision) -> dict[str, int]:
    details = {
        "redactions": len(decision.redactions),
        "metadata_redactions": decision.metadata_redactions,
    }
    return {k: v for k, v in details.items() if v}


def write_draft(ctx: WriteContext, decision: FirewallDecision, text: str) -> AuditDraft:
    req = ctx.request
    return AuditDraft(
        agent_id=req.agent_id,
        action=(
            AuditAction.SECRET_REDACTED
            if decision.redactions or decision.metadata_redactions
            else AuditAction.WRITE
        ),
        requester_id=ctx.requester_id,
        session_id=ctx.session,
        field=req.category.value if req.category else None,
        content_hash=content_hash(text),
        validation_result=ValidationResult.PASS,
        stop_reason=decision.stop_reason.value,
        validation_score=validation_score(decision),
        visibility=req.visibility.value,
        tier=ctx.tier.value,
        source_type=ctx.source_type,
        size=len(text),
        decision_id=decision.decision_id,
        details=_redaction_details(decision),
    )
