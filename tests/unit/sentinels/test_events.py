"""Audit drafts of sentinels and probes: known kinds, hard_fail marking, no content."""

from __future__ import annotations

from datetime import UTC, datetime

from a4s_memory.audit.events import AuditDraft, ValidationResult
from a4s_memory.sentinels.events import INCIDENT, PROBE, SENTINEL_ALERT, draft


def test_drafts_carry_the_kind_and_the_verdict() -> None:
    ok = draft(PROBE, "a4s-probes", True, count=3)
    bad = draft(INCIDENT, "a4s-probes", False, rejection_reason="probe.poisoning")
    alert = draft(SENTINEL_ALERT, "agent-x", False, memory_id="m1", details={"score_milli": 700})
    for d in (ok, bad, alert):
        assert isinstance(d, AuditDraft)
    assert ok.validation_result is ValidationResult.PASS
    assert bad.validation_result is ValidationResult.HARD_FAIL
    props = alert.properties("e1", datetime.now(UTC))
    assert props["action"] == "sentinel_alert"
    assert props["details"] == '{"score_milli":700}'


def test_unknown_kind_still_drafts() -> None:
    d = draft("sentinel_future_kind", "agent-x", True)
    assert d.properties("e1", datetime.now(UTC))["action"] == "sentinel_future_kind"
