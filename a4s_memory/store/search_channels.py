"""The retrieval channels of :func:`a4s_memory.store.search.policy_search`: one Cypher subquery
each, every one with the ContextPolicy predicate inside it (see search.py's docstring for the
design). A search sends two statements: :func:`direct` (every fulltext and vector channel) and
:func:`around` (the graph expansion and the session neighbours, which need the first's results);
each channel also runs alone (:func:`fulltext`, :func:`vector`, :func:`expansion`,
:func:`session_neighbors`) with the same subquery text.

Every query text is assembled from the constants below and allow-listed names only; every value,
the Lucene text included, is a parameter. Reads run in read access mode (cluster followers).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
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
    status_predicate,
    window_predicate,
)
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.ranking import Candidate, is_stop_word
from a4s_memory.store.summaries import admitted_facts_projection
from a4s_memory.telemetry import span, traced

__all__ = [
    "EPISODE_EMBEDDING",
    "MAX_QUERY_TERMS",
    "VECTOR_MODEL",
    "Channel",
    "Direct",
    "Part",
    "Row",
    "around",
    "direct",
    "expansion",
    "fulltext",
    "lucene_query",
    "run_parts",
    "session_neighbors",
    "vector",
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
# (pattern, element to hint, vector property) for each vector channel.
_VECTOR: Final[dict[MemoryKind, tuple[str, str, str]]] = {
    MemoryKind.FACT: ("()-[x:RELATES_TO]->()", "x:RELATES_TO", "x.fact_embedding"),
    MemoryKind.ENTITY: ("(x:Entity)", "x:Entity", "x.name_embedding"),
    MemoryKind.EPISODE: ("(x:Episodic)", "x:Episodic", f"x.{EPISODE_EMBEDDING}"),
}
# The composite status index of each kind (graph_schema/002): the reader's spaces, then the four
# status axes, so a channel reads the policy-eligible elements of those spaces and nothing else
# (not the other spaces', and not the stale or quarantined ones of its own). Forced: with few
# elements the planner preferred scanning every fact of the database (profiled).
_STATUS_INDEX: Final = (
    "(group_id, truth_status, retrieval_status, security_status, freshness_status)"
)
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
    # Without its stop and question words: Neo4j's default analyzer keeps them, so "Does she own
    # a dog?" ranked a short turn first for its "a" alone (2026-11-27: it tied with the turn the
    # vector channel put first). A question of stop words only has no fulltext channel.
    words = lucene_sanitize(query).split()
    terms = [w for w in words if not is_stop_word(w)][:MAX_QUERY_TERMS]
    if not terms:
        return None
    groups = " OR ".join(f'group_id:"{g}"^0' for g in group_ids)
    return f"({groups}) AND ({' '.join(terms)})"


@dataclass(frozen=True, slots=True)
class Part:
    """One channel as a subquery of a combined statement: ``body`` takes no variables in and
    returns ONE row whose column ``name`` (a constant of this module) holds the channel's rows."""

    name: str
    body: str


async def run_parts(ch: Channel, parts: Sequence[Part], params: CypherParams) -> dict[str, Any]:
    """Every part in ONE statement: ``CALL () { body }`` each, then every part's column. One round
    trip and one transaction instead of one per channel: a statement costs ~0.8 ms of the
    driver's Python and ~0.8 ms of Neo4j's CPU before any of its work (measured, docs/benchmarks.md).
    """
    query = " ".join(f"CALL () {{ {p.body} }}" for p in parts)
    query += " RETURN " + ", ".join(p.name for p in parts)
    try:
        records = await ch.run(query, params)
    except ClientError as exc:
        if exc.code != "Neo.ClientError.Procedure.ProcedureCallFailed":
            raise
        # The fulltext procedure refused the Lucene text: escaped text should always parse; if
        # not, say so without echoing it back.
        logger.warning("search statement failed: %s", exc.code)
        raise InvalidRequest("the search text could not be processed") from exc
    return dict(records[0])


