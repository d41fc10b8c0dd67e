"""Cypher-injection attempts through every manager input change nothing and leak nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from a4s_memory.config import Settings
from a4s_memory.errors import A4SError
from a4s_memory.manager import MemoryManager
from a4s_memory.models import AddMemory
from a4s_memory.store.db import Neo4jStore
from tests.integration.manager_support import cleanup_agent

PAYLOADS = [
    "x' }) MATCH (n) DETACH DELETE n //",
    '") DETACH DELETE n RETURN 1 //',
    "*:* OR group_id:*",
    "`; MATCH (n) SET n.pwned = true //",
    "agent-a-private",
]


@pytest.fixture
async def setup(
    store: Neo4jStore, neo4j_settings: Settings, unique_id: str
) -> AsyncIterator[tuple[MemoryManager, str]]:
    manager = await MemoryManager.create(store, neo4j_settings)
    agent_id = f"inj-{unique_id}"
    await manager.register_agent("owner-i", agent_id, "owner-i")
    await manager.add(
        "owner-i", AddMemory(agent_id=agent_id, messages="Zed prefers tea.", visibility="private")
    )
    yield manager, agent_id
    await cleanup_agent(store, agent_id)


async def _snapshot(store: Neo4jStore, agent_id: str) -> tuple[int, int]:
    # The database is shared with other test sessions, so count what this test owns: its
    # agent's spaces, its Agent node and a canary outside every space. Audit events
    # are expected to grow: every search is audited.
    rows = await store.execute(
        "MATCH (n) WHERE (n.group_id STARTS WITH $prefix OR n.agent_id = $agent "
        "OR n.canary = $agent) AND NOT n:AuditEvent AND NOT n:AuditHead "
        "RETURN count(n) AS c, sum(size(keys(n))) AS k",
        {"prefix": f"agent-{agent_id}-", "agent": agent_id},
    )
    return int(rows[0]["c"]), int(rows[0]["k"])


async def test_injection_in_query_agent_id_and_ids(
    setup: tuple[MemoryManager, str], store: Neo4jStore
) -> None:
    manager, agent_id = setup
    await store.execute("CREATE (:InjectionCanary {canary: $a})", {"a": agent_id})
    before = await _snapshot(store, agent_id)
    for payload in PAYLOADS:
        hits = await manager.search("stranger", agent_id, payload)
        assert all(h.group_id.endswith("-public") for h in hits)
        for call in (
            manager.search("owner-i", payload, "tea"),
            manager.get("owner-i", payload),
            manager.delete("owner-i", payload),
            manager.quarantine("owner-i", payload, "x"),
        ):
            with pytest.raises(A4SError) as caught:
                await call
            assert "DETACH" not in str(caught.value)
            assert "MATCH" not in str(caught.value)
    assert await _snapshot(store, agent_id) == before
    await store.execute("MATCH (c:InjectionCanary {canary: $a}) DELETE c", {"a": agent_id})
    rows = await store.execute("MATCH (n) WHERE n.pwned IS NOT NULL RETURN count(n) AS c")
    assert rows[0]["c"] == 0


async def test_injection_in_metadata_is_stored_as_data(
    setup: tuple[MemoryManager, str], store: Neo4jStore
) -> None:
    manager, agent_id = setup
    meta = {"note": PAYLOADS[0], PAYLOADS[3]: "key as payload"}
    added = await manager.add(
        "owner-i", AddMemory(agent_id=agent_id, messages="Zed uses Vim.", metadata=meta)
    )
    view = await manager.get("owner-i", added.memory_id)
    assert view.metadata == meta
    rows = await store.execute("MATCH (n) WHERE n.pwned IS NOT NULL RETURN count(n) AS c")
    assert rows[0]["c"] == 0
    assert (
        await store.execute(
            "MATCH (n:Episodic {uuid: $u}) RETURN n.a4s_metadata AS m", {"u": added.memory_id}
        )
    )[0]["m"]
