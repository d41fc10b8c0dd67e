"""How a structured item resolves against stored entities and facts (no I/O): the decisions
Graphiti's add_triplet takes on the offline instance (tests/integration/test_structured_direct.py
compares the stored graphs)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from graphiti_core.edges import EntityEdge
from graphiti_core.nodes import EntityNode

from a4s_memory.store.item_rules import edge_of, node_of, resolve_edge, resolve_node

T0 = datetime(2026, 1, 1, tzinfo=UTC)
G = "agent-x-public"


def _node(name: str, minutes: int = 0) -> EntityNode:
    return EntityNode(
        name=name, group_id=G, labels=["Entity"], created_at=T0 + timedelta(minutes=minutes)
    )


def _edge(source: str, target: str, fact: str, minutes: int, **dates: datetime) -> EntityEdge:
    at = T0 + timedelta(minutes=minutes)
    return EntityEdge(
        source_node_uuid=source,
        target_node_uuid=target,
        name="PREFERENCE",
        fact=fact,
        group_id=G,
        episodes=[f"ep{minutes}"],
        created_at=at,
        valid_at=at,
        **dates,
    )


def test_a_name_resolves_up_to_case_blanks_and_article_preferring_case_only_then_the_oldest() -> (
    None
):
    article, upper, lower = _node("The  Drink", 1), _node("DRINK", 2), _node("drink", 3)
    # Equal up to case and blanks (Graphiti's exact pass) beats an older one with an article.
    assert resolve_node("drink", [lower, article, upper]) is upper
    assert resolve_node("the drink", [upper, article]) is article
    assert resolve_node("a drink", [lower, upper]) is upper  # the article alone: the oldest
    assert resolve_node("drinks", [upper, article]) is None


def test_a_first_fact_is_new_and_invalidates_nothing() -> None:
    new = _edge("u", "k", "drink: tea", 10)
    resolution = resolve_edge(new, [], "ep10")
    assert resolution.resolved is new and resolution.invalidated == []


def test_another_value_invalidates_the_older_at_the_new_ones_valid_at() -> None:
    old = _edge("u", "k", "drink: tea", 1)
    new = _edge("u", "k", "drink: coffee", 10)
    resolution = resolve_edge(new, [old], "ep10")
    assert resolution.resolved is new
    assert resolution.invalidated == [old]
    assert old.invalid_at == new.valid_at and old.expired_at is not None
    assert new.invalid_at is None and new.expired_at is None


def test_an_already_invalid_value_is_not_invalidated_again() -> None:
    ended = T0 + timedelta(minutes=5)
    old = _edge("u", "k", "drink: tea", 1, invalid_at=ended, expired_at=ended)
    new = _edge("u", "k", "drink: coffee", 10)
    assert resolve_edge(new, [old], "ep10").invalidated == []
    assert old.invalid_at == ended


def test_the_same_fact_again_is_the_stored_edge_with_the_episode_even_when_invalidated() -> None:
    ended = T0 + timedelta(minutes=5)
    old = _edge("u", "k", "Drink: Tea", 1, invalid_at=ended, expired_at=ended)
    valid = _edge("u", "k", "drink: coffee", 5)
    resolution = resolve_edge(_edge("u", "k", "drink:  tea", 10), [valid, old], "ep10")
    # Graphiti's fast path: the same text (case, blanks) and direction -> that edge, nothing else.
    assert resolution.resolved is old and resolution.invalidated == []
    assert old.episodes == ["ep1", "ep10"] and old.invalid_at == ended


def test_a_duplicate_by_the_offline_rules_is_reused_and_still_contradicts() -> None:
    reversed_tea = _edge("k", "u", "drink: tea", 1)  # other direction: not the fast path
    coffee = _edge("u", "k", "drink: coffee", 5)
    resolution = resolve_edge(_edge("u", "k", "drink: tea", 10), [coffee, reversed_tea], "ep10")
    assert resolution.resolved is reversed_tea
    assert reversed_tea.episodes == ["ep1", "ep10"]
    # The reused edge dates from minute 1; coffee (minute 5) is later, so the reused edge is the
    # one that ends (Graphiti's temporal rule), and coffee stays valid.
    assert resolution.invalidated == []
    assert reversed_tea.invalid_at == coffee.valid_at


def test_stored_properties_read_back_as_graphiti_reads_them() -> None:
    node = node_of(
        {
            "uuid": "n1",
            "name": "User",
            "group_id": G,
            "created_at": T0,
            "a4s_x": 1,
            "labels": ["Entity"],
        },
        ["Entity", "Entity_agentxpublic"],
    )
    assert node.summary == "" and node.attributes == {"a4s_x": 1}
    edge = edge_of(
        {
            "uuid": "e1",
            "source_node_uuid": "n1",
            "target_node_uuid": "n2",
            "fact": "drink: tea",
            "name": "PREFERENCE",
            "group_id": G,
            "episodes": ["ep"],
            "created_at": T0,
            "valid_at": T0,
            "fact_embedding": [0.5],
            "truth_status": "supported",
        }
    )
    assert edge.invalid_at is None and edge.fact_embedding == [0.5]
    assert edge.attributes == {"truth_status": "supported"}