def _text_name(kind: MemoryKind) -> str:
    return f"{kind.value}_text"


def _vector_name(kind: MemoryKind) -> str:
    return f"{kind.value}_vector"


def fulltext_part(
    ch: Channel, kind: MemoryKind, lucene: str, window: int, params: CypherParams
) -> Part:
    """The fulltext channel over ``window`` index hits: ``{raw: <hits>, rows: [<eligible>]}``.
    The policy filter runs right after the index call, so a short window shows as
    ``size(rows) < limit`` with ``raw == window``: :func:`fulltext` then widens it."""
    index, procedure, column = _FULLTEXT[kind]
    body = (
        f"CALL {procedure}('{index}', {params.add(lucene)}, {{limit: {params.add(window)}}}) "
        f"YIELD {column} AS hit, score "
        "WITH collect({hit: hit, score: score}) AS hits "
        "CALL (hits) { UNWIND hits AS h WITH h.hit AS x, h.score AS score "
        f"WHERE {ch.where(kind, params)} "
        f"WITH x, score ORDER BY score DESC, x.uuid LIMIT {params.add(ch.limit)} "
        f"RETURN collect({_PROJECTION[:-1]}, {_extras(ch, kind, params)}, score: score}}) "
        "AS rows } "
        f"RETURN {{raw: size(hits), rows: rows}} AS {_text_name(kind)}"
    )
    return Part(_text_name(kind), body)


def first_window(ch: Channel) -> int:
    return max(MIN_WINDOW, ch.limit * WINDOW_FACTOR)


def _text_rows(ch: Channel, kind: MemoryKind, result: Any, window: int) -> list[Row] | None:
    """The eligible rows, or None when the window was short and can still be widened."""
    raw, rows = int(result["raw"]), [_times(dict(r)) for r in result["rows"]]
    if len(rows) >= ch.limit or raw < window or window >= MAX_WINDOW:
        logger.debug(
            "fulltext %s: window=%d raw=%d eligible=%d", kind.value, window, raw, len(rows)
        )
        return rows
    return None


@traced("a4s.search.fulltext", kind_arg=1)
async def fulltext(
    ch: Channel, kind: MemoryKind, lucene: str, window: int | None = None
) -> list[dict[str, Any]]:
    """One fulltext channel on its own, from ``window`` (default: the first) doubling while short."""
    window = window or first_window(ch)
    while True:
        params = CypherParams()
        part = fulltext_part(ch, kind, lucene, window, params)
        rows = _text_rows(ch, kind, (await run_parts(ch, [part], params))[part.name], window)
        if rows is not None:
            return rows
        window *= 2


def _extras(ch: Channel, kind: MemoryKind, params: CypherParams) -> str:
    """Map-projection entries beyond the fields: an entity's mentioning episodes and the facts
    around it that this reader's policy admits (its served summary)."""
    if kind is not MemoryKind.ENTITY:
        return "mentions: [], admitted: []"
    facts = admitted_facts_projection("x", ch.group_ids, ch.policy, params, ch.now)
    return f"mentions: [(ep:Episodic)-[:MENTIONS]->(x) | ep.uuid][..20], admitted: {facts}"


