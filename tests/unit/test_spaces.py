from __future__ import annotations

import pytest

from a4s_memory.contract import Visibility
from a4s_memory.errors import InvalidRequest
from a4s_memory.spaces import Space, group_id, parse_group_id, spaces_of, validate_agent_id


def test_group_ids_follow_the_contract() -> None:
    assert group_id("assistant-001", "private") == "agent-assistant-001-private"
    assert group_id("researcher_042", Visibility.PUBLIC) == "agent-researcher_042-public"
    assert spaces_of("a1") == {
        Visibility.PRIVATE: "agent-a1-private",
        Visibility.PUBLIC: "agent-a1-public",
    }


def test_visibility_accepts_any_case() -> None:
    assert group_id("a1", "PUBLIC") == "agent-a1-public"


def test_unknown_visibility_is_an_error() -> None:
    with pytest.raises(ValueError, match="shared"):
        group_id("a1", "shared")


@pytest.mark.parametrize("agent_id", ["a", "0", "a" * 63, "a-b_c-9"])
def test_valid_agent_ids(agent_id: str) -> None:
    assert validate_agent_id(agent_id) == agent_id


@pytest.mark.parametrize("agent_id", ["", "a" * 64, "_a", "A", "a.b", None, 7])
def test_invalid_agent_ids(agent_id: object) -> None:
    with pytest.raises(InvalidRequest):
        validate_agent_id(agent_id)


def test_parse_round_trip() -> None:
    space = parse_group_id("agent-assistant-001-private")
    assert space == Space("assistant-001", Visibility.PRIVATE)
    assert space.group_id == "agent-assistant-001-private"


@pytest.mark.parametrize(
    "value", ["", "agent--public", "agent-a-shared", "user-a-public", "agent-A-public"]
)
def test_parse_rejects_non_spaces(value: str) -> None:
    with pytest.raises(InvalidRequest):
        parse_group_id(value)
