"""What one search costs the process, counted, not timed: the datetimes of every candidate row
travel as ISO strings, because the driver's DateTime hydration cost about 60 µs a value - a
third of a search's CPU under the load bench (profiled: ~250 values a search) - and
``datetime.fromisoformat`` a small fraction of that. The hits still carry real datetimes."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import neo4j.time
import pytest

from a4s_memory.config import Settings
from a4s_memory.manager import MemoryManager
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.search_channels import Channel
from tests.integration.manager_support import cleanup_agent

OWNER = "sc-owner"


async def test_a_search_hydrates_no_neo4j_datetime_and_returns_real_ones(
    store: Neo4jStore, neo4j_settings: Settings, monkeypatch: pytest.MonkeyPatch, unique_id: str
) -> None:
    manager = await MemoryManager.create(
        store, neo4j_settings.model_copy(update={"write_quota_per_minute": 0})
    )
    agent = f"sc-{unique_id}"
    await manager.register_agent(OWNER, agent, OWNER)
    hydrated = [0]
    run = Channel.run

    async def counted(self: Channel, *args: Any, **kwargs: Any) -> Any:
        records = await run(self, *args, **kwargs)
        hydrated[0] += _datetimes([dict(r) for r in records])
        return records

    try:
        await manager.add_many(
            OWNER,
            [
                {
                    "agent_id": agent,
                    "messages": f"Gina repotted the fern number {n} on Sunday.",
                    "reference_time": "2023-05-07T10:00:00+02:00",
                }
                for n in range(6)
            ],
        )
        with monkeypatch.context() as patch:
            patch.setattr(Channel, "run", counted)
            hits = await manager.search(OWNER, agent, "fern repotted Sunday")
    finally:
        await cleanup_agent(store, agent)
    assert hits, "the search found the episodes"
    assert hydrated[0] == 0, hydrated[0]
    for hit in hits:
        assert isinstance(hit.created_at, datetime) and hit.created_at.tzinfo is not None
        assert hit.valid_at == datetime.fromisoformat("2023-05-07T10:00:00+02:00")
        assert hit.status.expires_at is None or hit.status.expires_at.tzinfo is not None


def _datetimes(value: Any) -> int:
    """How many Neo4j DateTime values (each one hydrated by the driver) ``value`` holds."""
    if isinstance(value, neo4j.time.DateTime):
        return 1
    if isinstance(value, dict):
        return sum(_datetimes(v) for v in value.values())
    if isinstance(value, list | tuple):
        return sum(_datetimes(v) for v in value)
    return 0
