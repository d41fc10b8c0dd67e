"""Seed 001 §4, twenty-sixth session: a health question put to the reader asserts nothing.

"Are you suffering from pain and fever?" (a doctor's question in DailyDialog's dev half) was
refused as a forbidden category: the health rules read "suffering from" anywhere. Seed 001 §4
refuses a condition *asserted about a person*; a yes/no question asked of "you" asserts nothing
about anyone. So a health hit is cancelled when its own clause is a question to the reader: the
clause opens with "are / were / have / do / did you" (an "also", "ever", "been" between) right
before the hit, and ends with "?" (``firewall/asked_of_you.py``). A question that carries an
assertion still refuses: about someone else, in the first person, or after "that". Every text
is written for this test.
"""

from __future__ import annotations

import pytest
from family_checks import owner_write

from a4s_memory.contract import StopReason


@pytest.mark.parametrize(
    "text",
    [
        "Are you suffering from headaches at night?",
        "Good morning. Are you also suffering from a sore throat?",
        "Have you ever been diagnosed with asthma?",
        "Do you have diabetes or high blood pressure?",
        "Are you taking any medication at the moment?",
        "OK. And are you still taking the painkillers?",
        "Did you have asthma as a child?",
        # a second question after ", and" / ", or" (twenty-seventh session: a pharmacist's
        # question in hand-written chat turns)
        "Have you taken anything like this before, and are you on any other medication?",
        "Have you had a reaction to it, or are you taking any medication?",
    ],
)
def test_a_health_question_put_to_the_reader_is_stored(text: str) -> None:
    assert owner_write(text).stop_reason is StopReason.SUCCESS_STORED


@pytest.mark.parametrize(
    "text",
    [
        # assertions, some inside a question
        "I was diagnosed with diabetes last spring.",
        "Are you aware that I was diagnosed with diabetes?",
        "Do you know Anna has diabetes?",
        "Have you heard that Tom suffers from epilepsy?",
        "Are you suffering from the same cancer I was diagnosed with?",
        "I have diabetes, do you?",
        # a statement about "you", not a question
        "You are suffering from pneumonia.",
        "Are you kidding? She is suffering from depression.",
        "She stopped eating, and you know she is on antidepressants?",
    ],
)
def test_an_assertion_about_a_person_is_still_refused(text: str) -> None:
    assert owner_write(text).stop_reason is StopReason.FORBIDDEN_CATEGORY
