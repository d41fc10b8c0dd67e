"""Seed 001 §4.1 caste, ethnicity, race asserted about a person (twenty-sixth session):
the pattern of ``cat.identity.ethnicity`` (built in :mod:`category_rules`, triggers in
:mod:`category_triggers`).

A person (:data:`category_person.WHO`: a pronoun, a family member of "my", a capitalised name)
joined by "is / was / 'm ..." (``BE``) to what is said of them: of a descent, ancestry, heritage or
extraction ("of Korean descent"), "ethnically <Name>", "<Name> by ancestry / descent / birth",
bi- or multiracial or mixed race, of a caste ("belongs to the Dalit caste", "is a Brahmin").
A topic ("an exhibit on Korean heritage", "the caste system") has no such person and passes.
Nationality alone ("I'm German", "she moved from Sweden") is not read: LoCoMo's chat is full of
it. Bounded word runs and possessive blanks only: linear (tests/unit/firewall/test_fw_linear_time.py).
Tests: tests/unit/firewall/test_fw_ethnicity.py.
"""

from __future__ import annotations

from typing import Final

from a4s_memory.firewall.category_person import BE, WHO

__all__ = ["ETHNICITY", "ETHNICITY_TRIGGERS"]

_CASTES: Final = r"(?:[Dd]alit|[Bb]rahmin|[Kk]shatriya|[Vv]aishya|[Ss]hudra)"
ETHNICITY: Final = (
    WHO + BE + r"\s++(?:"
    # of Korean descent / of mixed Irish and Ghanaian heritage
    r"(?:(?:half|partly|part|mostly|also)\s++)?of\s++(?:[\w-]+\s++){1,4}?"
    r"(?:descent|ancestry|heritage|extraction)\b"
    # ethnically Chinese; half Japanese by ancestry; British by birth
    r"|(?:also\s++)?ethnically\s++[A-Z]\w*+"
    r"|(?:(?:half|partly|part)\s++)?[A-Z]\w*+\s++by\s++(?:ancestry|descent|heritage|birth|blood)\b"
    # biracial, multiracial, mixed race
    r"|(?:also\s++)?(?:an?\s++)?(?:[Bb]i-?racial|[Mm]ulti-?racial|[Mm]ixed[- ]race)\b"
    # a Dalit, a Brahmin
    r"|(?:an?\s++)?" + _CASTES + r"\b)"
    # belongs to the Dalit caste
    r"|" + WHO + r"\s++(?:belongs?|belonged)\s++to\s++(?:the\s++|an?\s++)?(?:[\w-]+\s++)?caste\b"
)
# every match holds one of these, lower-cased (category_triggers; test_fw_speed checks it)
ETHNICITY_TRIGGERS: Final = (
    "descent",
    "ancestry",
    "heritage",
    "extraction",
    "ethnically",
    "birth",
    "blood",
    "racial",
    "mixed",
    "caste",
    "dalit",
    "brahmin",
    "kshatriya",
    "vaishya",
    "shudra",
)
