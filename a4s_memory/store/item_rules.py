"""How a structured item resolves against what the group already holds: the decisions
``Graphiti.add_triplet`` takes for it on the always-offline instance, taken here without its
searches (pure; :mod:`ingest_structured` does the one read and the writes).

* An entity: the stored entity of the group whose name equals the item's name up to case, blanks
  and a leading article (the offline dedupe rule, :func:`offline_llm.normalize_name`); of several,
  the one equal up to case and blanks (Graphiti's exact-name pass), else the oldest. None: new.
* The fact: compared with every stored edge between the two entities (either direction), as
  Graphiti's ``resolve_extracted_edge`` does with its pair search: no edge -> new; an edge with
  the same direction and the same fact up to case and blanks -> that edge again, with the episode
  appended, nothing invalidated (Graphiti's fast path, even when that edge was invalidated
  since); else the offline rules (:func:`offline_llm.answer` on the same prompt context) name the
  duplicate (reused, episode appended) and the contradicted edges, and Graphiti's own
  ``_apply_temporal_invalidation`` sets their ``invalid_at`` / ``expired_at``.

What Graphiti would also have done and this does not (docs/benchmarks.md "Structured-memory
writes"): merge an entity whose name is only *similar* (MinHash Jaccard >= 0.9 among its top-15
vector neighbours), contradict a same-key fact on an edge between two OTHER entities that ranked
in its top 10 of a group-wide search, and it saw at most 10 edges of the pair (after 10 values of
one key, the valid one could fall out of its search and stay valid beside the new one).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from graphiti_core.driver.driver import GraphProvider
from graphiti_core.edges import EntityEdge, get_entity_edge_from_record
from graphiti_core.nodes import EntityNode, get_entity_node_from_record
from graphiti_core.utils.maintenance.dedup_helpers import _normalize_string_exact
from graphiti_core.utils.maintenance.edge_operations import _apply_temporal_invalidation

from a4s_memory.store.offline_llm import answer, normalize_name

__all__ = ["EdgeResolution", "edge_of", "node_of", "resolve_edge", "resolve_node"]

# What Graphiti's return queries always yield (null when the property is absent).
_NODE_FIELDS: Final = ("uuid", "name", "group_id", "created_at", "summary")
_EDGE_FIELDS: Final = (
    "uuid",
    "source_node_uuid",
    "target_node_uuid",
    "fact",
    "name",
    "group_id",
    "created_at",
    "expired_at",
    "valid_at",
    "invalid_at",
    "reference_time",
)


def node_of(props: dict[str, Any], labels: list[str]) -> EntityNode:
    """A stored entity as Graphiti reads it (every other property in ``attributes``)."""
    record = dict.fromkeys(_NODE_FIELDS) | {"summary": ""} | props
    record |= {"labels": list(labels), "attributes": dict(props)}
    return get_entity_node_from_record(record, GraphProvider.NEO4J)


def edge_of(props: dict[str, Any]) -> EntityEdge:
    """A stored RELATES_TO edge as Graphiti reads it, with its vector."""
    record = dict.fromkeys(_EDGE_FIELDS) | {"episodes": []} | props
    record["attributes"] = dict(props)
    return get_entity_edge_from_record(record, GraphProvider.NEO4J)


def _oldest_first(element: EntityNode | EntityEdge) -> tuple[str, str]:
    return element.created_at.isoformat(), element.uuid


def resolve_node(name: str, stored: list[EntityNode]) -> EntityNode | None:
    """The stored entity an item's ``name`` is, or None (a new one)."""
    same = sorted(
        (n for n in stored if normalize_name(n.name) == normalize_name(name)), key=_oldest_first
    )
    exact = [n for n in same if _normalize_string_exact(n.name) == _normalize_string_exact(name)]
    if exact:
        return exact[0]
    return same[0] if same else None


@dataclass(frozen=True, slots=True)
class EdgeResolution:
    resolved: EntityEdge  # the new edge, or the stored duplicate it became
    invalidated: list[EntityEdge]  # stored edges it contradicts, now with invalid_at/expired_at

    @property
    def saved(self) -> list[EntityEdge]:
        """What add_triplet saves (and returns): the resolved edge, then the invalidated."""
        return [self.resolved, *self.invalidated]


def resolve_edge(new: EntityEdge, pair: list[EntityEdge], episode_uuid: str) -> EdgeResolution:
    """Resolve ``new`` against the stored edges ``pair`` between its two endpoints (mutated in
    place as Graphiti mutates them: episodes appended, invalidation dates set)."""
    related = sorted(pair, key=_oldest_first)
    if not related:
        return EdgeResolution(new, [])
    fact = _normalize_string_exact(new.fact)
    for edge in related:
        if (
            edge.source_node_uuid == new.source_node_uuid
            and edge.target_node_uuid == new.target_node_uuid
            and _normalize_string_exact(edge.fact) == fact
        ):
            if episode_uuid not in edge.episodes:
                edge.episodes.append(episode_uuid)
            return EdgeResolution(edge, [])
    verdict = answer(
        "dedupe_edges.resolve_edge",
        {
            "existing_edges": [{"idx": i, "fact": e.fact} for i, e in enumerate(related)],
            "new_edge": new.fact,
            "edge_invalidation_candidates": [],
        },
    )
    duplicates = [i for i in verdict["duplicate_facts"] if 0 <= i < len(related)]
    resolved = related[duplicates[0]] if duplicates else new
    if duplicates:
        resolved.episodes.append(episode_uuid)
    candidates = [related[i] for i in verdict["contradicted_facts"] if 0 <= i < len(related)]
    return EdgeResolution(resolved, _apply_temporal_invalidation(resolved, candidates))
