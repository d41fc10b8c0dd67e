"""Policy-gated retrieval against a real Neo4j: the ContextPolicy is enforced inside the Cypher of
every channel (fulltext, vector, graph expansion), spaces are isolated, and hostile query text is
inert. Data is seeded directly (tests/integration/seed.py) so each test controls every status.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from a4s_memory.contract import SecurityStatus, TruthStatus, Visibility
from a4s_memory.errors import InvalidRequest
from a4s_memory.policy import ContextPolicy, MemoryKind
from a4s_memory.spaces import group_id
from a4s_memory.store import search_channels as channels
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.ranking import Candidate
from a4s_memory.store.search import SearchHit, SearchRequest, policy_search
from tests.integration.seed import (
    EMBEDDER,
    MISSING,
    add_entities,
    add_episodes,
    add_facts,
    cleanup,
    props,
    snapshot,
)

NOW = datetime.now(UTC)
PAST = NOW - timedelta(days=1)
DEFAULT = ContextPolicy.default()

# Every way an element can be ineligible under the default policy: §5 property overrides.
NODE_AND_FACT_CASES: dict[str, dict[str, Any]] = {
    "truth-unverified": {"truth_status": "unverified"},
    "truth-contradicted": {"truth_status": "contradicted"},
    "truth-superseded": {"truth_status": "superseded"},
    "retrieval-hidden": {"retrieval_status": "hidden"},
    "retrieval-restricted": {"retrieval_status": "restricted"},
    "retrieval-privileged_only": {"retrieval_status": "privileged_only"},
    "retrieval-blocked": {"retrieval_status": "blocked"},
    "security-suspicious": {"security_status": "suspicious"},
    "security-quarantined": {"security_status": "quarantined"},
    "security-malicious": {"security_status": "malicious"},
    "freshness-stale": {"freshness_status": "stale"},
    "freshness-expired": {"freshness_status": "expired"},
    "sensitivity-confidential": {"sensitivity": "confidential"},
    "sensitivity-restricted": {"sensitivity": "restricted"},
    "ttl-expires_at-past": {"expires_at": PAST},
    "missing-truth_status": {"truth_status": MISSING},
    "missing-retrieval_status": {"retrieval_status": MISSING},
    "missing-security_status": {"security_status": MISSING},
    "missing-freshness_status": {"freshness_status": MISSING},
    "missing-sensitivity": {"sensitivity": MISSING},
    "unknown-value": {"security_status": "CLEAN "},  # not an exact stored value
}
# Graphiti's temporal invalidation: only RELATES_TO edges carry these.
FACT_ONLY_CASES: dict[str, dict[str, Any]] = {
    "graphiti-invalid_at-past": {"invalid_at": PAST},
    "graphiti-expired_at-set": {"expired_at": PAST},
}


@pytest.fixture
async def spaces(store: Neo4jStore, unique_id: str) -> AsyncIterator[dict[str, str]]:
    """Two agents' four spaces, emptied after the test."""
    named = {
        "a_public": group_id(f"pa{unique_id}", Visibility.PUBLIC),
        "a_private": group_id(f"pa{unique_id}", Visibility.PRIVATE),
        "b_public": group_id(f"pb{unique_id}", Visibility.PUBLIC),
        "b_private": group_id(f"pb{unique_id}", Visibility.PRIVATE),
        # Agent "pa<id>-public": its private space's Lucene tokens contain A's public phrase.
        "c_private": group_id(f"pa{unique_id}-public", Visibility.PRIVATE),
    }
    yield named
    await cleanup(store, list(named.values()))


def _uuids(hits: list[SearchHit]) -> set[str]:
    return {h.uuid for h in hits}


async def _seed_case(
    store: Neo4jStore, group: str, overrides: dict[str, Any], fact_only: bool
) -> tuple[set[str], set[str]]:
    """Controls (eligible) and bad elements that all match the word 'zephyr'."""
    bad_props = props() if fact_only else props(**overrides)
    anchor, other, good_entity, bad_entity = await add_entities(
        store,
        group,
        [
            ("zephyr anchor", props()),
            ("widget", props()),
            ("zephyr control entity", props()),
            ("zephyr flagged entity", bad_props),
        ],
    )
    fact_extra = overrides if fact_only else {}
    good_fact, bad_fact = await add_facts(
        store,
        group,
        [
            {"source": anchor, "target": other, "fact": "zephyr control fact", "props": props()},
            # The bad fact touches the anchor, so graph expansion reaches it too.
            {
                "source": anchor,
                "target": bad_entity,
                "fact": "zephyr flagged fact",
                "props": props(**({} if fact_only else overrides)),
                **fact_extra,
            },
        ],
    )
    good_episode, bad_episode = await add_episodes(
        store,
        group,
        [
            ("zephyr control episode", props(), [anchor]),
            ("zephyr flagged episode", bad_props, [anchor]),
        ],
    )
    controls = {good_fact, good_entity, good_episode}
    bad = {bad_fact} if fact_only else {bad_fact, bad_entity, bad_episode}
    return controls, bad


