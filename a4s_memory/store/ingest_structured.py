"""Seed 001 structured items -> facts, with no model involved, in few round trips.

One item ``(category, key, value)`` becomes ``(subject:Entity) -[RELATES_TO {name: CATEGORY,
fact: "key: value"}]-> (key:Entity)``; the subject is the agent's user ("User", the same node
first-person chat extraction uses). A later item with the same key and another value
contradicts it and the older edge is invalidated (``invalid_at`` = the new edge's ``valid_at``,
``expired_at`` = now).

The stored graph is the one ``Graphiti.add_triplet`` on the always-offline instance stores (same
nodes, edges, properties, labels, vectors), decided by the same rules (:mod:`item_rules`), but
without its 15 queries (two entity lookups by uuid, two name lookups and two vector searches for
the entities, one edge lookup by uuid, two hybrid edge searches of two queries each, a bulk save
of four): :func:`write_item` sends ONE read (the group's entities named like the subject or the
key, and the edges among them), embeds only what is new or was embedded by another model, and
hands the writes to the commit transaction, where :func:`link_item_tx` saves them with
Graphiti's own bulk-save statements (the maps built by Graphiti's ``add_nodes_and_edges_bulk_tx``)
together with the episode's provenance (MENTIONS to both endpoints, the edge uuids in its
``entity_edges``) in ONE statement. The vectors it saves carry the embedder's name, so the
commit's separate mark of them (:mod:`ingest_commit`) is skipped.

Two writes into one group never interleave between the read and the commit: both run under the
ingestor's per-group lock (:class:`ingest.Ingestor`), as ``add_triplet`` did.
"""

from __future__ import annotations

import re
import uuid as uuidlib
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Final, cast

from graphiti_core.driver.driver import GraphProvider
from graphiti_core.edges import EntityEdge
from graphiti_core.models.edges.edge_db_queries import get_entity_edge_save_bulk_query
from graphiti_core.models.nodes.node_db_queries import get_entity_node_save_bulk_query
from graphiti_core.nodes import EntityNode, EpisodeType, EpisodicNode
from graphiti_core.utils.bulk_utils import add_nodes_and_edges_bulk_tx
from graphiti_core.utils.datetime_utils import utc_now
from neo4j import AsyncManagedTransaction

from a4s_memory.store.db import Neo4jStore, run_in_tx
from a4s_memory.store.graphiti_factory import GraphitiBundle
from a4s_memory.store.ingest_models import ItemWrite
from a4s_memory.store.item_rules import edge_of, node_of, resolve_edge, resolve_node
from a4s_memory.store.offline_extract import without_article
from a4s_memory.store.search_channels import VECTOR_MODEL

__all__ = [
    "ITEM_EPISODE_SOURCE",
    "GraphWrites",
    "ItemLinks",
    "Touched",
    "item_episode_body",
    "link_item_tx",
    "write_item",
]


@dataclass(frozen=True, slots=True)
class ItemLinks:
    """What an item's episode must be linked to (written in the commit transaction)."""

    mentions: list[str]  # entity uuids, MENTIONS from the episode
    entity_edges: list[str]
    at: datetime


@dataclass(frozen=True, slots=True)
class GraphWrites:
    """Graphiti's bulk-save parameters of an item's entities and edges, saved by the commit."""

    nodes: list[dict[str, Any]]
    entity_edges: list[dict[str, Any]]


@dataclass
class Touched:
    """The elements one ingestion saved or will save (all must be re-stamped), plus what the
    commit statement writes with them: the episode's vector, an item's links and, for an item,
    its entities and edges (``graph``; None when Graphiti saved them already)."""

    entities: set[str] = field(default_factory=set)
    edges: set[str] = field(default_factory=set)
    invalidated: set[str] = field(default_factory=set)
    episode_vector: list[float] | None = None
    links: ItemLinks | None = None
    vector_model: str | None = None  # the embedder of every vector this ingestion wrote
    graph: GraphWrites | None = None


