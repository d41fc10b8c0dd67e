"""The lifecycle operations behind the MemoryManager facade. The facade authorizes each call once
(the registry's one access decision) and passes the :class:`AccessDecision` down; every method
here checks that it was given an allowed decision for the action it performs
(:func:`_require`), acts for ``access.requester_id`` on ``access.agent_id`` only, and leaves
exactly one audit event.

Who may do what (a4s_memory.access): audit and session summary = owner or admin
(``READ_AUDIT``); versions, rollback = owner (``ROLLBACK``); export, import, pin = owner
(``WRITE``); clear, forget = owner (``DELETE``). The sweeper is an operator task (no requester).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Iterable
from datetime import datetime
from typing import Any

from a4s_memory.access import AccessDecision, Action
from a4s_memory.audit.events import AuditAction, AuditDraft, AuditEventView, session_ref
from a4s_memory.contract import Visibility
from a4s_memory.errors import AccessDenied, InvalidRequest
from a4s_memory.firewall import Firewall, session
from a4s_memory.lifecycle import rollback
from a4s_memory.lifecycle.import_refs import resolve_references
from a4s_memory.lifecycle.import_screen import screen_import
from a4s_memory.lifecycle.import_vectors import vector_flags
from a4s_memory.models import SESSION_ID_PATTERN
from a4s_memory.models_lifecycle import (
    AuditVerification,
    BulkDeleteResult,
    ImportReport,
    RollbackResult,
    SessionSummary,
    SweepReport,
    VersionView,
)
from a4s_memory.spaces import spaces_of
from a4s_memory.store import deletion, portability, sweeper
from a4s_memory.store.audit_log import AuditLog
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.export_signing import SIGNATURE, ExportKey, signature_valid
from a4s_memory.store.import_trust import keep_quarantined, keep_suspicious, merged
from a4s_memory.store.ingest import Ingestor
from a4s_memory.store.ledger import now_utc
from a4s_memory.store.pinning import PinRequest, set_pinned
from a4s_memory.store.transitions import ElementRef

__all__ = ["Lifecycle"]


def _require(access: AccessDecision, action: Action, ref: ElementRef | None = None) -> None:
    """Defence in depth: the decision must allow exactly this action, and cover ``ref``'s space."""
    if not access.allowed or access.action is not action:
        raise AccessDenied(f"not authorized to {action.value}")
    if ref is not None and ref.group_id not in access.group_ids:
        raise AccessDenied(f"not authorized to {action.value} this memory")