async def _every_channel(store: Neo4jStore, group: str, policy: ContextPolicy) -> set[str]:
    """uuids each channel's Cypher returns, before the Python re-check in _hit ever runs."""
    ch = channels.Channel(
        store=store, group_ids=(group,), policy=policy, now=NOW, limit=50, embedder=EMBEDDER.name
    )
    lucene = channels.lucene_query("zephyr anchor", [group])
    assert lucene is not None
    vector = EMBEDDER.embed("zephyr anchor")
    anchors = await store.execute(
        "MATCH (n:Entity {group_id: $g, name: 'zephyr anchor'}) RETURN n.uuid AS u", {"g": group}
    )
    rows: list[dict[str, Any]] = []
    for kind in MemoryKind:
        rows += await channels.fulltext(ch, kind, lucene)
    for kind in MemoryKind:
        rows += await channels.vector(ch, kind, vector)
    rows += await channels.expansion(ch, [r["u"] for r in anchors])
    return {str(r["uuid"]) for r in rows}


@pytest.mark.parametrize(
    ("overrides", "fact_only"),
    [pytest.param(v, False, id=k) for k, v in NODE_AND_FACT_CASES.items()]
    + [pytest.param(v, True, id=k) for k, v in FACT_ONLY_CASES.items()],
)
async def test_default_policy_excludes(
    store: Neo4jStore, spaces: dict[str, str], overrides: dict[str, Any], fact_only: bool
) -> None:
    group = spaces["a_public"]
    controls, bad = await _seed_case(store, group, overrides, fact_only)

    hits = await policy_search(
        store, EMBEDDER, SearchRequest(query="zephyr", group_ids=[group], policy=DEFAULT, limit=50)
    )
    assert controls <= _uuids(hits), "the eligible controls must be found (the search works)"
    assert not bad & _uuids(hits)
    # And in the Cypher itself, channel by channel (not only after the Python re-check).
    from_cypher = await _every_channel(store, group, DEFAULT)
    assert controls & from_cypher
    assert not bad & from_cypher


async def test_missing_status_is_excluded_even_for_owner_review(
    store: Neo4jStore, spaces: dict[str, str]
) -> None:
    group = spaces["a_public"]
    controls, bad = await _seed_case(store, group, {"truth_status": MISSING}, fact_only=False)
    review = ContextPolicy.owner_review(include_malicious=True)
    hits = await policy_search(
        store, EMBEDDER, SearchRequest(query="zephyr", group_ids=[group], policy=review, limit=50)
    )
    assert controls <= _uuids(hits)
    assert not bad & _uuids(hits)
    assert not bad & await _every_channel(store, group, review)


async def test_presets_widen_only_what_they_say(store: Neo4jStore, spaces: dict[str, str]) -> None:
    group = spaces["a_public"]
    _, unverified = await _seed_case(store, group, {"truth_status": "unverified"}, False)
    _, quarantined = await _seed_case(store, group, {"security_status": "quarantined"}, False)
    _, malicious = await _seed_case(store, group, {"security_status": "malicious"}, False)

    async def found(policy: ContextPolicy) -> set[str]:
        hits = await policy_search(
            store,
            EMBEDDER,
            SearchRequest(query="zephyr", group_ids=[group], policy=policy, limit=100),
        )
        return _uuids(hits)

    widened = await found(ContextPolicy.including_unverified())
    assert unverified <= widened
    assert not (quarantined | malicious) & widened
    review = await found(ContextPolicy.owner_review())
    assert (unverified | quarantined) <= review
    assert not malicious & review
    assert malicious <= await found(ContextPolicy.owner_review(include_malicious=True))


