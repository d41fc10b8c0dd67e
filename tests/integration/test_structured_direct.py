"""A structured item written directly (store/ingest_structured.py) stores the graph Graphiti's
``add_triplet`` stored for it, through the same commit pipeline.

The reference is the former write path, kept here: ``add_triplet`` on the always-offline Graphiti
instance, then the episode's links. One agent writes a sequence of items through it, another the
same sequence through the direct path; both groups of each agent are then compared element by
element, every property (uuids, decision ids and times replaced by what they refer to; vectors by
cosine), plus the episodes' links and what the normal search returns.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

import pytest
from graphiti_core.edges import EntityEdge
from graphiti_core.nodes import EntityNode, EpisodicNode
from graphiti_core.utils.datetime_utils import utc_now
from neo4j.time import DateTime

from a4s_memory.config import Settings
from a4s_memory.manager import MemoryManager
from a4s_memory.spaces import group_id
from a4s_memory.store import ingest
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.graphiti_factory import GraphitiBundle
from a4s_memory.store.ingest_models import ItemWrite
from a4s_memory.store.ingest_structured import ItemLinks, Touched
from tests.integration.manager_support import cleanup_agent, unstamped

OWNER = "sd-owner"
# (key, value, visibility): a new key (and a new user node), a second key, the same key with a
# new value (invalidates; written after the user node's and the first fact's vectors were made
# legacy), the same value again (a duplicate), the first value back, a key differing in case and
# one with an article (the same entities), the same keys in the other group.
ITEMS = [
    ("drink", "green tea", "public"),
    ("editor", "vim", "public"),
    ("drink", "coffee", "public"),
    ("drink", "coffee", "public"),
    ("drink", "green tea", "public"),
    ("Drink", "water", "public"),
    ("the editor", "emacs", "public"),
    ("drink", "coffee", "private"),
    ("editor", "nano", "private"),
]


async def add_triplet_write_item(
    store: Neo4jStore, bundle: GraphitiBundle, item: ItemWrite, episode: EpisodicNode
) -> Touched:
    """The write path before the direct write (main at d7ad546), verbatim but for the signature."""
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
        valid_at=now,
        reference_time=now,
    )
    result = await bundle.structured.add_triplet(subject, edge, target, episode)
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


@contextmanager
def through_add_triplet(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    with monkeypatch.context() as patch:
        patch.setattr(ingest, "write_item", add_triplet_write_item)
        yield


@pytest.fixture
async def manager(store: Neo4jStore, neo4j_settings: Settings) -> MemoryManager:
    settings = neo4j_settings.model_copy(update={"write_quota_per_minute": 0})
    return await MemoryManager.create(store, settings)


# Vectors of another embedder (or of none, legacy): a write that saves such an element again
# re-embeds it (Graphiti re-embeds everything it saves).
_LEGACY = """
MATCH (n:Entity {name: 'User'}) WHERE n.group_id = $g
REMOVE n.a4s_embedder SET n.name_embedding = [x IN n.name_embedding | 0.0 - x]
WITH count(*) AS _
MATCH ()-[e:RELATES_TO {fact: 'drink: green tea'}]->() WHERE e.group_id = $g
SET e.a4s_embedder = 'another-model', e.fact_embedding = [x IN e.fact_embedding | 0.0 - x]
"""


async def _write(
    manager: MemoryManager, agent: str, items: list[tuple[str, str, str]]
) -> dict[str, str]:
    """Writes the items one after another; returns decision id / episode uuid -> its label."""
    labels: dict[str, str] = {}
    for n, (key, value, visibility) in enumerate(items):
        if n == 2:
            await manager._p.store.execute(_LEGACY, {"g": group_id(agent, "public")})
        body = {
            "agent_id": agent,
            "category": "PREFERENCE",
            "key": key,
            "messages": value,
            "visibility": visibility,
        }
        added = await manager.add(OWNER, body)
        labels[str(added.memory_id)] = f"episode{n}"
        labels[str(added.decision_id)] = f"decision{n}"
    return labels


_GRAPH = """
CALL () {
  MATCH (n:Entity) WHERE n.group_id = $g
  RETURN collect({props: properties(n), labels: labels(n)}) AS nodes
}
CALL () {
  MATCH (a:Entity)-[e:RELATES_TO]->(b:Entity) WHERE e.group_id = $g
  RETURN collect({props: properties(e), source: a.uuid, target: b.uuid}) AS edges
}
CALL () {
  MATCH (ep:Episodic) WHERE ep.group_id = $g
  OPTIONAL MATCH (ep)-[:MENTIONS]->(m:Entity)
  WITH ep, collect(m.uuid) AS mentions
  RETURN collect({uuid: ep.uuid, entity_edges: ep.entity_edges, mentions: mentions}) AS episodes
}
RETURN nodes, edges, episodes
"""
_VECTORS = ("name_embedding", "fact_embedding")


def _canonical(value: Any, names: dict[str, str], times: dict[Any, str]) -> Any:
    if isinstance(value, list) and value and isinstance(value[0], float):
        return value  # a vector: compared apart
    if isinstance(value, list):
        return sorted(str(_canonical(v, names, times)) for v in value)
    if isinstance(value, DateTime | datetime):
        return times.get(value, "a time")
    if isinstance(value, str):
        return names.get(value, value)
    return value


async def _graph(store: Neo4jStore, gid: str, labels: dict[str, str]) -> dict[str, Any]:
    """The group's entities, facts and episode links, every uuid/time replaced by its referent."""
    row = (await store.execute(_GRAPH, {"g": gid}))[0]
    names = dict(labels) | {gid: "the group"}
    names |= {n["props"]["uuid"]: f"entity {n['props']['name']}" for n in row["nodes"]}
    names |= {e["props"]["uuid"]: f"fact {e['props']['fact']}" for e in row["edges"]}
    # A time that is some fact's valid_at is named after it (invalid_at = the replacing fact's).
    times: dict[Any, str] = {
        e["props"]["valid_at"]: f"valid_at of {e['props']['fact']}" for e in row["edges"]
    }
    out: dict[str, Any] = {}
    for kind, items in (("node", row["nodes"]), ("edge", row["edges"])):
        for item in items:
            props = dict(item["props"])
            key = f"{kind} {props.get('name') if kind == 'node' else props['fact']}"
            assert key not in out, f"two {key}"
            out[key] = {k: _canonical(v, names, times) for k, v in props.items()}
            if kind == "node":
                out[key]["(labels)"] = sorted(item["labels"])
            else:
                out[key]["(ends)"] = (names[item["source"]], names[item["target"]])
    for episode in row["episodes"]:
        out[names.get(episode["uuid"], episode["uuid"])] = {
            "entity_edges": _canonical(episode["entity_edges"], names, times),
            "mentions": _canonical(episode["mentions"], names, times),
        }
    return out


