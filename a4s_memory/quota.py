"""The per-requester write quota (429 ENTITLEMENT_CAP), spent by the MemoryManager on every
requester-facing write, so REST, MCP, the client, the CLI and import share one limit per process.

An in-process token bucket per requester id: ``burst`` writes at once, refilled at
``writes_per_minute``; ``writes_per_minute=0`` turns it off. In-process means per worker: with N
uvicorn workers the effective quota is N times larger: ``A4S_WRITE_QUOTA_STORE=neo4j`` shares one
bucket per requester across workers and replicas (:mod:`a4s_memory.store.quota`). A refused write has changed nothing, so a client may wait ``retry_after`` and retry.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final, Protocol

from pydantic import BaseModel, ConfigDict, Field

from a4s_memory.config import Settings
from a4s_memory.errors import QuotaExceeded

__all__ = ["Quota", "QuotaLimits", "QuotaRate", "WriteQuota", "WriteQuotaExceeded"]

DEFAULT_WRITES_PER_MINUTE: Final = 120
DEFAULT_BURST: Final = 30
_MAX_TRACKED: Final = 10_000  # requesters kept before idle (full) buckets are dropped


class QuotaRate(Protocol):
    """What a bucket needs to know (``QuotaLimits`` and the API's ``ApiLimits`` both have it)."""

    @property
    def writes_per_minute(self) -> float: ...

    @property
    def burst(self) -> int: ...


class Quota(Protocol):
    """What the MemoryManager spends a token from: this process's buckets or the shared ones."""

    async def spend(self, requester_id: str) -> None: ...


class QuotaLimits(BaseModel):
    model_config = ConfigDict(frozen=True)

    writes_per_minute: float = Field(DEFAULT_WRITES_PER_MINUTE, ge=0)
    burst: int = Field(DEFAULT_BURST, ge=1)

    @classmethod
    def from_settings(cls, settings: Settings) -> QuotaLimits:
        return cls(
            writes_per_minute=settings.write_quota_per_minute, burst=settings.write_quota_burst
        )


class WriteQuotaExceeded(QuotaExceeded):
    """429 with the seconds until the next write is allowed (sent as ``Retry-After``)."""

    def __init__(self, retry_after: float) -> None:
        super().__init__(
            "write quota exceeded for this requester",
            suggestion=f"retry after {max(1, int(retry_after + 0.999))} s",
        )
        self.retry_after = retry_after


@dataclass(slots=True)
class _Bucket:
    tokens: float
    stamp: float


@dataclass(slots=True)
class WriteQuota:
    """Token buckets keyed by requester id. No awaits inside ``take``: one event loop needs no
    lock (threads calling it would)."""

    limits: QuotaRate
    clock: Callable[[], float] = time.monotonic
    _buckets: dict[str, _Bucket] = field(default_factory=dict)

    @property
    def enabled(self) -> bool:
        return self.limits.writes_per_minute > 0

    async def spend(self, requester_id: str) -> None:
        """:meth:`take` behind the :class:`Quota` interface."""
        self.take(requester_id)

    def take(self, requester_id: str) -> None:
        """Spend one write token or raise :class:`WriteQuotaExceeded`."""
        if not self.enabled:
            return
        now = self.clock()
        rate = self.limits.writes_per_minute / 60.0
        bucket = self._buckets.get(requester_id)
        if bucket is None:
            if len(self._buckets) >= _MAX_TRACKED:
                self._prune(now, rate)
            bucket = self._buckets[requester_id] = _Bucket(float(self.limits.burst), now)
        bucket.tokens = min(float(self.limits.burst), bucket.tokens + (now - bucket.stamp) * rate)
        bucket.stamp = now
        if bucket.tokens < 1.0:
            raise WriteQuotaExceeded((1.0 - bucket.tokens) / rate)
        bucket.tokens -= 1.0

    def _prune(self, now: float, rate: float) -> None:
        full = [
            rid
            for rid, b in self._buckets.items()
            if b.tokens + (now - b.stamp) * rate >= self.limits.burst
        ]
        for rid in full or list(self._buckets)[: _MAX_TRACKED // 10]:
            del self._buckets[rid]
