"""Policy-gated retrieval: the ContextPolicy is a predicate *inside* every retrieval query.

Channels, each returning only eligible elements, fused by weighted reciprocal rank fusion, then
reranked and deduplicated (:mod:`a4s_memory.graph.ranking`):

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

Group ids always come from the access decision and are required non-empty; Lucene text is escaped
and, like every value, passed as a parameter.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final

from graphiti_core.helpers import lucene_sanitize
from neo4j.exceptions import ClientError
from pydantic import BaseModel, ConfigDict, ValidationError

from a4s_memory.access import require_group_ids
from a4s_memory.contract import STATUS_PROPERTIES, Visibility
from a4s_memory.db import Neo4jStore
from a4s_memory.errors import InvalidRequest
from a4s_memory.graph.embedder import SizedEmbedder
from a4s_memory.graph.ranking import (
    Candidate,
    LexicalReranker,
    Reranker,
    dedupe,
    describe,
    fuse,
    rerank,
    with_neighbors,
)
from a4s_memory.graph.ranking import rrf as _rrf
from a4s_memory.graph.summaries import admitted_facts_projection
from a4s_memory.policy.context_policy import ContextPolicy, MemoryKind
from a4s_memory.policy.cypher import (
    CypherParams,
    group_predicate,
    policy_predicate,
    window_predicate,
)
from a4s_memory.spaces import parse_group_id
from a4s_memory.status import MemoryStatus
from a4s_memory.telemetry import span, traced

__all__ = ["EPISODE_EMBEDDING", "Provenance", "SearchHit", "SearchOptions", "policy_search"]

logger = logging.getLogger(__name__)

MIN_WINDOW: Final = 50           # first fulltext candidate window
WINDOW_FACTOR: Final = 2         # first window per eligible hit wanted (it doubles when short)
MAX_WINDOW: Final = 12_800       # cost cap on one fulltext channel (50 doubled 8 times)
MIN_COSINE: Final = 0.6          # Neo4j's cosine is (1+cos)/2; 0.6 is Graphiti's DEFAULT_MIN_SCORE
MAX_QUERY_TERMS: Final = 64      # keeps Lucene well under its 1024-clause limit
EXPANSION_SEEDS: Final = 5
MAX_LIMIT: Final = 200
# Each channel hands the reranker this many candidates per requested hit (at least MIN_POOL):
# the evidence BM25 would rank 15th must still reach the reranker.
POOL_FACTOR: Final = 4
MIN_POOL: Final = 40
NEIGHBOR_SEEDS: Final = 5  # episodes whose session neighbours join the candidates
EPISODE_EMBEDDING: Final = "a4s_content_embedding"  # written by graph/ingest.py

# (index, procedure, yielded column, label/type) for each fulltext channel. Constants only.
_FULLTEXT: Final[dict[MemoryKind, tuple[str, str, str]]] = {
    MemoryKind.FACT: ("edge_name_and_fact", "db.index.fulltext.queryRelationships", "relationship"),
    MemoryKind.ENTITY: ("node_name_and_summary", "db.index.fulltext.queryNodes", "node"),
    MemoryKind.EPISODE: ("episode_content", "db.index.fulltext.queryNodes", "node"),
}
_VECTOR: Final[dict[MemoryKind, tuple[str, str]]] = {
    MemoryKind.FACT: ("()-[x:RELATES_TO]->()", "x.fact_embedding"),
    MemoryKind.ENTITY: ("(x:Entity)", "x.name_embedding"),
    MemoryKind.EPISODE: ("(x:Episodic)", f"x.{EPISODE_EMBEDDING}"),
}
# No ``summary``: an entity's text is built from the facts the reader's policy admits
# (a4s_memory.graph.summaries), never from what Graphiti stored.
_FIELDS: Final = ("uuid", "group_id", "fact", "name", "content", "valid_at",
                  "created_at", "episodes", *STATUS_PROPERTIES)
# Map projection of the alias ``x``: fixed field names, no embeddings (they are large).
_PROJECTION: Final = "x {" + ", ".join(f".{f}" for f in _FIELDS) + "}"


class Provenance(BaseModel):
    model_config = ConfigDict(frozen=True)

    episodes: list[str]
    source_type: str | None = None
    written_by: str | None = None
    decision_id: str | None = None


@dataclass(frozen=True, slots=True)
class SearchOptions:
    """How to rank (never what may be seen: that is the ContextPolicy's)."""

    reranker: Reranker = field(default_factory=LexicalReranker)
    # Optional recency weighting (off by default): a hit loses half its score per this many days
    # of reference time behind the newest candidate.
    recency_half_life_days: float | None = None


class SearchHit(BaseModel):
    """One result, CONTRACT §4 shape plus ``score`` (the final ranking score, higher is better)
    and ``reference_time`` (when the remembered thing happened: the episode's or fact's
    ``valid_at``; entities have none)."""

    model_config = ConfigDict(frozen=True)

    uuid: str
    kind: MemoryKind
    text: str
    group_id: str
    visibility: Visibility
    status: MemoryStatus
    valid_at: datetime | None
    created_at: datetime | None
    reference_time: datetime | None = None
    score: float
    provenance: Provenance


class _Channel(BaseModel):
    """What every channel query shares: the spaces, the policy and the moment of the search."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    store: Neo4jStore
    group_ids: tuple[str, ...]
    policy: ContextPolicy
    now: datetime
    limit: int

    def where(self, kind: MemoryKind, params: CypherParams, alias: str = "x") -> str:
        groups = group_predicate(alias, self.group_ids, params)
        policy = policy_predicate(alias, self.policy, params, self.now,
                                  temporal=kind is MemoryKind.FACT)
        window = window_predicate(alias, self.policy, params) if kind is not MemoryKind.ENTITY else None
        return f"{groups} AND {policy}" + (f" AND {window}" if window else "")

    async def run(self, query: str, params: CypherParams) -> list[Any]:
        # The text is assembled from constants and allow-listed names only; values are parameters.
        return await self.store.read(query, params.values)


def _lucene(query: str, group_ids: Sequence[str]) -> str | None:
    """Escaped query text restricted to the groups (``^0``: the group clause does not score).

    The Lucene group clause only narrows candidates (its phrase match is approximate); the exact
    ``group_id IN`` predicate in Cypher is what isolates spaces.
    """
    terms = lucene_sanitize(query).split()[:MAX_QUERY_TERMS]
    if not terms:
        return None
    groups = " OR ".join(f'group_id:"{g}"^0' for g in group_ids)
    return f"({groups}) AND ({' '.join(terms)})"


@traced("a4s.search.fulltext", kind_arg=1)
async def _fulltext(ch: _Channel, kind: MemoryKind, lucene: str) -> list[dict[str, Any]]:
    index, procedure, column = _FULLTEXT[kind]
    window = max(MIN_WINDOW, ch.limit * WINDOW_FACTOR)
    while True:
        params = CypherParams()
        query = (
            f"CALL {procedure}('{index}', {params.add(lucene)}, {{limit: {params.add(window)}}}) "
            f"YIELD {column} AS hit, score "
            "WITH collect({hit: hit, score: score}) AS hits "
            "CALL (hits) { UNWIND hits AS h WITH h.hit AS x, h.score AS score "
            f"WHERE {ch.where(kind, params)} "
            f"WITH x, score ORDER BY score DESC, x.uuid LIMIT {params.add(ch.limit)} "
            f"RETURN collect({_PROJECTION[:-1]}, {_extras(ch, kind, params)}, score: score}}) "
            "AS rows } "
            "RETURN size(hits) AS raw, rows"
        )
        try:
            records = await ch.run(query, params)
        except ClientError as exc:
            # Escaped text should always parse; if not, say so without echoing it back.
            logger.warning("fulltext channel %s failed: %s", kind.value, exc.code)
            raise InvalidRequest("the search text could not be processed") from exc
        raw, rows = int(records[0]["raw"]), list(records[0]["rows"])
        if len(rows) >= ch.limit or raw < window or window >= MAX_WINDOW:
            logger.debug("fulltext %s: window=%d raw=%d eligible=%d",
                         kind.value, window, raw, len(rows))
            return rows
        window *= 2


def _extras(ch: _Channel, kind: MemoryKind, params: CypherParams) -> str:
    """Map-projection entries beyond the fields: an entity's mentioning episodes and the facts
    around it that this reader's policy admits (its served summary)."""
    if kind is not MemoryKind.ENTITY:
        return "mentions: [], admitted: []"
    facts = admitted_facts_projection("x", ch.group_ids, ch.policy, params, ch.now)
    return f"mentions: [(ep:Episodic)-[:MENTIONS]->(x) | ep.uuid][..20], admitted: {facts}"


@traced("a4s.search.vector", kind_arg=1)
async def _vector(ch: _Channel, kind: MemoryKind, vector: list[float]) -> list[dict[str, Any]]:
    pattern, field = _VECTOR[kind]
    params = CypherParams()
    vec = params.add(vector)
    query = (
        f"MATCH {pattern} WHERE {ch.where(kind, params)} "
        # Eligible elements first: otherwise the planner splits the policy's OR into a union of
        # index seeks and reads every vector in both branches (3x slower on episodes, profiled).
        "WITH collect(x) AS eligible UNWIND eligible AS x WITH x "
        # Vectors from another embedder have another size; never compare across embedders.
        f"WHERE size({field}) = {params.add(len(vector))} "
        f"WITH x, vector.similarity.cosine({field}, {vec}) AS score "
        f"WHERE score >= {params.add(MIN_COSINE)} "
        f"WITH x, score ORDER BY score DESC, x.uuid LIMIT {params.add(ch.limit)} "
        f"RETURN {_PROJECTION[:-1]}, {_extras(ch, kind, params)}, score: score}} AS row"
    )
    return [dict(r["row"]) for r in await ch.run(query, params)]


@traced("a4s.search.expansion")
async def _expansion(ch: _Channel, seeds: list[str]) -> list[dict[str, Any]]:
    """Facts touching the best entities, ranked by the rank of the entity they touch."""
    if not seeds:
        return []
    params = CypherParams()
    seed_list = params.add(seeds)
    entity_where = ch.where(MemoryKind.ENTITY, params, alias="n")
    query = (
        f"UNWIND range(0, size({seed_list}) - 1) AS i "
        f"MATCH (n:Entity {{uuid: {seed_list}[i]}})-[x:RELATES_TO]-(:Entity) "
        f"WHERE {entity_where} AND {ch.where(MemoryKind.FACT, params)} "
        "WITH x, min(i) AS rank "
        f"ORDER BY rank, x.created_at DESC, x.uuid LIMIT {params.add(ch.limit)} "
        f"RETURN {_PROJECTION[:-1]}, {_extras(ch, MemoryKind.FACT, params)}, score: 0.0}} AS row"
    )
    return [dict(r["row"]) for r in await ch.run(query, params)]


@traced("a4s.search.neighbors")
async def _neighbors(ch: _Channel, ranked: list[Candidate]) -> dict[str, list[Row]]:
    """The eligible turns just before and after the best episodes, from the same space and session
    (same reference time, adjacent by writing time), under the same space and policy predicate as
    every channel. Adjacency is computed in Cypher so only the neighbours travel back."""
    seeds = [c for c in ranked if c.kind is MemoryKind.EPISODE][:NEIGHBOR_SEEDS]
    times = list({c.when for c in seeds if c.when is not None})
    if not times:
        return {}
    params = CypherParams()
    query = (
        # The sessions first (valid_at index), then the policy: see _vector for why.
        f"MATCH (x:Episodic) WHERE x.valid_at IN {params.add(times)} "
        f"AND {group_predicate('x', ch.group_ids, params)} "
        "WITH collect(x) AS session UNWIND session AS x WITH x "
        f"WHERE {ch.where(MemoryKind.EPISODE, params)} "
        "WITH x ORDER BY x.created_at, x.uuid "
        "WITH x.group_id AS g, x.valid_at AS v, collect(x) AS turns "
        f"UNWIND {params.add([str(c.row['uuid']) for c in seeds])} AS seed "
        "WITH seed, turns, [i IN range(0, size(turns) - 1) WHERE turns[i].uuid = seed] AS at "
        "WHERE size(at) = 1 "
        "UNWIND [at[0] - 1, at[0] + 1] AS k WITH seed, turns, k WHERE 0 <= k < size(turns) "
        "WITH seed, turns[k] AS x "
        f"RETURN seed, {_PROJECTION[:-1]}, mentions: [], score: 0.0}} AS row"
    )
    out: dict[str, list[Row]] = {}
    for record in await ch.run(query, params):
        out.setdefault(str(record["seed"]), []).append(dict(record["row"]))
    return out


def _native(value: Any) -> Any:
    return value.to_native() if hasattr(value, "to_native") else value


def _hit(cand: Candidate, ch: _Channel) -> SearchHit | None:
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


Row = dict[str, Any]


def _allowed_groups(group_ids: Sequence[str], policy: ContextPolicy) -> tuple[str, ...]:
    checked = require_group_ids(list(group_ids))
    spaces = [parse_group_id(g) for g in checked]  # raises on anything that is not an agent space
    wanted = [s.group_id for s in spaces if policy.admits_visibility(s.visibility)]
    return tuple(dict.fromkeys(wanted))


async def policy_search(
    store: Neo4jStore,
    embedder: SizedEmbedder,
    *,
    query: str,
    group_ids: Sequence[str],
    policy: ContextPolicy,
    limit: int,
    now: datetime | None = None,
    options: SearchOptions | None = None,
) -> list[SearchHit]:
    """Up to ``limit`` hits the policy admits, from ``group_ids`` only, best first.

    ``group_ids`` must come from the access decision; an empty list raises InvalidRequest.
    """
    if not 1 <= limit <= MAX_LIMIT:
        raise InvalidRequest(f"limit must be between 1 and {MAX_LIMIT}")
    groups = _allowed_groups(group_ids, policy)
    if not groups or not query.strip():
        return []  # the policy's visibilities exclude every allowed space, or nothing to look for
    opts = options or SearchOptions()
    pool = max(MIN_POOL, limit * POOL_FACTOR)
    ch = _Channel(store=store, group_ids=groups, policy=policy, now=now or datetime.now(UTC),
                  limit=pool)  # fmt: skip
    lucene = _lucene(query, groups)
    vector = await embedder.create(input_data=[query.replace("\n", " ")])
    # A text with no words embeds to the zero vector, which Neo4j's cosine rejects: no channel.
    vectors = any(vector)
    kinds = policy.kinds
    facts, episodes = MemoryKind.FACT in kinds, MemoryKind.EPISODE in kinds
    # Entities are searched for facts too: the best ones seed the graph expansion.
    entities = bool(kinds & {MemoryKind.ENTITY, MemoryKind.FACT})

    # One concurrent round for the direct channels, then the expansion around the best entities.
    ent_text, ent_vec, fact_text, fact_vec, ep_text, ep_vec = await asyncio.gather(
        _fulltext(ch, MemoryKind.ENTITY, lucene) if entities and lucene else _none(),
        _vector(ch, MemoryKind.ENTITY, vector) if entities and vectors else _none(),
        _fulltext(ch, MemoryKind.FACT, lucene) if facts and lucene else _none(),
        _vector(ch, MemoryKind.FACT, vector) if facts and vectors else _none(),
        _fulltext(ch, MemoryKind.EPISODE, lucene) if episodes and lucene else _none(),
        _vector(ch, MemoryKind.EPISODE, vector) if episodes and vectors else _none(),
    )
    seeds = [str(r["uuid"]) for _, _, r in _rrf([(MemoryKind.ENTITY, ent_text),
                                                 (MemoryKind.ENTITY, ent_vec)])]  # fmt: skip
    lists: list[tuple[MemoryKind, str, list[Row]]] = []
    if facts:
        lists += [(MemoryKind.FACT, "fact_text", fact_text), (MemoryKind.FACT, "fact_vec", fact_vec)]
    if episodes:
        lists += [(MemoryKind.EPISODE, "episode_text", ep_text),
                  (MemoryKind.EPISODE, "episode_vec", ep_vec)]  # fmt: skip
    if MemoryKind.ENTITY in kinds and not policy.windowed:  # entities have no reference time
        lists += [(MemoryKind.ENTITY, "entity_text", ent_text),
                  (MemoryKind.ENTITY, "entity_vec", ent_vec)]  # fmt: skip
    # The expansion and the session neighbours run together; the neighbours' seeds are the best
    # episodes by the cheap lexical score (the configured reranker runs once, below).
    expanded, neighbors = await asyncio.gather(
        _expansion(ch, seeds[:EXPANSION_SEEDS]) if facts else _none(),
        _neighbors(ch, await rerank(query, fuse(lists, describe), LexicalReranker()))
        if episodes else _no_neighbors(),
    )
    if facts:
        lists.append((MemoryKind.FACT, "expansion", expanded))
    with span("a4s.search.rerank"):
        ranked = await rerank(query, fuse(lists, describe), opts.reranker,
                              opts.recency_half_life_days)
    ranked = with_neighbors(ranked, neighbors)
    hits: list[SearchHit] = []
    for cand in dedupe(ranked):
        hit = _hit(cand, ch)
        if hit is not None:
            hits.append(hit)
        if len(hits) == limit:
            break
    logger.debug("policy_search: %d hits from %d groups", len(hits), len(groups))
    return hits


async def _none() -> list[Row]:
    return []


async def _no_neighbors() -> dict[str, list[Row]]:
    return {}
