"""Policy-gated retrieval: the ContextPolicy is a predicate *inside* every retrieval query.

Channels, each returning only eligible elements, fused by weighted reciprocal rank fusion, then
reranked and deduplicated (:mod:`a4s_memory.store.ranking`):

* fulltext over facts, entities and episodes (Graphiti's Lucene indexes). The index call has a
  candidate window; the policy filter runs in the same query right after it, and the window doubles
  until ``limit`` eligible hits are found or the index is exhausted (or the window hits its cap).
  Graphiti filters *after* ``LIMIT``, so a mostly-quarantined match set starves its results.
* cosine similarity over ``fact_embedding`` / ``name_embedding`` / the episodes'
  ``a4s_content_embedding`` (written at ingestion), computed in Cypher like Graphiti,
  over the policy-filtered elements of the requested groups only (the composite status index of
  ``graph_schema/002`` serves the predicate). Exact, so nothing eligible is lost to a top-k cut;
  linear in the eligible elements of the requested spaces (see docs/retrieval.md).
* graph expansion: facts around the best entities, with both entity and fact filtered.

The direct channels (fulltext and vector) are one statement, the expansion and the session
neighbours a second (:mod:`a4s_memory.store.search_channels`): a statement costs the driver and
Neo4j about 0.8 ms of CPU each before any work, which under load was a fifth of a search's CPU.

Group ids always come from the access decision and are required non-empty; Lucene text is escaped
and, like every value, passed as a parameter.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final

from pydantic import ValidationError

from a4s_memory.access import require_group_ids
from a4s_memory.errors import InvalidRequest
from a4s_memory.policy.context_policy import ContextPolicy, MemoryKind
from a4s_memory.spaces import parse_group_id
from a4s_memory.status import MemoryStatus
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.embedder import SizedEmbedder
from a4s_memory.store.ranking import (
    Candidate,
    LexicalReranker,
    Reranker,
    dedupe,
    describe,
    fuse,
    rerank,
    with_neighbors,
)
from a4s_memory.store.ranking import rrf as _rrf
from a4s_memory.store.search_channels import (
    EPISODE_EMBEDDING,
    Channel,
    Direct,
    Row,
    around,
    direct,
    lucene_query,
)
from a4s_memory.telemetry import span
from a4s_memory.types import Provenance as Provenance  # re-exported (wire models)
from a4s_memory.types import SearchHit as SearchHit

__all__ = [
    "EPISODE_EMBEDDING",
    "Provenance",
    "SearchHit",
    "SearchOptions",
    "SearchRequest",
    "policy_search",
]

logger = logging.getLogger(__name__)


EXPANSION_SEEDS: Final = 5
MAX_LIMIT: Final = 200
# Each channel hands the reranker this many candidates per requested hit (at least MIN_POOL):
# the evidence BM25 would rank 15th must still reach the reranker.
POOL_FACTOR: Final = 4
MIN_POOL: Final = 40


@dataclass(frozen=True, slots=True)
class SearchOptions:
    """How to rank (never what may be seen: that is the ContextPolicy's)."""

    reranker: Reranker = field(default_factory=LexicalReranker)
    # Optional recency weighting (off by default): a hit loses half its score per this many days
    # of reference time behind the newest candidate.
    recency_half_life_days: float | None = None


def _native(value: Any) -> Any:
    return value.to_native() if hasattr(value, "to_native") else value


def _hit(cand: Candidate, ch: Channel) -> SearchHit | None:
    """Build a hit, re-checking space and status in Python (defence in depth; never expected)."""
    kind = cand.kind
    props = {k: _native(v) for k, v in cand.row.items()}
    try:
        status = MemoryStatus.from_properties(props)
        space = parse_group_id(str(props["group_id"]))
    except (KeyError, ValueError, ValidationError, InvalidRequest):
        logger.error("dropping a %s hit with an unreadable status or space", kind.value)
        return None
    if props["group_id"] not in ch.group_ids or not ch.policy.admits(status, ch.now):
        logger.error("dropping a %s hit the Cypher policy should have excluded", kind.value)
        return None
    return SearchHit(
        uuid=str(props["uuid"]),
        kind=kind,
        text=cand.text,
        group_id=space.group_id,
        visibility=space.visibility,
        status=status,
        valid_at=props.get("valid_at"),
        created_at=props.get("created_at"),
        reference_time=cand.when,
        score=cand.score,
        provenance=Provenance(
            episodes=cand.episodes,
            source_type=props.get("a4s_source_type"),
            written_by=props.get("a4s_written_by"),
            decision_id=props.get("a4s_decision_id"),
        ),
    )


def _allowed_groups(group_ids: Sequence[str], policy: ContextPolicy) -> tuple[str, ...]:
    checked = require_group_ids(list(group_ids))
    spaces = [parse_group_id(g) for g in checked]  # raises on anything that is not an agent space
    wanted = [s.group_id for s in spaces if policy.admits_visibility(s.visibility)]
    return tuple(dict.fromkeys(wanted))


@dataclass(frozen=True, slots=True)
class SearchRequest:
    """One search: ``group_ids`` must come from the access decision (an empty list raises
    InvalidRequest); ``now`` pins the clock the freshness filter and recency use (tests)."""

    query: str
    group_ids: Sequence[str]
    policy: ContextPolicy
    limit: int
    now: datetime | None = None
    options: SearchOptions | None = None


async def policy_search(
    store: Neo4jStore, embedder: SizedEmbedder, request: SearchRequest
) -> list[SearchHit]:
    """Up to ``request.limit`` hits the policy admits, from its ``group_ids`` only, best first."""
    query, policy, limit, now = request.query, request.policy, request.limit, request.now
    group_ids, options = request.group_ids, request.options
    if not 1 <= limit <= MAX_LIMIT:
        raise InvalidRequest(f"limit must be between 1 and {MAX_LIMIT}")
    groups = _allowed_groups(group_ids, policy)
    if not groups or not query.strip():
        return []  # the policy's visibilities exclude every allowed space, or nothing to look for
    opts = options or SearchOptions()
    pool = max(MIN_POOL, limit * POOL_FACTOR)
    ch = Channel(
        store=store,
        group_ids=groups,
        policy=policy,
        now=now or datetime.now(UTC),
        limit=pool,
        embedder=embedder.name,
    )
    lucene = lucene_query(query, groups)
    vector = await embedder.create(input_data=[query.replace("\n", " ")])
    return await _search(_Ask(query, lucene, limit, opts), ch, vector)


@dataclass(frozen=True, slots=True)
class _Ask:
    query: str
    lucene: str | None
    limit: int
    opts: SearchOptions


async def _search(ask: _Ask, ch: Channel, vector: list[float]) -> list[SearchHit]:
    query, lucene, limit, opts = ask.query, ask.lucene, ask.limit, ask.opts
    policy = ch.policy
    kinds = policy.kinds
    facts, episodes = MemoryKind.FACT in kinds, MemoryKind.EPISODE in kinds
    # Entities are searched for facts too: the best ones seed the graph expansion.
    entities = bool(kinds & {MemoryKind.ENTITY, MemoryKind.FACT})
    searched = frozenset(
        k
        for k, wanted in (
            (MemoryKind.ENTITY, entities),
            (MemoryKind.FACT, facts),
            (MemoryKind.EPISODE, episodes),
        )
        if wanted
    )
    # One statement for every direct channel, then one for the expansion and the neighbours.
    found = await direct(ch, Direct(searched, lucene, vector))
    ent_text, ent_vec = found.get("entity_text", []), found.get("entity_vector", [])
    seeds = [
        str(r["uuid"])
        for _, _, r in _rrf([(MemoryKind.ENTITY, ent_text), (MemoryKind.ENTITY, ent_vec)])
    ]
    lists: list[tuple[MemoryKind, str, list[Row]]] = []
    if facts:
        lists += [
            (MemoryKind.FACT, "fact_text", found.get("fact_text", [])),
            (MemoryKind.FACT, "fact_vec", found.get("fact_vector", [])),
        ]
    if episodes:
        lists += [
            (MemoryKind.EPISODE, "episode_text", found.get("episode_text", [])),
            (MemoryKind.EPISODE, "episode_vec", found.get("episode_vector", [])),
        ]
    if MemoryKind.ENTITY in kinds and not policy.windowed:  # entities have no reference time
        lists += [
            (MemoryKind.ENTITY, "entity_text", ent_text),
            (MemoryKind.ENTITY, "entity_vec", ent_vec),
        ]
    # The neighbours' seeds are the best episodes by the cheap lexical score (the configured
    # reranker runs once, below).
    expanded, neighbors = await around(
        ch,
        seeds[:EXPANSION_SEEDS] if facts else [],
        await rerank(query, fuse(lists, describe), LexicalReranker()) if episodes else [],
    )
    if facts:
        lists.append((MemoryKind.FACT, "expansion", expanded))
    with span("a4s.search.rerank"):
        ranked = await rerank(
            query, fuse(lists, describe), opts.reranker, opts.recency_half_life_days
        )
    ranked = with_neighbors(ranked, neighbors)
    hits: list[SearchHit] = []
    for cand in dedupe(ranked):
        hit = _hit(cand, ch)
        if hit is not None:
            hits.append(hit)
        if len(hits) == limit:
            break
    logger.debug("policy_search: %d hits from %d groups", len(hits), len(ch.group_ids))
    return hits
