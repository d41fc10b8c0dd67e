"""Issue 13 over the real app and Neo4j: ``reference_time`` round trip (client -> API -> Neo4j ->
GET and search), the ``since``/``until`` window, and a ranking case from LoCoMo conversation 26
where greetings used to bury the one turn that answers the question."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from asgi_lifespan import LifespanManager

from a4s_memory import AsyncMemoryClient
from a4s_memory.api.app import create_app
from a4s_memory.config import Settings
from a4s_memory.store.db import Neo4jStore
from tests.integration.cleanup import remove_agents
from tests.integration.test_api_support import KEYS, api_settings

OWNER = "owner-1"
MAY = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
JULY = datetime(2023, 7, 12, 9, 30, tzinfo=UTC)


@pytest.fixture
async def owner(
    neo4j_settings: Settings, tmp_path: Path
) -> AsyncIterator[tuple[AsyncMemoryClient, AsyncMemoryClient]]:
    app = create_app(api_settings(neo4j_settings, tmp_path, write_quota_per_minute=0.0))
    async with LifespanManager(app) as lifespan:
        transport = httpx.ASGITransport(app=lifespan.app)
        async with (
            AsyncMemoryClient(
                "http://api.test", OWNER, api_key=KEYS[OWNER], transport=transport
            ) as me,
            AsyncMemoryClient(
                "http://api.test", "stranger", api_key=KEYS["stranger"], transport=transport
            ) as other,
        ):
            yield me, other


def _turn(speaker: str, text: str) -> list[dict[str, str]]:
    return [{"role": "user", "name": speaker, "content": text}]


async def test_reference_time_round_trip(
    owner: tuple[AsyncMemoryClient, AsyncMemoryClient], store: Neo4jStore, unique_id: str
) -> None:
    me, _ = owner
    agent = f"rt-{unique_id}"
    await me.register_agent(agent)
    try:
        added = await me.add(
            agent, _turn("Caroline", "I went to the LGBTQ support group."), reference_time=MAY
        )
        rows = await store.execute(
            "MATCH (e:Episodic {uuid: $u}) RETURN e.valid_at AS v, e.created_at AS c",
            {"u": added.memory_id},
        )
        assert rows[0]["v"].to_native() == MAY  # stored as the episode's valid_at
        assert rows[0]["c"].to_native() > MAY  # created_at stays the time of writing
        assert (await me.get(added.memory_id)).reference_time == MAY
        hits = (await me.search(agent, "LGBTQ support group")).results
        episode = next(h for h in hits if h.uuid == added.memory_id)
        assert episode.reference_time == MAY
        # The offline extractor dates the facts it makes from the episode's reference time.
        assert all(h.reference_time == MAY for h in hits if h.kind == "fact")
    finally:
        await remove_agents(store, agent)


async def test_since_until_window(
    owner: tuple[AsyncMemoryClient, AsyncMemoryClient], store: Neo4jStore, unique_id: str
) -> None:
    me, other = owner
    agent = f"win-{unique_id}"
    await me.register_agent(agent)
    try:
        may = await me.add(agent, _turn("Melanie", "I painted a lake sunrise."), reference_time=MAY)
        july = await me.add(
            agent, _turn("Melanie", "I painted a lake sunset."), reference_time=JULY.isoformat()
        )
        both = {h.uuid for h in (await me.search(agent, "painted lake")).results}
        assert {may.memory_id, july.memory_id} <= both
        cut = datetime(2023, 6, 1, tzinfo=UTC)
        later = (await me.search(agent, "painted lake", since=cut)).results
        earlier = (await me.search(agent, "painted lake", until=cut)).results
        assert july.memory_id in {h.uuid for h in later}
        assert may.memory_id not in {h.uuid for h in later}
        assert may.memory_id in {h.uuid for h in earlier}
        assert july.memory_id not in {h.uuid for h in earlier}
        assert all(h.reference_time is not None and h.reference_time >= cut for h in later)
        assert all(h.reference_time is not None and h.reference_time < cut for h in earlier)
        # Both are public: the window narrows a stranger's view the same way.
        seen = {h.uuid for h in (await other.search(agent, "painted lake", since=cut)).results}
        assert may.memory_id not in seen
    finally:
        await remove_agents(store, agent)


# LoCoMo conversation 26, session 1 (D1:1-D1:5 and D1:8, trimmed), question 1.
_SESSION = [
    ("Caroline", "Hey Mel! Good to see you! How have you been?"),
    (
        "Melanie",
        "Hey Caroline! Good to see you! I'm swamped with the kids & work. What's up with "
        "you? Anything new?",
    ),
    ("Caroline", "I went to a LGBTQ support group yesterday and it was so powerful."),
    (
        "Melanie",
        "Wow, that's cool, Caroline! What happened that was so awesome? Did you hear any "
        "inspiring stories?",
    ),
    (
        "Caroline",
        "The transgender stories were so inspiring! I was so happy and thankful for all "
        "the support.",
    ),
    ("Melanie", "Hey Caroline, what's up? Wow Caroline, that's great!"),
]


async def test_the_answering_turn_outranks_greetings(
    owner: tuple[AsyncMemoryClient, AsyncMemoryClient], store: Neo4jStore, unique_id: str
) -> None:
    me, _ = owner
    agent = f"rank-{unique_id}"
    await me.register_agent(agent)
    try:
        ids = [
            (await me.add(agent, _turn(s, t), reference_time=MAY)).memory_id for s, t in _SESSION
        ]
        hits = (await me.search(agent, "When did Caroline go to the LGBTQ support group?")).results
        assert hits, "the search must find something"
        assert ids[2] in hits[0].provenance.episodes, [h.text for h in hits[:3]]
        texts = [h.text.casefold() for h in hits]
        assert not any(t.startswith(("hey caroline", "wow caroline")) for t in texts), texts
    finally:
        await remove_agents(store, agent)
