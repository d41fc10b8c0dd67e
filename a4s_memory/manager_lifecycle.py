"""The lifecycle half of :class:`~a4s_memory.manager.MemoryManager`'s API: audit reads, versions
and rollback, pinning, the TTL sweep, bulk deletion, export and import. Like the rest of the
facade, each method authorizes once and passes the decision to :class:`Lifecycle`, which does the
work (docs/lifecycle.md)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from a4s_memory.access import AccessDecision, Action
from a4s_memory.audit.events import AuditEventView
from a4s_memory.config import Settings
from a4s_memory.contract import Visibility
from a4s_memory.errors import AccessDenied, NotFound
from a4s_memory.firewall import Firewall
from a4s_memory.lifecycle.service import Lifecycle
from a4s_memory.models_lifecycle import (
    AuditVerification,
    BulkDeleteResult,
    ImportReport,
    RollbackResult,
    SessionSummary,
    SweepReport,
    VersionView,
)
from a4s_memory.quota import Quota
from a4s_memory.store.audit_log import AuditLog
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.graphiti_factory import GraphitiBundle
from a4s_memory.store.registry import AgentRegistry
from a4s_memory.store.transitions import ElementRef, locate

__all__ = ["LifecycleMethods", "ManagerParts"]


@dataclass(frozen=True, slots=True)
class ManagerParts:
    """The collaborators (so the constructor stays small and does no I/O)."""

    store: Neo4jStore
    registry: AgentRegistry
    firewall: Firewall
    graphiti: GraphitiBundle
    settings: Settings
    quota: Quota


class LifecycleMethods:
    _p: ManagerParts
    _life: Lifecycle

    async def audit(
        self, requester_id: str, agent_id: str, action: str | None = None, last: int = 50
    ) -> list[AuditEventView]:
        access = await self._p.registry.authorize(requester_id, agent_id, Action.READ_AUDIT)
        return await self._life.audit(access, action, last)

    async def verify_audit(self, agent_id: str) -> AuditVerification:
        return await self._life.verify(agent_id)

    @property
    def audit_log(self) -> AuditLog:
        """Operator access to the audit chains (verify-all, prune): for whoever already holds the
        Neo4j credentials, i.e. the CLI; requester-facing reads go through :meth:`audit`."""
        return self._life.audit_log

    async def export_audit(self, requester_id: str, agent_id: str) -> AsyncIterator[dict[str, Any]]:
        """Every event of an agent (owner or admin), oldest first, never content."""
        await self._p.registry.authorize(requester_id, agent_id, Action.READ_AUDIT)
        async for event in self._life.audit_log.export(agent_id):
            yield event

    async def versions(self, requester_id: str, memory_id: str) -> list[VersionView]:
        ref, access = await self._access(requester_id, memory_id, Action.ROLLBACK)
        return await self._life.versions(access, ref)

    async def rollback(self, requester_id: str, memory_id: str, to_version: int) -> RollbackResult:
        ref, access = await self._mutation(requester_id, memory_id, Action.ROLLBACK)
        return await self._life.rollback(access, ref, to_version)

    async def pin(self, requester_id: str, memory_id: str, pinned: bool = True) -> None:
        ref, access = await self._mutation(requester_id, memory_id, Action.WRITE)
        await self._life.pin(access, ref, pinned)

    async def session_summary(
        self, requester_id: str, agent_id: str, session_id: str
    ) -> SessionSummary:
        access = await self._p.registry.authorize(requester_id, agent_id, Action.READ_AUDIT)
        return await self._life.session_summary(access, session_id)

    async def sweep(self, now: datetime | None = None, agent_id: str | None = None) -> SweepReport:
        """TTL sweep at ``now`` (default: the real clock); ``agent_id`` narrows it (tests)."""
        return await self._life.sweep(now, agent_id)

    async def export_agent(self, requester_id: str, agent_id: str) -> AsyncIterator[dict[str, Any]]:
        access = await self._p.registry.authorize(requester_id, agent_id, Action.WRITE)
        async for record in self._life.export_agent(access):
            yield record

    async def import_agent(
        self, requester_id: str, agent_id: str, records: Iterable[dict[str, Any]]
    ) -> ImportReport:
        await self._p.quota.spend(requester_id)  # one token per import: it is one bulk write
        access = await self._p.registry.authorize(requester_id, agent_id, Action.WRITE)
        return await self._life.import_agent(access, records)

    async def clear(
        self, requester_id: str, agent_id: str, visibility: Visibility | str | None = None
    ) -> BulkDeleteResult:
        await self._p.quota.spend(requester_id)
        vis = Visibility(visibility) if visibility is not None else None
        access = await self._p.registry.authorize(requester_id, agent_id, Action.DELETE, vis)
        return await self._life.clear(access, vis)

    async def forget(self, requester_id: str, agent_id: str, topic: str) -> BulkDeleteResult:
        await self._p.quota.spend(requester_id)
        access = await self._p.registry.authorize(requester_id, agent_id, Action.DELETE)
        return await self._life.forget(access, topic)

    # -- the one authorization of a call about one memory ----------------------------------

    async def _access(
        self, requester_id: str, memory_id: str, action: Action
    ) -> tuple[ElementRef, AccessDecision]:
        """Locate the element, then ask the one access decision about its space."""
        if not isinstance(memory_id, str) or not 1 <= len(memory_id) <= 64:
            raise NotFound("no such memory")
        ref = await locate(self._p.store, memory_id)
        space = ref.space
        try:
            decision = await self._p.registry.authorize(
                requester_id, space.agent_id, action, space.visibility
            )
        except AccessDenied:
            # A 403 would confirm that a private id exists; answer as for an unknown id.
            if space.visibility is Visibility.PRIVATE:
                raise NotFound("no such memory") from None
            raise
        return ref, decision

    async def _mutation(
        self, requester_id: str, memory_id: str, action: Action
    ) -> tuple[ElementRef, AccessDecision]:
        """A change to one memory: one write-quota token first (nothing is read or written when
        refused), then :meth:`_access`."""
        await self._p.quota.spend(requester_id)
        return await self._access(requester_id, memory_id, action)

    async def _write_target(self, requester_id: str, memory_id: str, action: Action) -> ElementRef:
        return (await self._mutation(requester_id, memory_id, action))[0]
