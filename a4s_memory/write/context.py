"""The one description of a write, built once from the request and passed to every step.

Before, each step re-derived what it needed from ``(requester_id, request)`` - the rendered text,
the session's hash, the tier, the source type - and a fix in one copy missed the others.
:class:`WriteContext` is frozen and derived in one place (:meth:`WriteContext.of`); the steps read
it and never the raw request again. Permission is separate: the facade authorizes the write once
and hands the :class:`~a4s_memory.access.AccessDecision` down beside the context.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from a4s_memory.audit.events import session_ref
from a4s_memory.firewall import session
from a4s_memory.models import AddMemory, render_messages
from a4s_memory.ttl import Tier

__all__ = ["DEFAULT_SOURCE_TYPE", "WriteContext"]

DEFAULT_SOURCE_TYPE: Final = "user_message"  # docs/api.md: an unlabelled write is the user's own


@dataclass(frozen=True, slots=True)
class WriteContext:
    requester_id: str
    request: AddMemory
    text: str  # the rendered episode text, before the firewall
    is_message: bool
    session: str | None  # the agent-scoped hash the audit log and the ledger store
    tier: Tier
    source_type: str

    @classmethod
    def of(cls, requester_id: str, request: AddMemory) -> WriteContext:
        text, is_message = render_messages(request.messages)
        ref = (
            session_ref(request.agent_id, request.session_id)
            if request.session_id is not None
            else None
        )
        return cls(
            requester_id=requester_id,
            request=request,
            text=text,
            is_message=is_message,
            session=ref,
            tier=Tier.SEMANTIC if request.category is not None else Tier.EPISODIC,
            source_type=request.source.type.value if request.source else DEFAULT_SOURCE_TYPE,
        )

    @property
    def agent_id(self) -> str:
        return self.request.agent_id

    @property
    def gate_key(self) -> str | None:
        """The in-process G5 gate's key (requester, agent, session), or None without a session."""
        return (
            session.gate_key(self.requester_id, self.session) if self.session is not None else None
        )
