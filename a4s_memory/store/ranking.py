"""Fusion, dedupe and reranking for :func:`a4s_memory.store.search.policy_search` (pure, no I/O).

Every row reaching here already passed the ContextPolicy inside its channel's Cypher; this module
only orders them.

* **Weighted RRF.** Each channel's list adds ``weight / (RRF_K + rank)``; the weights of one kind's
  channels sum to that kind's weight, so a kind with three channels (facts) does not outvote a kind
  with two (episodes) just by being looked up more often: kinds compete on evidence.
* **Rerank.** The fused candidates are scored again by a reranker: :class:`LexicalReranker`
  (BM25 over the candidates' stemmed words, stop words and question words removed) offline, or a
  cross-encoder when one is configured (:class:`CrossEncoderReranker`). The final score blends the
  normalised fused and rerank scores (``RERANK_WEIGHT``).
* **Dedupe.** A fact or entity whose supporting episodes are all behind a better hit already adds
  nothing the reader does not have: it is demoted (keeps a quarter of its score), not dropped.
* **Recency** (optional, off by default): ``score * 2 ** (-age / half_life)`` with the age taken
  from the newest reference time among the candidates, so "latest" questions can prefer late turns.
"""

from __future__ import annotations

import functools
import logging
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Final, Protocol

from graphiti_core.cross_encoder.client import CrossEncoderClient

from a4s_memory.config import Settings
from a4s_memory.policy.context_policy import MemoryKind
from a4s_memory.store.embedder import tokens

__all__ = [
    "Candidate",
    "CrossEncoderReranker",
    "LexicalReranker",
    "Reranker",
    "build_reranker",
    "dedupe",
    "describe",
    "fuse",
    "is_stop_word",
    "rerank",
    "rrf",
    "with_neighbors",
]

logger = logging.getLogger(__name__)

RRF_K: Final = 60  # the usual RRF constant (Cormack et al. 2009)
# Kind weights, tuned on LoCoMo conversations 26 and 30 only (docs/benchmarks.md): episodes are
# the raw evidence; facts and entities are derived from them and mostly repeat it.
KIND_WEIGHT: Final[dict[MemoryKind, float]] = {
    MemoryKind.EPISODE: 1.0,
    MemoryKind.FACT: 0.6,
    MemoryKind.ENTITY: 0.3,
}
# A session neighbour of a strong episode hit (the answer after a matched question, or the
# question before a matched answer) enters with this share of its neighbour's score.
NEIGHBOR_SHARE: Final = 0.7
DUPLICATE_SHARE: Final = 0.25  # what a hit adding no new episode keeps of its score (dedupe)
RERANK_WEIGHT: Final = 0.8  # share of the reranker in the final score (tuned on 26/30)
_BM25_K1: Final = 1.2
_BM25_B: Final = 0.75
# Words that carry no evidence in a question (after stemming by embedder.tokens).
_STOP: Final = frozenset(
    tokens(
        "a an the and or but if of at by for with about against between into through during before "
        "after above below to from up down in out on off over under again further then once here "
        "there when where why how all any both each few more most other some such no nor not only own "
        "same so than too very can will just don should now i me my myself we our ours you your he him "
        "his she her hers it its they them their what which who whom this that these those am is are "
        "was were be been being have has had having do does did doing would could might must shall "
        "may user assistant s t d ll m re ve y"
    )
)


def is_stop_word(word: str) -> bool:
    """True when ``word`` carries no evidence in a question: every stemmed token of it is a stop
    or question word (a bare punctuation mark has no token and counts as one)."""
    return all(t in _STOP for t in tokens(word))


@dataclass
class Candidate:
    kind: MemoryKind
    row: dict[str, Any]
    text: str
    episodes: list[str]
    when: datetime | None
    fused: float = 0.0
    score: float = 0.0
    channels: list[str] = field(default_factory=list)


def _native(value: Any) -> Any:
    return value.to_native() if hasattr(value, "to_native") else value


def _text(kind: MemoryKind, row: dict[str, Any]) -> str:
    if kind is MemoryKind.FACT:
        return str(row.get("fact") or "")
    if kind is MemoryKind.EPISODE:
        return str(row.get("content") or "")
    # Never Graphiti's stored summary: the facts around the entity this reader's policy admits,
    # projected by the search's Cypher (a4s_memory.store.summaries).
    name, facts = str(row.get("name") or ""), [str(f) for f in row.get("admitted") or []]
    return f"{name}: {'. '.join(facts)}" if facts else name


