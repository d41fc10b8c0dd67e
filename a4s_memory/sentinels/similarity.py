"""Memories whose embedding similarity to retrieval queries is anomalously high for their content
(the sentinels rule; the AgentPoison / MINJA pattern of a memory crafted to be retrieved).

Two signals, per query set:

* *magnet*: one memory is among the top hits (at least ``magnet_min_sim`` and within
  ``magnet_tier`` of the query's best score) of ``magnet_queries`` or more queries that are
  unrelated to each other (pairwise similarity below ``unrelated``) - ordinary memories are about
  one thing;
* *gap*: the embedding similarity to a query exceeds the share of the query's words the memory
  actually contains by ``gap`` or more - the vector says "about this", the words do not.

A magnet is serious; a gap alone is a warning. With the hashing embedder (lexical) the gap signal
rarely fires; with a semantic embedder it catches adversarially optimised text.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from a4s_memory.sentinels.models import (
    MemoryRecord,
    SentinelAlert,
    SentinelConfig,
    Severity,
    cosine,
)
from a4s_memory.store.embedder import tokens

__all__ = ["detect_similarity_anomalies", "lexical_overlap"]

MAGNET = "sentinel.similarity.magnet"
GAP = "sentinel.similarity.unexplained"


def lexical_overlap(query: str, text: str) -> float:
    """Share of the query's distinct (stemmed) words that occur in ``text``."""
    wanted = set(tokens(query))
    if not wanted:
        return 0.0
    return len(wanted & set(tokens(text))) / len(wanted)


def _unrelated(indexes: list[int], query_vectors: Sequence[list[float]], limit: float) -> int:
    """Size of a greedy set of mutually unrelated queries among ``indexes``."""
    chosen: list[int] = []
    for i in indexes:
        if all(cosine(query_vectors[i], query_vectors[j]) < limit for j in chosen):
            chosen.append(i)
    return len(chosen)


def detect_similarity_anomalies(
    agent_id: str,
    memories: Sequence[tuple[MemoryRecord, list[float]]],
    queries: Sequence[tuple[str, list[float]]],
    config: SentinelConfig,
) -> list[SentinelAlert]:
    """Magnet and gap alerts for ``queries`` over ``memories`` (pure)."""
    if not memories or not queries:
        return []
    wins: dict[int, list[int]] = defaultdict(list)
    gaps: dict[int, float] = {}
    for qi, (text, qvec) in enumerate(queries):
        scores = [cosine(vec, qvec) for _, vec in memories]
        floor = max(config.magnet_min_sim, config.magnet_tier * max(scores))
        for mi, score in enumerate(scores):
            if score >= floor:
                wins[mi].append(qi)
        for mi, score in enumerate(scores):
            excess = score - lexical_overlap(text, memories[mi][0].text)
            if score >= config.magnet_min_sim and excess >= config.gap:
                gaps[mi] = max(gaps.get(mi, 0.0), excess)
    qvecs = [v for _, v in queries]
    alerts: list[SentinelAlert] = []
    for mi, won in wins.items():
        spread = _unrelated(won, qvecs, config.unrelated)
        if spread >= config.magnet_queries:
            alerts.append(
                _alert(agent_id, memories[mi][0], _Kind(MAGNET, Severity.SERIOUS), spread)
            )
            gaps.pop(mi, None)
    for mi, excess in gaps.items():
        alerts.append(_alert(agent_id, memories[mi][0], _Kind(GAP, Severity.WARNING), excess))
    return alerts


@dataclass(frozen=True, slots=True)
class _Kind:
    rule: str
    severity: Severity


def _alert(agent_id: str, record: MemoryRecord, kind: _Kind, score: float) -> SentinelAlert:
    rule, severity = kind.rule, kind.severity
    return SentinelAlert(
        sentinel="similarity",
        rule=rule,
        severity=severity,
        agent_id=agent_id,
        memory_ids=(record.uuid,),
        score=round(float(score), 4),
    )
