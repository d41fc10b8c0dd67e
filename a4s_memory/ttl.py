"""TTL and freshness (G6, the memory contract TTL classes, the memory spec tiers). Pure: no I/O.

Default TTL per tier and TTL class (docs/lifecycle.md has the table and the reasoning):

=================  ==========  ====================================
ttl_class          TTL         applies to
=================  ==========  ====================================
SHORT              1 day       any memory (the memory contract: "session-scoped or very short")
MEDIUM             30 days     any memory (G6 default)
LONG               365 days    any memory (the memory spec episodicMaxTTL)
(none), episodic   90 days     free text / chat episodes (the memory spec episodicDefaultTTL)
(none), semantic   30 days     structured items (G6 default TTL)
pinned             no TTL      any memory (G6: permanent until unpinned)
=================  ==========  ====================================

A memory is ``fresh`` until 75 % of its TTL has passed, then ``stale`` (still stored, no longer
loaded by the default ContextPolicy), then ``expired`` at ``expires_at`` (excluded, archived),
and purged 180 days after expiry. Re-confirmation (promotion with evidence, a rollback, or the
same value written again) restarts the clock.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from enum import StrEnum
from typing import Final

from pydantic import BaseModel, ConfigDict

from a4s_memory.contract import FreshnessStatus, TTLClass

__all__ = [
    "ARCHIVE_RETENTION",
    "STALE_FRACTION",
    "Deadlines",
    "Tier",
    "deadlines",
    "freshness_at",
    "ttl_for",
]


class Tier(StrEnum):
    """Seed 003 memory tiers as stored here (working memory is never persisted)."""

    EPISODIC = "episodic"  # free text / chat messages -> Graphiti episodes
    SEMANTIC = "semantic"  # the memory contract structured items (category + key)


CLASS_TTL: Final[dict[TTLClass, timedelta]] = {
    TTLClass.SHORT: timedelta(days=1),
    TTLClass.MEDIUM: timedelta(days=30),
    TTLClass.LONG: timedelta(days=365),
}
TIER_DEFAULT_TTL: Final[dict[Tier, timedelta]] = {
    Tier.EPISODIC: timedelta(days=90),
    Tier.SEMANTIC: timedelta(days=30),
}
STALE_FRACTION: Final = 0.75
ARCHIVE_RETENTION: Final = timedelta(days=180)


def ttl_for(tier: Tier, ttl_class: TTLClass | None, *, pinned: bool = False) -> timedelta | None:
    """The TTL of a new memory (None: never expires)."""
    if pinned:
        return None
    if ttl_class is not None:
        return CLASS_TTL[ttl_class]
    return TIER_DEFAULT_TTL[tier]


class Deadlines(BaseModel):
    model_config = ConfigDict(frozen=True)

    ttl_seconds: float | None
    stale_at: datetime | None
    expires_at: datetime | None


def deadlines(start: datetime, ttl: timedelta | None) -> Deadlines:
    """When a memory written (or re-confirmed) at ``start`` turns stale and expires."""
    if start.tzinfo is None:
        raise ValueError("start must be timezone-aware")
    if ttl is None:
        return Deadlines(ttl_seconds=None, stale_at=None, expires_at=None)
    return Deadlines(
        ttl_seconds=ttl.total_seconds(),
        stale_at=start + ttl * STALE_FRACTION,
        expires_at=start + ttl,
    )


def freshness_at(
    now: datetime, stale_at: datetime | None, expires_at: datetime | None
) -> FreshnessStatus:
    """The freshness a memory should have at ``now`` (what the sweeper converges to)."""
    if expires_at is not None and now >= expires_at:
        return FreshnessStatus.EXPIRED
    if stale_at is not None and now >= stale_at:
        return FreshnessStatus.STALE
    return FreshnessStatus.FRESH
