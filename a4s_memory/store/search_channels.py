"""The retrieval channels of :func:`a4s_memory.store.search.policy_search`: one Cypher query each,
every one with the ContextPolicy predicate inside it (see search.py's docstring for the design).

Every query text is assembled from the constants below and allow-listed names only; every value,
the Lucene text included, is a parameter. Reads run as read transactions (cluster followers).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Final

from graphiti_core.helpers import lucene_sanitize
from neo4j.exceptions import ClientError
from pydantic import BaseModel, ConfigDict

from a4s_memory.contract import STATUS_PROPERTIES
from a4s_memory.errors import InvalidRequest
from a4s_memory.policy.context_policy import ContextPolicy, MemoryKind
from a4s_memory.policy.cypher import (
    CypherParams,
    group_predicate,
    policy_predicate,
    window_predicate,
)
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.ranking import Candidate
from a4s_memory.store.summaries import admitted_facts_projection
from a4s_memory.telemetry import traced

__all__ = [
    "EPISODE_EMBEDDING",
    "MAX_QUERY_TERMS",
    "VECTOR_MODEL",
    "Channel",
    "Row",
    "by_vector",
    "expansion",
    "fulltext",
    "lucene_query",
    "session_neighbors",
]

logger = logging.getLogger(__name__)

Row = dict[str, Any]

MIN_WINDOW: Final = 50  # first fulltext candidate window
WINDOW_FACTOR: Final = 2  # first window per eligible hit wanted (it doubles when short)
MAX_WINDOW: Final = 12_800  # cost cap on one fulltext channel (50 doubled 8 times)
MIN_COSINE: Final = 0.6  # Neo4j's cosine is (1+cos)/2; 0.6 is Graphiti's DEFAULT_MIN_SCORE
MAX_QUERY_TERMS: Final = 64  # keeps Lucene well under its 1024-clause limit
NEIGHBOR_SEEDS: Final = 5  # episodes whose session neighbours join the candidates
EPISODE_EMBEDDING: Final = "a4s_content_embedding"  # written by store/ingest.py
# The embedder that made an element's vector (its ``name``), written with every vector at
# ingestion: the vector channels compare a query only with vectors of the same embedder.
VECTOR_MODEL: Final = "a4s_embedder"

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
# (a4s_memory.store.summaries), never from what Graphiti stored.
_FIELDS: Final = (
    "uuid",
    "group_id",
    "fact",
    "name",
    "content",
    "valid_at",
    "created_at",
    "episodes",
    *STATUS_PROPERTIES,
)
# Datetimes travel as ISO strings and are parsed here (:func:`_times`): the driver's DateTime
# hydration cost ~60 µs a value, a third of a search's CPU under load (~250 values a search,
# profiled); ``datetime.fromisoformat`` is a small fraction of that.
_TIMES: Final = ("valid_at", "created_at", "expires_at")
# Map projection of the alias ``x``: fixed field names, no embeddings (they are large).
_PROJECTION: Final = (
    "x {" + ", ".join(f"{f}: toString(x.{f})" if f in _TIMES else f".{f}" for f in _FIELDS) + "}"
)


class Channel(BaseModel):
    """What every channel query shares: the spaces, the policy and the moment of the search."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    store: Neo4jStore
    group_ids: tuple[str, ...]
    policy: ContextPolicy
    now: datetime
    limit: int
    embedder: str  # the name of the embedder that made the query vector

    def where(self, kind: MemoryKind, params: CypherParams, alias: str = "x") -> str:
        groups = group_predicate(alias, self.group_ids, params)
        policy = policy_predicate(
            alias, self.policy, params, self.now, temporal=kind is MemoryKind.FACT
        )
        window = (
            window_predicate(alias, self.policy, params) if kind is not MemoryKind.ENTITY else None
        )
        return f"{groups} AND {policy}" + (f" AND {window}" if window else "")

    async def run(self, query: str, params: CypherParams) -> list[Any]:
        # The text is assembled from constants and allow-listed names only; values are parameters.
        return await self.store.read(query, params.values)


def _times(row: Row) -> Row:
    """The row with its ISO datetime strings (see ``_TIMES``) parsed back into datetimes."""
    for name in _TIMES:
        value = row.get(name)
        if isinstance(value, str):
            # A named zone prints as "+01:00[Europe/Paris]": the offset already fixes the instant.
            row[name] = datetime.fromisoformat(value.split("[", 1)[0])
    return row


def lucene_query(query: str, group_ids: Sequence[str]) -> str | None:
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
async def fulltext(ch: Channel, kind: MemoryKind, lucene: str) -> list[dict[str, Any]]:
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
        raw, rows = int(records[0]["raw"]), [_times(dict(r)) for r in records[0]["rows"]]
        if len(rows) >= ch.limit or raw < window or window >= MAX_WINDOW:
            logger.debug(
                "fulltext %s: window=%d raw=%d eligible=%d", kind.value, window, raw, len(rows)
            )
            return rows
        window *= 2


def _extras(ch: Channel, kind: MemoryKind, params: CypherParams) -> str:
    """Map-projection entries beyond the fields: an entity's mentioning episodes and the facts
    around it that this reader's policy admits (its served summary)."""
    if kind is not MemoryKind.ENTITY:
        return "mentions: [], admitted: []"
    facts = admitted_facts_projection("x", ch.group_ids, ch.policy, params, ch.now)
    return f"mentions: [(ep:Episodic)-[:MENTIONS]->(x) | ep.uuid][..20], admitted: {facts}"


@traced("a4s.search.vector", kind_arg=1)
async def vector(ch: Channel, kind: MemoryKind, vector: list[float]) -> list[dict[str, Any]]:
    pattern, field = _VECTOR[kind]
    params = CypherParams()
    vec = params.add(vector)
    model = params.add(ch.embedder)
    query = (
        f"MATCH {pattern} WHERE {ch.where(kind, params)} "
        # Eligible elements first: otherwise the planner splits the policy's OR into a union of
        # index seeks and reads every vector in both branches (3x slower on episodes, profiled).
        "WITH collect(x) AS eligible UNWIND eligible AS x WITH x "
        # Never compare across embedders: another size, or another embedder's name (MiniLM and
        # hashing are both 384-d). A vector without a name predates the mark: the current one's.
        f"WHERE size({field}) = {params.add(len(vector))} "
        f"AND coalesce(x.{VECTOR_MODEL}, {model}) = {model} "
        f"WITH x, vector.similarity.cosine({field}, {vec}) AS score "
        f"WHERE score >= {params.add(MIN_COSINE)} "
        f"WITH x, score ORDER BY score DESC, x.uuid LIMIT {params.add(ch.limit)} "
        f"RETURN {_PROJECTION[:-1]}, {_extras(ch, kind, params)}, score: score}} AS row"
    )
    return [_times(dict(r["row"])) for r in await ch.run(query, params)]


@traced("a4s.search.expansion")
async def expansion(ch: Channel, seeds: list[str]) -> list[dict[str, Any]]:
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
    return [_times(dict(r["row"])) for r in await ch.run(query, params)]


@traced("a4s.search.neighbors")
async def session_neighbors(ch: Channel, ranked: list[Candidate]) -> dict[str, list[Row]]:
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
        out.setdefault(str(record["seed"]), []).append(_times(dict(record["row"])))
    return out


async def by_vector(
    ch: Channel, kind: MemoryKind, embedding: asyncio.Future[list[float]]
) -> list[Row]:
    query_vector = await embedding
    # A text with no words embeds to the zero vector, which Neo4j's cosine rejects: no channel.
    return await vector(ch, kind, query_vector) if any(query_vector) else []
