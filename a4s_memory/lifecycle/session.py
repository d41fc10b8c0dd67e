"""Seed 000 G5 session summary, built from the audit log (so it survives restarts and works
across processes). Pure formatting here; rule ids and stop reasons only, never content.

    [a4s-memory] 2 memory writes were rejected this session:
      1. @helper PREFERENCE write rejected: INJECTION_DETECTED (regex.importance)
      2. @helper memory write rejected: FORBIDDEN_CATEGORY (trust.tool_output)
      Run: a4s-memory audit list --agent helper --last=5 for details
"""

from __future__ import annotations

from a4s_memory.audit.events import AuditAction, AuditEventView
from a4s_memory.models_lifecycle import SessionRejection

__all__ = ["REJECTION_ACTIONS", "gate_key", "notification", "rejections_of"]

REJECTION_ACTIONS = frozenset({AuditAction.REJECT.value, AuditAction.POISONING_BLOCKED.value})


def gate_key(requester_id: str, session_ref: str) -> str:
    """The in-process G5 gate's key: (requester, agent, session) -- ``session_ref`` is already
    scoped by the agent -- never the client's id alone (issue 12 row 5: Bob's rejections must not
    disable Alice's writes in a session that happens to have the same name)."""
    return f"{requester_id}\x00{session_ref}"


def rejections_of(events: list[AuditEventView]) -> list[SessionRejection]:
    return [
        SessionRejection(seq=e.seq, timestamp=e.timestamp, action=e.action,
                         stop_reason=e.stop_reason, rule_id=e.rejection_reason, field=e.field)
        for e in events if e.action in REJECTION_ACTIONS
    ]  # fmt: skip


def notification(
    agent_id: str, rejections: list[SessionRejection], *, disabled: bool, limit: int
) -> str:
    """The G5 session-end notification ('' when nothing was rejected)."""
    n = len(rejections)
    if n == 0:
        return ""
    lines = [f"[a4s-memory] {n} memory write{'s were' if n != 1 else ' was'} rejected this session:"]
    for i, r in enumerate(rejections, 1):
        what = r.field or "memory"
        rule = f" ({r.rule_id})" if r.rule_id else ""
        lines.append(f"  {i}. @{agent_id} {what} write rejected: {r.stop_reason or 'unknown'}{rule}")
    if disabled:
        lines.append(f"  Memory writes are disabled for this session ({limit}+ rejections).")
    lines.append(f"  Run: a4s-memory audit list --agent {agent_id} --last={max(n, 5)} for details")
    return "\n".join(lines)