class Lifecycle:
    def __init__(
        self,
        store: Neo4jStore,
        ingestor: Ingestor,
        firewall: Firewall,
        export_key: ExportKey,
    ) -> None:
        self.store = store
        self.audit_log = AuditLog(store)
        self._ingestor = ingestor
        self._firewall = firewall
        self._export_key = export_key

    # -- audit -------------------------------------------------------------------------------
    async def audit(
        self, access: AccessDecision, action: str | None, last: int
    ) -> list[AuditEventView]:
        _require(access, Action.READ_AUDIT)
        if action is not None:
            try:
                action = AuditAction(action.strip().lower()).value
            except ValueError:
                raise InvalidRequest("unknown audit action") from None
        return await self.audit_log.recent(access.agent_id, action, last)

    async def verify(self, agent_id: str) -> AuditVerification:
        return await self.audit_log.verify(agent_id)

    async def session_summary(self, access: AccessDecision, session_id: str) -> SessionSummary:
        _require(access, Action.READ_AUDIT)
        requester_id, agent_id = access.requester_id, access.agent_id
        if not isinstance(session_id, str) or not re.fullmatch(SESSION_ID_PATTERN, session_id):
            raise InvalidRequest("a session id of 1-128 characters [A-Za-z0-9._:-] is required")
        ref = session_ref(agent_id, session_id)
        events = await self.audit_log.session_events(agent_id, ref)
        rejections = session.rejections_of(events)
        limit = self._firewall.sessions.rejection_limit
        # "disabled" for the reader: the gate counts one requester's rejections.
        own = sum(
            1
            for e in events
            if e.requester_id == requester_id and e.action in session.REJECTION_ACTIONS
        )
        gate = session.gate_key(requester_id, ref)
        disabled = self._firewall.sessions.is_disabled(gate) or own >= limit
        return SessionSummary(
            agent_id=agent_id,
            session_id=session_id,
            rejections=rejections,
            writes_disabled=disabled,
            notification=session.notification(agent_id, rejections, disabled=disabled, limit=limit),
        )

    # -- versions ----------------------------------------------------------------------------
    async def versions(self, access: AccessDecision, ref: ElementRef) -> list[VersionView]:
        _require(access, Action.ROLLBACK, ref)
        return await rollback.list_versions(self.store, ref.uuid)

    async def rollback(
        self, access: AccessDecision, ref: ElementRef, to_version: int
    ) -> RollbackResult:
        _require(access, Action.ROLLBACK, ref)
        if not isinstance(to_version, int) or to_version < 1:
            raise InvalidRequest("to_version must be a positive integer")
        target = rollback.RollbackTarget(ref, to_version, access.requester_id)
        return await rollback.rollback_item(self.store, self._ingestor, self.audit_log, target)

    async def pin(self, access: AccessDecision, ref: ElementRef, pinned: bool) -> None:
        _require(access, Action.WRITE, ref)
        await set_pinned(self.store, self.audit_log, ref, PinRequest(access.requester_id, pinned))

    # -- TTL ---------------------------------------------------------------------------------
    async def sweep(self, now: datetime | None, agent_id: str | None) -> SweepReport:
        groups = list(spaces_of(agent_id).values()) if agent_id else None
        return await sweeper.sweep(self.store, self.audit_log, now or now_utc(), groups)

    # -- deletion ----------------------------------------------------------------------------
    async def clear(
        self, access: AccessDecision, visibility: Visibility | None
    ) -> BulkDeleteResult:
        """Delete the spaces ``access`` covers (the facade narrowed it to ``visibility``)."""
        _require(access, Action.DELETE)
        draft = AuditDraft(
            agent_id=access.agent_id,
            action=AuditAction.BULK_DELETE,
            requester_id=access.requester_id,
            visibility=visibility.value if visibility else None,
        )
        return await deletion.bulk_delete(
            self.store, self.audit_log, draft, list(access.group_ids), None
        )

    async def forget(self, access: AccessDecision, topic: str) -> BulkDeleteResult:
        _require(access, Action.DELETE)
        draft = AuditDraft(
            agent_id=access.agent_id,
            action=AuditAction.BULK_DELETE,
            requester_id=access.requester_id,
        )
        return await deletion.bulk_delete(
            self.store, self.audit_log, draft, list(access.group_ids), topic
        )

    # -- export / import ---------------------------------------------------------------------
    async def export_agent(self, access: AccessDecision) -> AsyncIterator[dict[str, Any]]:
        _require(access, Action.WRITE)
        requester_id, agent_id = access.requester_id, access.agent_id
        groups = sorted(spaces_of(agent_id).values())
        count = 0
        key = await self._export_key.get()
        scope = portability.ExportScope(agent_id, requester_id if access.is_owner else "", groups)
        async for record in portability.export_records(self.store, scope, key):
            count += 1
            yield record
        await self.audit_log.append(
            AuditDraft(
                agent_id=agent_id,
                action=AuditAction.EXPORT,
                requester_id=requester_id,
                count=count,
            )
        )

    async def import_agent(
        self, access: AccessDecision, records: Iterable[dict[str, Any]]
    ) -> ImportReport:
        """Restore an export into the owner's empty agent. Only a file signed with this server's
        key, for this agent and this owner, restores its statuses and provenance; any other is
        imported as unverified, by the importer (import_trust.py)."""
        _require(access, Action.WRITE)
        requester_id, agent_id = access.requester_id, access.agent_id
        rows = list(records)
        groups = sorted(spaces_of(agent_id).values())
        header = portability.check_header(rows, agent_id, groups)
        key = await self._export_key.get()
        verified = header.get("owner_id") == requester_id and await asyncio.to_thread(
            signature_valid,
            key,
            rows,  # CPU-bound over every record: off the event loop
        )
        body = [r for r in rows if r.get("type") not in ("header", SIGNATURE)]
        # Before anything is written; CPU-bound over every record: off the event loop.
        await asyncio.to_thread(screen_import, body, groups, self._firewall)
        resolved = resolve_references(body, groups, agent_id)
        quarantined = await self.audit_log.quarantined(agent_id, resolved.ids)
        kept, plan = keep_quarantined(resolved.records, quarantined)
        if not verified:  # read by the vector screen as a write would be (import_vectors.py)
            kept, suspicious = keep_suspicious(kept, await vector_flags(kept, self._ingestor))
            plan = merged(plan, suspicious)
        draft = AuditDraft(
            agent_id=agent_id,
            action=AuditAction.IMPORT,
            requester_id=requester_id,
            details={"verified": verified},
        )
        counts, event = await portability.import_records(
            self.store,
            self.audit_log,
            portability.ImportJob(draft, groups, kept, resolved.ids, verified, plan),
        )
        return ImportReport(
            agent_id=agent_id, records=len(rows), counts=counts, audit_id=event, verified=verified
        )
