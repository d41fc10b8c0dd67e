""" "Ms." before a name is a title, not multiple sclerosis (forty-fourth session: DialogSum's dev
half, "I'd prefer to speak with Ms. ...", "Who is Ms. ...?", refused as FORBIDDEN_CATEGORY by
cat.health.condition). The texts below were written for this file; the first four failed before.
The condition is written "MS" or "ms"; the title-case "Ms" is the honorific."""

from __future__ import annotations

import pytest

from a4s_memory.contract import StopReason
from a4s_memory.firewall import Firewall, FirewallDecision, WriteRequest


def _check(text: str) -> FirewallDecision:
    return Firewall().check(WriteRequest(text=text, source_type="user_message"))


@pytest.mark.parametrize(
    "text",
    [
        "I have a meeting with Ms. Patel at noon.",
        "Dinner with Ms Lee tomorrow, she is bringing the wine.",
        "The new manager is Ms. Okafor.",
        "I was talking with Ms. Duarte about the lease.",
        "She has MS awareness events every May.",
    ],
)
def test_the_title_ms_is_no_condition(text: str) -> None:
    decision = _check(text)
    assert decision.stop_reason is StopReason.SUCCESS_STORED, [f.rule_id for f in decision.findings]


@pytest.mark.parametrize(
    "text",
    [
        "I was diagnosed with MS last year.",
        "My aunt has MS and uses a cane now.",
        "i have ms, so long walks are hard",
        "I have MS. My doctor changed the dose.",
        "He is living with MS.",
    ],
)
def test_the_condition_ms_is_still_refused(text: str) -> None:
    assert _check(text).stop_reason is StopReason.FORBIDDEN_CATEGORY
