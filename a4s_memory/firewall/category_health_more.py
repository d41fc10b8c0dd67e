"""Seed 001 §4.2 and §4.4 asserted about a person (twenty-sixth session): genetic
information, disabilities, prescriptions, recovery from addiction, time in prison. Patterns of
the ``cat.health.genetic``, ``cat.health.disability``, ``cat.health.recovery``,
``cat.health.prescription`` and ``cat.criminal.prison`` rules (built in :mod:`category_rules`,
triggers in :mod:`category_triggers`), written from the seed's list, not from a corpus; and
(fortieth session) the person-bound branches of ``cat.health.pregnancy`` and
``cat.criminal.record`` that replaced a bare word (:data:`FAMILY_PLANNING`, :data:`PAROLE`), and
(forty-fifth session) that rule's context guard for a probation at work or at school
(:func:`probation_at_work`).

Each needs a person (:data:`category_person.WHO`) said to carry a mutation, to be deaf or to use
a wheelchair, to go to AA, to have a prescription, to have been in prison; a topic ("a lecture on
gene mutations", "wheelchair access", "the prison reform debate") and a figure of speech ("blind
to the risk", "a deaf ear", "a blind date") pass. Bounded word runs and possessive blanks only:
linear (tests/unit/firewall/test_fw_linear_time.py). Tests: test_fw_health_more.py.
"""

from __future__ import annotations

import re
from typing import Final

from a4s_memory.firewall.category_person import BE, WHO

__all__ = [
    "DISABILITY",
    "FAMILY_PLANNING",
    "GENETIC",
    "PAROLE",
    "PRESCRIPTION",
    "PRISON",
    "RECOVERY",
    "TRIGGERS",
    "probation_at_work",
]

_POSSESSIVE: Final = r"(?:[Mm]y|[Hh]is|[Hh]er|[Tt]heir|[Oo]ur)"

