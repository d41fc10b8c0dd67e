"""What a status transition stores beside the memory, screened before it is stored: the reason of
a quarantine or contradiction and a promotion's evidence ref (never a secret in
them), and the transition's audit event, appended inside the transition's transaction."""

from __future__ import annotations

from typing import Any, Final

from a4s_memory.audit.events import AuditAction, AuditDraft
from a4s_memory.errors import InvalidRequest
from a4s_memory.firewall import Firewall
from a4s_memory.store.audit_log import AuditLog
from a4s_memory.store.transitions import ElementRef, TxHook, check_evidence
from a4s_memory.types import Evidence

__all__ = ["audit_hook", "screened_evidence", "screened_reason"]

MAX_REASON_CHARS: Final = 1024  # as the transitions bound it; checked before the firewall scans it


async def screened_reason(firewall: Firewall, text: str) -> str:
    """A reason bounded by the transition's limit, with every secret in it redacted."""
    if not isinstance(text, str) or len(text) > MAX_REASON_CHARS:
        raise InvalidRequest(f"a reason of 1-{MAX_REASON_CHARS} characters is required")
    return await firewall.scrub_async(text)


async def screened_evidence(
    firewall: Firewall, evidence: Evidence | dict[str, Any], ref: ElementRef
) -> Evidence:
    """Checked evidence (a memory is never its own) with every secret in its ref redacted."""
    checked = check_evidence(evidence, ref)
    return checked.model_copy(update={"ref": await firewall.scrub_async(checked.ref)})


def audit_hook(
    audit: AuditLog,
    ref: ElementRef,
    requester_id: str,
    action: AuditAction,
    extra: dict[str, Any] | None = None,
) -> TxHook:
    """The transition's audit event, appended inside the transition's transaction."""
    more = dict(extra or {})
    draft = AuditDraft(
        agent_id=ref.space.agent_id,
        action=action,
        requester_id=requester_id,
        memory_id=ref.uuid,
        visibility=ref.space.visibility.value,
        details={"element_" + ref.kind.value: 1, **more.pop("details", {})},
        **more,
    )
    return lambda tx: audit.append_tx(tx, draft)