async def test_full_limit_when_ninety_percent_are_quarantined(
    store: Neo4jStore, spaces: dict[str, str]
) -> None:
    group = spaces["a_public"]
    source, target = await add_entities(store, group, [("alpha", props()), ("beta", props())])
    # 200 facts match "quasar"; the 180 quarantined ones mention it twice, so they outrank
    # every clean fact in the Lucene index - the worst case for filtering after the index LIMIT.
    facts = [
        {
            "source": source,
            "target": target,
            "fact": f"quasar quasar reading {i}",
            "props": props(security_status="quarantined"),
        }
        for i in range(180)
    ] + [
        {"source": source, "target": target, "fact": f"quasar reading {i}", "props": props()}
        for i in range(20)
    ]
    clean = set((await add_facts(store, group, facts))[180:])

    # Baseline: the plain index top-10 holds only quarantined facts, so post-filtering it
    # (what Graphiti's fulltext path amounts to) returns nothing eligible.
    raw = await store.execute(
        "CALL db.index.fulltext.queryRelationships('edge_name_and_fact', $q, {limit: 10}) "
        "YIELD relationship RETURN relationship.security_status AS s",
        {"q": channels.lucene_query("quasar", [group])},
    )
    assert [r["s"] for r in raw] == [SecurityStatus.QUARANTINED.value] * 10

    policy = ContextPolicy(kinds=frozenset({MemoryKind.FACT}))
    hits = await policy_search(
        store, EMBEDDER, SearchRequest(query="quasar", group_ids=[group], policy=policy, limit=10)
    )
    assert len(hits) == 10
    assert _uuids(hits) <= clean
    # The fulltext channel on its own also fills the limit (the window grew past 180).
    ch = channels.Channel(
        store=store, group_ids=(group,), policy=policy, now=NOW, limit=10, embedder=EMBEDDER.name
    )
    lucene = channels.lucene_query("quasar", [group])
    assert lucene is not None
    assert {r["uuid"] for r in await channels.fulltext(ch, MemoryKind.FACT, lucene)} <= clean
    assert len(await channels.fulltext(ch, MemoryKind.FACT, lucene)) == 10


