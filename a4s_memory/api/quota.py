"""Request limits: the body bound, and a per-requester write quota (429 ENTITLEMENT_CAP).

The quota is an in-process token bucket per requester id: ``burst`` writes at once, refilled at
``writes_per_minute``. Every mutating route (register, add, delete, promote, quarantine, contradict,
supersede) takes one token. In-process means per worker: with N uvicorn workers the effective quota is
N times larger (documented in docs/api.md); a shared limiter belongs in the gateway.

Configuration comes from the one Settings object when it has the fields (``max_body_bytes``,
``write_quota_per_minute``, ``write_quota_burst``; env ``A4S_MAX_BODY_BYTES``,
``A4S_WRITE_QUOTA_PER_MINUTE``, ``A4S_WRITE_QUOTA_BURST``), else the defaults below; or it is passed
explicitly to ``create_app(settings, limits=ApiLimits(...))``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from pydantic import BaseModel, ConfigDict, Field

from a4s_memory.config import Settings
from a4s_memory.errors import QuotaExceeded

__all__ = ["ApiLimits", "WriteQuota", "WriteQuotaExceeded"]

DEFAULT_MAX_BODY_BYTES: Final = 64 * 1024
DEFAULT_WRITES_PER_MINUTE: Final = 120
DEFAULT_BURST: Final = 30
_MAX_TRACKED: Final = 10_000  # requesters kept before idle (full) buckets are dropped


class ApiLimits(BaseModel):
    """The API's bounds. ``writes_per_minute=0`` turns the write quota off."""

    model_config = ConfigDict(frozen=True)

    max_body_bytes: int = Field(DEFAULT_MAX_BODY_BYTES, ge=1024, le=16 * 1024 * 1024)
    writes_per_minute: float = Field(DEFAULT_WRITES_PER_MINUTE, ge=0)
    burst: int = Field(DEFAULT_BURST, ge=1)

    @classmethod
    def from_settings(cls, settings: Settings) -> ApiLimits:
        return cls(
            max_body_bytes=settings.max_body_bytes,
            writes_per_minute=settings.write_quota_per_minute,
            burst=settings.write_quota_burst,
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
    """Token buckets keyed by requester id. Single event loop, no awaits inside: no lock needed."""

    limits: ApiLimits
    clock: Callable[[], float] = time.monotonic
    _buckets: dict[str, _Bucket] = field(default_factory=dict)

    @property
    def enabled(self) -> bool:
        return self.limits.writes_per_minute > 0

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
