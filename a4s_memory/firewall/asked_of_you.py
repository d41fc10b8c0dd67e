"""A health hit inside a yes/no question put to the reader (seed 001 §4, twenty-sixth session).

Seed 001 §4 refuses a health condition *asserted about a person*. "Are you suffering from pain
and fever?" or "Have you ever been diagnosed with asthma?" asserts nothing about anyone: it asks
the reader. :func:`asked_of_you` is the health rules' ``context_guard``: it cancels a hit whose
own clause opens with "are / were / have / do / did you" (a few adverbs or "been" between;
the clause may follow ", and" / ", or" / ", but")
right before the hit, and closes with "?" after it. Anything else keeps the hit: another subject
("Do you know Anna has diabetes?"), an assertion after "that" or in the first person ("Are you
aware that I was diagnosed ..."), a statement about "you" ("You are suffering from ..."). Both
looks are bounded windows: linear time.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["asked_of_you", "asked_or_titled"]

_BEFORE: Final = 60  # characters read back from the hit for its clause's opening
_AFTER: Final = 120  # characters read on for the clause's "?"

# The clause's opening, ending right where the hit starts: a sentence start, optional
# connectives, an auxiliary and "you", then adverbs or "been".
_OPENING: Final = re.compile(
    # blanks, not newlines, after the terminator: a run of newlines is many sentence starts, and
    # letting each read the whole run made the search quadratic (test_fw_linear_time.py)
    # or a comma before "and / or / but": a second question of the same sentence ("Have you
    # taken this before, and are you on any other medication?", twenty-seventh session)
    r"(?:\A|[.!?;:\n]|,(?=[ \t]*+(?:and|or|but)\b))[ \t]*+"
    r"(?:(?:and|or|so|but|then|now|ok|okay|well)\b[ \t,]*+){0,2}"
    r"(?:are|were|have|do|did)\s++you\s++"
    r"(?:(?:also|ever|still|currently|now|already|really|recently|been)\s++){0,3}"
    # the diagnosis a condition rule's hit ("with asthma") follows
    r"(?:(?:diagnosed|treated)\s++)?\Z",
    re.IGNORECASE,
)
_CLOSED_BY_QUESTION_MARK: Final = re.compile(r"[^.!?\n]{0," + str(_AFTER) + r"}\?")


def asked_of_you(text: str, start: int, end: int) -> bool:
    """True when the hit ``text[start:end]`` sits in a yes/no question put to the reader."""
    # \A matches only at the text's real start, \Z at ``start``: a window cut mid-sentence
    # finds no opening
    if _OPENING.search(text, max(0, start - _BEFORE), start) is None:
        return False
    return _CLOSED_BY_QUESTION_MARK.match(text, end) is not None


def asked_or_titled(text: str, start: int, end: int) -> bool:
    """:func:`asked_of_you`, or the hit ends in the title "Ms" ("a meeting with Ms. Patel",
    forty-fourth session): the condition is written "MS" or "ms", the title in title case. The
    rules read the lower-cased text, so the case is looked at here, in the text as written."""
    return text[max(0, end - 2) : end] == "Ms" or asked_of_you(text, start, end)
