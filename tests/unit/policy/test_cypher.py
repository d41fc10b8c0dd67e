"""Cypher predicate builder: values only ever in parameters, names only from allow-lists."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from a4s_memory.contract import STATUS_PROPERTIES, SecurityStatus, TruthStatus
from a4s_memory.policy import (
    ALLOWED_PROPERTIES,
    ContextPolicy,
    CypherParams,
    group_predicate,
    policy_predicate,
    prop,
)

NOW = datetime(2025, 6, 1, tzinfo=UTC)
HOSTILE = "x'}) DETACH DELETE n //\"`$p0"


def test_params_hand_out_fresh_names() -> None:
    params = CypherParams()
    assert [params.add(1), params.add("a"), params.add(2)] == ["$p0", "$p1", "$p2"]
    assert params.values == {"p0": 1, "p1": "a", "p2": 2}
    assert len(params) == 3


def test_params_share_the_placeholder_of_an_equal_value() -> None:
    """A combined statement sends each value once (the policy's sets, ``now``, the vector)."""
    params = CypherParams()
    when = datetime(2024, 1, 1, tzinfo=UTC)
    first = [params.add(1), params.add(when), params.add([0.5, 1.0]), params.add(frozenset("ab"))]
    again = [params.add(1), params.add(when), params.add((0.5, 1.0)), params.add(["a", "b"])]
    assert again == first
    assert len(params) == 4


def test_params_keep_apart_what_only_compares_equal() -> None:
    params = CypherParams()
    names = [params.add(1), params.add(True), params.add(1.0), params.add("1")]
    utc = datetime(2024, 1, 1, 8, tzinfo=UTC)
    names += [params.add(utc), params.add(utc.astimezone(timezone(timedelta(hours=2))))]
    names += [params.add({"a": 1}), params.add({"a": 1}), params.add([[1]]), params.add([[1]])]
    assert len(set(names)) == len(names) == len(params)


def test_params_normalise_enums_and_sets() -> None:
    params = CypherParams("q")
    params.add(frozenset({TruthStatus.SUPPORTED, TruthStatus.UNVERIFIED}))
    assert params.values == {"q0": ["supported", "unverified"]}


@pytest.mark.parametrize("prefix", ["", "P", "p0", "p-", "p x", "toolongprefix"])
def test_params_refuse_bad_prefix(prefix: str) -> None:
    with pytest.raises(ValueError, match="prefix"):
        CypherParams(prefix)


def test_default_predicate_text_and_params() -> None:
    params = CypherParams()
    text = policy_predicate("e", ContextPolicy.default(), params, NOW)
    assert text == (
        "e.truth_status IN $p0 AND e.retrieval_status IN $p1 AND e.security_status IN $p2"
        " AND e.freshness_status IN $p3 AND e.sensitivity IN $p4"
        " AND (e.expires_at IS NULL OR e.expires_at > $p5)"
        " AND (e.invalid_at IS NULL OR e.invalid_at > $p5) AND e.expired_at IS NULL"
    )
    assert params.values == {
        "p0": ["supported"],
        "p1": ["normal"],
        "p2": ["clean"],
        "p3": ["fresh"],
        "p4": ["internal", "public"],
        "p5": NOW,
    }


def test_no_coalesce_ever() -> None:
    # A coalesce to a permissive default would let elements with a missing status through.
    for policy in (ContextPolicy.default(), ContextPolicy.owner_review()):
        assert "coalesce" not in policy_predicate("e", policy, CypherParams(), NOW).lower()


def test_node_predicate_has_no_fact_invalidation() -> None:
    text = policy_predicate("n", ContextPolicy.default(), CypherParams(), NOW, temporal=False)
    assert "invalid_at" not in text
    assert "expired_at" not in text
    assert "n.expires_at" in text


def test_owner_review_drops_temporal_clauses_but_keeps_status_axes() -> None:
    params = CypherParams()
    text = policy_predicate("e", ContextPolicy.owner_review(), params, NOW)
    assert "expires_at" not in text
    assert "invalid_at" not in text
    assert "e.security_status IN $p2" in text
    assert SecurityStatus.MALICIOUS.value not in params.values["p2"]


def test_hostile_values_only_reach_parameters() -> None:
    params = CypherParams()
    text = group_predicate("e", [HOSTILE, "agent-a-public"], params)
    assert text == "e.group_id IN $p0"
    assert HOSTILE not in text
    assert "DETACH" not in text
    assert params.values["p0"] == [HOSTILE, "agent-a-public"]


@pytest.mark.parametrize("name", ["fact", "name_embedding", "truth_status) OR true //", "", "e.x"])
def test_unknown_property_raises(name: str) -> None:
    with pytest.raises(ValueError, match="allow-list"):
        prop("e", name)


@pytest.mark.parametrize("alias", ["", "E", "1e", "e.x", "e x", "e})", "`e`", "a" * 17])
def test_bad_alias_raises(alias: str) -> None:
    with pytest.raises(ValueError, match="alias"):
        policy_predicate(alias, ContextPolicy.default(), CypherParams(), NOW)


def test_allow_list_is_status_plus_graphiti_fields() -> None:
    assert set(STATUS_PROPERTIES) <= ALLOWED_PROPERTIES
    assert {"group_id", "invalid_at", "expired_at", "valid_at"} <= ALLOWED_PROPERTIES
    assert "fact_embedding" not in ALLOWED_PROPERTIES


def test_empty_group_list_raises() -> None:
    with pytest.raises(ValueError, match="empty group"):
        group_predicate("e", [], CypherParams())


def test_naive_now_raises() -> None:
    with pytest.raises(ValueError, match="timezone"):
        policy_predicate("e", ContextPolicy.default(), CypherParams(), datetime(2025, 1, 1))
