"""Seed 001 §4.2 and §4.4, twenty-sixth session: genetic information, disabilities,
prescriptions, recovery from addiction, and time in prison, asserted about a person.

Written from the seed's list, not from any corpus: "I carry the BRCA1 gene mutation", "I'm deaf
in my left ear", "He uses a wheelchair", "I have a prescription for Xanax", "I go to AA meetings",
"I was in prison for two years" were stored. A topic passes ("a lecture on gene mutations",
"wheelchair access at the venue", "the prison reform debate"), and so does a figure of speech
("I was blind to the risk", "she turned a deaf ear"). Every text is written for this test.
"""

from __future__ import annotations

import pytest
from family_checks import owner_write

from a4s_memory.contract import StopReason


@pytest.mark.parametrize(
    "text",
    [
        # genetic information
        "I carry the BRCA1 gene mutation.",
        "My 23andMe results show I have a higher risk for heart disease.",
        "She tested positive for the Huntington's gene.",
        "My genetic test came back with an APOE4 variant.",
        # disabilities
        "I'm deaf in my left ear.",
        "He's deaf in one ear.",
        "He uses a wheelchair since the accident.",
        "My brother is legally blind.",
        "I wear hearing aids in both ears.",
        "Sam is an amputee and runs marathons.",
        # prescriptions, recovery
        "I have a prescription for Xanax.",
        "I go to AA meetings on Tuesdays.",
        "He has been sober for three years after rehab.",
        "I'm a recovering alcoholic.",
        # prison
        "I was in prison for two years.",
        "He served time for fraud in the nineties.",
        "My uncle just got out of jail.",
    ],
)
def test_asserted_about_a_person_is_refused(text: str) -> None:
    assert owner_write(text).stop_reason is StopReason.FORBIDDEN_CATEGORY


@pytest.mark.parametrize(
    "text",
    [
        "The lecture covered how gene mutations spread in bacteria.",
        "Check that the venue has wheelchair access and a ramp.",
        "We watched a documentary about the prison reform debate.",
        "I was blind to the risk until the audit.",
        "She turned a deaf ear to the complaints.",
        "The pharmacy needs the prescription form signed by Friday.",
        "Our team meeting moved to Tuesday; AA batteries are in the drawer.",
        "The escape room was set in an old jail.",
        "I'm going on a blind date tonight.",
        "Tom's disabled notifications are back on.",  # a possessive, not "Tom is"
    ],
)
def test_a_topic_or_a_figure_of_speech_is_stored(text: str) -> None:
    assert owner_write(text).stop_reason is StopReason.SUCCESS_STORED
