"""The write pipeline behind ``MemoryManager.add``: firewall outcome -> audit, TTL, versions.

* rejected (access, bounds, firewall, session gate): one ``reject`` / ``poisoning_blocked``
  audit event in its own transaction, then the error; a session-gate refusal (POLICY_DISABLED)
  is an AccessDenied (403, CONTRACT §4);
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
    session_ref,
)
from a4s_memory.contract import StopReason
from a4s_memory.errors import AccessDenied, FirewallRejected
from a4s_memory.firewall import FirewallDecision, Layer
from a4s_memory.lifecycle import session
from a4s_memory.models import AddMemory
from a4s_memory.store.audit_log import AuditLog
from a4s_memory.store.db import Tx
from a4s_memory.store.ingest import CommitContext, Finalizer
from a4s_memory.store.ledger import StampReport, now_utc
from a4s_memory.store.versions import VersionOutcome, VersionSpec, record_version_tx
from a4s_memory.ttl import Tier, deadlines, ttl_for

__all__ = [
    "WriteBox",
    "gate_key",
    "lifecycle_fields",
    "raise_rejection",
    "refuse_disabled_session",
    "rejection_draft",
    "session_of",
    "validation_score",
    "write_draft",
    "write_finalizer",
]

_HARD_LAYERS: Final = frozenset(
    {Layer.HEURISTIC, Layer.SECRET, Layer.CATEGORY, Layer.SESSION, Layer.INTERNAL, Layer.EVASION}
)


def session_of(req: AddMemory) -> str | None:
    """The session as the audit log and the ledger store it: the agent-scoped hash."""
    return session_ref(req.agent_id, req.session_id) if req.session_id is not None else None


def gate_key(requester_id: str, req: AddMemory) -> str | None:
    """The in-process G5 gate's key for this write (:func:`session.gate_key`)."""
    ref = session_of(req)
    return session.gate_key(requester_id, ref) if ref is not None else None


def validation_score(decision: FirewallDecision) -> float:
    """G3 ``validation_score``: 1.0 for a clean pass, -0.5 when stored as suspicious, -0.1 per
    redacted secret (bounded to [0, 1])."""
    suspicious = decision.status is not None and decision.status.security.value == "suspicious"
    score = 1.0 - (0.5 if suspicious else 0.0) - 0.1 * len(decision.redactions)
    return round(max(0.0, min(1.0, score)), 3)


def _cause(decision: FirewallDecision) -> tuple[str | None, Layer | None]:
    for finding in decision.findings:
        if finding.stop_reason is decision.stop_reason:
            return finding.rule_id, finding.layer
    return None, None


def rejection_draft(
    requester_id: str, req: AddMemory, stop_reason: StopReason, cause: tuple[str | None, Layer | None]
) -> AuditDraft:
    rule_id, layer = cause
    action = (
        AuditAction.POISONING_BLOCKED
        if stop_reason is StopReason.INJECTION_DETECTED
        else AuditAction.REJECT
    )
    hard = layer in _HARD_LAYERS or stop_reason is StopReason.POLICY_DISABLED
    return AuditDraft(
        agent_id=req.agent_id,
        action=action,
        requester_id=requester_id,
        session_id=session_of(req),
        field=req.category.value if req.category else None,
        validation_result=ValidationResult.HARD_FAIL if hard else ValidationResult.SOFT_FAIL,
        rejection_reason=rule_id,
        stop_reason=stop_reason.value,
        visibility=req.visibility.value,
        tier=(Tier.SEMANTIC if req.category else Tier.EPISODIC).value,
        source_type=req.source.type.value if req.source else None,
    )


async def raise_rejection(
    audit: AuditLog, requester_id: str, req: AddMemory, decision: FirewallDecision
) -> None:
    """Audit a firewall rejection, then raise the matching error (never the content)."""
    reason = decision.stop_reason
    await audit.append(rejection_draft(requester_id, req, reason, _cause(decision)))
    if reason is StopReason.POLICY_DISABLED:
        raise AccessDenied(
            f"memory writes are disabled: {reason.value}",
            suggestion="writes stay disabled for this session (seed 000 G5); see the session summary",
        )
    raise FirewallRejected(
        f"the memory firewall rejected the write: {reason.value}", stop_reason=reason
    )


