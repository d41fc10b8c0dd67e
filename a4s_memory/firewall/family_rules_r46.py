"""Forty-sixth round: a language task appended to what is stored (``inj.appended_task``), soft.

Open Prompt Injection's "escape" and "naive" attacks (Liu et al., USENIX Security 2024;
docs/firewall.md "Forty-first session") are nothing but a second task after a task's data, on a
new line or after a blank: no override, no faked answer. Stored in a memory, such a task is a
prompt written for the model that will read the memory back ("Translate the following sentence
into French: ..."), not something the owner said. The rule reads:

* on a line that follows a line break, an order to work on a text, with a verb a language task
  uses (translate, classify, extract, rewrite, identify, decide ...) and an object that points at
  the text to work on ("the following sentence", "the given passage"; not "this email", "each
  sentence", "the above text", an owner's request about a paste); a task set up for a
  model ("Given the following question, ...", "Given a noun and an adjective, write ...", "You
  are given two sentences", "In this task, ...", "Your task is to ...", "You are a named-entity
  recognition tool that ..."); a question about "the following" text ("Does the following
  sentence contain a pronoun?");
* after a sentence, on the same line, only what points *forward* at a text to come: an order
  about "the following" text, "Given the following ...", or a question about it. "Summarize this
  article", "the text above", "the given sentence" are how an owner asks about what they pasted;
* after a sentence, a task set up for a model about a text ("In this task, you are given a
  tweet ...", "Your task is to label the post ..."), when the message does not open as a task.

A task that opens a message is a request, and is not read: only what follows a line break or a
sentence. Written from tasks of Super-NaturalInstructions (allenai/natural-instructions, the
categories of the set's held half left out) and texts written for
tests/unit/firewall/test_fw_families_round46.py, which also holds look-alikes: a README's "Run
the following command", an e-mail's "Please read the following message", a report of homework.
Soft: kept, never trusted, because a note to a colleague can hold the same words.

Linear: every run is bounded, no repeat is nested in another, and a line or sentence start is
read once (the lookbehinds).
"""

from __future__ import annotations

from typing import Final

from a4s_memory.firewall.rule_model import Rule
from a4s_memory.firewall.rule_model import injection_rule as _r

__all__ = ["ROUND46_RULES", "ROUND46_TRIGGERS"]

# a line that follows a line break, after an optional lead-in ("Now,", "Please")
_LINE: Final = (
    r"(?<=\n)[^\S\n]*+(?:(?:now|next|then|also|finally)[^\S\n]*+,?[^\S\n]++)?+"
    r"(?:please[^\S\n]++)?+"
)
# what a language task works on
_TEXT_NOUN: Final = (
    r"(?:texts?|sentences?|reviews?|messages?|tweets?|posts?|passages?|paragraphs?|questions?"
    r"|statements?|claims?|documents?|e-?mails?|articles?|words?|inputs?|snippets?|stor(?:y|ies)"
    r"|dialog(?:ue)?s?|conversations?|utterances?|headlines?|titles?|phrases?|excerpts?"
    r"|contexts?|comments?|quer(?:y|ies)|premises?|hypothes[ie]s|pairs?|strings?|list)"
)
# what points at the text to work on: "the following sentence", "the given two passages". Not
# "this email", "each sentence", "the above text": a line after a paste that says so is the
# owner's request about the paste ("Rewrite this email to be more polite")
_POINTER: Final = (
    r"\bthe[^\S\n]++(?:following|given|provided|below|next)"
    r"[^\S\n]++(?:[\w-]++[^\S\n]++){0,2}?" + _TEXT_NOUN + r"\b"
)
# the verbs of a language task, in the imperative
_VERB: Final = (
    r"(?:translate|classify|categori[sz]e|label|tag|annotate|paraphrase|rephrase|rewrite"
    r"|extract|identify|detect|determine|decide|judge|evaluate|rate|score|predict|infer"
    r"|generate|convert|simplify|answer|output|return|count|list|find|select|choose"
    r"|analy[sz]e|complete|fill|tell\s++me|give\s++me|provide|write|create|compose)"
)
_ORDER: Final = (
    _LINE
    + r"(?:(?:read|consider|look[^\S\n]++at)[^\S\n]++"
    + _POINTER
    + r"[^\S\n]++and[^\S\n]++"
    + _VERB
    + r"\b|"
    + _VERB
    + r"\b[^.\n?:]{0,60}?"
    + _POINTER
    + ")"
)
_SETUP: Final = _LINE + (
    r"(?:given[^\S\n]++(?:the[^\S\n]++following|an?|two|three|some)[^\S\n]++"
    r"(?:[\w-]++[^\S\n]++){0,2}?" + _TEXT_NOUN + r"\b"
    r"|given[^\S\n]++(?!that\b)[^,.\n]{1,60}?,[^\S\n]*+" + _VERB + r"\b"
    r"|you[^\S\n]++(?:are|will[^\S\n]++be)[^\S\n]++given\b"
    r"|the[^\S\n]++(?:(?:goal|aim|purpose)[^\S\n]++of[^\S\n]++(?:the|this)[^\S\n]++)?+task"
    r"[^\S\n]++is[^\S\n]++to\b"
    r"|in[^\S\n]++this[^\S\n]++task\b"
    r"|your[^\S\n]++task[^\S\n]++is[^\S\n]++to\b"
    r"|you[^\S\n]++are[^\S\n]++an?[^\S\n]++(?:[\w-]++[^\S\n]++){0,5}?"
    r"(?:tool|classifier|detector|model|system|annotator|checker|corrector|translator"
    r"|summari[sz]er|tagger|parser)[^\S\n]++(?:that|which|designed|built|trained)\b)"
)
_QUESTION: Final = _LINE + (
    r"(?:is|are|does|do|can|which|what|how[^\S\n]++many)\b[^.\n?]{0,40}?"
    r"\bthe[^\S\n]++following[^\S\n]++(?:[\w-]++[^\S\n]++){0,2}?"
    + _TEXT_NOUN
    + r"\b[^\n?]{0,120}?\?"
)

