"""Neo4j round trips of one write: counted, not timed.

Every query that leaves the neo4j driver (``execute_query``, ``session.run``, ``tx.run``) during
one ``MemoryManager.add`` is counted - ours and Graphiti's. The bounds are the profile of
bench/write_profile.py after the cuts (docs/benchmarks.md "Where a write spends its time"):
before them a chat turn cost 14 queries and a structured item 44 (48 when it replaced a value;
26 and 29 through Graphiti's add_triplet, 11 and 14 written directly).
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import neo4j
import pytest
from graphiti_core.nodes import EpisodeType
from neo4j._async.work.transaction import AsyncTransactionBase

from a4s_memory.config import Settings
from a4s_memory.manager import MemoryManager
from a4s_memory.spaces import spaces_of
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.search_channels import EPISODE_EMBEDDING
from a4s_memory.write.batch import PREFETCH_CHUNK
from tests.integration.manager_support import cleanup_agent, unstamped

OWNER = "rt-owner"
_inside = contextvars.ContextVar("rt_inside", default=False)


@contextmanager
def counting(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Yields a one-element list holding the number of queries sent so far."""
    count = [0]
    execute_query, tx_run, session_run = (
        neo4j.AsyncDriver.execute_query,
        AsyncTransactionBase.run,
        neo4j.AsyncSession.run,
    )

    async def eq(self: Any, *args: Any, **kwargs: Any) -> Any:
        count[0] += 1
        token = _inside.set(True)  # its own tx.run is the same query
        try:
            return await execute_query(self, *args, **kwargs)
        finally:
            _inside.reset(token)

    async def run(self: Any, *args: Any, **kwargs: Any) -> Any:
        count[0] += 0 if _inside.get() else 1
        return await tx_run(self, *args, **kwargs)

    async def srun(self: Any, *args: Any, **kwargs: Any) -> Any:
        count[0] += 1
        return await session_run(self, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(neo4j.AsyncDriver, "execute_query", eq)
        patch.setattr(AsyncTransactionBase, "run", run)
        patch.setattr(neo4j.AsyncSession, "run", srun)
        yield count


@pytest.fixture
async def manager(store: Neo4jStore, neo4j_settings: Settings) -> MemoryManager:
    settings = neo4j_settings.model_copy(update={"write_quota_per_minute": 0})
    return await MemoryManager.create(store, settings)


async def _queries(
    monkeypatch: pytest.MonkeyPatch, manager: MemoryManager, body: dict[str, Any]
) -> int:
    with counting(monkeypatch) as count:
        await manager.add(OWNER, body)
    return count[0]


async def test_a_chat_turn_costs_three_queries_and_one_with_entities_at_most_twenty_two(
    manager: MemoryManager, store: Neo4jStore, monkeypatch: pytest.MonkeyPatch, unique_id: str
) -> None:
    agent = f"rt-{unique_id}"
    await manager.register_agent(OWNER, agent, OWNER)
    try:
        turn = {
            "agent_id": agent,
            "messages": [
                {"role": "user", "name": "Caroline", "content": "Thanks, that means a lot to me!"}
            ],
        }
        await manager.add(OWNER, turn)  # warm: the audit head is cached after the first event
        plain = await _queries(monkeypatch, manager, turn)
        named = await _queries(
            monkeypatch,
            manager,
            {
                "agent_id": agent,
                "messages": [{"role": "user", "content": "Alice works at Acme Corp."}],
            },
        )
        assert await _unstamped(store, agent) == []
    finally:
        await cleanup_agent(store, agent)
    # No entity (98% of LoCoMo's chat turns offline): authorize, then ONE transaction of the
    # entry + episode + stamp + vector statement and the audit event = 3 (ingest_bulk, a run of
    # one); 4 in two transactions before (pending entry, then the commit), 14 before the first
    # cuts (Graphiti's add_episode alone 6). With two entities and a fact Graphiti's dedupe
    # searches, the re-stamp and the mark of the vectors' embedder come on top (measured: 20;
    # before 27), and the acquire and release of the space's write lease that makes processes
    # take turns (store/group_lease.py; measured 22). A plain turn does not take it.
    assert plain <= 3, plain
    assert named <= 22, named


async def test_a_structured_item_costs_thirteen_queries_and_sixteen_when_it_replaces(
    manager: MemoryManager, store: Neo4jStore, monkeypatch: pytest.MonkeyPatch, unique_id: str
) -> None:
    agent = f"rts-{unique_id}"
    await manager.register_agent(OWNER, agent, OWNER)
    try:
        first = {
            "agent_id": agent,
            "category": "PREFERENCE",
            "key": "drink",
            "messages": "The user prefers green tea.",
        }
        await manager.add(OWNER, {**first, "key": "warmup"})
        new = await _queries(monkeypatch, manager, first)
        replaced = await _queries(
            monkeypatch, manager, {**first, "messages": "The user prefers coffee."}
        )
        assert await _unstamped(store, agent) == []
    finally:
        await cleanup_agent(store, agent)
    # Before the cuts: 44 for a new key, 48 for a replaced value (restamped twice, versions in 8
    # queries, the MENTIONS links and the episode saved one by one outside the commit); then 26
    # and 29 (measured on d7ad546), of which Graphiti's add_triplet was 15. Written directly
    # (store/ingest_structured.py): ONE read resolves the item, its entities and edges are saved
    # in the statement that links the episode, and the vectors' mark needs no statement of its
    # own: measured 11 and 14. Then +2, the space's write lease across processes
    # (store/group_lease.py): measured 13 and 16.
    assert new <= 13, new
    assert replaced <= 16, replaced


async def test_a_batch_embeds_each_episode_once_ahead_and_stores_its_vector(
    manager: MemoryManager, store: Neo4jStore, monkeypatch: pytest.MonkeyPatch, unique_id: str
) -> None:
    agent = f"rtb-{unique_id}"
    await manager.register_agent(OWNER, agent, OWNER)
    ingestor = manager._ingestor
    prefetched: list[int] = []
    prefetch = type(ingestor).prefetch_vectors

    def counted(self: Any, bodies: list[str]) -> None:
        prefetched.append(len(bodies))
        prefetch(self, bodies)

    items = [
        {"agent_id": agent, "messages": f"Gina planted tree number {n} in the garden."}
        for n in range(PREFETCH_CHUNK + 2)
    ]
    try:
        with monkeypatch.context() as patch:
            patch.setattr(type(ingestor), "prefetch_vectors", counted)
            answer = await manager.add_many(OWNER, items)
        ids = [r.memory_id for r in answer.results]
        rows = await store.execute(
            f"MATCH (e:Episodic) WHERE e.uuid IN $ids AND e.{EPISODE_EMBEDDING} IS NOT NULL "
            "RETURN count(e) AS n",
            {"ids": ids},
        )
    finally:
        await cleanup_agent(store, agent)
    assert answer.stored == len(items)
    assert rows[0]["n"] == len(items)  # every episode got its own vector
    assert prefetched == [PREFETCH_CHUNK, 2]  # started ahead, chunk by chunk
    assert ingestor._vectors.ahead == {}  # and every one was taken by its ingestion


async def test_offline_a_text_without_entities_stores_what_graphiti_would(
    manager: MemoryManager, store: Neo4jStore, unique_id: str
) -> None:
    """The offline skip of add_episode (no entity in the text) leaves the same episode node as
    Graphiti's own add_episode of that text, and nothing else."""
    agent = f"rtg-{unique_id}"
    await manager.register_agent(OWNER, agent, OWNER)
    text = "Thanks, that means a lot to me!"
    try:
        ours = await manager.add(OWNER, {"agent_id": agent, "messages": text})
        group = ours.group_id
        graphiti = manager._p.graphiti.extractor
        theirs = await graphiti.add_episode(
            name="plain",
            episode_body=text,
            source_description="a4s:user_message",
            reference_time=ours_time(await _props(store, ours.memory_id)),
            group_id=group,
            source=EpisodeType.text,
            previous_episode_uuids=[],
        )
        mine, graphitis = (
            await _props(store, ours.memory_id),
            await _props(store, theirs.episode.uuid),
        )
        others = await store.execute(
            "MATCH (n) WHERE n.group_id = $g AND NOT n:Episodic AND NOT n:A4SStatus "
            "RETURN count(n) AS n",
            {"g": group},
        )
    finally:
        await cleanup_agent(store, agent)
    assert theirs.nodes == [] and theirs.edges == []
    assert others[0]["n"] == 0
    graphiti_keys = {
        "uuid",
        "name",
        "group_id",
        "source_description",
        "source",
        "content",
        "entity_edges",
        "created_at",
        "valid_at",
    }
    assert set(graphitis) == graphiti_keys  # what Graphiti writes on an episode
    same = graphiti_keys - {"uuid", "name", "created_at", "valid_at"}
    assert {k: mine[k] for k in same} == {k: graphitis[k] for k in same}
    assert graphiti_keys <= set(mine)


async def _unstamped(store: Neo4jStore, agent: str) -> list[dict[str, Any]]:
    return [row for group in spaces_of(agent).values() for row in await unstamped(store, group)]


async def _props(store: Neo4jStore, uuid: str | None) -> dict[str, Any]:
    rows = await store.execute(
        "MATCH (e:Episodic {uuid: $u}) RETURN properties(e) AS p", {"u": uuid}
    )
    return dict(rows[0]["p"])


def ours_time(props: dict[str, Any]) -> Any:
    return props["valid_at"].to_native()
