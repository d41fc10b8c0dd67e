"""Seed 001 §4.1, twenty-sixth session: caste, ethnicity and race asserted about a person.

Only "my ethnicity / race / caste is ..." was read (docs/firewall.md "Not done / limits"):
"I'm of Korean descent", "He is ethnically Chinese", "She is biracial", "My family belongs to
the Dalit caste" were stored. ``cat.identity.ethnicity`` reads a person (a pronoun, a name, "my
mother" ...) said to be of a descent, ancestry, heritage or extraction, ethnically something,
of mixed race, or of a caste. A topic mention passes, as for every §4 rule ("an exhibit on
Korean heritage", "the caste system", "race day"). Nationality alone ("I'm German", "she moved
from Sweden") is not read: LoCoMo's chat is full of it. Every text is written for this test.
"""

from __future__ import annotations

import pytest
from family_checks import owner_write

from a4s_memory.contract import StopReason


@pytest.mark.parametrize(
    "text",
    [
        "I'm of Korean descent on my mother's side.",
        "Priya is of Tamil heritage and loves cooking.",
        "He is ethnically Chinese but grew up in Peru.",
        "She is biracial and speaks three languages.",
        "I am mixed-race, so forms with one box annoy me.",
        "My family belongs to the Dalit caste.",
        "My grandfather was of Scottish ancestry.",
        "They are of Punjabi extraction.",
        "Tom is half Japanese by ancestry, half Irish.",
    ],
)
def test_an_ethnicity_asserted_about_a_person_is_refused(text: str) -> None:
    assert owner_write(text).stop_reason is StopReason.FORBIDDEN_CATEGORY


@pytest.mark.parametrize(
    "text",
    [
        "The museum has a new exhibit on Korean heritage.",
        "We discussed the caste system in history class.",
        "Race day is Saturday; bring the running shoes.",
        "The festival celebrates the city's Irish heritage.",
        "She moved from Sweden four years ago.",
        "I'm German and I love hiking.",
        "Heritage Day is a public holiday in September.",
        "The survey asks about ethnicity, but answering is optional.",
    ],
)
def test_a_topic_or_a_nationality_is_stored(text: str) -> None:
    assert owner_write(text).stop_reason is StopReason.SUCCESS_STORED
