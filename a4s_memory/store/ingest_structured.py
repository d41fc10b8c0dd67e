"""Seed 001 structured items -> facts, with no model involved.

One item ``(category, key, value)`` becomes, through ``Graphiti.add_triplet`` on the always
offline instance: ``(subject:Entity) -[RELATES_TO {name: CATEGORY, fact: "key: value"}]->
(key:Entity)``. The subject is the agent's user ("User", the same node first-person chat
extraction uses). A later item with the same key and another value contradicts it and Graphiti
invalidates the old edge. ``add_triplet`` neither saves the episode nor links it, so this module
adds the provenance: MENTIONS from the episode to both endpoints and the edge uuid in the
episode's ``entity_edges`` - in ONE statement inside the commit transaction (:func:`link_item_tx`),
where before they were three separate saves before it.
"""

from __future__ import annotations

import uuid as uuidlib
from dataclasses import dataclass, field
from datetime import datetime

from graphiti_core import Graphiti
from graphiti_core.edges import EntityEdge
from graphiti_core.nodes import EntityNode, EpisodicNode
from graphiti_core.utils.datetime_utils import utc_now
from neo4j import AsyncManagedTransaction

from a4s_memory.store.db import run_in_tx
from a4s_memory.store.ingest_models import ItemWrite

__all__ = ["ItemLinks", "Touched", "item_episode_body", "link_item_tx", "write_item"]


@dataclass(frozen=True, slots=True)
class ItemLinks:
    """What an item's episode must be linked to (written in the commit transaction)."""

    mentions: list[str]  # entity uuids, MENTIONS from the episode
    entity_edges: list[str]
    at: datetime


@dataclass
class Touched:
    """The elements one Graphiti call saved (all must be re-stamped), plus what the commit
    statement writes with them: the episode's vector and an item's links."""

    entities: set[str] = field(default_factory=set)
    edges: set[str] = field(default_factory=set)
    invalidated: set[str] = field(default_factory=set)
    episode_vector: list[float] | None = None
    links: ItemLinks | None = None
    vector_model: str | None = None  # the embedder of every vector this ingestion wrote


# Graphiti's EpisodicEdge.save (MERGE on the edge uuid) for every endpoint, and the episode's
# entity_edges, in one statement.
_LINK = """
MATCH (ep:Episodic {uuid: $episode}) WHERE ep.group_id = $group_id
SET ep.entity_edges = $entity_edges
WITH ep
UNWIND $mentions AS m
MATCH (node:Entity {uuid: m.entity})
MERGE (ep)-[e:MENTIONS {uuid: m.uuid}]->(node)
SET e.group_id = $group_id, e.created_at = $at
RETURN count(e) AS linked
"""


async def link_item_tx(
    tx: AsyncManagedTransaction, group_id: str, episode_uuid: str, touched: Touched
) -> None:
    """Write ``touched.links`` (if any) inside the commit transaction ``tx``."""
    links = touched.links
    if links is None:
        return
    mentions = [{"entity": e, "uuid": str(uuidlib.uuid4())} for e in links.mentions]
    await run_in_tx(
        tx,
        _LINK,
        {
            "episode": episode_uuid,
            "group_id": group_id,
            "entity_edges": links.entity_edges,
            "mentions": mentions,
            "at": links.at,
        },
    )


def item_episode_body(item: ItemWrite) -> str:
    return f"{item.category.value} {item.key}: {item.value}"


async def write_item(graphiti: Graphiti, item: ItemWrite, episode: EpisodicNode) -> Touched:
    """Store one item as a fact supported by ``episode`` (already saved by the caller)."""
    group_id = item.provenance.group_id
    now = utc_now()
    subject = EntityNode(name=item.subject, group_id=group_id, labels=["Entity"], summary="")
    target = EntityNode(name=item.key, group_id=group_id, labels=["Entity"], summary="")
    edge = EntityEdge(
        source_node_uuid=subject.uuid,
        target_node_uuid=target.uuid,
        name=item.category.value,
        fact=f"{item.key}: {item.value}",
        group_id=group_id,
        episodes=[episode.uuid],
        created_at=now,
        # Dated now so Graphiti's temporal invalidation can order it against older values.
        valid_at=now,
        reference_time=now,
    )
    result = await graphiti.add_triplet(subject, edge, target, episode)
    touched = Touched()
    for node in result.nodes:
        touched.entities.add(node.uuid)
    resolved = result.edges[0] if result.edges else None
    for saved in result.edges:
        touched.edges.add(saved.uuid)
        touched.entities.update({saved.source_node_uuid, saved.target_node_uuid})
        if resolved is not None and saved.uuid != resolved.uuid:
            touched.invalidated.add(saved.uuid)
    episode.entity_edges = [e.uuid for e in result.edges]
    touched.links = ItemLinks(
        mentions=[n.uuid for n in result.nodes], entity_edges=list(episode.entity_edges), at=now
    )
    return touched
