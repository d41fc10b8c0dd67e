"""A search's Neo4j work is bounded by the reader's own spaces, never by other spaces' data.

Found under the load bench (issue 15): the vector channels' ``MATCH`` carried the whole policy
predicate, and its ``expires_at IS NULL OR expires_at > $now`` let the planner split the match
into a union of index seeks, one of them on ``(freshness_status, expires_at)`` (episodes) or
``security_status`` (entities): indexes without ``group_id``. That branch read every fresh
episode with a TTL, or every clean entity, *of the whole database*, and then dropped the other
groups' rows (241 rows read for 61 of the reader's own in a four-agent database, profiled); the
entity summaries' fact lookup likewise sought ``RELATES_TO(security_status)`` across the
database. A search got slower with every other agent's write.

Which plan Neo4j picks depends on its statistics, so the test checks the plan's *shape* - every
index or scan the direct statement reads starts from the reader's spaces (``group_id``) or an
element id - and then counts (never times) the database hits of that statement under
``PROFILE``, with and without another space full of admissible elements.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from itertools import pairwise
from typing import Any

import pytest

from a4s_memory.contract import Visibility
from a4s_memory.policy import ContextPolicy
from a4s_memory.spaces import group_id
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.search import SearchRequest, policy_search
from tests.integration.channel_capture import Statement, channel_statements
from tests.integration.plan_shape import db_hits, planned, unbounded_reads
from tests.integration.seed import EMBEDDER, add_entities, add_episodes, add_facts, cleanup, props

# Elements in the other space (entities, the facts between them, episodes): a cross-space index
# read would cost at least one hit per element.
FOREIGN = 120
# How far the hit count may move when only the other space changed: Neo4j's count store and the
# fulltext procedures could vary by a few hits (measured: +0 with the fix in two runs; +40 before
# it, 518 -> 558, where the entity channel sought Entity(security_status)).
SLACK = 20
# The properties an index read may start from: the reader's spaces, or an element's id.
BOUNDED = {"group_id", "uuid"}
AT = datetime(2023, 5, 7, tzinfo=UTC)  # the reader's session


async def _statements(
    store: Neo4jStore, group: str, monkeypatch: pytest.MonkeyPatch
) -> list[Statement]:
    """The text and parameters of the search's two statements: the direct one (fulltext and
    vector channels) and the one around its results (expansion, session neighbours)."""
    with channel_statements(monkeypatch) as statements:
        hits = await policy_search(
            store,
            EMBEDDER,
            SearchRequest("Gina fern repotted", [group], ContextPolicy.default(), limit=10),
        )
    assert hits, "the reader's own elements are found"
    assert len(statements) == 2, len(statements)
    return statements


async def _seed_reader(store: Neo4jStore, group: str, ttl: dict[str, Any]) -> None:
    """Two entities, a fact between them and five episodes: what the search should find."""
    gina = await add_entities(store, group, [("Gina", ttl), ("fern", ttl)])
    await add_facts(
        store,
        group,
        [{"source": gina[0], "target": gina[1], "fact": "Gina has a fern", "props": ttl}],
    )
    await add_episodes(
        store,
        group,
        [(f"Gina repotted the fern {n}", {**ttl, "valid_at": AT}, gina) for n in range(5)],
    )


def _assert_same_work(alone: list[dict[str, Any]], beside: list[dict[str, Any]]) -> None:
    for plan in (*alone, *beside):
        assert unbounded_reads(plan, BOUNDED) == [], unbounded_reads(plan, BOUNDED)
    for before, after in zip(alone, beside, strict=True):
        assert db_hits(after) - db_hits(before) <= SLACK, (db_hits(before), db_hits(after))


async def test_a_search_reads_nothing_of_other_spaces(
    store: Neo4jStore, monkeypatch: pytest.MonkeyPatch, unique_id: str
) -> None:
    mine = group_id(f"iso{unique_id}", Visibility.PRIVATE)
    other = group_id(f"isx{unique_id}", Visibility.PRIVATE)
    ttl = props(expires_at=datetime.now(UTC) + timedelta(days=30))
    try:
        await _seed_reader(store, mine, ttl)
        alone = [
            await planned(store, st, profile=True)
            for st in await _statements(store, mine, monkeypatch)
        ]
        people = await add_entities(store, other, [(f"Gina {n}", ttl) for n in range(FOREIGN)])
        await add_facts(
            store,
            other,
            [
                {"source": a, "target": b, "fact": f"Gina {n} knows a fern", "props": ttl}
                for n, (a, b) in enumerate(pairwise(people))
            ],
        )
        await add_episodes(
            store,
            other,
            [(f"Gina repotted the fern {n}", {**ttl, "valid_at": AT}, []) for n in range(FOREIGN)],
        )
        beside = [
            await planned(store, st, profile=True)
            for st in await _statements(store, mine, monkeypatch)
        ]
    finally:
        await cleanup(store, [mine, other])
    _assert_same_work(alone, beside)


async def test_a_search_reads_none_of_its_spaces_ineligible_elements(
    store: Neo4jStore, monkeypatch: pytest.MonkeyPatch, unique_id: str
) -> None:
    """Expired and quarantined elements of the reader's own space stay in the graph (expired
    episodes for 180 days, docs/lifecycle.md): the vector channels seek the composite status
    index, so a long-lived agent's search does not read its whole history. These elements
    share no word with the query (the fulltext channels filter what Lucene returns; that is
    their design) and another session date (the neighbours read the best turns' sessions)."""
    mine = group_id(f"isi{unique_id}", Visibility.PRIVATE)
    ttl = props(expires_at=datetime.now(UTC) + timedelta(days=30))
    old = props(freshness_status="expired", expires_at=datetime.now(UTC) - timedelta(days=9))
    quarantined = props(security_status="quarantined")
    try:
        await _seed_reader(store, mine, ttl)
        alone = [
            await planned(store, st, profile=True)
            for st in await _statements(store, mine, monkeypatch)
        ]
        await add_entities(store, mine, [(f"Walter {n}", quarantined) for n in range(FOREIGN)])
        await add_episodes(
            store,
            mine,
            [
                (f"Walter painted wall {n}", {**old, "valid_at": AT - timedelta(days=1)}, [])
                for n in range(FOREIGN)
            ],
        )
        beside = [
            await planned(store, st, profile=True)
            for st in await _statements(store, mine, monkeypatch)
        ]
    finally:
        await cleanup(store, [mine])
    _assert_same_work(alone, beside)
