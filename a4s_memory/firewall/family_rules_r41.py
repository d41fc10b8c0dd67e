"""Forty-first round: a faked answer followed by a new task (``inj.fake_completion``) and an order
that closes the reader's answer (``inj.closed_answer``), both soft.

A public set never given to the project (Open Prompt Injection, Liu et al., "Formalizing and
Benchmarking Prompt Injection Attacks and Defenses", USENIX Security 2024; docs/firewall.md
"Forty-first session") appends a second task to a task's data in four ways. "Ignore previous
instructions" was already read. Its "fake completion" and "escape" attacks carry no override:

* a **faked answer** ends the first task ("Answer: no spam.") and a new task follows at once,
  about "the following" text, "your task", or an order to ignore what came before. An FAQ's
  "Answer: at nine. Bring the prescription." has no such task after it;
* an order that **closes the reader's answer**: to a pair of labels ("Answer with positive or
  negative", "Please write either 'same' or 'different'"), or with no explanation ("as response
  without further explanation", "Don't respond with explanation"). "Reply with yes or no" and
  "Reply with STOP or HELP" are an invitation and an SMS footer, so yes / no / stop / help are no
  labels here; "he left without further explanation" is a report.

Written from the shapes of the set's dev half (three injected tasks of seven), not its wording:
tests/unit/firewall/test_fw_families_round41.py holds other wordings and look-alikes. Soft: kept,
never trusted, because a note about a quiz or a form can hold the same words.

Linear: every run is bounded, and no repeat is nested in another.
"""

from __future__ import annotations

from typing import Final

from a4s_memory.firewall.rule_model import Rule
from a4s_memory.firewall.rule_model import injection_rule as _r

__all__ = ["ROUND41_RULES", "ROUND41_TRIGGERS"]

# a sentence's start, after an optional "please" (spaces, not line breaks, after the stop: a run
# of line breaks is then read once, not once from each of them)
_START: Final = r"(?:^|(?<=[.!?:\n])[^\S\n]*+)(?:please\s++)?+"
# what a task is about: "the following review", "the following two sentences"
_TEXT_NOUN: Final = (
    r"(?:texts?|sentences?|reviews?|messages?|tweets?|passages?|paragraphs?|questions?"
    r"|statements?|claims?|documents?|e-?mails?|articles?|words?|data|inputs?|content|snippets?"
    r"|code|two|pairs?|lines?)"
)
# a faked answer, short, closed by a full stop, then a new task at once
_FAKE_COMPLETION: Final = (
    r"\b(?:answer|response|output|result|label|reply)\s*+:\s*+[^.\n:]{1,40}\.\s++"
    r"(?:(?:now|next|then|also)\s*+,?\s++)?+(?:please\s++)?+"
    r"(?:ignore\b|your\s++(?:next\s++|new\s++)?task\b"
    r"|[^.\n?]{0,80}?\bthe\s++following\s++(?:\w+\s++)?" + _TEXT_NOUN + r"\b)"
)
# a label in a closed answer: a word or two, quoted or not; yes / no / stop / help are not labels
_NOT_LABEL: Final = r"(?!(?:yes|no|y|n|stop|help|start|ok|okay)\b)"
_LABEL: Final = (
    r"[\"'“‘]?+" + _NOT_LABEL + r"[a-z][a-z-]{1,20}+(?:\s++(?!or\b)[a-z][a-z-]{1,20}+)?+[\"'”’]?+"
)
_CLOSED: Final = (
    _START
    + r"(?:answer|respond|reply)\s++(?:only\s++)?+with\s++(?:either\s++)?+"
    + _LABEL
    + r"\s++or\s++"
    + _LABEL
    + r"|"
    + _START
    + r"write\s++either\s++[\"'“‘]"
    + r"|\bas\s++(?:(?:a|the|your)\s++)?+(?:response|answer|reply|output)\b[^.\n]{0,40}?"
    r"\bwithout\s++(?:any\s++)?+(?:further|additional|more|an?)\s++explanations?\b"
    r"|\b(?:don'?t|do\s++not)\s++(?:respond|reply|answer)\s++with\s++(?:an?\s++|any\s++)?+"
    r"explanations?\b"
)

ROUND41_RULES: Final[tuple[Rule, ...]] = (
    _r(
        "inj.fake_completion",
        _FAKE_COMPLETION,
        "a faked answer followed by a new task (Answer: done. Now classify the following ...)",
        soft=True,
    ),
    _r(
        "inj.closed_answer",
        _CLOSED,
        "the reader's answer closed to labels or to no explanation (answer with positive or"
        " negative; respond without further explanation)",
        soft=True,
    ),
)

# literals one of which every match holds (rule_triggers: the prefilter)
ROUND41_TRIGGERS: Final[dict[str, tuple[str, ...]]] = {
    "inj.fake_completion": ("answer", "response", "output", "result", "label", "reply"),
    "inj.closed_answer": ("answer", "respond", "reply", "either", "response", "output"),
}