def _cosine(a: list[float], b: list[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=True))
    return dot / (math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b)))


def _differences(ours: dict[str, Any], theirs: dict[str, Any]) -> list[Any]:
    """Every (element, property, ours, theirs) that differs; [] when the graphs are the same."""
    out: list[Any] = [(e, None, None, None) for e in set(ours) ^ set(theirs)]
    for element in set(ours) & set(theirs):
        props, other = ours[element], theirs[element]
        for key in set(props) | set(other):
            value, expected = props.get(key), other.get(key)
            if key in _VECTORS and value is not None and expected is not None:
                # Same text, same model: equal up to the float noise of batching (measured
                # >= 0.99999; a different text gives < 0.9).
                same = _cosine(value, expected) > 0.9999
            elif key == "labels" and value is not None and expected is not None:
                same = sorted(value) == sorted(expected)
            else:
                same = value == expected
            if not same:
                out.append((element, key, value, expected))
    return out


async def test_direct_item_writes_store_what_add_triplet_stored(
    manager: MemoryManager, store: Neo4jStore, monkeypatch: pytest.MonkeyPatch, unique_id: str
) -> None:
    ours, theirs = f"sdo-{unique_id}", f"sdt-{unique_id}"
    for agent in (ours, theirs):
        await manager.register_agent(OWNER, agent, OWNER)
    try:
        mine = await _write(manager, ours, ITEMS)
        with through_add_triplet(monkeypatch):
            reference = await _write(manager, theirs, ITEMS)
        for space in ("public", "private"):
            got = await _graph(store, group_id(ours, space), mine)
            want = await _graph(store, group_id(theirs, space), reference)
            assert _differences(got, want) == []
            assert await unstamped(store, group_id(ours, space)) == []
        hits = {}
        for agent in (ours, theirs):
            found = await manager.search(OWNER, agent, "drink", limit=20)
            hits[agent] = sorted(h.text for h in found)
    finally:
        for agent in (ours, theirs):
            await cleanup_agent(store, agent)
    assert hits[ours] == hits[theirs]
    assert "Drink: water" in hits[ours]  # the current value is found
    # ... a replaced one is not ("drink: coffee" is also the private group's current value).
    assert "drink: green tea" not in hits[ours]
    # The private group's facts are its own: nothing there was replaced by the public writes.
    valid = sorted(k for k, v in got.items() if k.startswith("edge") and "invalid_at" not in v)
    assert valid == ["edge drink: coffee", "edge editor: nano"]


async def test_concurrent_writes_of_one_key_make_one_entity_and_one_valid_fact(
    manager: MemoryManager, store: Neo4jStore, unique_id: str
) -> None:
    agent = f"sdc-{unique_id}"
    await manager.register_agent(OWNER, agent, OWNER)
    body = {"agent_id": agent, "category": "PREFERENCE", "key": "editor"}
    try:
        await asyncio.gather(
            *(manager.add(OWNER, {**body, "messages": v}) for v in ("vim", "emacs", "vim", "nano"))
        )
        rows = await store.execute(
            "MATCH (n:Entity) WHERE n.group_id = $g RETURN n.name AS name ORDER BY name",
            {"g": group_id(agent, "public")},
        )
        facts = await store.execute(
            "MATCH ()-[e:RELATES_TO]->() WHERE e.group_id = $g "
            "RETURN e.fact AS fact, e.invalid_at IS NULL AS valid",
            {"g": group_id(agent, "public")},
        )
    finally:
        await cleanup_agent(store, agent)
    assert [r["name"] for r in rows] == ["User", "editor"]
    assert sorted(r["fact"] for r in facts) == ["editor: emacs", "editor: nano", "editor: vim"]
    assert sum(1 for r in facts if r["valid"]) == 1