def vector_part(ch: Channel, kind: MemoryKind, vector: list[float], params: CypherParams) -> Part:
    """The vector channel: ``[<eligible rows, best first>]``."""
    pattern, element, field = _VECTOR[kind]
    vec = params.add(vector)
    model = params.add(ch.embedder)
    body = (
        # The status index seek, then the rest of the policy behind a collect (a planning
        # barrier): with the whole policy in the MATCH, the planner split its "expires_at IS
        # NULL OR > now" into a union whose second seek used (freshness_status, expires_at) or
        # security_status, with no group_id: every search read all fresh episodes or clean
        # entities of the DATABASE (tests/integration/test_search_isolated_cost.py).
        f"MATCH {pattern} USING INDEX SEEK {element}{_STATUS_INDEX} "
        f"WHERE {group_predicate('x', ch.group_ids, params)} "
        f"AND {status_predicate('x', ch.policy, params)} "
        "WITH collect(x) AS inspace UNWIND inspace AS x "
        f"WITH x WHERE {ch.where(kind, params)} "
        # Eligible elements before any vector is read: otherwise the planner reads every vector
        # of the space, eligible or not (3x slower on episodes, profiled).
        "WITH collect(x) AS eligible UNWIND eligible AS x WITH x "
        # Never compare across embedders: another size, or another embedder's name (MiniLM and
        # hashing are both 384-d). A vector without a name predates the mark: the current one's.
        f"WHERE size({field}) = {params.add(len(vector))} "
        f"AND coalesce(x.{VECTOR_MODEL}, {model}) = {model} "
        f"WITH x, vector.similarity.cosine({field}, {vec}) AS score "
        f"WHERE score >= {params.add(MIN_COSINE)} "
        f"WITH x, score ORDER BY score DESC, x.uuid LIMIT {params.add(ch.limit)} "
        f"RETURN collect({_PROJECTION[:-1]}, {_extras(ch, kind, params)}, score: score}}) "
        f"AS {_vector_name(kind)}"
    )
    return Part(_vector_name(kind), body)


@traced("a4s.search.vector", kind_arg=1)
async def vector(ch: Channel, kind: MemoryKind, vector: list[float]) -> list[dict[str, Any]]:
    """One vector channel on its own."""
    params = CypherParams()
    part = vector_part(ch, kind, vector, params)
    return [_times(dict(r)) for r in (await run_parts(ch, [part], params))[part.name]]


@dataclass(frozen=True, slots=True)
class Direct:
    """The first round of a search: the kinds searched by text (when there is Lucene text) and
    by vector (when the query vector is not zero)."""

    kinds: frozenset[MemoryKind]
    lucene: str | None
    vector: list[float]


async def direct(ch: Channel, ask: Direct) -> dict[str, list[Row]]:
    """Every direct channel (fulltext and vector, per kind) in ONE statement, by part name
    (``<kind>_text``, ``<kind>_vector``; a channel not asked for is absent). A fulltext channel
    whose first window was short runs again on its own with the window doubled, as
    :func:`fulltext` does."""
    params = CypherParams()
    window = first_window(ch)
    kinds = [k for k in MemoryKind if k in ask.kinds]  # a fixed order: a stable statement text
    parts = [fulltext_part(ch, k, ask.lucene, window, params) for k in kinds if ask.lucene]
    # A text with no words embeds to the zero vector, which Neo4j's cosine rejects: no channel.
    if any(ask.vector):
        parts += [vector_part(ch, k, ask.vector, params) for k in kinds]
    if not parts:
        return {}
    # One span for the statement (its parts named: "entity_text", "fact_vector", ...).
    with span("a4s.search.direct", {"a4s.channels": ",".join(p.name for p in parts)}):
        found = await run_parts(ch, parts, params)
    out: dict[str, list[Row]] = {}
    for kind in kinds:
        if ask.lucene:
            rows = _text_rows(ch, kind, found[_text_name(kind)], window)
            if rows is None:
                rows = await fulltext(ch, kind, ask.lucene, window * 2)
            out[_text_name(kind)] = rows
        if _vector_name(kind) in found:
            out[_vector_name(kind)] = [_times(dict(r)) for r in found[_vector_name(kind)]]
    return out


