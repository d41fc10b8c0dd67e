"""The access rules of the isolation design / docs/rules.md, decided without I/O."""

from __future__ import annotations

import pytest

from a4s_memory.access import (
    AccessRequest,
    Action,
    AgentRecord,
    decide,
    decide_registration,
    require_group_ids,
)
from a4s_memory.contract import StopReason, Visibility
from a4s_memory.errors import AccessDenied, InvalidRequest, NotFound

AGENT = AgentRecord(agent_id="assistant-001", owner_id="alice")
PRIVATE = "agent-assistant-001-private"
PUBLIC = "agent-assistant-001-public"


def request(requester: str, action: Action, **kw: object) -> AccessRequest:
    fields: dict[str, object] = {
        "requester_id": requester,
        "agent_id": "assistant-001",
        "agent": AGENT,
        "action": action,
    }
    fields.update(kw)
    return AccessRequest.model_validate(fields)


def test_owner_searches_both_spaces() -> None:
    decision = decide(request("alice", Action.SEARCH))
    assert decision.allowed and decision.is_owner
    assert set(decision.group_ids) == {PRIVATE, PUBLIC}
    assert decision.stop_reason is StopReason.SUCCESS_READ


@pytest.mark.parametrize("action", list(Action))
@pytest.mark.parametrize("visibility", list(Visibility))
def test_owner_may_do_everything_in_either_space(action: Action, visibility: Visibility) -> None:
    decision = decide(request("alice", action, visibility=visibility))
    assert decision.allowed
    assert decision.group_ids == (f"agent-assistant-001-{visibility.value}",)


def test_other_searches_public_only() -> None:
    decision = decide(request("bob", Action.SEARCH))
    assert decision.allowed and not decision.is_owner
    assert decision.group_ids == (PUBLIC,)


def test_other_reads_public_element() -> None:
    assert decide(request("bob", Action.READ, visibility=Visibility.PUBLIC)).group_ids == (PUBLIC,)


def test_other_cannot_read_private_element() -> None:
    decision = decide(request("bob", Action.READ, visibility=Visibility.PRIVATE))
    assert not decision.allowed
    assert decision.stop_reason is StopReason.POLICY_DISABLED
    with pytest.raises(AccessDenied):
        decision.raise_if_denied()


@pytest.mark.parametrize(
    "action",
    [
        Action.WRITE,
        Action.DELETE,
        Action.PROMOTE,
        Action.QUARANTINE,
        Action.ROLLBACK,
        Action.READ_AUDIT,
    ],
)
@pytest.mark.parametrize("visibility", [None, Visibility.PUBLIC, Visibility.PRIVATE])
def test_other_cannot_change_anything(action: Action, visibility: Visibility | None) -> None:
    decision = decide(request("bob", action, visibility=visibility))
    assert not decision.allowed
    assert decision.group_ids == ()
    with pytest.raises(AccessDenied):
        decision.raise_if_denied()


def test_admin_may_quarantine_confirm_and_read_audit_but_not_write_or_read_private() -> None:
    assert decide(
        request("root", Action.QUARANTINE, is_admin=True, visibility=Visibility.PRIVATE)
    ).allowed
    assert decide(request("root", Action.READ_AUDIT, is_admin=True)).allowed
    # An admin is the second principal that confirms an owner's write (no self-promotion).
    assert decide(request("root", Action.PROMOTE, is_admin=True)).allowed
    assert not decide(request("root", Action.WRITE, is_admin=True)).allowed
    assert not decide(request("root", Action.DELETE, is_admin=True)).allowed
    assert decide(request("root", Action.SEARCH, is_admin=True)).group_ids == (PUBLIC,)


def test_unknown_agent_is_not_found_for_everyone() -> None:
    for requester in ("alice", "bob"):
        decision = decide(request(requester, Action.SEARCH, agent=None))
        assert not decision.allowed
        with pytest.raises(NotFound):
            decision.raise_if_denied()


def test_mismatched_agent_record_is_denied() -> None:
    other = AgentRecord(agent_id="someone-else", owner_id="alice")
    assert not decide(request("alice", Action.SEARCH, agent=other)).allowed


@pytest.mark.parametrize(
    "agent_id",
    ["", "Agent", "-lead", "a" * 64, "a b", "a/b", "a'}) DETACH DELETE n //", "agent\n1", "ä"],
)
def test_bad_agent_id_is_rejected(agent_id: str) -> None:
    with pytest.raises(InvalidRequest):
        decide(request("alice", Action.SEARCH, agent_id=agent_id))


@pytest.mark.parametrize(
    "requester", ["", " ", "a" * 129, "x'; MATCH (n) DETACH DELETE n", "bob\n"]
)
def test_bad_requester_id_is_rejected(requester: str) -> None:
    with pytest.raises(InvalidRequest):
        decide(request(requester, Action.SEARCH))


def test_empty_group_list_is_refused() -> None:
    with pytest.raises(InvalidRequest):
        require_group_ids([])
    assert require_group_ids([PUBLIC]) == (PUBLIC,)


def test_registration_rules() -> None:
    decide_registration("alice", "alice", is_admin=False)
    decide_registration("root", "alice", is_admin=True)
    with pytest.raises(AccessDenied):
        decide_registration("mallory", "alice", is_admin=False)
