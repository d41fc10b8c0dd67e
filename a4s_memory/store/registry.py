"""The ownership registry: ``(:Agent {agent_id, owner_id})`` in Neo4j, one owner per agent (the isolation design).

:meth:`AgentRegistry.authorize` is how every path asks "may this requester do this to this agent?":
it loads the record and hands it to the pure :func:`a4s_memory.access.decide`.
"""

from __future__ import annotations

from datetime import UTC, datetime

from neo4j.exceptions import ConstraintError

from a4s_memory.access import (
    AccessDecision,
    AccessRequest,
    Action,
    AgentRecord,
    decide,
    decide_registration,
)
from a4s_memory.contract import Visibility
from a4s_memory.errors import Conflict
from a4s_memory.spaces import validate_agent_id
from a4s_memory.store.db import Neo4jStore

__all__ = ["AgentRegistry", "Registration"]

_REGISTER = """
MERGE (a:Agent {agent_id: $agent_id})
ON CREATE SET a.owner_id = $owner_id, a.created_at = $now, a.registered_by = $requester_id
RETURN a.owner_id AS owner_id, a.created_at = $now AS created
"""

_GET = "MATCH (a:Agent {agent_id: $agent_id}) RETURN a.owner_id AS owner_id"


class Registration(AgentRecord):
    created: bool


class AgentRegistry:
    def __init__(self, store: Neo4jStore, *, admin_ids: frozenset[str] = frozenset()) -> None:
        self._store = store
        self._admins = admin_ids

    def is_admin(self, requester_id: str) -> bool:
        return requester_id in self._admins

    async def register(self, requester_id: str, agent_id: str, owner_id: str) -> Registration:
        """Register ``agent_id`` for ``owner_id``. Re-registering with the same owner is a no-op
        (``created`` is False); another owner gets :class:`Conflict`."""
        validate_agent_id(agent_id)
        decide_registration(requester_id, owner_id, is_admin=self.is_admin(requester_id))
        try:
            rows = await self._store.execute(
                _REGISTER,
                {
                    "agent_id": agent_id,
                    "owner_id": owner_id,
                    "requester_id": requester_id,
                    "now": datetime.now(UTC),
                },
            )
        except ConstraintError as exc:  # a concurrent registration won the race
            raise Conflict(f"agent '{agent_id}' is already registered") from exc
        row = rows[0]
        if row["owner_id"] != owner_id:
            raise Conflict(
                f"agent '{agent_id}' is already registered to another owner",
                suggestion="choose another agent_id",
            )
        return Registration(agent_id=agent_id, owner_id=owner_id, created=bool(row["created"]))

    async def get(self, agent_id: str) -> AgentRecord | None:
        validate_agent_id(agent_id)
        rows = await self._store.read(_GET, {"agent_id": agent_id})
        if not rows:
            return None
        return AgentRecord(agent_id=agent_id, owner_id=str(rows[0]["owner_id"]))

    async def authorize(
        self,
        requester_id: str,
        agent_id: str,
        action: Action,
        visibility: Visibility | None = None,
        *,
        records: dict[str, AgentRecord | None] | None = None,
    ) -> AccessDecision:
        """Load the agent and decide; raises AccessDenied/NotFound/InvalidRequest when denied.

        ``records``: agent records already read for this request (a batch reads each agent's
        once; every item still gets its own decision), filled in as agents are read."""
        validate_agent_id(agent_id)
        if records is None or agent_id not in records:
            record = await self.get(agent_id)
            if records is not None:
                records[agent_id] = record
        else:
            record = records[agent_id]
        request = AccessRequest(
            requester_id=requester_id,
            agent_id=agent_id,
            agent=record,
            action=action,
            visibility=visibility,
            is_admin=self.is_admin(requester_id),
        )
        return decide(request).raise_if_denied()
