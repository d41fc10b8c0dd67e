"""The G5 session gate, all of it: three (configurable) rejections in one session disable memory
writes for the rest of that session, and the session summary lists the rejections.

* :func:`gate_key` - whose session it is: (requester, agent, session), never the client's id alone;
* :class:`SessionGate` - the in-process count the firewall consults (also what the offline
  ``a4s-memory firewall check`` uses);
* :func:`rejections_of` / :func:`notification` - the summary, built from the audit log's events.

The audit log is the source of truth in the service: the write path refuses a session whose
rejections it counts there (``write.steps.refuse_disabled_session``), which holds across
processes and restarts; the in-process gate only answers sooner.

In-memory and per process; the summary names stop reasons and rule ids only, never content.
Bounded: at most ``max_sessions`` sessions are kept, the least recently used dropped first (the
service also counts a session's rejections in the audit log, which is what survives restarts and
spans processes; this gate only answers sooner).
Writes without a ``session_id`` are not tracked. Rejections caused by the gate itself
(POLICY_DISABLED ``session.disabled``) are listed but do not change anything further.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Final

from a4s_memory.audit.events import AuditAction, AuditEventView
from a4s_memory.contract import StopReason
from a4s_memory.firewall.models import FirewallDecision
from a4s_memory.models_lifecycle import SessionRejection

__all__ = [
    "DEFAULT_REJECTION_LIMIT",
    "REJECTION_ACTIONS",
    "SessionGate",
    "gate_key",
    "notification",
    "rejections_of",
]

DEFAULT_REJECTION_LIMIT: Final = 3
DEFAULT_MAX_SESSIONS: Final = 100_000


@dataclass(slots=True)
class _Rejection:
    stop_reason: StopReason
    rule_id: str | None
    reason: str | None


@dataclass(slots=True)
class _Session:
    rejections: list[_Rejection] = field(default_factory=list)
    accepted: int = 0


class SessionGate:
    """Per-session rejection bookkeeping. Thread-safe."""

    def __init__(
        self,
        rejection_limit: int = DEFAULT_REJECTION_LIMIT,
        max_sessions: int = DEFAULT_MAX_SESSIONS,
    ) -> None:
        if rejection_limit < 1 or max_sessions < 1:
            raise ValueError("rejection_limit and max_sessions must be at least 1")
        self.rejection_limit = rejection_limit
        self.max_sessions = max_sessions
        self._sessions: dict[str, _Session] = {}
        self._lock = threading.Lock()

    def is_disabled(self, session_id: str | None) -> bool:
        if session_id is None:
            return False
        with self._lock:
            s = self._sessions.get(session_id)
            return s is not None and len(s.rejections) >= self.rejection_limit

    def record(self, session_id: str | None, decision: FirewallDecision) -> None:
        if session_id is None:
            return
        with self._lock:
            s = self._sessions.pop(session_id, None) or _Session()
            self._sessions[session_id] = s  # most recently used last
            while len(self._sessions) > self.max_sessions:
                del self._sessions[next(iter(self._sessions))]
            if decision.accepted:
                s.accepted += 1
                return
            cause = next(
                (f for f in decision.findings if f.stop_reason is decision.stop_reason), None
            )
            s.rejections.append(
                _Rejection(
                    decision.stop_reason,
                    cause.rule_id if cause else None,
                    cause.reason if cause else None,
                )
            )

    def rejections(self, session_id: str) -> list[tuple[StopReason, str | None]]:
        with self._lock:
            s = self._sessions.get(session_id)
            return [(r.stop_reason, r.rule_id) for r in s.rejections] if s else []

    def reset(self, session_id: str) -> None:
        with self._lock:
            self._sessions.pop(session_id, None)

    def summary(self, session_id: str) -> str:
        """The G5 session-end notification ('' when nothing was rejected)."""
        with self._lock:
            s = self._sessions.get(session_id)
            rejections = list(s.rejections) if s else []
        if not rejections:
            return ""
        n = len(rejections)
        lines = [
            f"[a4s-memory] {n} memory write{'s were' if n != 1 else ' was'} rejected this session:"
        ]
        for i, r in enumerate(rejections, 1):
            detail = f" ({r.rule_id}: {r.reason})" if r.rule_id else ""
            lines.append(f"  {i}. write rejected: {r.stop_reason.value}{detail}")
        if n >= self.rejection_limit:
            lines.append(
                f"  Memory writes are disabled for this session ({self.rejection_limit}+ "
                "rejections)."
            )
        lines.append(f"  Run: a4s-memory audit --last={max(n, 5)} for details")
        return "\n".join(lines)


# -- the session summary, from the audit log --------------------------------------------------

REJECTION_ACTIONS = frozenset({AuditAction.REJECT.value, AuditAction.POISONING_BLOCKED.value})


def gate_key(requester_id: str, session_ref: str) -> str:
    """The in-process G5 gate's key: (requester, agent, session) -- ``session_ref`` is already
    scoped by the agent -- never the client's id alone (Bob's rejections must not
    disable Alice's writes in a session that happens to have the same name)."""
    return f"{requester_id}\x00{session_ref}"


def rejections_of(events: list[AuditEventView]) -> list[SessionRejection]:
    return [
        SessionRejection(
            seq=e.seq,
            timestamp=e.timestamp,
            action=e.action,
            stop_reason=e.stop_reason,
            rule_id=e.rejection_reason,
            field=e.field,
        )
        for e in events
        if e.action in REJECTION_ACTIONS
    ]


def notification(
    agent_id: str, rejections: list[SessionRejection], *, disabled: bool, limit: int
) -> str:
    """The G5 session-end notification ('' when nothing was rejected)."""
    n = len(rejections)
    if n == 0:
        return ""
    lines = [
        f"[a4s-memory] {n} memory write{'s were' if n != 1 else ' was'} rejected this session:"
    ]
    for i, r in enumerate(rejections, 1):
        what = r.field or "memory"
        rule = f" ({r.rule_id})" if r.rule_id else ""
        lines.append(
            f"  {i}. @{agent_id} {what} write rejected: {r.stop_reason or 'unknown'}{rule}"
        )
    if disabled:
        lines.append(f"  Memory writes are disabled for this session ({limit}+ rejections).")
    lines.append(f"  Run: a4s-memory audit list --agent {agent_id} --last={max(n, 5)} for details")
    return "\n".join(lines)
