"""Two processes writing into one space take turns (issue 15, several API or queue workers).

Each MemoryManager has its own Ingestor, hence its own in-process group locks: two of them over
one Neo4j are what two worker processes are. Before the Neo4j lease (store/group_lease.py), two
extractions into one group at the same time each looked for the entity they found, saw none, and
each created it: 4 of 6 names came out twice (measured on a36b383 with the offline extractor).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from a4s_memory.config import Settings
from a4s_memory.errors import StoreUnavailable
from a4s_memory.manager import MemoryManager
from a4s_memory.spaces import spaces_of
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.group_lease import GroupLeases
from tests.integration.cleanup import remove_agents

OWNER = "owner-lease"
# New to the space in each round, so both writers look for them at the same time.
NAMES = ("Hugo Sanz", "Ines Moreau", "Jonas Weber", "Karla Diaz", "Lukas Berg", "Maria Rossi")

_ENTITIES = """
MATCH (n:Entity) WHERE n.group_id IN $groups
RETURN n.name AS name, count(*) AS copies ORDER BY name
"""
_LEASE = """
MATCH (l:A4SGroupLock {space: $group_id})
RETURN l.holder AS holder, l.until < datetime() AS expired
"""


@pytest.fixture
async def two_workers(
    store: Neo4jStore, neo4j_settings: Settings, unique_id: str
) -> AsyncIterator[tuple[MemoryManager, MemoryManager, str]]:
    first = await MemoryManager.create(store, neo4j_settings)
    second = await MemoryManager.create(store, neo4j_settings)
    agent = f"lease-{unique_id}"
    await first.register_agent(OWNER, agent, OWNER)
    yield first, second, agent
    await remove_agents(store, agent)


def _note(agent: str, text: str) -> dict[str, str]:
    return {"agent_id": agent, "messages": text, "visibility": "private"}


async def test_two_workers_extracting_into_one_space_create_each_entity_once(
    two_workers: tuple[MemoryManager, MemoryManager, str], store: Neo4jStore
) -> None:
    first, second, agent = two_workers
    for day, name in enumerate(NAMES):
        await asyncio.gather(
            first.add(OWNER, _note(agent, f"{name} met Tom Baker in Lyon on day {day}.")),
            second.add(OWNER, _note(agent, f"{name} met Tom Baker in Lyon at noon on {day}.")),
        )
    groups = list(spaces_of(agent).values())
    copies = {r["name"]: r["copies"] for r in await store.execute(_ENTITIES, {"groups": groups})}
    assert set(NAMES) <= set(copies), copies  # the extractor found every name
    assert {name: n for name, n in copies.items() if n > 1} == {}


async def test_a_lease_left_by_a_crashed_worker_runs_out(
    two_workers: tuple[MemoryManager, MemoryManager, str], store: Neo4jStore
) -> None:
    """A worker killed while holding the lease never releases it: the next writer takes it once
    it has run out (here: at once, it ran out a minute ago), and releases it after its write."""
    first, _, agent = two_workers
    group = spaces_of(agent)["private"]
    await store.execute(
        "CREATE (:A4SGroupLock {space: $g, holder: 'killed-worker', "
        "until: datetime() - duration({minutes: 1})})",
        {"g": group},
    )
    added = await first.add(OWNER, _note(agent, "Nora Lind met Tom Baker in Lyon."))
    assert added.group_id == group
    lease = await store.execute(_LEASE, {"group_id": group})
    assert [dict(r) for r in lease] == [{"holder": None, "expired": None}]


async def test_a_lease_held_past_its_length_is_renewed_not_lost(
    store: Neo4jStore, unique_id: str
) -> None:
    """A slow extraction (an LLM's) keeps its lease: with a 1.2 s lease held for 2 s, a second
    process asking meanwhile (0.6 s of patience) is refused, and gets it once it is released."""
    group = f"agent-lease-{unique_id}-private"
    leases = GroupLeases(store, ttl_s=1.2, wait_s=0.6)
    try:
        async with leases.hold(group):
            await asyncio.sleep(2.0)  # past the lease's length: only a renewal keeps it ours
            with pytest.raises(StoreUnavailable):
                async with leases.hold(group):
                    pass
        async with leases.hold(group):
            pass
    finally:
        await store.execute("MATCH (l:A4SGroupLock {space: $g}) DELETE l", {"g": group})