async def _seed_spaces(
    store: Neo4jStore, spaces: dict[str, str]
) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Per space: the elements matching 'nebula', and every element."""
    owned: dict[str, set[str]] = {}
    every: dict[str, set[str]] = {}
    for name, group in spaces.items():
        a, b = await add_entities(store, group, [(f"nebula {name}", props()), ("x", props())])
        facts = await add_facts(
            store,
            group,
            [{"source": a, "target": b, "fact": f"nebula fact {name}", "props": props()}],
        )
        episodes = await add_episodes(store, group, [(f"nebula episode {name}", props(), [a])])
        owned[name] = {a, facts[0], episodes[0]}
        every[name] = owned[name] | {b}
    return owned, every


async def test_group_isolation(store: Neo4jStore, spaces: dict[str, str]) -> None:
    owned, every = await _seed_spaces(store, spaces)

    public = await policy_search(
        store,
        EMBEDDER,
        SearchRequest(query="nebula", group_ids=[spaces["a_public"]], policy=DEFAULT, limit=50),
    )
    assert _uuids(public) == owned["a_public"]
    assert {h.group_id for h in public} == {spaces["a_public"]}
    assert {h.visibility for h in public} == {Visibility.PUBLIC}

    owner_groups = [spaces["a_private"], spaces["a_public"]]
    both = await policy_search(
        store,
        EMBEDDER,
        SearchRequest(query="nebula", group_ids=owner_groups, policy=DEFAULT, limit=50),
    )
    assert _uuids(both) == owned["a_public"] | owned["a_private"]

    narrowed = ContextPolicy(visibilities=frozenset({Visibility.PUBLIC}))
    only_public = await policy_search(
        store,
        EMBEDDER,
        SearchRequest(query="nebula", group_ids=owner_groups, policy=narrowed, limit=50),
    )
    assert _uuids(only_public) == owned["a_public"]
    # Naming another group in Lucene syntax changes nothing (it is escaped, and Cypher filters).
    # (Words like "agent"/"public" do match the indexed group_id field, so A's own elements may
    # all come back - but only A's public ones.)
    for text in (
        f'group_id:"{spaces["b_public"]}"',
        f"nebula {spaces['b_private']}",
        f"nebula {spaces['c_private']}",
    ):
        hits = await policy_search(
            store,
            EMBEDDER,
            SearchRequest(query=text, group_ids=[spaces["a_public"]], policy=DEFAULT, limit=50),
        )
        assert _uuids(hits) <= every["a_public"]


HOSTILE_QUERIES = [
    "'}) DETACH DELETE n //",
    '") MATCH (n) DETACH DELETE n RETURN 1 //',
    "nebula' OR 1=1 --",
    "*:*",
    "group_id:*",
    "nebula OR *:*",
    "\\",
    '"',
    "AND OR NOT",
    "$p0 {limit: 100000}",
    "nebula~ nebula^1000 /neb.*/",
    "nebula) OR (group_id:agent",
    "CALL db.index.fulltext.drop('edge_name_and_fact')",
    "\x00 nebula \u202e",
    "x " * 500,
]


@pytest.mark.parametrize("text", HOSTILE_QUERIES, ids=range(len(HOSTILE_QUERIES)))
async def test_injection_attempts_change_nothing(
    store: Neo4jStore, spaces: dict[str, str], text: str
) -> None:
    _, every = await _seed_spaces(store, spaces)
    every_group = list(spaces.values())
    before = await snapshot(store, every_group)
    hits = await policy_search(
        store,
        EMBEDDER,
        SearchRequest(query=text, group_ids=[spaces["a_public"]], policy=DEFAULT, limit=10),
    )
    assert _uuids(hits) <= every["a_public"]
    assert await snapshot(store, every_group) == before
    indexes = await store.execute("SHOW FULLTEXT INDEXES YIELD name RETURN collect(name) AS n")
    assert "edge_name_and_fact" in indexes[0]["n"]


async def test_empty_group_list_raises(store: Neo4jStore) -> None:
    with pytest.raises(InvalidRequest, match="empty group_id list"):
        await policy_search(
            store, EMBEDDER, SearchRequest(query="x", group_ids=[], policy=DEFAULT, limit=10)
        )


@pytest.mark.parametrize("groups", [["all"], ["agent-x-shared"], [""], ["agent-X-public"]])
async def test_non_space_group_raises(store: Neo4jStore, groups: list[str]) -> None:
    with pytest.raises(InvalidRequest):
        await policy_search(
            store, EMBEDDER, SearchRequest(query="x", group_ids=groups, policy=DEFAULT, limit=10)
        )


@pytest.mark.parametrize("limit", [0, -1, 10_000])
async def test_limit_bounds(store: Neo4jStore, spaces: dict[str, str], limit: int) -> None:
    with pytest.raises(InvalidRequest, match="limit"):
        await policy_search(
            store,
            EMBEDDER,
            SearchRequest(query="x", group_ids=[spaces["a_public"]], policy=DEFAULT, limit=limit),
        )


async def test_hit_shape(store: Neo4jStore, spaces: dict[str, str]) -> None:
    owned, _ = await _seed_spaces(store, spaces)
    hits = await policy_search(
        store,
        EMBEDDER,
        SearchRequest(
            query="nebula fact", group_ids=[spaces["a_public"]], policy=DEFAULT, limit=10
        ),
    )
    assert _uuids(hits) == owned["a_public"]
    fact = next(h for h in hits if h.kind is MemoryKind.FACT)
    assert fact.text.startswith("nebula fact")
    assert fact.status.truth is TruthStatus.SUPPORTED
    assert fact.status.trusted
    assert fact.provenance.source_type == "user_message"
    assert fact.provenance.decision_id == "dec-seed"
    assert fact.created_at is not None
    assert fact.created_at.tzinfo is not None
    entity = next(h for h in hits if h.kind is MemoryKind.ENTITY)
    assert len(entity.provenance.episodes) == 1  # the episode that mentions it
    assert hits == sorted(hits, key=lambda h: -h.score)
    dumped = fact.model_dump(mode="json")
    assert dumped["kind"] == "fact"
    assert dumped["visibility"] == "public"


async def test_session_neighbours_obey_the_policy(
    store: Neo4jStore, spaces: dict[str, str]
) -> None:
    """The neighbour step is a channel too: an ineligible turn next to a hit, or a turn
    of another space, never joins the candidates."""
    group, other = spaces["a_public"], spaces["b_public"]
    session = datetime(2023, 5, 8, tzinfo=UTC)

    def turn(minute: int, **overrides: Any) -> dict[str, Any]:
        return props(valid_at=session, created_at=NOW + timedelta(minutes=minute), **overrides)

    seed, good, before_bad = await add_episodes(
        store,
        group,
        [
            ("orion seed turn", turn(2), []),
            ("orion next turn", turn(4), []),
            ("orion flagged turn", turn(1, security_status="quarantined"), []),
        ],
    )
    await add_episodes(store, other, [("orion other space", turn(3), [])])
    ch = channels.Channel(
        store=store, group_ids=(group,), policy=DEFAULT, now=NOW, limit=10, embedder=EMBEDDER.name
    )
    cand = Candidate(MemoryKind.EPISODE, {"uuid": seed}, "", [seed], session)
    found = {str(r["uuid"]) for r in (await channels.session_neighbors(ch, [cand]))[seed]}
    assert found == {good}, "the next eligible turn of the same space and session only"
    assert before_bad not in found
