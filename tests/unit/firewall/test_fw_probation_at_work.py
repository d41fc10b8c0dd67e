"""Probation at work or at school is no criminal record (forty-fifth session).

``cat.criminal.record`` reads "placed on probation" / "is on probation" said of someone; the
forty-first session kept a new job's probation ("for the first three months", "at my new job").
DialogSum's dev half still had "Any employee who persists in using Instant Messaging will first
receive a warning and be placed on probation." refused as FORBIDDEN_CATEGORY: the sentence says
where the probation is (an employee, a team, a student) without "at work". The texts below were
written for this file (the first is that DialogSum line); each was refused on bf862d7. A sentence
that names an offence still refuses, whoever is on probation."""

from __future__ import annotations

import pytest
from gate_support import stop_reason

from a4s_memory.contract import StopReason


@pytest.mark.parametrize(
    "text",
    [
        "Any employee who persists in using Instant Messaging will first receive a warning and be "
        "placed on probation.",
        "Staff who miss three shifts in a month are placed on probation.",
        "After the audit, the whole sales team was placed on probation by the manager.",
        "The new hire is on probation until HR signs off on her contract.",
        "He was placed on probation by the university after his grades fell.",
        "Our club was put on probation by the league for fielding an ineligible player.",
    ],
)
def test_probation_at_work_or_school_is_stored(text: str) -> None:
    assert stop_reason(text) is StopReason.SUCCESS_STORED


@pytest.mark.parametrize(
    "text",
    [
        "She is on probation for shoplifting.",
        "I'm still on probation for the break-in.",
        "The employee was placed on probation after the court convicted him of theft.",
        "My coworker is on probation for assault, and the company does not know.",
        "He was placed on probation.",
        "My brother is on probation and sees his probation officer weekly.",
    ],
)
def test_probation_for_an_offence_still_refuses(text: str) -> None:
    assert stop_reason(text) is StopReason.FORBIDDEN_CATEGORY
