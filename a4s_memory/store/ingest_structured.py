"""Seed 001 structured items -> facts, with no model involved.

One item ``(category, key, value)`` becomes, through ``Graphiti.add_triplet`` on the always
offline instance: ``(subject:Entity) -[RELATES_TO {name: CATEGORY, fact: "key: value"}]->
(key:Entity)``. The subject is the agent's user ("User", the same node first-person chat
extraction uses). A later item with the same key and another value contradicts it and Graphiti
invalidates the old edge. ``add_triplet`` neither saves the episode nor links it, so this module
adds the provenance: MENTIONS from the episode to both endpoints and the edge uuid in the
episode's ``entity_edges``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from graphiti_core import Graphiti
from graphiti_core.edges import EntityEdge, EpisodicEdge
from graphiti_core.nodes import EntityNode, EpisodicNode
from graphiti_core.utils.datetime_utils import utc_now

from a4s_memory.store.ingest_models import ItemWrite

__all__ = ["Touched", "item_episode_body", "write_item"]


@dataclass
class Touched:
    """The elements one Graphiti call saved (all must be re-stamped)."""

    entities: set[str] = field(default_factory=set)
    edges: set[str] = field(default_factory=set)
    invalidated: set[str] = field(default_factory=set)


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
    driver = graphiti.driver
    touched = Touched()
    for node in result.nodes:
        touched.entities.add(node.uuid)
        await EpisodicEdge(
            source_node_uuid=episode.uuid,
            target_node_uuid=node.uuid,
            group_id=group_id,
            created_at=now,
        ).save(driver)
    resolved = result.edges[0] if result.edges else None
    for saved in result.edges:
        touched.edges.add(saved.uuid)
        touched.entities.update({saved.source_node_uuid, saved.target_node_uuid})
        if resolved is not None and saved.uuid != resolved.uuid:
            touched.invalidated.add(saved.uuid)
    episode.entity_edges = [e.uuid for e in result.edges]
    await episode.save(driver)
    return touched
