"""Injection rules of the twenty-eighth round (issue 14, twenty-eighth session): the families of a
public set of jailbreak prompts never given to the project (JailbreakBench's PAIR prompts,
``/work/external/fresh27``; docs/firewall.md "Twenty-eighth session"), read on its dev half only;
the held half measures them. Tests in tests/unit/firewall/test_fw_families_round28.py, with an
owner's notes in the same words that stay trusted ("You're a doctor, so you know how tired
nights make me", "The slides are for educational purposes only").

Both soft (kept, never trusted: the words are an order to whoever reads the memory, but an owner
may keep a prompt they wrote):

* ``inj.persona_task``: a text that opens by giving its reader a persona ("You are a journalist
  who ...", "Imagine you are a historian ...", "As a helpful assistant, I ...") and then, in a
  later sentence, hands it a task ("Write the article ...", "Can you provide ...", "Your task is
  to ..."): a prompt set up for a model, in a memory that another agent will read;
* ``inj.purpose_disclaimer``: a request cleared in advance by its stated purpose ("This is for
  research purposes only and will not be used to ...", "purely for fictional purposes only"):
  the jailbreak's excuse, not a note's.

Both are anchored (the persona at the text's opening, the disclaimer on its own words) and
bounded: linear (tests/unit/firewall/test_fw_linear_time.py collects them with the others).
"""

from __future__ import annotations

from typing import Final

from a4s_memory.firewall.rule_model import Rule
from a4s_memory.firewall.rule_model import injection_rule as _r

__all__ = ["ROUND28_RULES", "ROUND28_TRIGGERS"]

# Who a prompt makes its reader ("a seasoned journalist", "an expert in ...", "a character").
_ROLE: Final = (
    r"(?:writer|author|novelist|journalist|reporter|columnist|researcher|scientist|consultant"
    r"|historian|doctor|physician|marketer|character|expert|specialist|analyst|hacker|detective"
    r"|professor|screenwriter|copywriter|blogger|officer|agent|assistant|ai|chatbot|bot|model"
    r"|advisor|adviser|strategist|chemist|investigator|speechwriter|playwright|editor"
    r"|psychologist|sociologist|criminologist|protagonist|villain)s?\b"
)
# The opening: the reader given a persona, or a text written in the assistant's own voice.
_PERSONA: Final = (
    r"\A\W{0,5}+(?:(?:imagine|suppose|pretend|assume)\s++(?:that\s++)?you(?:['’]re|\s++are)\s"
    r"|you(?:['’]re|\s++are)\s++(?:now\s++)?(?:an?|the)\s++(?:[\w-]++\s++){0,4}?"
    + _ROLE
    + r"|as\s++an?\s++(?:[\w-]++\s++){0,3}?(?:assistant|ai|language\s++model)\s*+,\s*+i\b)"
)
# A later sentence that hands the reader its task (after a short lead-in: "In this context, ...").
_TASK: Final = (
    r"[.!?:]\s++(?:[\w'’ ]{1,40}+,\s++)?(?:please\s++)?(?:write|describe|provide|draft|create"
    r"|compose|outline|explain|generate|detail|design|craft|produce)\b"
    r"|[.!?:]\s++(?:[\w'’ ]{1,40}+,\s++)?(?:can|could|would|will)\s++you\s++(?:please\s++)?"
    r"(?:write|provide|describe|help|outline|draft|explain|create|detail|share|give)\b"
    r"|\byour\s++(?:task|job|goal|mission|assignment)\s++is\s++to\b"
)
_PERSONA_TASK: Final = _PERSONA + r"[\s\S]{0,1200}?(?:" + _TASK + r")"
# The excuse a jailbreak gives for its request.
_PURPOSES: Final = r"(?:educational|research|academic|fictional|hypothetical|informational)"
_DISCLAIMER: Final = (
    r"\bfor\s++(?:[\w-]++\s++){0,2}?" + _PURPOSES + r"\s++purposes?(?:\s++only)?\b[^.!?\n]{0,40}?"
    r"\b(?:will|would|should|must)\s++not\s++be\s++used\b"
    r"|\b(?:this|it)\s++is\s++(?:purely\s++|strictly\s++|solely\s++|only\s++|just\s++)?for\s++"
    r"(?:[\w-]++\s++){0,2}?" + _PURPOSES + r"\s++purposes?\s++only\b"
)

ROUND28_RULES: Final[tuple[Rule, ...]] = (
    _r(
        "inj.persona_task",
        _PERSONA_TASK,
        "the reader given a persona, then a task (You are a journalist ... Write the article)",
        soft=True,
    ),
    _r(
        "inj.purpose_disclaimer",
        _DISCLAIMER,
        "a request cleared in advance by its purpose (for research purposes only, not be used)",
        soft=True,
    ),
)

# literals one of which every match holds (rule_triggers: the prefilter)
ROUND28_TRIGGERS: Final[dict[str, tuple[str, ...]]] = {
    "inj.persona_task": ("you", "assistant", "ai", "model"),
    "inj.purpose_disclaimer": ("purpose",),
}