# after a sentence of the data, on the same line: only a task that points forward at a text to
# come ("the following sentence"), a text set up for it ("Given the following text") or a question
# about one. A request that opens a message is not read (no sentence before it); "this article",
# "the above", "the given sentence" point back at what the owner pasted ("Sentence: '...'. Count
# the vowels in the given sentence." is a request about it), so they are not read here.
_SENTENCE: Final = (
    r"(?<=[.!?\"'”’)\]])[^\S\n]++(?:(?:now|next|then|also|finally)[^\S\n]*+,?[^\S\n]++)?+"
    r"(?:please[^\S\n]++)?+"
)
_FORWARD: Final = r"\bthe[^\S\n]++following[^\S\n]++(?:[\w-]++[^\S\n]++){0,2}?" + _TEXT_NOUN + r"\b"
_AFTER_DATA: Final = _SENTENCE + (
    r"(?:"
    + _VERB
    + r"\b[^.\n?:]{0,60}?"
    + _FORWARD
    + r"|given[^\S\n]++"
    + _FORWARD
    + r"|(?:is|are|does|do|can|which|what|how[^\S\n]++many)\b[^.\n?]{0,40}?"
    + _FORWARD
    + r"[^\n?]{0,120}?\?)"
)

# a task set up after data with nothing between them but a blank (the naive attack): "In this
# task, you are given a tweet ..." after the tweet. Read only when the message does not open as a
# task does (an order, a question, "Given ...", "You ...", "In this task", a task's field label):
# "You are given a news article. Your task is to list ..." is a request, its second sentence no
# appendix. Anchored at the text's start and bounded: read once, over 600 characters at most.
_NOT_A_TASK_FIRST: Final = (
    r"(?![^\S\n]*+(?:(?:q|instructions?|detailed[^\S\n]++instructions|teacher|task|definition"
    r"|prompt|system|user|human|assistant)[^\S\n]*+:|(?:"
    + _VERB
    + r"|given|please|what|which|who|whom|whose|when|where|why|how|is|are|was|were|does|do|did"
    r"|can|could|would|will|should|you|your|in[^\S\n]++this[^\S\n]++task)\b))"
)
_NAIVE_SETUP: Final = (
    r"\A"
    + _NOT_A_TASK_FIRST
    + r"[^\n]{1,600}?(?<=[.!?\"'”’)\]])[^\S\n]++(?:in[^\S\n]++this[^\S\n]++task"
    r"|(?:your|the)[^\S\n]++task[^\S\n]++is[^\S\n]++to"
    r"|you[^\S\n]++(?:are|will[^\S\n]++be)[^\S\n]++given)\b[^.\n]{0,80}?\b" + _TEXT_NOUN + r"\b"
)

ROUND46_RULES: Final[tuple[Rule, ...]] = (
    _r(
        "inj.appended_task",
        "|".join((_ORDER, _SETUP, _QUESTION, _AFTER_DATA, _NAIVE_SETUP)),
        "a language task appended to other content (Translate the following sentence ...; Given"
        " the following text, ...; You are given ...)",
        soft=True,
    ),
)

# literals one of which every match holds (rule_triggers: the prefilter)
ROUND46_TRIGGERS: Final[dict[str, tuple[str, ...]]] = {
    "inj.appended_task": (
        *("following", "given", "above", "below", "provided", "next", "these", "each", "every"),
        *("this", "task", "tool", "classifier", "detector", "model", "system", "annotator"),
        *("checker", "corrector", "translator", "summari", "tagger", "parser"),
    ),
}
