"""Clusters of memories from one external source advocating the same behaviour (the sentinels rule).

Memories are grouped by source (the host of a URL ``source_ref``, else the ref up to ``#``); within
one source, memories whose embeddings are close are linked and the connected groups are clusters.
A cluster of ``cluster_min`` memories is reported; one of ``cluster_serious`` memories, or one where
most memories use advocacy wording ("always", "must", "recommended", ...), is serious.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from typing import Final
from urllib.parse import urlparse

from a4s_memory.sentinels.models import (
    MemoryRecord,
    SentinelAlert,
    SentinelConfig,
    Severity,
    cosine,
)

__all__ = ["detect_source_clusters", "source_key"]

RULE = "sentinel.cluster.same_source_advocacy"
_ADVOCACY: Final = re.compile(
    r"\b(always|never|must|should|recommend(?:ed|s)?|best|only use|switch to|prefer|"
    r"instead of|do not use|make sure|trust)\b",
    re.IGNORECASE,
)


def source_key(record: MemoryRecord) -> str | None:
    """Where the memory came from, coarse enough that one site or file is one source."""
    if not record.external or not record.source_ref:
        return None
    ref = record.source_ref
    parsed = urlparse(ref)
    if parsed.scheme and parsed.netloc:
        return f"{record.source_type}:{parsed.netloc.casefold()}"
    return f"{record.source_type}:{ref.split('#', 1)[0]}"


def _components(vectors: Sequence[list[float]], link: float) -> list[list[int]]:
    parent = list(range(len(vectors)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i in range(len(vectors)):
        for j in range(i + 1, len(vectors)):
            if cosine(vectors[i], vectors[j]) >= link:
                parent[find(i)] = find(j)
    groups: dict[int, list[int]] = defaultdict(list)
    for i in range(len(vectors)):
        groups[find(i)].append(i)
    return list(groups.values())


def detect_source_clusters(
    agent_id: str,
    memories: Sequence[tuple[MemoryRecord, list[float]]],
    config: SentinelConfig,
) -> list[SentinelAlert]:
    """One alert per cluster (pure)."""
    by_source: dict[str, list[tuple[MemoryRecord, list[float]]]] = defaultdict(list)
    for record, vector in memories:
        key = source_key(record)
        if key is not None:
            by_source[key].append((record, vector))
    alerts: list[SentinelAlert] = []
    for members in by_source.values():
        if len(members) < config.cluster_min:
            continue
        for component in _components([v for _, v in members], config.cluster_link):
            if len(component) < config.cluster_min:
                continue
            records = [members[i][0] for i in component]
            advocating = sum(1 for r in records if _ADVOCACY.search(r.text))
            serious = len(records) >= config.cluster_serious or advocating * 2 > len(records)
            alerts.append(
                SentinelAlert(
                    sentinel="cluster",
                    rule=RULE,
                    severity=Severity.SERIOUS if serious else Severity.WARNING,
                    agent_id=agent_id,
                    memory_ids=tuple(r.uuid for r in records),
                    score=float(len(records)),
                )
            )
    return alerts
