"""What one search costs the process, counted, not timed: the datetimes of every candidate row
travel as ISO strings, because the driver's DateTime hydration cost about 60 µs a value - a
third of a search's CPU under the load bench (profiled: ~250 values a search) - and
``datetime.fromisoformat`` a small fraction of that. The hits still carry real datetimes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import neo4j.time
import pytest

from a4s_memory.config import Settings
from a4s_memory.contract import Visibility
from a4s_memory.policy import ContextPolicy, MemoryKind
from a4s_memory.spaces import group_id
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.search import SearchRequest, policy_search
from a4s_memory.store.search_channels import Channel
from tests.integration.channel_capture import channel_statements
from tests.integration.manager_support import cleanup_agent, registered
from tests.integration.seed import EMBEDDER, add_entities, add_episodes, add_facts, cleanup, props

OWNER = "sc-owner"


async def test_a_search_hydrates_no_neo4j_datetime_and_returns_real_ones(
    store: Neo4jStore, neo4j_settings: Settings, monkeypatch: pytest.MonkeyPatch, unique_id: str
) -> None:
    agent = f"sc-{unique_id}"
    manager = await registered(store, neo4j_settings, OWNER, agent)
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


async def test_a_search_is_two_statements_for_every_channel(
    store: Neo4jStore, monkeypatch: pytest.MonkeyPatch, unique_id: str
) -> None:
    """The six direct channels (fulltext and vector over entities, facts and episodes) are one
    statement and the expansion with the session neighbours a second: each statement costs the
    driver and Neo4j ~0.8 ms of CPU before any work (docs/benchmarks.md, issue 15). Before, the
    channels were one statement each: 8 here."""
    group = group_id(f"sc{unique_id}", Visibility.PRIVATE)
    try:
        gina, fern = await add_entities(store, group, [("Gina", props()), ("fern", props())])
        await add_facts(
            store,
            group,
            [{"source": gina, "target": fern, "fact": "Gina repotted the fern", "props": props()}],
        )
        at = datetime(2023, 5, 7, tzinfo=UTC)
        await add_episodes(
            store,
            group,
            [
                (
                    f"Gina repotted fern {n}",
                    props(valid_at=at, created_at=at + timedelta(minutes=n)),
                    [gina],
                )
                for n in range(3)
            ],
        )
        with channel_statements(monkeypatch) as sent:
            hits = await policy_search(
                store,
                EMBEDDER,
                SearchRequest("Gina fern", [group], ContextPolicy.default(), limit=10),
            )
    finally:
        await cleanup(store, [group])
    assert {h.kind for h in hits} == set(MemoryKind), hits
    assert len(sent) == 2, len(sent)
    (direct, _), (around, _) = sent
    for name in ("entity", "fact", "episode"):
        assert f"AS {name}_text" in direct and f"AS {name}_vector" in direct
    assert "AS expansion" in around and "AS neighbors" in around
