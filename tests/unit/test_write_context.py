"""The write path's one context and the decision the facade passes down. No I/O: every
refusal below happens before the collaborators (given as None) would be touched."""

from __future__ import annotations

from typing import Any, cast

import pytest

from a4s_memory.access import AccessDecision, Action
from a4s_memory.audit.events import session_ref
from a4s_memory.contract import Category, StopReason
from a4s_memory.errors import AccessDenied
from a4s_memory.lifecycle.service import Lifecycle
from a4s_memory.models import AddMemory, ChatMessage
from a4s_memory.store.ledger import ElementKind
from a4s_memory.store.transitions import ElementRef
from a4s_memory.ttl import Tier
from a4s_memory.write.context import WriteContext
from a4s_memory.write.flow import WriteDeps, screen_write


def _decision(
    action: Action,
    *,
    allowed: bool = True,
    requester: str = "alice",
    groups: tuple[str, ...] = ("agent-dev-private",),
) -> AccessDecision:
    return AccessDecision(
        allowed=allowed,
        requester_id=requester,
        agent_id="dev",
        action=action,
        is_owner=True,
        group_ids=groups if allowed else (),
        reason="test",
        stop_reason=StopReason.SUCCESS_STORED,
    )


def test_the_context_derives_every_field_once() -> None:
    req = AddMemory(
        agent_id="dev",
        messages=[ChatMessage(role="user", content="hi\nthere")],
        session_id="s-1",
        category=Category.PREFERENCE,
        key="drink",
    )
    ctx = WriteContext.of("alice", req)
    assert (ctx.text, ctx.is_message) == ("user: hi there", True)
    assert ctx.session == session_ref("dev", "s-1")
    assert ctx.gate_key is not None and ctx.gate_key.startswith("alice\x00")
    assert ctx.tier is Tier.SEMANTIC and ctx.source_type == "user_message"
    plain = WriteContext.of("alice", AddMemory(agent_id="dev", messages="tea"))
    assert plain.session is None and plain.gate_key is None and plain.tier is Tier.EPISODIC


@pytest.mark.parametrize(
    "decision",
    [
        _decision(Action.WRITE, allowed=False),
        _decision(Action.SEARCH),
        _decision(Action.WRITE, requester="mallory"),
    ],
)
async def test_the_write_path_refuses_a_decision_that_does_not_cover_the_write(
    decision: AccessDecision,
) -> None:
    ctx = WriteContext.of("alice", AddMemory(agent_id="dev", messages="tea"))
    deps = WriteDeps(cast(Any, None), cast(Any, None), cast(Any, None))
    with pytest.raises(AccessDenied):
        await screen_write(deps, ctx, decision)


def _lifecycle() -> Lifecycle:
    return Lifecycle(cast(Any, None), cast(Any, None), cast(Any, None), cast(Any, None))


_REF = ElementRef(uuid="u1", kind=ElementKind.EPISODE, group_id="agent-dev-private")


async def test_lifecycle_checks_the_decision_it_is_given() -> None:
    life = _lifecycle()
    with pytest.raises(AccessDenied):  # a read decision cannot pin
        await life.pin(_decision(Action.READ), _REF, True)
    with pytest.raises(AccessDenied):  # a decision for the public space cannot roll back private
        await life.rollback(_decision(Action.ROLLBACK, groups=("agent-dev-public",)), _REF, 1)
    with pytest.raises(AccessDenied):
        await life.forget(_decision(Action.DELETE, allowed=False), "tea")
    with pytest.raises(AccessDenied):
        await life.audit(_decision(Action.WRITE), None, 5)