def describe(kind: MemoryKind, row: dict[str, Any]) -> tuple[str, list[str], datetime | None]:
    """(text, supporting episode uuids, reference time) of a channel row."""
    if kind is MemoryKind.FACT:
        episodes = list(row.get("episodes") or [])
    elif kind is MemoryKind.EPISODE:
        episodes = [str(row["uuid"])]
    else:
        episodes = list(row.get("mentions") or [])
    when = _native(row.get("valid_at")) if kind is not MemoryKind.ENTITY else None
    return _text(kind, row), [str(e) for e in episodes], when


def rrf(
    ranked: list[tuple[MemoryKind, list[dict[str, Any]]]],
) -> list[tuple[float, MemoryKind, dict[str, Any]]]:
    """Plain RRF with one weight per list (the entity seeds of the graph expansion)."""
    scores: dict[str, float] = {}
    first: dict[str, tuple[MemoryKind, dict[str, Any]]] = {}
    for kind, rows in ranked:
        for rank, row in enumerate(rows):
            uuid = str(row["uuid"])
            scores[uuid] = scores.get(uuid, 0.0) + 1.0 / (RRF_K + rank + 1)
            first.setdefault(uuid, (kind, row))
    # Rounded: the same reciprocal ranks summed in another channel order differ in the last bit,
    # which would make equal results swap places between runs; ties then break on uuid.
    fused = {u: round(score, 12) for u, score in scores.items()}
    order = sorted(fused, key=lambda u: (-fused[u], u))
    return [(fused[u], *first[u]) for u in order]


def fuse(
    lists: Sequence[tuple[MemoryKind, str, list[dict[str, Any]]]], describe: Any
) -> list[Candidate]:
    """Weighted RRF over ``(kind, channel name, rows)``; ``describe(kind, row)`` -> (text,
    episodes, when). Ties break on uuid so equal results never swap places between runs."""
    per_kind: dict[MemoryKind, int] = {}
    for kind, _, rows in lists:
        per_kind[kind] = per_kind.get(kind, 0) + (1 if rows is not None else 0)
    found: dict[str, Candidate] = {}
    for kind, name, rows in lists:
        weight = KIND_WEIGHT[kind] / per_kind[kind]
        for rank, row in enumerate(rows):
            uuid = str(row["uuid"])
            cand = found.get(uuid)
            if cand is None:
                text, episodes, when = describe(kind, row)
                cand = found[uuid] = Candidate(kind, row, text, episodes, when)
            cand.fused += weight / (RRF_K + rank + 1)
            cand.channels.append(name)
    out = list(found.values())
    for c in out:
        c.fused = round(c.fused, 12)  # the same sums in another order differ in the last bit
    out.sort(key=lambda c: (-c.fused, str(c.row["uuid"])))
    return out


class Reranker(Protocol):
    async def scores(self, query: str, texts: list[str]) -> list[float]: ...


class LexicalReranker:
    """BM25 over the candidates themselves (their stemmed content words): cheap and offline."""

    async def scores(self, query: str, texts: list[str]) -> list[float]:
        return bm25_scores(query, texts)


@functools.lru_cache(maxsize=16_384)
def _doc_tokens(text: str) -> tuple[str, ...]:
    """A candidate's stemmed words. Cached: one search reranks the same candidates twice (for the
    session neighbours' seeds, then the final order) and the same memories come back across
    searches; stemming was ~6 ms of a search over 240 candidates (measured on LoCoMo 26). The
    cache is keyed by the text itself, so it answers only a caller who already holds the text."""
    return tuple(tokens(text))


def bm25_scores(query: str, texts: list[str]) -> list[float]:
    terms = [t for t in dict.fromkeys(tokens(query)) if t not in _STOP]
    docs = [_doc_tokens(t) for t in texts]
    if not terms or not docs:
        return [0.0] * len(texts)
    avg = sum(len(d) for d in docs) / len(docs) or 1.0
    df = {t: sum(1 for d in docs if t in d) for t in terms}
    n = len(docs)
    out = []
    for doc in docs:
        counts: dict[str, int] = {}
        for word in doc:
            counts[word] = counts.get(word, 0) + 1
        score = 0.0
        for t in terms:
            tf = counts.get(t, 0)
            if tf:
                idf = math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5))
                score += (
                    idf
                    * tf
                    * (_BM25_K1 + 1)
                    / (tf + _BM25_K1 * (1 - _BM25_B + _BM25_B * len(doc) / avg))
                )
        out.append(score)
    return out


