"""The write quota shared by every worker and replica: one token bucket per requester, kept in
Neo4j. ``A4S_WRITE_QUOTA_STORE=neo4j`` turns it on; the default ``memory``
bucket (:mod:`a4s_memory.quota`) is per process, so N workers would allow N times the limit.

One auto-committed query per write spends a token: it first takes the bucket node's write lock
(``SET q.lock = ...``), so concurrent spends of one requester serialise on the node and never both
read the same token count; then it refills by the elapsed wall-clock time and spends. The node is
keyed by requester id under a uniqueness constraint (graph_schema/007_scale.cypher), so MERGE never
creates two buckets. Wall-clock seconds, not a monotonic clock: the workers are separate processes
(hosts should run NTP; a skew only shifts refills by the skew). Measured cost: one round trip,
about 1-2 ms on the local server (bench: docs/benchmarks.md "shared quota").
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from a4s_memory.config import Settings
from a4s_memory.quota import Quota, QuotaLimits, QuotaRate, WriteQuota, WriteQuotaExceeded
from a4s_memory.store.db import Neo4jStore

__all__ = ["SharedWriteQuota", "build_quota"]

_SPEND: Final = """
MERGE (q:A4SQuota {requester_id: $requester_id})
ON CREATE SET q.tokens = toFloat($burst), q.stamp = $now
SET q.lock = $now
WITH q, q.tokens + ($now - q.stamp) * $rate AS refilled
WITH q, CASE WHEN refilled > $burst THEN toFloat($burst) ELSE refilled END AS available
SET q.stamp = $now,
    q.tokens = CASE WHEN available >= 1.0 THEN available - 1.0 ELSE available END
RETURN available AS available
"""


@dataclass(slots=True)
class SharedWriteQuota:
    """``await quota.spend(requester_id)``: one token or :class:`WriteQuotaExceeded`."""

    store: Neo4jStore
    limits: QuotaRate
    clock: Callable[[], float] = time.time

    @property
    def enabled(self) -> bool:
        return self.limits.writes_per_minute > 0

    async def spend(self, requester_id: str) -> None:
        if not self.enabled:
            return
        rate = self.limits.writes_per_minute / 60.0
        rows = await self.store.execute(
            _SPEND,
            {
                "requester_id": requester_id,
                "burst": self.limits.burst,
                "now": self.clock(),
                "rate": rate,
            },
        )
        available = float(rows[0]["available"]) if rows else 0.0
        if available < 1.0:
            raise WriteQuotaExceeded((1.0 - available) / rate)


def build_quota(store: Neo4jStore, settings: Settings, limits: QuotaRate | None = None) -> Quota:
    """The quota ``settings.write_quota_store`` names: ``memory`` (per process) or ``neo4j``."""
    rate = limits or QuotaLimits.from_settings(settings)
    if settings.write_quota_store == "neo4j":
        return SharedWriteQuota(store, rate)
    return WriteQuota(rate)