GENETIC: Final = (
    WHO + r"\s++(?:\w+\s++)?(?:carr(?:y|ies|ied)|ha(?:ve|s|d))\s++(?:the\s++|an?\s++)?"
    r"(?:[\w'-]+\s++){0,2}?(?:gene\s++)?(?:mutation|variant)s?\b"
    r"|\b" + _POSSESSIVE + r"\s++(?:23and[Mm]e|[Aa]ncestry(?:DNA)?|genetic|DNA|genome)\s++"
    r"(?:(?:results?|report|profile|screening)\b|test(?:ing)?\s++(?:results?\b|came\s++back"
    r"|showed|shows|revealed|found))"
)
DISABILITY: Final = (
    WHO + BE + r"\s++(?:(?:partially|completely|totally|legally|profoundly|almost|now)\s++)?"
    r"(?:deaf|blind|hard\s++of\s++hearing|visually\s++impaired|hearing[- ]impaired|paraly[sz]ed"
    r"|paraplegic|quadriplegic|an?\s++amputee|disabled|wheelchair[- ]bound)\b"
    r"(?!\s++(?:to|date|spot|eye|ear)\b)"
    r"|" + WHO + r"\s++(?:\w+\s++)?(?:uses?|used|is\s++in|needs?)\s++a\s++wheelchair\b"
    r"|" + WHO + r"\s++(?:\w+\s++)?(?:wears?|wore|got|ha(?:ve|s))\s++(?:a\s++)?"
    r"(?:hearing\s++aids?|cochlear\s++implants?|prosthetic\s++(?:leg|arm|limb|hand)s?)\b"
)
RECOVERY: Final = (
    WHO + r"\s++(?:\w+\s++){0,2}?(?:go(?:es)?|went|attend(?:s|ed)?|started|joined)\s++(?:to\s++)?"
    r"(?:\w+\s++)?(?:AA|NA|Alcoholics\s++Anonymous|Narcotics\s++Anonymous)\b"
    r"|" + WHO + BE + r"\s++(?:\w+\s++)?sober\s++(?:for|since)\s++(?:\w+\s++)?"
    r"(?:years?|months?|weeks?|days?|\d)"
    r"|" + WHO + BE + r"\s++an?\s++(?:recovering\s++|former\s++)?"
    r"(?:alcoholic|(?:drug|heroin|opioid|meth|cocaine|recovering)\s++addict)\b"
)
PRESCRIPTION: Final = (
    WHO + r"\s++(?:\w+\s++)?(?:ha(?:ve|s|d)|got|get|filled|picked\s++up)\s++"
    r"(?:a\s++|my\s++|his\s++|her\s++|the\s++)?(?:new\s++)?prescription\s++(?:for|of)\b"
)
PRISON: Final = (
    WHO + r"(?:" + BE + r"|\s++spent\s++\w+(?:\s++\w+)?)\s++in\s++(?:prison|jail|juvie"
    r"|a\s++(?:state\s++|federal\s++)?(?:prison|penitentiary))\b"
    r"|" + WHO + r"\s++(?:\w+\s++)?served\s++(?:time|(?:\w+\s++){1,2}?(?:years?|months?)"
    r"|a\s++(?:\w+\s++)?sentence)\b"
    r"|" + WHO + r"\s++(?:\w+\s++)?(?:got\s++out\s++of|released\s++from|escaped\s++from"
    r"|went\s++to)\s++(?:prison|jail)\b"
)
# Case-insensitive rules from here on (no capitalised name in them). A bare "abortion",
# "miscarriage", "IVF" or "fertility treatment" refused any text until the fortieth session,
# "the abortion debate" and "a miscarriage of justice" too; now the word must be something a
# person has, goes through or chose ("she had an abortion", "we're doing IVF"), or be "my / her
# / our" own, and not a topic noun's modifier ("their abortion policy", "IVF success rates").
_PLANNING_TOPIC: Final = (
    r"(?!\s++(?:views?|stance|positions?|opinions?|politics|debates?|issues?|laws?|bans?|rights"
    r"|polic(?:y|ies)|rates?|costs?|clinics?|rules?|access|services?|providers?|protests?"
    r"|activists?|movement|question|votes?|referendum|bills?|statistics|research|success"
    r"|cases?)\b)"
)
_PLANNING_WORD: Final = (
    r"(?:ivf|miscarriages?(?!\s++of\s++justice)|fertility\s++treatments?|abortions?)\b"
    + _PLANNING_TOPIC
)
FAMILY_PLANNING: Final = (
    # "the right to have an abortion" is a topic (forty-first session)
    r"\b(?<!right\sto\s)(?<!rights\sto\s)(?:ha(?:d|s|ve|ving)|got|getting|went\s++through"
    r"|go(?:es|ing)?\s++through|suffered|scheduled|booked|consider(?:ed|ing)|start(?:ed|ing)|doing|did|undergo(?:es|ing)?"
    r"|underwent|tr(?:y|ies|ied|ying)|chose|choosing|decided\s++on)\s++"
    r"(?:(?:a|an|her|his|my|our|their|another|the|one|two|three|more|first|second|third|fourth"
    r"|last|rounds?\s++of|cycles?\s++of)\s++){0,3}"
    + _PLANNING_WORD
    + r"|\b(?:my|her|our)\s++(?:(?:first|second|third|fourth|last|recent|previous|earlier|late"
    r"|early|next)\s++)?" + _PLANNING_WORD + r"|\bmiscarried\b"
)
# A new job's probation (forty-first session, DailyDialog outside chat40's sample: "you will be on
# probation for the first three months"): for the first weeks or months, for a trial period, at
# work or at a job. "On probation for the first offence" is a record still.
_NOT_A_JOB: Final = (
    r"(?!\s++(?:for\s++the\s++first\s++(?:\w+\s++)?(?:days?|weeks?|months?|year)\b"
    r"|for\s++(?:a|an|the|my|his|her|their|your)\s++(?:\w+\s++)?"
    r"(?:probation(?:ary)?|trial|initial)\s++period|period|at\s++(?:work|(?:my|his|her|their|your|the)\s++(?:new\s++)?(?:job|work"
    r"|company|firm))\b))"
)
# "on parole" / "on probation" said of someone ("he is out on parole", "I was released on
# parole"), or their officer or hearing; "people get out on parole too early" is a topic.
PAROLE: Final = (
    r"(?:am|is|are|was|were|be|been|being|'s|'m|'re|got|put|placed|released|paroled|still|now"
    r"|currently|already)\s++(?:(?:out|back|still|currently|now|again)\s++)?on\s++"
    r"(?:probation" + _NOT_A_JOB + r"|parole)\b"
    r"|(?:my|his|her)\s++(?:parole|probation)\s++(?:officer|hearing)s?\b"
)
# Probation in a sentence about a workplace, a school or a club, and no offence (forty-fifth
# session, test_fw_probation_at_work.py): "Any employee who ... will be placed on probation", "the
# team was placed on probation by the manager". The sentence is read up to _SENTENCE characters
# each side of the hit, once per hit: linear.
_SENTENCE: Final = 300
_SENTENCE_END: Final = re.compile(r"[.!?\n]")
_WORK_OR_SCHOOL: Final = re.compile(
    r"\b(?:employees?|staff|workers?|hires?|hired|jobs?|work(?:place)?|company|employer|manager"
    r"|boss|shifts?|contract|team|university|college|school|academic|students?|grades|semester"
    r"|club|league|fraternity|sorority)\b",
    re.IGNORECASE,
)
_OFFENCE: Final = re.compile(
    r"\b(?:offen[cs]es?|crimes?|criminal|theft|steal\w*|shoplift\w*|burglary|break-in|assault"
    r"|dui|dwi|drugs?|possession|arrest\w*|convict\w*|court|judge|sentenc\w*|charged?|guilty"
    r"|felony|misdemeanou?r|jail|prison|parole|officer)\b",
    re.IGNORECASE,
)


def probation_at_work(text: str, start: int, end: int) -> bool:
    """``cat.criminal.record``'s context guard: the hit ``text[start:end]`` is a probation at
    work, at school or in a club (its sentence names one and no offence)."""
    if "probation" not in text[start:end].lower():
        return False
    before = text[max(0, start - _SENTENCE) : start]
    ends = [m.end() for m in _SENTENCE_END.finditer(before)]
    lo = start - len(before) + (ends[-1] if ends else 0)
    after = _SENTENCE_END.search(text, end, min(len(text), end + _SENTENCE))
    sentence = text[lo : after.start() if after else min(len(text), end + _SENTENCE)]
    return _WORK_OR_SCHOOL.search(sentence) is not None and _OFFENCE.search(sentence) is None


# every match of each holds one of its triggers, lower-cased (test_fw_speed checks it)
TRIGGERS: Final[dict[str, tuple[str, ...]]] = {
    "cat.health.genetic": ("mutation", "variant", "23and", "ancestry", "genetic", "dna", "genome"),
    "cat.health.disability": (
        "deaf", "blind", "hearing", "impaired", "paraly", "plegic", "amputee", "disabled",
        "wheelchair", "cochlear", "prosthetic",
    ),
    "cat.health.recovery": ("aa", "na", "anonymous", "sober", "alcoholic", "addict"),
    "cat.health.prescription": ("prescription",),
    "cat.criminal.prison": ("prison", "jail", "juvie", "penitentiary", "served"),
}  # fmt: skip
