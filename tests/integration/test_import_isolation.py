"""Issue 12 item 6: an import can only ever write into the importing agent's own spaces.

Bob owns agent B and imports a crafted export whose records of every kind name Alice's element
uuids (her episodes, entities, facts, structured item). Whatever happens, nothing of Alice's may
change (nodes, statuses, summaries, edges, ledger, items, versions), and a refused import leaves
nothing behind in B (all-or-nothing).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from a4s_memory.errors import A4SError
from a4s_memory.manager import MemoryManager
from a4s_memory.policy import ContextPolicy
from a4s_memory.spaces import spaces_of
from a4s_memory.store.db import Neo4jStore
from tests.integration.audit_support import ADMIN, wipe_memory
from tests.integration.cleanup import remove_agents

ALICE, BOB = "alice-12", "bob-12"
Records = list[dict[str, Any]]


class World:
    """Alice's agent (with a quarantined memory and a structured item) and Bob's exported agent."""

    def __init__(self, manager: MemoryManager, store: Neo4jStore, agents: tuple[str, str]) -> None:
        self.manager, self.store = manager, store
        self.alice_agent, self.bob_agent = agents
        self.ids: dict[str, Any] = {}
        self.bob_file: Records = []


_ALICE_IDS = """
MATCH (ep:Episodic) WHERE ep.group_id IN $g WITH collect(ep.uuid) AS episodes
MATCH (n:Entity) WHERE n.group_id IN $g WITH episodes, collect(n.uuid) AS entities
MATCH ()-[e:RELATES_TO]->() WHERE e.group_id IN $g
WITH episodes, entities, collect(e.uuid) AS edges
OPTIONAL MATCH (i:A4SItem) WHERE i.group_id IN $g
RETURN episodes, entities, edges, collect(i.item_id) AS items
"""
# Everything that is Alice's or names one of her ids, wherever it lives.
_SNAPSHOT = """
CALL () {
  MATCH (n) WHERE n.group_id IN $g OR n.uuid IN $ids OR n.item_id IN $ids OR n.memory_id IN $ids
  RETURN 'node' AS k, labels(n) AS l, properties(n) AS p, null AS a, null AS b
  UNION ALL
  MATCH (a)-[r]->(b) WHERE a.group_id IN $g OR b.group_id IN $g OR r.uuid IN $ids
    OR a.uuid IN $ids OR b.uuid IN $ids
  RETURN 'rel' AS k, [type(r)] AS l, properties(r) AS p, a.uuid AS a, b.uuid AS b
}
RETURN k, l, p, a, b
"""
_LEAKS = """
CALL () {
  MATCH (n) WHERE n.group_id IN $b AND (n.uuid IN $ids OR n.item_id IN $ids
    OR n.memory_id IN $ids OR n.current_memory_id IN $ids
    OR any(x IN coalesce(n.entity_edges, []) WHERE x IN $ids))
  RETURN count(n) AS c
  UNION ALL
  MATCH (a)-[r]->(b) WHERE r.group_id IN $b AND (r.uuid IN $ids OR a.uuid IN $ids
    OR b.uuid IN $ids OR any(x IN coalesce(r.episodes, []) WHERE x IN $ids))
  RETURN count(r) AS c
}
RETURN sum(c) AS n
"""
_OCCUPIED = "MATCH (n) WHERE n.group_id IN $b RETURN count(n) AS n"


async def _snapshot(world: World) -> list[str]:
    params = {"g": list(spaces_of(world.alice_agent).values()), "ids": _all_ids(world)}
    rows = await world.store.execute(_SNAPSHOT, params)
    return sorted(
        json.dumps([r["k"], sorted(r["l"]), r["p"], r["a"], r["b"]], sort_keys=True, default=str)
        for r in rows
    )


def _all_ids(world: World) -> list[str]:
    return [x for key in ("episodes", "entities", "edges", "items") for x in world.ids[key]]


async def _alice_view(world: World) -> list[tuple[object, ...]]:
    out = []
    for query in ("Alice tea", "coffee", "style answers"):
        for policy in (None, ContextPolicy.owner_review()):
            hits = await world.manager.search(
                ALICE, world.alice_agent, query, limit=20, policy=policy
            )
            out.extend((h.uuid, h.text, h.status) for h in hits)
    return out


@pytest.fixture
async def world(store: Neo4jStore, neo4j_settings: Any, unique_id: str) -> AsyncIterator[World]:
    settings = neo4j_settings.model_copy(update={"admin_ids": frozenset({ADMIN})})
    manager = await MemoryManager.create(store, settings)
    agents = (f"iso-a-{unique_id}", f"iso-b-{unique_id}")
    world = World(manager, store, agents)
    await manager.register_agent(ALICE, agents[0], ALICE)
    await manager.register_agent(BOB, agents[1], BOB)
    try:
        a = agents[0]
        await manager.add(ALICE, {"agent_id": a, "messages": "Alice prefers tea."})
        bad = await manager.add(ALICE, {"agent_id": a, "messages": "Alice prefers coffee."})
        await manager.quarantine(ADMIN, bad.memory_id, "admin review")
        item = await manager.add(
            ALICE,
            {
                "agent_id": a,
                "category": "preference",
                "key": "style",
                "messages": "short answers",
                "source": {"type": "explicit_save"},
            },
        )
        rows = await store.execute(_ALICE_IDS, {"g": list(spaces_of(a).values())})
        world.ids = {k: list(rows[0][k]) for k in ("episodes", "entities", "edges", "items")}
        world.ids.update(quarantined=bad.memory_id, item_episode=item.memory_id)
        b = agents[1]
        await manager.add(BOB, {"agent_id": b, "messages": "Bob prefers cocoa."})
        await manager.add(
            BOB,
            {
                "agent_id": b,
                "category": "preference",
                "key": "tone",
                "messages": "formal",
                "source": {"type": "explicit_save"},
            },
        )
        world.bob_file = [r async for r in manager.export_agent(BOB, b)]
        await wipe_memory(store, b)
        yield world
    finally:
        await remove_agents(store, *agents)


def _first(records: Records, kind: str) -> dict[str, Any]:
    return next(r for r in records if r["type"] == kind)


def _public(world: World) -> str:
    return spaces_of(world.bob_agent)["public"]


def _ledger(world: World, records: Records) -> None:  # hides Alice's entity at its next stamp
    records.append(
        {
            "type": "ledger",
            "props": {
                "uuid": world.ids["entities"][0],
                "kind": "entity",
                "group_id": _public(world),
                "state": "committed",
                "override_retrieval": "hidden",
                "override_truth": "contradicted",
            },
        }
    )


def _ledger_unquarantine(world: World, records: Records) -> None:
    entry = json.loads(json.dumps(_first(records, "ledger")))
    entry["props"].update(uuid=world.ids["quarantined"], security_status="clean")
    records.append(entry)


def _entity(world: World, records: Records) -> None:  # a twin of Alice's entity, new summary
    twin = json.loads(json.dumps(_first(records, "entity")))
    twin["props"].update(uuid=world.ids["entities"][0], summary="Alice now prefers cocoa")
    records.append(twin)


def _episode(world: World, records: Records) -> None:
    twin = json.loads(json.dumps(_first(records, "episode")))
    twin["props"].update(uuid=world.ids["quarantined"])
    records.append(twin)


def _mention(world: World, records: Records) -> None:  # a clean supporter for her entity
    extra = json.loads(json.dumps(_first(records, "mention")))
    extra["target"] = world.ids["entities"][0]
    extra["props"]["uuid"] = "crafted-mention-1"
    records.append(extra)


def _edge(world: World, records: Records) -> None:  # a fact between Alice's entities
    extra = json.loads(json.dumps(_first(records, "edge")))
    extra["source"], extra["target"] = world.ids["entities"][0], world.ids["entities"][1]
    extra["props"].update(
        uuid="crafted-edge-1",
        fact="Alice prefers cocoa",
        source_node_uuid=extra["source"],
        target_node_uuid=extra["target"],
    )
    records.append(extra)


def _edge_support(world: World, records: Records) -> None:  # Alice's episode as a supporter
    edge = _first(records, "edge")
    edge["props"]["episodes"] = [*edge["props"]["episodes"], world.ids["quarantined"]]
    episode = _first(records, "episode")
    episode["props"]["entity_edges"] = [
        *episode["props"].get("entity_edges", []),
        world.ids["edges"][0],
    ]


def _item(world: World, records: Records) -> None:
    extra = json.loads(json.dumps(_first(records, "item")))
    extra["props"].update(
        item_id=world.ids["items"][0], current_memory_id=world.ids["item_episode"]
    )
    records.append(extra)


def _version(world: World, records: Records) -> None:  # would answer her versions/rollback
    extra = json.loads(json.dumps(_first(records, "version")))
    extra["props"].update(memory_id=world.ids["item_episode"], version=99)
    records.append(extra)


ATTACKS: dict[str, Callable[[World, Records], None]] = {
    "ledger": _ledger,
    "ledger-unquarantine": _ledger_unquarantine,
    "entity": _entity,
    "episode": _episode,
    "mention": _mention,
    "edge": _edge,
    "edge-support": _edge_support,
    "item": _item,
    "version": _version,
}
# Scalar references cannot be dropped, only refused.
MUST_REFUSE = frozenset(ATTACKS) - {"edge-support"}


@pytest.mark.parametrize("attack", sorted(ATTACKS))
async def test_a_crafted_import_never_reaches_another_agent(world: World, attack: str) -> None:
    before, view = await _snapshot(world), await _alice_view(world)
    records = json.loads(json.dumps(world.bob_file))
    ATTACKS[attack](world, records)
    bob_groups = list(spaces_of(world.bob_agent).values())
    refused = False
    try:
        await world.manager.import_agent(BOB, world.bob_agent, records)
    except A4SError:
        refused = True
    assert await _snapshot(world) == before
    assert await _alice_view(world) == view
    if attack in MUST_REFUSE:
        assert refused, "a record that names another agent's element must refuse the import"
    if refused:  # all-or-nothing: nothing half-written
        assert (await world.store.execute(_OCCUPIED, {"b": bob_groups}))[0]["n"] == 0
    else:
        leaks = await world.store.execute(_LEAKS, {"b": bob_groups, "ids": _all_ids(world)})
        assert leaks[0]["n"] == 0
