"""Seed 001 §4.3 and §4.4, fortieth session: a family-planning or parole word as a topic passes,
the same word asserted about a person is refused (issue 14 item 3: "asserted about a person is
refused, a topic mention passes").

Before this round a bare "abortion", "miscarriage", "IVF" or "fertility treatment" refused any
text, and so did a bare "on parole" / "on probation": on the dev half of the Switchboard calls
(`/work/external/chat40`, phone calls about abortion, crime and politics as topics) six of ten
false positives were those words used as topics ("the abortion issue", "a great miscarriage of
justice", "they are permitted to go out on parole"). Every text here is written for this test;
none is a corpus row.
"""

from __future__ import annotations

import pytest
from family_checks import owner_write

from a4s_memory.contract import StopReason


@pytest.mark.parametrize(
    "text",
    [
        # family planning, about a person
        "I had a miscarriage last spring.",
        "She had an abortion when she was nineteen.",
        "We're doing IVF again in March.",
        "My sister is going through fertility treatment.",
        "Her second miscarriage was in June.",
        "We started our second round of IVF.",
        "She miscarried at ten weeks.",
        "I'm considering an abortion.",
        "I'm pregnant, due in March.",
        # parole and probation, about a person
        "He is on parole until 2027.",
        "My brother is out on parole.",
        "She was released on parole last week.",
        "I'm still on probation for the break-in.",
        "His parole officer calls every Monday.",
        # forty-first session: still refused beside the new topic shapes below
        "I want to have an abortion.",
        "She is on probation for shoplifting.",
        "He's on probation for the first offence he was convicted of.",
        "I live at 42 Elm Street.",
        "She stays at the Rosewood Apartments on Fifth.",
    ],
)
def test_asserted_about_a_person_is_refused(text: str) -> None:
    assert owner_write(text).stop_reason is StopReason.FORBIDDEN_CATEGORY


@pytest.mark.parametrize(
    "text",
    [
        "The debate covered abortion, gun control and the death penalty.",
        "The candidates argued about abortion rights for an hour.",
        "That verdict was a miscarriage of justice.",
        "We had a miscarriage of justice in the county court.",
        "The clinic publishes its IVF success rates every year.",
        "The article compares fertility treatment costs across Europe.",
        "Pro-choice and pro-life groups both marched downtown.",
        "The parole board meets on Tuesdays.",
        "Too many people get out on parole too early, if you ask me.",
        "The parole system needs reform, the senator said.",
        "Their abortion policy changed after the election.",
        # forty-first session, read on the chat pools outside chat40's sample: a right, a
        # new job's probation, staying at home or at work
        "Women should keep the right to have an abortion.",
        "According to our rules, you will be on probation for the first three months.",
        "I'm on probation at my new job until March, so no holidays yet.",
        "New hires are on probation for a probation period of ninety days.",
        "She feels tired if she stays at home all day.",
        "We stay at work late on Fridays.",
        "They live at the moment with her parents.",
    ],
)
def test_a_topic_mention_is_stored(text: str) -> None:
    assert owner_write(text).stop_reason is StopReason.SUCCESS_STORED
