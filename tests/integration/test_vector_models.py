"""Every vector carries the name of the embedder that made it (``a4s_embedder``), and the search
compares a query vector only with vectors of its own embedder. MiniLM and the hashing embedder
both make 384-d vectors, so before this a graph written with one and searched with the other
(``A4S_EMBEDDER`` switched on a populated graph) silently compared unrelated spaces. Elements
written before the mark existed (no property) are taken as the current embedder's."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import pytest

from a4s_memory.config import Settings
from a4s_memory.manager import MemoryManager
from a4s_memory.policy import ContextPolicy, MemoryKind
from a4s_memory.store import search_channels as channels
from a4s_memory.store.db import Neo4jStore
from tests.integration.manager_support import cleanup_agent

OWNER = "vm-owner"
OTHER_MODEL = "all-minilm-l6-v2-int8-onnx"  # the tests write with the hashing embedder


@pytest.fixture
async def manager(store: Neo4jStore, neo4j_settings: Settings) -> MemoryManager:
    settings = neo4j_settings.model_copy(update={"write_quota_per_minute": 0})
    return await MemoryManager.create(store, settings)


@pytest.fixture
async def agent(manager: MemoryManager, store: Neo4jStore, unique_id: str) -> AsyncIterator[str]:
    agent_id = f"vm-{unique_id}"
    await manager.register_agent(OWNER, agent_id, OWNER)
    yield agent_id
    await cleanup_agent(store, agent_id)


def _channel(store: Neo4jStore, group: str, embedder: str) -> channels.Channel:
    return channels.Channel(
        store=store,
        group_ids=(group,),
        policy=ContextPolicy.default(),
        now=datetime.now(UTC),
        limit=10,
        embedder=embedder,
    )


async def test_vectors_name_their_embedder_and_are_compared_only_within_it(
    manager: MemoryManager, store: Neo4jStore, agent: str
) -> None:
    model = manager._p.graphiti.embedder_name
    plain = await manager.add(OWNER, {"agent_id": agent, "messages": "Thanks, that helps!"})
    named = await manager.add(OWNER, {"agent_id": agent, "messages": "Alice works at Acme Corp."})
    item = await manager.add(
        OWNER,
        {"agent_id": agent, "category": "PREFERENCE", "key": "drink", "messages": "green tea"},
    )
    group = plain.group_id
    rows = await store.execute(
        """
        CALL () {
          MATCH (n:Episodic) WHERE n.group_id = $g AND n.a4s_content_embedding IS NOT NULL
          RETURN 'episode' AS kind, n.uuid AS uuid, n.a4s_embedder AS model,
                 n.a4s_content_embedding AS vector
          UNION ALL
          MATCH (n:Entity) WHERE n.group_id = $g AND n.name_embedding IS NOT NULL
          RETURN 'entity' AS kind, n.uuid AS uuid, n.a4s_embedder AS model,
                 n.name_embedding AS vector
          UNION ALL
          MATCH ()-[e:RELATES_TO]->() WHERE e.group_id = $g AND e.fact_embedding IS NOT NULL
          RETURN 'fact' AS kind, e.uuid AS uuid, e.a4s_embedder AS model,
                 e.fact_embedding AS vector
        }
        RETURN kind, uuid, model, vector
        """,
        {"g": group},
    )
    episode = next(r for r in rows if r["uuid"] == plain.memory_id)
    same = await channels.vector(
        _channel(store, group, model), MemoryKind.EPISODE, list(episode["vector"])
    )
    other = await channels.vector(
        _channel(store, group, OTHER_MODEL), MemoryKind.EPISODE, list(episode["vector"])
    )
    fact = next(r for r in rows if r["kind"] == "fact")
    facts_other = await channels.vector(
        _channel(store, group, OTHER_MODEL), MemoryKind.FACT, list(fact["vector"])
    )
    kinds = {r["kind"] for r in rows}
    assert kinds == {"episode", "entity", "fact"}, kinds
    assert {r["model"] for r in rows} == {model}, [(r["kind"], r["model"]) for r in rows]
    assert named.memory_id and item.memory_id
    assert plain.memory_id in {r["uuid"] for r in same}
    assert other == [] and facts_other == []  # another embedder's query never meets these


async def test_a_vector_without_a_mark_is_taken_as_the_current_embedders(
    manager: MemoryManager, store: Neo4jStore, agent: str
) -> None:
    plain = await manager.add(OWNER, {"agent_id": agent, "messages": "See you on Monday."})
    rows = await store.execute(
        "MATCH (n:Episodic {uuid: $u}) REMOVE n.a4s_embedder "
        "RETURN n.a4s_content_embedding AS vector",
        {"u": plain.memory_id},
    )
    vector: Any = list(rows[0]["vector"])
    model = manager._p.graphiti.embedder_name
    legacy = await channels.vector(
        _channel(store, plain.group_id, model), MemoryKind.EPISODE, vector
    )
    assert plain.memory_id in {r["uuid"] for r in legacy}