# Graphiti's EpisodicEdge.save (MERGE on the edge uuid) for every endpoint, and the episode's
# entity_edges, in one statement.
_LINK: Final = """
MATCH (ep:Episodic {uuid: $episode}) WHERE ep.group_id = $group_id
SET ep.entity_edges = $episode_edges
WITH ep
UNWIND $mentions AS m
MATCH (node:Entity {uuid: m.entity})
MERGE (ep)-[e:MENTIONS {uuid: m.uuid}]->(node)
SET e.group_id = $group_id, e.created_at = $at
RETURN count(e) AS linked
"""
# Graphiti's Neo4j bulk saves of entities and of edges (each a constant text: every value is in
# $nodes / $entity_edges), then the links: one statement. Each save is a subquery counted away,
# so an empty list of nodes (both entities known) does not end the statement.
_SAVE_AND_LINK: Final = (
    "CALL () {\n"
    + get_entity_node_save_bulk_query(GraphProvider.NEO4J, [])
    + "}\nWITH count(*) AS saved_nodes\nCALL () {\n"
    + get_entity_edge_save_bulk_query(GraphProvider.NEO4J)
    + "}\nWITH count(*) AS saved_edges\n"
    + _LINK
)
# The group's entities named like the subject or the key (the pattern is a superset of equal
# normalised names; item_rules decides), and every edge among them.
_READ: Final = """
MATCH (n:Entity) WHERE n.group_id = $group_id AND (n.name =~ $subject OR n.name =~ $key)
WITH collect(n) AS found
CALL (found) {
  UNWIND found AS a
  MATCH (a)-[e:RELATES_TO]->(b:Entity)
  WHERE e.group_id = $group_id AND b IN found
  RETURN collect({props: properties(e), source: a.uuid, target: b.uuid}) AS edges
}
RETURN [n IN found | {props: properties(n), labels: labels(n)}] AS nodes, edges
"""


def _name_pattern(name: str) -> str:
    """A Java regex matching every name equal to ``name`` up to case, blanks and a leading
    article (offline_extract.normalize_name), and some more."""
    words = without_article(" ".join(name.split())).split()
    body = r"\s+".join(re.escape(w) for w in words)
    return r"(?iU)\s*(?:(?:the|a|an)\s+)?" + body + r"\s*"


async def link_item_tx(
    tx: AsyncManagedTransaction, group_id: str, episode_uuid: str, touched: Touched
) -> None:
    """Write ``touched.graph`` (if any) and ``touched.links`` (if any) inside the commit ``tx``."""
    links = touched.links
    if links is None:
        return
    mentions = [{"entity": e, "uuid": str(uuidlib.uuid4())} for e in links.mentions]
    params: dict[str, Any] = {
        "episode": episode_uuid,
        "group_id": group_id,
        "episode_edges": links.entity_edges,
        "mentions": mentions,
        "at": links.at,
    }
    if touched.graph is None:
        await run_in_tx(tx, _LINK, params)
        return
    params |= {"nodes": touched.graph.nodes, "entity_edges": touched.graph.entity_edges}
    await run_in_tx(tx, _SAVE_AND_LINK, params)


# The ``source`` an item's episode is saved with (a free-text write's is "text" or "message").
ITEM_EPISODE_SOURCE: Final = EpisodeType.json.value


def item_episode_body(item: ItemWrite) -> str:
    return f"{item.category.value} {item.key}: {item.value}"


class _Capture:
    """Stands in for a transaction to take the statements' parameters Graphiti builds."""

    def __init__(self) -> None:
        self.params: dict[str, Any] = {}

    async def run(self, query: str, **params: Any) -> None:
        self.params.update(params)


