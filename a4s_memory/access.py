"""The one access decision (the isolation design, docs/rules.md) that every path — REST, client, A2A, MCP, CLI —
goes through before it touches an agent's memory.

Owner: every action on both spaces. Admin (not the owner): public reads, quarantine anywhere (to stop
a poisoning), the audit. Anyone else, A2A peers included: read the public space, nothing more.

Pure and synchronous: the caller loads the :class:`AgentRecord` (or learns it does not exist) and
passes it in, so the rules are testable without I/O and cannot be bypassed by a different loader.
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from pydantic import BaseModel, ConfigDict

from a4s_memory.contract import StopReason, Visibility
from a4s_memory.errors import AccessDenied, InvalidRequest, NotFound
from a4s_memory.spaces import group_id, validate_agent_id, validate_requester_id

__all__ = [
    "AccessDecision",
    "AccessRequest",
    "Action",
    "AgentRecord",
    "decide",
    "decide_registration",
    "require_group_ids",
]


class Action(str, Enum):
    SEARCH = "search"  # query an agent's memory
    READ = "read"  # fetch one element of a known space
    WRITE = "write"
    DELETE = "delete"
    PROMOTE = "promote"
    QUARANTINE = "quarantine"
    ROLLBACK = "rollback"
    READ_AUDIT = "read_audit"


_READ_ACTIONS: Final = frozenset({Action.SEARCH, Action.READ})
# Admins quarantine, read audits and confirm (promote) what an owner wrote: a promotion needs a
# second principal (the poisoning model, no self-promotion; the transition checks the writer).
_ADMIN_ACTIONS: Final = frozenset({Action.QUARANTINE, Action.READ_AUDIT, Action.PROMOTE})


class AgentRecord(BaseModel):
    """An agent and its one owner, as stored in ``(:Agent {agent_id, owner_id})``."""

    model_config = ConfigDict(frozen=True)

    agent_id: str
    owner_id: str


class AccessRequest(BaseModel):
    """Who wants to do what to which agent. ``agent`` is None when no such agent is registered.

    ``visibility`` names the space of the element or write, when there is one; a search has none
    and is answered with every space the requester may read.
    """

    model_config = ConfigDict(frozen=True)

    requester_id: str
    agent_id: str
    agent: AgentRecord | None
    action: Action
    visibility: Visibility | None = None
    is_admin: bool = False


class AccessDecision(BaseModel):
    """The answer. When ``allowed`` is true, ``group_ids`` is never empty."""

    model_config = ConfigDict(frozen=True)

    allowed: bool
    requester_id: str
    agent_id: str
    action: Action
    is_owner: bool
    group_ids: tuple[str, ...] = ()
    reason: str
    stop_reason: StopReason

    def raise_if_denied(self) -> AccessDecision:
        """Return self when allowed; raise AccessDenied otherwise (NotFound for unknown agents)."""
        if self.allowed:
            return self
        if self.reason == "unknown agent":
            raise NotFound(
                f"no agent '{self.agent_id}' is registered",
                suggestion="register it first with POST /agents",
            )
        raise AccessDenied(
            f"requester '{self.requester_id}' may not {self.action.value} in agent '{self.agent_id}': "
            f"{self.reason}",
            suggestion="only the agent's owner may write, delete, promote or read private memory",
        )


def _deny(req: AccessRequest, reason: str, *, is_owner: bool = False) -> AccessDecision:
    return AccessDecision(
        allowed=False,
        requester_id=req.requester_id,
        agent_id=req.agent_id,
        action=req.action,
        is_owner=is_owner,
        reason=reason,
        stop_reason=StopReason.POLICY_DISABLED,
    )


def _allow(
    req: AccessRequest, spaces: list[Visibility], reason: str, *, is_owner: bool
) -> AccessDecision:
    return AccessDecision(
        allowed=True,
        requester_id=req.requester_id,
        agent_id=req.agent_id,
        action=req.action,
        is_owner=is_owner,
        group_ids=require_group_ids([group_id(req.agent_id, v) for v in spaces]),
        reason=reason,
        stop_reason=StopReason.SUCCESS_READ
        if req.action in _READ_ACTIONS
        else StopReason.SUCCESS_STORED,
    )


def decide(req: AccessRequest) -> AccessDecision:
    """Decide one request. Raises InvalidRequest for malformed ids; never widens access on doubt."""
    validate_requester_id(req.requester_id)
    validate_agent_id(req.agent_id)
    if req.agent is None:
        return _deny(req, "unknown agent")
    if req.agent.agent_id != req.agent_id:
        # A loader bug must not hand one agent's record to another agent's request.
        return _deny(req, "agent record does not match the requested agent")

    is_owner = req.agent.owner_id == req.requester_id
    wanted = [req.visibility] if req.visibility is not None else list(Visibility)
    if is_owner:
        return _allow(req, wanted, "owner", is_owner=True)

    if req.action in _READ_ACTIONS:
        if req.visibility is Visibility.PRIVATE:
            return _deny(req, "the private space is readable by its owner only")
        return _allow(
            req, [Visibility.PUBLIC], "public space is readable by anyone", is_owner=False
        )

    if req.is_admin and req.action in _ADMIN_ACTIONS:
        return _allow(req, wanted, "admin", is_owner=False)

    return _deny(req, "only the owner may do this")


def decide_registration(requester_id: str, owner_id: str, *, is_admin: bool) -> None:
    """POST /agents: an admin registers for anyone; anyone else only with themselves as owner."""
    validate_requester_id(requester_id)
    validate_requester_id(owner_id)
    if not is_admin and requester_id != owner_id:
        raise AccessDenied(
            "only an admin may register an agent for another owner",
            suggestion="register the agent with owner_id equal to your own requester id",
        )


def require_group_ids(group_ids: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Guard for every search: Graphiti treats an empty group list as *all groups*."""
    if not group_ids:
        raise InvalidRequest(
            "refusing to search with an empty group_id list (it would mean all groups)"
        )
    return tuple(group_ids)
