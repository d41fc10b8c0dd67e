"""Audit events of sentinels and probes, on the shared hash chain (a4s_memory.audit).

``AuditAction`` has no ``sentinel_alert`` / ``incident`` / ``probe`` member yet; until it
does, :class:`ExtraDraft` carries the kind as a plain string (the chain hashes the stored string
either way, so events written now verify after the enum grows). Events hold ids, rule ids and
numbers only, never memory content.
"""

from __future__ import annotations

from typing import Any, Final

from a4s_memory.audit.events import AuditAction, AuditDraft, ValidationResult

__all__ = ["INCIDENT", "PROBE", "PROBE_AGENT", "SENTINEL_ALERT", "ExtraDraft", "draft"]

SENTINEL_ALERT: Final = "sentinel_alert"
INCIDENT: Final = "incident"
PROBE: Final = "probe"
# The audit chain probe runs are recorded on (their throwaway agents are removed afterwards).
PROBE_AGENT: Final = "a4s-probes"


class ExtraDraft(AuditDraft):
    """An AuditDraft whose action may be one of the issue-9 kinds above."""

    action: str  # type: ignore[assignment]


def draft(action: str, agent_id: str, ok: bool, **fields: Any) -> AuditDraft:
    """One event draft; ``ok`` False marks it ``hard_fail`` (serious alert, failed probe)."""
    result = ValidationResult.PASS if ok else ValidationResult.HARD_FAIL
    try:
        known = AuditAction(action)
    except ValueError:
        return ExtraDraft(agent_id=agent_id, action=action, validation_result=result, **fields)
    return AuditDraft(agent_id=agent_id, action=known, validation_result=result, **fields)
