"""The TTL table, deadlines and freshness (no I/O)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from a4s_memory.contract import FreshnessStatus, TTLClass
from a4s_memory.ttl import ARCHIVE_RETENTION, Tier, deadlines, freshness_at, ttl_for

T0 = datetime(2026, 1, 1, tzinfo=UTC)


@pytest.mark.parametrize(
    ("tier", "ttl_class", "days"),
    [
        (Tier.EPISODIC, None, 90),
        (Tier.SEMANTIC, None, 30),
        (Tier.EPISODIC, TTLClass.SHORT, 1),
        (Tier.SEMANTIC, TTLClass.MEDIUM, 30),
        (Tier.SEMANTIC, TTLClass.LONG, 365),
    ],
)
def test_ttl_table(tier: Tier, ttl_class: TTLClass | None, days: int) -> None:
    assert ttl_for(tier, ttl_class) == timedelta(days=days)


def test_pinned_has_no_ttl() -> None:
    assert ttl_for(Tier.EPISODIC, TTLClass.SHORT, pinned=True) is None
    limits = deadlines(T0, None)
    assert limits.expires_at is None and limits.stale_at is None
    assert freshness_at(T0 + timedelta(days=9999), None, None) is FreshnessStatus.FRESH


def test_lifecycle_points() -> None:
    limits = deadlines(T0, timedelta(days=1))
    assert limits.stale_at == T0 + timedelta(hours=18)
    assert limits.expires_at == T0 + timedelta(days=1)
    stale_at, expires_at = limits.stale_at, limits.expires_at
    assert freshness_at(T0, stale_at, expires_at) is FreshnessStatus.FRESH
    assert freshness_at(T0 + timedelta(hours=18), stale_at, expires_at) is FreshnessStatus.STALE
    assert freshness_at(T0 + timedelta(days=1), stale_at, expires_at) is FreshnessStatus.EXPIRED
    assert timedelta(days=180) == ARCHIVE_RETENTION


def test_naive_clock_is_refused() -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        deadlines(datetime(2026, 1, 1), timedelta(days=1))
