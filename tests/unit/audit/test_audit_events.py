"""The audit event format and the pure chain verification (no I/O)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from a4s_memory.audit.events import (
    GENESIS_HASH,
    AuditAction,
    AuditDraft,
    AuditEventView,
    canonical_json,
    chain_hash,
    content_hash,
    iso_ms,
)
from a4s_memory.store.audit_log import verify_events

NOW = datetime(2026, 2, 21, 10, 0, 0, 123456, tzinfo=UTC)


def _chain(n: int, agent: str = "helper") -> list[dict[str, Any]]:
    events, prev = [], GENESIS_HASH
    for seq in range(1, n + 1):
        draft = AuditDraft(agent_id=agent, action=AuditAction.WRITE, count=seq, details={"a": 1})
        props = draft.properties(f"e{seq}", NOW)
        props.update(seq=seq, prev_hash=prev)
        props["hash"] = chain_hash(props)
        prev = props["hash"]
        events.append(props)
    return events


def test_timestamp_is_g4_millisecond_utc() -> None:
    assert iso_ms(NOW) == "2026-02-21T10:00:00.123Z"


def test_properties_drop_none_and_hold_no_free_text() -> None:
    props = AuditDraft(
        agent_id="helper", action=AuditAction.SEARCH, query_hash=content_hash("q"), count=3
    ).properties("id-1", NOW)
    assert props == {
        "event_id": "id-1",
        "timestamp": "2026-02-21T10:00:00.123Z",
        "agent_id": "helper",
        "action": "search",
        "query_hash": content_hash("q"),
        "count": 3,
    }
    with pytest.raises(ValueError, match="content"):
        AuditDraft(agent_id="helper", action=AuditAction.WRITE, content="secret")  # type: ignore[call-arg]


def test_canonical_json_is_stable_and_excludes_hash() -> None:
    a = canonical_json({"b": 1, "a": "é", "hash": "x", "n": None})
    assert a == '{"a":"é","b":1}'
    assert chain_hash({"a": 1, "hash": "anything"}) == chain_hash({"a": 1})


def test_intact_chain_verifies() -> None:
    events = _chain(4)
    result = verify_events("helper", events, {"seq": 4, "hash": events[-1]["hash"]})
    assert result.ok and result.events_checked == 4


@pytest.mark.parametrize(
    ("tamper", "needle"),
    [
        (lambda ev: ev[1].update(count=99), "seq 2: hash mismatch"),
        (lambda ev: ev[1].update(extra="x"), "seq 2: hash mismatch"),
        (lambda ev: ev.pop(1), "seq 3: expected seq 2"),
        (lambda ev: ev[2].update(prev_hash=GENESIS_HASH), "seq 3: prev_hash"),
        (lambda ev: ev.pop(), "chain head says seq 4"),
    ],
)
def test_tampering_is_reported(tamper: Any, needle: str) -> None:
    events = _chain(4)
    head = {"seq": 4, "hash": events[-1]["hash"]}
    tamper(events)
    result = verify_events("helper", events, head)
    assert not result.ok
    assert any(needle in p for p in result.problems), result.problems


def test_anchor_after_pruning() -> None:
    events = _chain(5)
    anchor = {
        "seq": 5,
        "hash": events[-1]["hash"],
        "anchor_seq": 2,
        "anchor_hash": events[1]["hash"],
    }
    assert verify_events("helper", events[2:], anchor).ok
    assert not verify_events("helper", events[3:], anchor).ok


def test_view_parses_details() -> None:
    props = _chain(1)[0]
    view = AuditEventView.from_properties(props)
    assert view.details == {"a": 1} and view.seq == 1 and view.action == "write"