def _expansion_part(ch: Channel, seeds: list[str], params: CypherParams) -> Part:
    """Facts touching the best entities, ranked by the rank of the entity they touch."""
    seed_list = params.add(seeds)
    entity_where = ch.where(MemoryKind.ENTITY, params, alias="n")
    body = (
        # Seeds by uuid (a forced seek: the planner also tried scanning the uuid index), their
        # facts by expanding from them; the policies only after a collect (a planning barrier):
        # with them inside the MATCH, the planner sought Entity(security_status) - every clean
        # entity of the database - and filtered on uuid.
        f"UNWIND range(0, size({seed_list}) - 1) AS i "
        f"MATCH (n:Entity {{uuid: {seed_list}[i]}})-[x:RELATES_TO]-(:Entity) "
        "USING INDEX SEEK n:Entity(uuid) "
        "WITH i, n, collect(x) AS around UNWIND around AS x "
        f"WITH i, n, x WHERE {entity_where} AND {ch.where(MemoryKind.FACT, params)} "
        "WITH x, min(i) AS rank "
        f"ORDER BY rank, x.created_at DESC, x.uuid LIMIT {params.add(ch.limit)} "
        f"RETURN collect({_PROJECTION[:-1]}, {_extras(ch, MemoryKind.FACT, params)}, score: 0.0}}) "
        "AS expansion"
    )
    return Part("expansion", body)


def _neighbors_part(ch: Channel, seeds: list[Candidate], params: CypherParams) -> Part:
    """The eligible turns just before and after the best episodes, from the same space and
    session (same reference time, adjacent by writing time), under the same space and policy
    predicate as every channel. Adjacency is computed in Cypher so only the neighbours travel."""
    times = list({c.when for c in seeds if c.when is not None})
    body = (
        # The sessions of the reader's spaces first (graph_schema/008: one exact seek; without
        # the hint the valid_at index read that instant's episodes of every space), then the
        # policy behind a collect: see vector_part for why.
        "MATCH (x:Episodic) USING INDEX SEEK x:Episodic(group_id, valid_at) "
        f"WHERE {group_predicate('x', ch.group_ids, params)} "
        f"AND x.valid_at IN {params.add(times)} "
        "WITH collect(x) AS session UNWIND session AS x WITH x "
        f"WHERE {ch.where(MemoryKind.EPISODE, params)} "
        "WITH x ORDER BY x.created_at, x.uuid "
        "WITH x.group_id AS g, x.valid_at AS v, collect(x) AS turns "
        f"UNWIND {params.add([str(c.row['uuid']) for c in seeds])} AS seed "
        "WITH seed, turns, [i IN range(0, size(turns) - 1) WHERE turns[i].uuid = seed] AS at "
        "WHERE size(at) = 1 "
        "UNWIND [at[0] - 1, at[0] + 1] AS k WITH seed, turns, k WHERE 0 <= k < size(turns) "
        "WITH seed, turns[k] AS x "
        f"RETURN collect({{seed: seed, row: {_PROJECTION[:-1]}, mentions: [], score: 0.0}}}}) "
        "AS neighbors"
    )
    return Part("neighbors", body)


@traced("a4s.search.around")
async def around(
    ch: Channel, seeds: list[str], ranked: list[Candidate]
) -> tuple[list[Row], dict[str, list[Row]]]:
    """The second round, ONE statement: the expansion around the entity ``seeds`` (facts) and
    the session neighbours of the best episodes of ``ranked`` (by seed episode uuid)."""
    params = CypherParams()
    episodes = [c for c in ranked if c.kind is MemoryKind.EPISODE][:NEIGHBOR_SEEDS]
    parts = [_expansion_part(ch, seeds, params)] if seeds else []
    if any(c.when is not None for c in episodes):
        parts.append(_neighbors_part(ch, episodes, params))
    if not parts:
        return [], {}
    found = await run_parts(ch, parts, params)
    expanded = [_times(dict(r)) for r in found.get("expansion", [])]
    neighbors: dict[str, list[Row]] = {}
    for pair in found.get("neighbors", []):
        neighbors.setdefault(str(pair["seed"]), []).append(_times(dict(pair["row"])))
    return expanded, neighbors


async def expansion(ch: Channel, seeds: list[str]) -> list[dict[str, Any]]:
    """The graph expansion on its own."""
    return (await around(ch, seeds, []))[0]


async def session_neighbors(ch: Channel, ranked: list[Candidate]) -> dict[str, list[Row]]:
    """The session neighbours on their own."""
    return (await around(ch, [], ranked))[1]
