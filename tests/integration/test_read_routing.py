"""Issue 15 item 6: reads run in read access mode (auto-commit queries in a read session), so a
Neo4j cluster's followers serve them. On a single server the routing is checked two ways: Neo4j
refuses a write inside a read (so ``read`` really sets read access mode), and every query a
search or a GET runs outside the audit append goes through ``read``."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from neo4j.exceptions import Neo4jError

from a4s_memory.config import Settings
from a4s_memory.manager import MemoryManager
from a4s_memory.store.db import Neo4jStore
from tests.integration.cleanup import remove_agents

OWNER = "owner-routing"


class RecordingStore(Neo4jStore):
    """The real store, noting whether each auto-committed query was routed as a read."""

    def __init__(self, store: Neo4jStore) -> None:
        super().__init__(store.driver, store.database)
        self.routed: list[bool] = []

    async def execute(self, query: Any, params: Any = None, *, read: bool = False) -> Any:
        self.routed.append(read)
        return await super().execute(query, params, read=read)

    async def close(self) -> None:  # the session's store owns the driver
        return None


async def test_a_read_transaction_refuses_writes(store: Neo4jStore) -> None:
    with pytest.raises(Neo4jError):
        await store.read("CREATE (n:A4SRoutingProbe) RETURN n")
    rows = await store.read("MATCH (n:A4SRoutingProbe) RETURN count(n) AS n")
    assert rows[0]["n"] == 0


@pytest.fixture
async def recording(
    store: Neo4jStore, neo4j_settings: Settings, unique_id: str
) -> AsyncIterator[tuple[MemoryManager, RecordingStore, str]]:
    recorder = RecordingStore(store)
    manager = await MemoryManager.create(recorder, neo4j_settings)
    agent = f"route-{unique_id}"
    await manager.register_agent(OWNER, agent, OWNER)
    yield manager, recorder, agent
    await remove_agents(store, agent)


async def test_search_and_get_run_as_reads(
    recording: tuple[MemoryManager, RecordingStore, str],
) -> None:
    manager, recorder, agent = recording
    added = await manager.add(OWNER, {"agent_id": agent, "messages": "Alice prefers green tea."})
    recorder.routed.clear()
    hits = await manager.search("someone-else", agent, "green tea")
    assert hits
    view = await manager.get("someone-else", added.memory_id)
    assert view.memory_id == added.memory_id
    # Audit appends are write transactions (write_transaction), not execute(): what is left are
    # the reads of the search channels, the registry lookups, locate and the GET itself.
    assert len(recorder.routed) >= 4
    assert all(recorder.routed), recorder.routed