class CrossEncoderReranker:
    """A Graphiti cross-encoder (e.g. OpenAIRerankerClient) when a model is configured; falls back
    to the lexical reranker when it fails, so a model outage never fails a search."""

    def __init__(self, client: CrossEncoderClient) -> None:
        self._client = client

    async def scores(self, query: str, texts: list[str]) -> list[float]:
        try:
            ranked = dict(await self._client.rank(query, texts))
        except Exception as exc:  # the model is optional; the search is not
            logger.warning("cross-encoder failed (%s); lexical rerank instead", type(exc).__name__)
            return bm25_scores(query, texts)
        return [float(ranked.get(t, 0.0)) for t in texts]


def build_reranker(settings: Settings) -> Reranker:
    """Lexical unless a cross-encoder is asked for and an LLM endpoint is configured."""
    if settings.reranker != "cross-encoder" or not settings.llm_configured:
        return LexicalReranker()
    from graphiti_core.cross_encoder.openai_reranker_client import OpenAIRerankerClient
    from graphiti_core.llm_client import LLMConfig

    key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else "not-needed"
    config = LLMConfig(api_key=key, model=settings.llm_model, base_url=settings.openai_base_url)
    return CrossEncoderReranker(OpenAIRerankerClient(config=config))


def _normalised(values: list[float]) -> list[float]:
    top = max(values, default=0.0)
    return [v / top if top > 0 else 0.0 for v in values]


async def rerank(
    query: str, cands: list[Candidate], reranker: Reranker, half_life_days: float | None = None
) -> list[Candidate]:
    """Blend fused and rerank scores (each scaled to its maximum), optionally decay by age."""
    if not cands:
        return []
    lexical = _normalised(await reranker.scores(query, [c.text for c in cands]))
    fused = _normalised([c.fused for c in cands])
    newest = max((c.when for c in cands if c.when is not None), default=None)
    for c, lex, fu in zip(cands, lexical, fused, strict=True):
        c.score = RERANK_WEIGHT * lex + (1 - RERANK_WEIGHT) * fu
        if half_life_days and newest is not None and c.when is not None:
            age_days = (newest - c.when).total_seconds() / 86400
            c.score *= 2 ** (-age_days / half_life_days)
        c.score = round(c.score, 12)
    return sorted(cands, key=lambda c: (-c.score, str(c.row["uuid"])))


def dedupe(cands: list[Candidate]) -> list[Candidate]:
    """Demote facts/entities whose every supporting episode is behind a better hit already: they
    keep ``DUPLICATE_SHARE`` of their score, so they still come back when the limit has room."""
    covered: set[str] = set()
    for c in cands:
        if c.kind is not MemoryKind.EPISODE and c.episodes and set(c.episodes) <= covered:
            c.score = round(c.score * DUPLICATE_SHARE, 12)
        covered.update(c.episodes)
    return sorted(cands, key=lambda c: (-c.score, str(c.row["uuid"])))


def with_neighbors(
    ranked: list[Candidate], neighbors: dict[str, list[dict[str, Any]]]
) -> list[Candidate]:
    """Add each seed's session neighbours at ``NEIGHBOR_SHARE`` of the seed's score (a candidate
    already present keeps the better of its two scores)."""
    by_uuid = {str(c.row["uuid"]): c for c in ranked}
    for seed, rows in neighbors.items():
        base = by_uuid[seed].score if seed in by_uuid else 0.0
        for row in rows:
            uuid, score = str(row["uuid"]), round(base * NEIGHBOR_SHARE, 12)
            if uuid in by_uuid:
                by_uuid[uuid].score = max(by_uuid[uuid].score, score)
                continue
            text, episodes, when = describe(MemoryKind.EPISODE, row)
            by_uuid[uuid] = Candidate(
                MemoryKind.EPISODE, row, text, episodes, when, score=score, channels=["neighbour"]
            )
    return sorted(by_uuid.values(), key=lambda c: (-c.score, str(c.row["uuid"])))