@dataclass(frozen=True, slots=True)
class _Found:
    """What the read found: the entities named like the subject or the key, the uuids of those
    whose vector is this model's, and the edges among them (Graphiti's view of each)."""

    entities: list[EntityNode]
    current: set[str]
    edges: list[tuple[str, str, dict[str, Any]]]  # (source uuid, target uuid, properties)

    @classmethod
    def of(cls, rows: list[Any], model: str) -> _Found:
        row = rows[0] if rows else {"nodes": [], "edges": []}
        entities, current = [], set()
        for found in row["nodes"]:
            props = dict(found["props"])
            entities.append(node_of(props, list(found["labels"])))
            if props.get("name_embedding") is not None and props.get(VECTOR_MODEL) == model:
                current.add(str(props["uuid"]))
        edges = [(str(e["source"]), str(e["target"]), dict(e["props"])) for e in row["edges"]]
        return cls(entities, current, edges)

    def entity(self, name: str, group_id: str) -> EntityNode:
        """The stored entity ``name`` resolves to, else a new one."""
        return resolve_node(name, self.entities) or EntityNode(
            name=name, group_id=group_id, labels=["Entity"], summary="", attributes={}
        )

    def between(self, a: str, b: str) -> list[EntityEdge]:
        """The stored edges between ``a`` and ``b``, either direction (Graphiti's pair search)."""
        pair = {(a, b), (b, a)}
        return [
            edge_of(props | {"source_node_uuid": source, "target_node_uuid": target})
            for source, target, props in self.edges
            if (source, target) in pair
        ]


async def write_item(
    store: Neo4jStore, bundle: GraphitiBundle, item: ItemWrite, episode: EpisodicNode
) -> Touched:
    """Resolve one item against the group (one read) and prepare its writes, which the commit
    transaction makes (:func:`link_item_tx`). ``episode`` is already saved by the caller."""
    group_id, model = item.provenance.group_id, bundle.embedder_name
    params = {"subject": _name_pattern(item.subject), "key": _name_pattern(item.key)}
    found = _Found.of(await store.read(_READ, params | {"group_id": group_id}), model)
    subject, target = found.entity(item.subject, group_id), found.entity(item.key, group_id)
    now = utc_now()
    new = EntityEdge(
        source_node_uuid=subject.uuid,
        target_node_uuid=target.uuid,
        name=item.category.value,
        fact=f"{item.key}: {item.value}",
        group_id=group_id,
        episodes=[episode.uuid],
        created_at=now,
        # Dated now so the temporal invalidation can order it against older values.
        valid_at=now,
        reference_time=now,
    )
    resolution = resolve_edge(new, found.between(subject.uuid, target.uuid), episode.uuid)
    saved = resolution.saved
    # Graphiti re-saves both entities; one stored with a vector of this model is left as it is
    # (its save would write the same properties and vector again).
    nodes = [n for n in dict.fromkeys([subject, target]) if n.uuid not in found.current]
    graph = await _graph_writes(bundle, nodes, saved)
    episode.entity_edges = [e.uuid for e in saved]
    return Touched(
        entities={subject.uuid, target.uuid},
        edges={e.uuid for e in saved},
        invalidated={e.uuid for e in saved if e.uuid != resolution.resolved.uuid},
        links=ItemLinks(
            mentions=[subject.uuid, target.uuid], entity_edges=list(episode.entity_edges), at=now
        ),
        graph=graph,
    )


async def _graph_writes(
    bundle: GraphitiBundle, nodes: list[EntityNode], edges: list[EntityEdge]
) -> GraphWrites:
    """Graphiti's save parameters of ``nodes`` and ``edges``, each with a vector of the running
    embedder (computed in ONE call for what is new or was another model's) and its name."""
    model = bundle.embedder_name
    for node in nodes:
        node.name_embedding = None  # new, or embedded by another model: Graphiti re-embeds it
    for edge in edges:
        if edge.attributes.get(VECTOR_MODEL) != model:
            edge.fact_embedding = None
    texts = [n.name for n in nodes] + [e.fact for e in edges if e.fact_embedding is None]
    unique = list(dict.fromkeys(texts))
    embedded = await bundle.embedder.create_batch(unique) if unique else []
    vectors = dict(zip(unique, embedded, strict=True))
    for node in nodes:
        node.name_embedding = vectors[node.name]
        node.attributes[VECTOR_MODEL] = model
    for edge in edges:
        edge.fact_embedding = edge.fact_embedding or vectors[edge.fact]
        edge.attributes[VECTOR_MODEL] = model
    capture = _Capture()
    await add_nodes_and_edges_bulk_tx(
        cast(Any, capture), [], [], nodes, edges, bundle.embedder, bundle.driver
    )
    return GraphWrites(nodes=capture.params["nodes"], entity_edges=capture.params["entity_edges"])
