"""graphiti-core 0.31.1 behaviours that would lose or corrupt our statuses, each shown on raw
Graphiti first and then shown defended by our write path."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest
from graphiti_core.edges import EntityEdge
from graphiti_core.nodes import EntityNode, EpisodeType
from neo4j.exceptions import Neo4jError

from a4s_memory.config import Settings
from a4s_memory.manager import MemoryManager
from a4s_memory.models import AddMemory
from a4s_memory.spaces import group_id
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.graphiti_factory import GraphitiBundle, build_graphiti
from tests.integration.manager_support import cleanup_agent, edge_by_fact, unstamped

REVIEWER = "reviewer-h"  # an admin: promotions need a second principal (no self-promotion)


@pytest.fixture
async def bundle(store: Neo4jStore, neo4j_settings: Settings) -> GraphitiBundle:
    return await build_graphiti(store, neo4j_settings)


@pytest.fixture
async def raw_group(store: Neo4jStore, unique_id: str) -> AsyncIterator[str]:
    agent_id = f"hz-{unique_id}"
    yield group_id(agent_id, "public")
    await cleanup_agent(store, agent_id)


@pytest.fixture
async def agent(
    store: Neo4jStore, neo4j_settings: Settings, unique_id: str
) -> AsyncIterator[tuple[MemoryManager, str]]:
    settings = neo4j_settings.model_copy(update={"admin_ids": frozenset({REVIEWER})})
    manager = await MemoryManager.create(store, settings)
    agent_id = f"hzd-{unique_id}"
    await manager.register_agent("owner-h", agent_id, "owner-h")
    yield manager, agent_id
    await cleanup_agent(store, agent_id)


async def _episode(bundle: GraphitiBundle, gid: str, text: str) -> str:
    result = await bundle.extractor.add_episode(
        name="hazard",
        episode_body=text,
        source_description="test",
        reference_time=datetime.now(UTC),
        source=EpisodeType.text,
        group_id=gid,
    )
    return str(result.episode.uuid)


_STAMP_ALL = """
MATCH ()-[e:RELATES_TO]->() WHERE e.group_id = $g
SET e.truth_status = 'supported', e.security_status = 'clean'
"""


async def test_a_add_episode_merge_erases_edge_properties(
    store: Neo4jStore, bundle: GraphitiBundle, raw_group: str
) -> None:
    await _episode(bundle, raw_group, "Alice prefers tea.")
    await store.execute(_STAMP_ALL, {"g": raw_group})
    await _episode(bundle, raw_group, "Alice prefers the tea.")  # dedupe merges into the old edge
    edge = await edge_by_fact(store, raw_group, "Alice prefers tea")
    assert len(edge["episodes"]) == 2  # it was a merge...
    assert "truth_status" not in edge
    assert "security_status" not in edge


async def test_a_defended_merge_keeps_every_status(
    agent: tuple[MemoryManager, str], store: Neo4jStore
) -> None:
    manager, agent_id = agent
    gid = group_id(agent_id, "public")
    await manager.add("owner-h", AddMemory(agent_id=agent_id, messages="Alice prefers tea."))
    await manager.quarantine(
        "owner-h", (await edge_by_fact(store, gid, "Alice prefers tea"))["uuid"], "test"
    )
    await manager.add("owner-h", AddMemory(agent_id=agent_id, messages="Alice prefers the tea."))
    edge = await edge_by_fact(store, gid, "Alice prefers tea")
    assert len(edge["episodes"]) == 2
    assert (
        edge["security_status"] == "quarantined"
    )  # the ledger override survived Graphiti's rewrite
    assert await unstamped(store, gid) == []


def _triplet(gid: str, status: str) -> tuple[EntityNode, EntityEdge, EntityNode]:
    src = EntityNode(name="User", group_id=gid, labels=["Entity"], summary="")
    dst = EntityNode(name="editor", group_id=gid, labels=["Entity"], summary="")
    now = datetime.now(UTC)
    edge = EntityEdge(
        source_node_uuid=src.uuid,
        target_node_uuid=dst.uuid,
        name="PREFERENCE",
        fact="editor: vim",
        group_id=gid,
        episodes=[],
        created_at=now,
        valid_at=now,
        attributes={"truth_status": status},
    )
    return src, edge, dst


async def test_b_add_triplet_ignores_changed_attributes(
    store: Neo4jStore, bundle: GraphitiBundle, raw_group: str
) -> None:
    await bundle.structured.add_triplet(*_triplet(raw_group, "unverified"))
    await bundle.structured.add_triplet(*_triplet(raw_group, "contradicted"))
    edge = await edge_by_fact(store, raw_group, "editor: vim")
    assert edge["truth_status"] == "unverified"  # the second call's attributes were dropped


async def test_b_defended_item_status_comes_from_the_ledger(
    agent: tuple[MemoryManager, str], store: Neo4jStore
) -> None:
    manager, agent_id = agent
    gid = group_id(agent_id, "public")
    item = {
        "agent_id": agent_id,
        "category": "workflow_default",
        "key": "build command",
        "messages": "make build",
        "source": {"type": "explicit_save"},
        "ttl_class": "long",
    }
    first = await manager.add("owner-h", item)
    await manager.promote(REVIEWER, first.memory_id, {"kind": "user_confirmation", "ref": "chat-1"})
    await manager.contradict(
        "owner-h", (await edge_by_fact(store, gid, "build command: make build"))["uuid"], "changed"
    )
    await manager.add("owner-h", item)  # add_triplet's duplicate fast path re-saves the old edge
    edge = await edge_by_fact(store, gid, "build command: make build")
    assert edge["truth_status"] == "contradicted"
    assert len(edge["episodes"]) == 2


async def test_c_saving_a_fetched_edge_erases_its_embedding(
    store: Neo4jStore, bundle: GraphitiBundle, raw_group: str
) -> None:
    await _episode(bundle, raw_group, "Bob uses Linux.")
    before = await edge_by_fact(store, raw_group, "Bob uses Linux")
    assert before.get("fact_embedding") is not None
    fetched = await EntityEdge.get_by_uuid(bundle.driver, before["uuid"])
    assert fetched.fact_embedding is None  # get_by_uuid does not load it
    # On Neo4j 5.26 `SET e = $edge_data` would null the vector and the vector procedure then
    # refuses the null, so the whole save fails (and rolls back): a fetched edge cannot be saved.
    with pytest.raises(Neo4jError):
        await fetched.save(bundle.driver)
    assert (await edge_by_fact(store, raw_group, "Bob uses Linux")).get(
        "fact_embedding"
    ) is not None
    # Only after loading the embedding does a save go through and keep it.
    await fetched.load_fact_embedding(bundle.driver)
    await fetched.save(bundle.driver)
    assert (await edge_by_fact(store, raw_group, "Bob uses Linux")).get(
        "fact_embedding"
    ) is not None


async def test_c_defended_transitions_never_resave_edges(
    agent: tuple[MemoryManager, str], store: Neo4jStore
) -> None:
    manager, agent_id = agent
    gid = group_id(agent_id, "public")
    await manager.add("owner-h", AddMemory(agent_id=agent_id, messages="Bob uses Linux."))
    uuid = (await edge_by_fact(store, gid, "Bob uses Linux"))["uuid"]
    await manager.quarantine("owner-h", uuid, "check")
    await manager.promote(REVIEWER, uuid, {"kind": "probe", "ref": "probe-1"})
    await manager.supersede("owner-h", uuid)
    edge = await edge_by_fact(store, gid, "Bob uses Linux")
    assert edge.get("fact_embedding") is not None
    assert edge["security_status"] == "quarantined"
    assert edge["truth_status"] == "superseded"


async def test_d_remove_episode_deletes_facts_other_episodes_support(
    store: Neo4jStore, bundle: GraphitiBundle, raw_group: str
) -> None:
    first = await _episode(bundle, raw_group, "Carol leads Apollo.")
    await _episode(bundle, raw_group, "Carol leads Apollo.")
    assert len((await edge_by_fact(store, raw_group, "Carol leads Apollo"))["episodes"]) == 2
    await bundle.extractor.remove_episode(first)
    rows = await store.execute(
        "MATCH ()-[e:RELATES_TO]->() WHERE e.group_id = $g RETURN count(e) AS c", {"g": raw_group}
    )
    assert rows[0]["c"] == 0  # gone although the second episode still supports it
