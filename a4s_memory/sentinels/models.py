"""Alerts, thresholds and the stored memories sentinels look at (pure, no I/O)."""

from __future__ import annotations

import math
import uuid
from collections.abc import Sequence
from enum import StrEnum
from typing import Final

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "EXTERNAL_SOURCES",
    "MemoryRecord",
    "SentinelAlert",
    "SentinelConfig",
    "Severity",
    "cosine",
]

# Source types whose content an adversary can plant without the owner's say (the sentinels rule).
EXTERNAL_SOURCES: Final = frozenset({"file_read", "web_fetch"})


class Severity(StrEnum):
    WARNING = "warning"  # recorded only
    SERIOUS = "serious"  # recorded as an incident too, and the memories are quarantined


class SentinelConfig(BaseModel):
    """Thresholds (cosine similarities in [-1, 1]); the defaults suit the hashing embedder."""

    model_config = ConfigDict(frozen=True)

    align_warn: float = 0.35  # origin: an external memory this close to the action is reported
    align_serious: float = 0.6  # ... and this close (or actually retrieved for it) is serious
    cluster_link: float = 0.45  # cluster: two memories of one source this close say the same
    cluster_min: int = 3  # ... and this many such memories from one source make a cluster
    cluster_serious: int = 4  # ... this many (or advocacy wording in most of them) is serious
    magnet_min_sim: float = 0.25  # similarity: a top hit of a query is at least this close
    magnet_tier: float = 0.6  # ... and at least this share of the query's best score
    magnet_queries: int = 3  # ... one memory a top hit of this many mutually unrelated queries
    unrelated: float = 0.3  # queries less similar than this to each other are "unrelated"
    gap: float = 0.45  # cosine minus lexical overlap above this: similarity the words don't explain
    scan_limit: int = Field(2000, ge=1, le=20_000)  # newest memories looked at per agent


class MemoryRecord(BaseModel):
    """One stored memory (an episode) as a sentinel sees it. ``text`` never leaves the process."""

    model_config = ConfigDict(frozen=True)

    uuid: str
    group_id: str
    text: str
    source_type: str | None = None
    source_ref: str | None = None
    security_status: str | None = None

    @property
    def external(self) -> bool:
        return self.source_type in EXTERNAL_SOURCES


class SentinelAlert(BaseModel):
    """One finding: which sentinel, which memories, how sure. Holds ids and numbers only."""

    model_config = ConfigDict(frozen=True)

    alert_id: str = Field(default_factory=lambda: str(uuid.uuid4()))
    sentinel: str  # origin | cluster | similarity
    rule: str  # e.g. "sentinel.origin.aligned_action"
    severity: Severity
    agent_id: str
    memory_ids: tuple[str, ...]
    score: float  # the measured signal (a similarity, a cluster size, a query count)
    quarantined: tuple[str, ...] = ()

    @property
    def serious(self) -> bool:
        return self.severity is Severity.SERIOUS


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=False))
    na = math.sqrt(sum(x * x for x in a))
    nb = math.sqrt(sum(y * y for y in b))
    if na == 0.0 or nb == 0.0:
        return 0.0
    return dot / (na * nb)
