"""MemoryManager: the friendly async entry point over registry, firewall, ingestion, search and
transitions. Thin on purpose: every method is authorize -> (firewall) -> delegate.

    manager = await MemoryManager.create(store, settings)
    await manager.register_agent("alice", "helper", "alice")
    added = await manager.add("alice", AddMemory(agent_id="helper", messages="Alice prefers tea."))
    hits = await manager.search("bob", "helper", "tea")        # bob: public space only

Every method takes the requester first and is authorized here, once (``registry.authorize``, the
one access decision); the decision is passed down to the write path and the lifecycle, which
check they were given an allowed one and never authorize again. Writes also go through the
firewall, and only its ``redacted_text`` is stored.
Every operation leaves one hash-chained audit event (docs/audit.md), written in the same
transaction as the change it records; versions, rollback, TTL, bulk deletion, export/import and
the session summary live in :mod:`a4s_memory.lifecycle` (docs/lifecycle.md).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from functools import partial
from typing import Any, cast

from pydantic import BaseModel, ValidationError

from a4s_memory.access import Action, AgentRecord
from a4s_memory.audit.events import AuditAction, AuditDraft, content_hash
from a4s_memory.config import Settings
from a4s_memory.errors import AccessDenied, InvalidRequest, NotFound
from a4s_memory.firewall import Firewall
from a4s_memory.lifecycle.service import Lifecycle
from a4s_memory.lifecycle.transition_inputs import (
    audit_hook,
    screened_evidence,
    screened_reason,
)
from a4s_memory.manager_lifecycle import LifecycleMethods, ManagerParts
from a4s_memory.models import (
    AddMemory,
    AddResult,
    DeleteResult,
    MemoryView,
    TransitionResult,
)
from a4s_memory.policy import ContextPolicy
from a4s_memory.quota import Quota
from a4s_memory.store.audit_log import AuditLog
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.embedder import SizedEmbedder
from a4s_memory.store.export_signing import ExportKey
from a4s_memory.store.graphiti_factory import build_graphiti
from a4s_memory.store.ingest import Ingestor
from a4s_memory.store.jobs import ClaimedJob, JobAccepted, JobQueue, JobView
from a4s_memory.store.memory_view import load_memory_view
from a4s_memory.store.quota import build_quota
from a4s_memory.store.ranking import build_reranker
from a4s_memory.store.registry import AgentRegistry, Registration
from a4s_memory.store.search import SearchHit, SearchOptions, SearchRequest, policy_search
from a4s_memory.store.transitions import (
    ElementRef,
    TxHook,
    contradict,
    delete_episode,
    promote,
    quarantine,
    supersede,
)
from a4s_memory.telemetry import observe_search, observe_write
from a4s_memory.types import Evidence
from a4s_memory.write.batch import MAX_BATCH_ITEMS, BatchResult, BatchSteps, write_batch
from a4s_memory.write.context import WriteContext
from a4s_memory.write.flow import (
    ScreenedWrite,
    WriteDeps,
    audit_access_denied,
    prefetch_vectors,
    screen_write,
    store_write,
    store_writes,
)

__all__ = ["ManagerParts", "MemoryManager"]

logger = logging.getLogger(__name__)


def _parse(model: type[BaseModel], value: Any) -> Any:
    if isinstance(value, model):
        return value
    try:
        return model.model_validate(value)
    except ValidationError as exc:
        fields = sorted({".".join(str(p) for p in err["loc"]) for err in exc.errors()})
        raise InvalidRequest(f"invalid request fields: {', '.join(fields) or 'body'}") from None


class MemoryManager(LifecycleMethods):
    def __init__(self, parts: ManagerParts) -> None:
        self._p = parts
        self._ingestor = Ingestor(parts.store, parts.graphiti)
        export_key = ExportKey(parts.settings.export_key, parts.settings.export_key_file)
        self._life = Lifecycle(parts.store, self._ingestor, parts.firewall, export_key)
        self._audit: AuditLog = self._life.audit_log
        self._writes = WriteDeps(parts.firewall, self._audit, self._ingestor)
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
            write = await self._screened(requester_id, _parse(AddMemory, request))
            result = await store_write(self._writes, write)
            done(result.stop_reason)
        return result

    async def enqueue(self, requester_id: str, request: AddMemory | dict[str, Any]) -> JobAccepted:
        """Queue mode: screen now (a refusal is raised as by :meth:`add`), store in a worker."""
        with observe_write() as done:
            await self._p.quota.spend(requester_id)
            write = await self._screened(requester_id, _parse(AddMemory, request))
            job_id = await self.jobs.enqueue(requester_id, write)
            decision = write.prov.decision
            done(decision.stop_reason)
        return JobAccepted(
            job_id=job_id,
            stop_reason=decision.stop_reason,
            group_id=write.prov.group_id,
            status=decision.status,
            redactions=list(decision.redactions),
            decision_id=decision.decision_id,
        )

    async def job(self, requester_id: str, job_id: str) -> JobView:
        """A queued write's state: for its requester and admins; 404 for anyone else."""
        row = await self.jobs.status(job_id) if 1 <= len(job_id) <= 64 else None
        if row is None or (
            row["requester_id"] != requester_id and not self._p.registry.is_admin(requester_id)
        ):
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
            raise InvalidRequest(
                f"a batch holds 1-{MAX_BATCH_ITEMS} items",
                suggestion="split it into several batches",
            )
        await self._p.quota.spend(requester_id)
        records: dict[str, AgentRecord | None] = {}  # each agent's record, read once
        return await write_batch(
            items,
            BatchSteps(
                # every item: its own access decision + firewall
                partial(self._screened, requester_id, records=records),
                partial(store_writes, self._writes),
                partial(prefetch_vectors, self._writes),
            ),
        )

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
                SearchRequest(
                    query=query,
                    group_ids=list(access.group_ids),
                    policy=policy or ContextPolicy.default(),
                    limit=limit,
                    options=options or self.search_options(),
                ),
            )
        await self._audit.append(
            AuditDraft(
                agent_id=agent_id,
                action=AuditAction.SEARCH,
                requester_id=requester_id,
                query_hash=content_hash(query),
                count=len(hits),
                details={"limit": limit},
            )
        )
        return hits

    def search_options(self, recency_half_life_days: float | None = None) -> SearchOptions:
        """The configured reranker (docs/retrieval.md) and optional recency weighting."""
        return SearchOptions(reranker=self._reranker, recency_half_life_days=recency_half_life_days)

    async def get(self, requester_id: str, memory_id: str) -> MemoryView:
        ref, access = await self._access(requester_id, memory_id, Action.READ)
        view = await load_memory_view(self._p.store, ref, owner=access.is_owner)
        await self._audit.append(
            AuditDraft(
                agent_id=ref.space.agent_id,
                action=AuditAction.READ,
                requester_id=requester_id,
                memory_id=ref.uuid,
                count=1 + len(view.facts),
                visibility=ref.space.visibility.value,
            )
        )
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
        hook = self._hook(
            ref,
            requester_id,
            AuditAction.PROMOTE,
            {
                "details": {f"evidence_{checked.kind.value}": 1},
                "content_hash": content_hash(checked.ref),
            },
        )
        status = await promote(self._p.store, ref, checked, requester_id, hook)
        return TransitionResult(uuid=ref.uuid, kind=ref.kind.value, status=status)

    async def quarantine(self, requester_id: str, memory_id: str, reason: str) -> TransitionResult:
        ref = await self._write_target(requester_id, memory_id, Action.QUARANTINE)
        hook = self._hook(ref, requester_id, AuditAction.QUARANTINE)
        status = await quarantine(
            self._p.store, ref, await screened_reason(self._p.firewall, reason), requester_id, hook
        )
        return TransitionResult(uuid=ref.uuid, kind=ref.kind.value, status=status)

    async def contradict(self, requester_id: str, memory_id: str, reason: str) -> TransitionResult:
        ref = await self._write_target(requester_id, memory_id, Action.WRITE)
        hook = self._hook(ref, requester_id, AuditAction.CONTRADICT)
        status = await contradict(
            self._p.store, ref, await screened_reason(self._p.firewall, reason), requester_id, hook
        )
        return TransitionResult(uuid=ref.uuid, kind=ref.kind.value, status=status)

    async def supersede(
        self, requester_id: str, memory_id: str, superseded_by: str | None = None
    ) -> TransitionResult:
        ref = await self._write_target(requester_id, memory_id, Action.WRITE)
        hook = self._hook(ref, requester_id, AuditAction.SUPERSEDE)
        status = await supersede(self._p.store, ref, superseded_by, requester_id, hook)
        return TransitionResult(uuid=ref.uuid, kind=ref.kind.value, status=status)

    # -- helpers -----------------------------------------------------------------------------------

    async def _screened(
        self,
        requester_id: str,
        request: AddMemory,
        records: dict[str, AgentRecord | None] | None = None,
    ) -> ScreenedWrite:
        """One write's single access decision (a refusal is audited, no content, and raised),
        then bounds, the session gate and the firewall (:func:`screen_write`). ``records``: the
        agent records a batch already read (see ``AgentRegistry.authorize``)."""
        ctx = WriteContext.of(requester_id, request)
        try:
            access = await self._p.registry.authorize(
                ctx.requester_id, ctx.agent_id, Action.WRITE, request.visibility, records=records
            )
        except AccessDenied:
            await audit_access_denied(self._audit, ctx)
            raise
        return await screen_write(self._writes, ctx, access)

    def _hook(
        self,
        ref: ElementRef,
        requester_id: str,
        action: AuditAction,
        extra: dict[str, Any] | None = None,
    ) -> TxHook:
        return audit_hook(self._audit, ref, requester_id, action, extra)
