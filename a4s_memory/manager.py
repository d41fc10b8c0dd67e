"""MemoryManager: the friendly async entry point over registry, firewall, ingestion, search and
transitions. Thin on purpose: every method is authorize -> (firewall) -> delegate.

    manager = await MemoryManager.create(store, settings)
    await manager.register_agent("alice", "helper", "alice")
    added = await manager.add("alice", AddMemory(agent_id="helper", messages="Alice prefers tea."))
    hits = await manager.search("bob", "helper", "tea")        # bob: public space only

Every method takes the requester first and goes through ``registry.authorize`` (the one access
decision); writes also go through the firewall, and only its ``redacted_text`` is stored.
Every operation leaves one hash-chained audit event (docs/audit.md), written in the same
transaction as the change it records; versions, rollback, TTL, bulk deletion, export/import and
the session summary live in :mod:`a4s_memory.lifecycle` (docs/lifecycle.md).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from pydantic import BaseModel, ValidationError

from a4s_memory.access import AccessDecision, Action
from a4s_memory.audit.events import AuditAction, AuditDraft, AuditEventView, content_hash
from a4s_memory.config import Settings
from a4s_memory.contract import Visibility
from a4s_memory.errors import AccessDenied, InvalidRequest, NotFound
from a4s_memory.firewall import Firewall
from a4s_memory.lifecycle.export_signing import ExportKey
from a4s_memory.lifecycle.service import Lifecycle
from a4s_memory.lifecycle.transition_inputs import (
    audit_hook,
    screened_evidence,
    screened_reason,
)
from a4s_memory.models import (
    AddMemory,
    AddResult,
    DeleteResult,
    MemoryView,
    TransitionResult,
)
from a4s_memory.models_lifecycle import (
    BulkDeleteResult,
    ImportReport,
    RollbackResult,
    SessionSummary,
    SweepReport,
    VersionView,
)
from a4s_memory.policy import ContextPolicy
from a4s_memory.quota import Quota
from a4s_memory.store.audit_log import AuditLog, AuditVerification
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.embedder import SizedEmbedder
from a4s_memory.store.graphiti_factory import GraphitiBundle, build_graphiti
from a4s_memory.store.ingest import Ingestor
from a4s_memory.store.jobs import ClaimedJob, JobAccepted, JobQueue, JobView
from a4s_memory.store.memory_view import load_memory_view
from a4s_memory.store.quota import build_quota
from a4s_memory.store.ranking import build_reranker
from a4s_memory.store.registry import AgentRegistry, Registration
from a4s_memory.store.search import SearchHit, SearchOptions, policy_search
from a4s_memory.store.transitions import (
    ElementRef,
    Evidence,
    TxHook,
    contradict,
    delete_episode,
    locate,
    promote,
    quarantine,
    supersede,
)
from a4s_memory.telemetry import observe_search, observe_write
from a4s_memory.write.batch import MAX_BATCH_ITEMS, BatchResult, write_batch
from a4s_memory.write.flow import WriteDeps, add_memory, screen_write, store_write

__all__ = ["ManagerParts", "MemoryManager"]

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class ManagerParts:
    """The collaborators (so the constructor stays small and does no I/O)."""

    store: Neo4jStore
    registry: AgentRegistry
    firewall: Firewall
    graphiti: GraphitiBundle
    settings: Settings
    quota: Quota


def _parse(model: type[BaseModel], value: Any) -> Any:
    if isinstance(value, model):
        return value
    try:
        return model.model_validate(value)
    except ValidationError as exc:
        fields = sorted({".".join(str(p) for p in err["loc"]) for err in exc.errors()})
        raise InvalidRequest(f"invalid request fields: {', '.join(fields) or 'body'}") from None


class MemoryManager:
    def __init__(self, parts: ManagerParts) -> None:
        self._p = parts
        self._ingestor = Ingestor(parts.store, parts.graphiti)
        export_key = ExportKey(parts.settings.export_key, parts.settings.export_key_file)
        self._life = Lifecycle(
            parts.store, parts.registry, self._ingestor, parts.firewall, export_key
        )
        self._audit: AuditLog = self._life.audit_log
        self._writes = WriteDeps(parts.registry, parts.firewall, self._audit, self._ingestor)
        self._reranker = build_reranker(parts.settings)
        self.jobs = JobQueue(parts.store, parts.settings.job_lease_s)

    @classmethod
    async def create(
        cls,
        store: Neo4jStore,
        settings: Settings,
        firewall: Firewall | None = None,
        quota: Quota | None = None,
    ) -> MemoryManager:
        """Build every collaborator over the shared store. The schema (graph_schema/, including the
        status ledger's constraint) is applied by `a4s-memory schema apply`, not here. ``quota``
        is shared with whoever else must see the same buckets (the API passes its own)."""
        parts = ManagerParts(
            store=store,
            registry=AgentRegistry(store, admin_ids=settings.admin_ids),
            firewall=firewall or Firewall(),
            graphiti=await build_graphiti(store, settings),
            settings=settings,
            quota=quota or build_quota(store, settings),
        )
        return cls(parts)

    @property
    def registry(self) -> AgentRegistry:
        return self._p.registry

    @property
    def queue_mode(self) -> bool:
        """A4S_INGEST_MODE=queue: POST /memories answers 202 and a worker stores the write."""
        return self._p.settings.ingest_mode == "queue"

    @property
    def offline(self) -> bool:
        return self._p.graphiti.offline

    async def register_agent(self, requester_id: str, agent_id: str, owner_id: str) -> Registration:
        await self._p.quota.spend(requester_id)
        return await self._p.registry.register(requester_id, agent_id, owner_id)

    # -- writes ------------------------------------------------------------------------------------

    async def add(self, requester_id: str, request: AddMemory | dict[str, Any]) -> AddResult:
        """Firewall, then store; one audit event either way (a4s_memory.write.flow)."""
        with observe_write() as done:
            await self._p.quota.spend(requester_id)
            result = await add_memory(self._writes, requester_id, _parse(AddMemory, request))
            done(result.stop_reason)
        return result

    async def enqueue(self, requester_id: str, request: AddMemory | dict[str, Any]) -> JobAccepted:
        """Queue mode: screen now (a refusal is raised as by :meth:`add`), store in a worker."""
        with observe_write() as done:
            await self._p.quota.spend(requester_id)
            write = await screen_write(self._writes, requester_id, _parse(AddMemory, request))
            job_id = await self.jobs.enqueue(requester_id, write)
            decision = write.prov.decision
            done(decision.stop_reason)
        return JobAccepted(job_id=job_id, stop_reason=decision.stop_reason,
                           group_id=write.prov.group_id, status=decision.status,
                           redactions=list(decision.redactions), decision_id=decision.decision_id)

    async def job(self, requester_id: str, job_id: str) -> JobView:
        """A queued write's state: for its requester and admins; 404 for anyone else."""
        row = await self.jobs.status(job_id) if 1 <= len(job_id) <= 64 else None
        if row is None or (row["requester_id"] != requester_id
                           and not self._p.registry.is_admin(requester_id)):
            raise NotFound("no such job")
        return JobView.model_validate(row)

    async def store_queued(self, job: ClaimedJob, worker: str) -> AddResult:
        """A worker's half of a queued write (a4s_memory.worker)."""
        return await store_write(self._writes, job.write, self.jobs.done_in_commit(job, worker))

    async def add_many(
        self, requester_id: str, items: Sequence[AddMemory | dict[str, Any]]
    ) -> BatchResult:
        """Up to 100 writes, each answered on its own (a4s_memory.write.batch); one quota token."""
        if not 1 <= len(items) <= MAX_BATCH_ITEMS:
            raise InvalidRequest(f"a batch holds 1-{MAX_BATCH_ITEMS} items",
                                 suggestion="split it into several batches")
        await self._p.quota.spend(requester_id)

        async def one(item: AddMemory) -> AddResult:
            with observe_write() as done:
                result = await add_memory(self._writes, requester_id, item)
                done(result.stop_reason)
            return result

        return await write_batch(items, one)

    # -- reads -------------------------------------------------------------------------------------

    async def search(
        self,
        requester_id: str,
        agent_id: str,
        query: str,
        limit: int = 10,
        policy: ContextPolicy | None = None,
        *,
        options: SearchOptions | None = None,
    ) -> list[SearchHit]:
        access = await self._p.registry.authorize(requester_id, agent_id, Action.SEARCH)
        embedder = cast(SizedEmbedder, self._p.graphiti.embedder)
        with observe_search():
            hits = await policy_search(
                self._p.store,
                embedder,
                query=query,
                group_ids=list(access.group_ids),
                policy=policy or ContextPolicy.default(),
                limit=limit,
                options=options or self.search_options(),
            )
        await self._audit.append(AuditDraft(
            agent_id=agent_id, action=AuditAction.SEARCH, requester_id=requester_id,
            query_hash=content_hash(query), count=len(hits), details={"limit": limit},
        ))  # fmt: skip
        return hits

    def search_options(self, recency_half_life_days: float | None = None) -> SearchOptions:
        """The configured reranker (docs/retrieval.md) and optional recency weighting."""
        return SearchOptions(reranker=self._reranker, recency_half_life_days=recency_half_life_days)

    async def get(self, requester_id: str, memory_id: str) -> MemoryView:
        ref, access = await self._access(requester_id, memory_id, Action.READ)
        view = await load_memory_view(self._p.store, ref, owner=access.is_owner)
        await self._audit.append(AuditDraft(
            agent_id=ref.space.agent_id, action=AuditAction.READ, requester_id=requester_id,
            memory_id=ref.uuid, count=1 + len(view.facts), visibility=ref.space.visibility.value,
        ))  # fmt: skip
        return view

    # -- transitions -------------------------------------------------------------------------------

    async def delete(self, requester_id: str, memory_id: str) -> DeleteResult:
        ref = await self._write_target(requester_id, memory_id, Action.DELETE)
        hook = self._hook(ref, requester_id, AuditAction.DELETE)
        report = await delete_episode(self._p.store, ref, lambda tx, _report: hook(tx))
        return DeleteResult(
            memory_id=ref.uuid,
            deleted_facts=len(report.deleted_edges),
            deleted_entities=len(report.deleted_entities),
            scrubbed_summaries=report.scrubbed_summaries,
            audit_id=report.hook_result,
        )

    async def promote(
        self, requester_id: str, memory_id: str, evidence: Evidence | dict[str, Any]
    ) -> TransitionResult:
        ref = await self._write_target(requester_id, memory_id, Action.PROMOTE)
        checked = await screened_evidence(self._p.firewall, evidence, ref)
        # The evidence is audited as its kind and the hash of its ref (G4: never text).
        hook = self._hook(ref, requester_id, AuditAction.PROMOTE, {
            "details": {f"evidence_{checked.kind.value}": 1},
            "content_hash": content_hash(checked.ref),
        })  # fmt: skip
        status = await promote(self._p.store, ref, checked, requester_id, hook)
        return TransitionResult(uuid=ref.uuid, kind=ref.kind.value, status=status)

    async def quarantine(self, requester_id: str, memory_id: str, reason: str) -> TransitionResult:
        ref = await self._write_target(requester_id, memory_id, Action.QUARANTINE)
        hook = self._hook(ref, requester_id, AuditAction.QUARANTINE)
        status = await quarantine(self._p.store, ref, await screened_reason(self._p.firewall, reason), requester_id, hook)
        return TransitionResult(uuid=ref.uuid, kind=ref.kind.value, status=status)

    async def contradict(self, requester_id: str, memory_id: str, reason: str) -> TransitionResult:
        ref = await self._write_target(requester_id, memory_id, Action.WRITE)
        hook = self._hook(ref, requester_id, AuditAction.CONTRADICT)
        status = await contradict(self._p.store, ref, await screened_reason(self._p.firewall, reason), requester_id, hook)
        return TransitionResult(uuid=ref.uuid, kind=ref.kind.value, status=status)

    async def supersede(
        self, requester_id: str, memory_id: str, superseded_by: str | None = None
    ) -> TransitionResult:
        ref = await self._write_target(requester_id, memory_id, Action.WRITE)
        hook = self._hook(ref, requester_id, AuditAction.SUPERSEDE)
        status = await supersede(self._p.store, ref, superseded_by, requester_id, hook)
        return TransitionResult(uuid=ref.uuid, kind=ref.kind.value, status=status)

    # -- lifecycle (issue 5; logic in a4s_memory.lifecycle / a4s_memory.audit) ----------------

    async def audit(
        self, requester_id: str, agent_id: str, action: str | None = None, last: int = 50
    ) -> list[AuditEventView]:
        return await self._life.audit(requester_id, agent_id, action, last)

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
        return await self._life.versions(
            await self._authorized(requester_id, memory_id, Action.ROLLBACK)
        )

    async def rollback(self, requester_id: str, memory_id: str, to_version: int) -> RollbackResult:
        ref = await self._write_target(requester_id, memory_id, Action.ROLLBACK)
        return await self._life.rollback(requester_id, ref, to_version)

    async def pin(self, requester_id: str, memory_id: str, pinned: bool = True) -> None:
        ref = await self._write_target(requester_id, memory_id, Action.WRITE)
        await self._life.pin(requester_id, ref, pinned)

    async def session_summary(
        self, requester_id: str, agent_id: str, session_id: str
    ) -> SessionSummary:
        return await self._life.session_summary(requester_id, agent_id, session_id)

    async def sweep(self, now: datetime | None = None, agent_id: str | None = None) -> SweepReport:
        """TTL sweep at ``now`` (default: the real clock); ``agent_id`` narrows it (tests)."""
        return await self._life.sweep(now, agent_id)

    def export_agent(self, requester_id: str, agent_id: str) -> AsyncIterator[dict[str, Any]]:
        return self._life.export_agent(requester_id, agent_id)

    async def import_agent(
        self, requester_id: str, agent_id: str, records: Iterable[dict[str, Any]]
    ) -> ImportReport:
        await self._p.quota.spend(requester_id)  # one token per import: it is one bulk write
        return await self._life.import_agent(requester_id, agent_id, records)

    async def clear(
        self, requester_id: str, agent_id: str, visibility: Visibility | str | None = None
    ) -> BulkDeleteResult:
        await self._p.quota.spend(requester_id)
        return await self._life.clear(requester_id, agent_id, visibility)

    async def forget(self, requester_id: str, agent_id: str, topic: str) -> BulkDeleteResult:
        await self._p.quota.spend(requester_id)
        return await self._life.forget(requester_id, agent_id, topic)

    # -- helpers -----------------------------------------------------------------------------------

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

    async def _authorized(self, requester_id: str, memory_id: str, action: Action) -> ElementRef:
        return (await self._access(requester_id, memory_id, action))[0]

    async def _write_target(self, requester_id: str, memory_id: str, action: Action) -> ElementRef:
        """A mutation: one write-quota token first (nothing is read or written when refused)."""
        await self._p.quota.spend(requester_id)
        return await self._authorized(requester_id, memory_id, action)

    def _hook(
        self, ref: ElementRef, requester_id: str, action: AuditAction,
        extra: dict[str, Any] | None = None,
    ) -> TxHook:  # fmt: skip
        return audit_hook(self._audit, ref, requester_id, action, extra)