async def refuse_disabled_session(
    audit: AuditLog, requester_id: str, req: AddMemory, limit: int
) -> None:
    """G5 across processes and restarts: the audit log, not only this process's SessionGate,
    decides whether a session already had ``limit`` rejections."""
    ref = session_of(req)
    if ref is None or await audit.session_rejections(ref, requester_id) < limit:
        return
    stop = StopReason.POLICY_DISABLED
    await audit.append(rejection_draft(requester_id, req, stop, ("session.disabled", Layer.SESSION)))
    raise AccessDenied(
        f"memory writes are disabled: {stop.value}",
        suggestion="writes stay disabled for this session (seed 000 G5); see the session summary",
    )


def lifecycle_fields(req: AddMemory) -> dict[str, object]:
    """WriteProvenance fields: tier, TTL class, pin and deadlines from the TTL table."""
    tier = Tier.SEMANTIC if req.category is not None else Tier.EPISODIC
    limits = deadlines(now_utc(), ttl_for(tier, req.ttl_class, pinned=req.pinned))
    return {
        "tier": tier.value,
        "ttl_class": req.ttl_class.value if req.ttl_class else None,
        "pinned": req.pinned,
        "ttl_seconds": limits.ttl_seconds,
        "stale_at": limits.stale_at,
        "expires_at": limits.expires_at,
        "session_id": session_of(req),
    }


@dataclass
class WriteBox:
    """What the finalizer learned inside the transaction (read after it committed)."""

    audit_id: str | None = None
    version: VersionOutcome | None = None
    extra_events: list[str] = field(default_factory=list)


def write_finalizer(
    audit: AuditLog, draft: AuditDraft, version: VersionSpec | None, box: WriteBox
) -> Finalizer:
    """Version record (items) + the write's audit event, inside the commit transaction."""

    async def finalize(tx: Tx, ctx: CommitContext) -> StampReport | None:
        report: StampReport | None = None
        update: dict[str, object] = {"memory_id": ctx.episode_uuid}
        if version is not None:
            box.version, report = await record_version_tx(tx, ctx, version)
            update.update(version_before=box.version.version_before or None,
                          version_after=box.version.version_after)
        box.audit_id = await audit.append_tx(tx, draft.model_copy(update=update))
        if box.version is not None and box.version.compacted:
            compact = AuditDraft(
                agent_id=draft.agent_id, action=AuditAction.COMPACT,
                requester_id=draft.requester_id, field=draft.field,
                count=len(box.version.compacted), version_after=box.version.version_after,
            )  # fmt: skip
            event = await audit.append_tx(tx, compact)
            if event:
                box.extra_events.append(event)
        return report

    return finalize


def _redaction_details(decision: FirewallDecision) -> dict[str, int]:
    details = {"redactions": len(decision.redactions),
               "metadata_redactions": decision.metadata_redactions}
    return {k: v for k, v in details.items() if v}


def write_draft(
    requester_id: str, req: AddMemory, decision: FirewallDecision, text: str
) -> AuditDraft:
    return AuditDraft(
        agent_id=req.agent_id,
        action=(AuditAction.SECRET_REDACTED
                if decision.redactions or decision.metadata_redactions else AuditAction.WRITE),
        requester_id=requester_id,
        session_id=session_of(req),
        field=req.category.value if req.category else None,
        content_hash=content_hash(text),
        validation_result=ValidationResult.PASS,
        stop_reason=decision.stop_reason.value,
        validation_score=validation_score(decision),
        visibility=req.visibility.value,
        tier=(Tier.SEMANTIC if req.category else Tier.EPISODIC).value,
        source_type=req.source.type.value if req.source else "user_message",
        size=len(text),
        decision_id=decision.decision_id,
        details=_redaction_details(decision),
    )
