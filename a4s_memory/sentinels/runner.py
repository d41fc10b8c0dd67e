"""Run the sentinels over one agent's memories, record the alerts and quarantine serious ones.

    runner = SentinelRunner(manager, store, embedder, actor="sentinel-admin")
    alerts = await runner.check_action("helper", action_text, retrieved_ids)   # before acting
    alerts = await runner.scan("helper", queries=recent_queries)              # periodically

``actor`` must be allowed to quarantine the agent's memories (its owner or an admin,
``A4S_ADMIN_IDS``): quarantine goes through :meth:`MemoryManager.quarantine`, i.e. the access
decision, the status ledger and the quarantine's own audit event. A memory is never deleted.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Sequence

from a4s_memory.errors import A4SError
from a4s_memory.manager import MemoryManager
from a4s_memory.sentinels.cluster import detect_source_clusters
from a4s_memory.sentinels.events import INCIDENT, SENTINEL_ALERT, draft
from a4s_memory.sentinels.models import MemoryRecord, SentinelAlert, SentinelConfig
from a4s_memory.sentinels.origin import detect_aligned_origin
from a4s_memory.sentinels.similarity import detect_similarity_anomalies
from a4s_memory.store.audit_log import AuditLog
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.embedder import EmbedderClient
from a4s_memory.store.sentinel_records import embed_texts, load_memories

__all__ = ["SentinelRunner"]

logger = logging.getLogger(__name__)


class SentinelRunner:
    def __init__(
        self,
        manager: MemoryManager,
        store: Neo4jStore,
        embedder: EmbedderClient,
        actor: str,
        config: SentinelConfig | None = None,
    ) -> None:
        self._manager = manager
        self._store = store
        self._embedder = embedder
        self._actor = actor
        self._config = config or SentinelConfig()
        self._audit = AuditLog(store)

    async def _memories(self, agent_id: str) -> list[tuple[MemoryRecord, list[float]]]:
        records = await load_memories(self._store, agent_id, self._config.scan_limit)
        vectors = await embed_texts(self._embedder, [r.text for r in records])
        return list(zip(records, vectors, strict=True))

    async def check_action(
        self, agent_id: str, action: str, retrieved: Collection[str] = ()
    ) -> list[SentinelAlert]:
        """Suspicious-origin sentinel for one action the agent is about to take."""
        memories = await self._memories(agent_id)
        vector = (await embed_texts(self._embedder, [action]))[0]
        alerts = detect_aligned_origin(agent_id, memories, vector, retrieved, self._config)
        return await self.handle(alerts)

    async def scan(self, agent_id: str, queries: Sequence[str] = ()) -> list[SentinelAlert]:
        """Cluster sentinel, plus the similarity sentinel over ``queries`` (e.g. recent ones)."""
        memories = await self._memories(agent_id)
        alerts = detect_source_clusters(agent_id, memories, self._config)
        if queries:
            qvecs = await embed_texts(self._embedder, list(queries))
            pairs = list(zip(queries, qvecs, strict=True))
            alerts += detect_similarity_anomalies(agent_id, memories, pairs, self._config)
        return await self.handle(alerts)

    async def handle(self, alerts: Sequence[SentinelAlert]) -> list[SentinelAlert]:
        """Record every alert; quarantine the memories of serious ones. Returns the alerts with
        ``quarantined`` filled in."""
        done: list[SentinelAlert] = []
        for alert in alerts:
            quarantined = await self._quarantine(alert) if alert.serious else ()
            final = alert.model_copy(update={"quarantined": quarantined})
            await self._record(final)
            done.append(final)
        if done:
            logger.warning(
                "sentinels: %d alert(s), %d serious", len(done), sum(a.serious for a in done)
            )
        return done

    async def _quarantine(self, alert: SentinelAlert) -> tuple[str, ...]:
        reason = f"{alert.rule} (sentinel alert {alert.alert_id})"
        done: list[str] = []
        for memory_id in alert.memory_ids:
            try:
                await self._manager.quarantine(self._actor, memory_id, reason)
            except A4SError as err:
                logger.warning(
                    "sentinel could not quarantine %s: %s", memory_id, err.stop_reason.value
                )
                continue
            done.append(memory_id)
        return tuple(done)

    async def _record(self, alert: SentinelAlert) -> None:
        common = {
            "requester_id": self._actor,
            "decision_id": alert.alert_id,
            "rejection_reason": alert.rule,
            "count": len(alert.memory_ids),
            "details": {
                "score_milli": round(alert.score * 1000),
                "quarantined": len(alert.quarantined),
            },
        }
        for memory_id in alert.memory_ids:
            await self._audit.append(
                draft(
                    SENTINEL_ALERT, alert.agent_id, not alert.serious, memory_id=memory_id, **common
                )
            )
        if alert.serious:
            await self._audit.append(draft(INCIDENT, alert.agent_id, False, **common))
