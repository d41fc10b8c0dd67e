"""What the offline extractor (:mod:`offline_llm`) must not turn into memory: questions, greetings,
interjections, opinions about nobody, and pronouns whose referent the text does not name.

Measured on LoCoMo chat (docs/offline-mode.md): before these rules 25% of the extracted facts and
10% of the entities were usable; the rest were lines like "What is his name", "Family is
everything" or entities like "Hey Caroline" that share the speaker's name with every question.

The rules are word lists, not a model: they reject, they never invent. Speaker awareness: in a
chat line ``Name (user): ...`` the speaker's "my"/"me"/"mine" become "Name's"/"Name"; a fact whose
object still says "you"/"your" (someone not named) is dropped.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["clean_entity", "is_question", "keep_subject", "speaker_object"]

_QUESTION_WORDS: Final = frozenset(
    [
        "what",
        "who",
        "whom",
        "whose",
        "where",
        "when",
        "why",
        "how",
        "which",
        "do",
        "does",
        "did",
        "is",
        "are",
        "was",
        "were",
        "can",
        "could",
        "would",
        "should",
        "shall",
        "might",
        "have",
        "has",
        "had",
        "am",
        "isn't",
        "aren't",
        "don't",
        "doesn't",
        "didn't",
    ]
)
# Words that open a greeting, thanks or exclamation ("Hey Caroline", "Wow Jon", "Thanks Nate").
INTERJECTIONS: Final = frozenset(
    [
        "hey",
        "hi",
        "hello",
        "hiya",
        "yo",
        "howdy",
        "wow",
        "whoa",
        "oh",
        "ooh",
        "ah",
        "aw",
        "aww",
        "awww",
        "haha",
        "hah",
        "lol",
        "omg",
        "yay",
        "yeah",
        "yep",
        "yes",
        "no",
        "nope",
        "ok",
        "okay",
        "sure",
        "thanks",
        "thank",
        "thx",
        "congrats",
        "congratulations",
        "cheers",
        "bye",
        "goodbye",
        "welcome",
        "sorry",
        "dear",
        "well",
        "hmm",
        "um",
        "uh",
        "wowza",
        "gosh",
        "great",
        "good",
        "nice",
        "cool",
        "awesome",
        "amazing",
        "glad",
        "anytime",
        "morning",
        "evening",
        "night",
        "hope",
        "see",
        "love",
        "miss",
        "happy",
    ]
)
# Sentence-initial words that are never the name of what a fact is about.
_NOT_SUBJECTS: Final = (
    frozenset(
        [
            "i",
            "you",
            "he",
            "she",
            "it",
            "we",
            "they",
            "this",
            "that",
            "these",
            "those",
            "there",
            "here",
            "what",
            "who",
            "which",
            "why",
            "how",
            "when",
            "where",
            "everything",
            "everyone",
            "everybody",
            "something",
            "someone",
            "somebody",
            "anything",
            "anyone",
            "nothing",
            "nobody",
            "and",
            "but",
            "or",
            "so",
            "then",
            "also",
            "just",
            "maybe",
            "really",
            "actually",
            "honestly",
            "plus",
            "my",
            "your",
            "his",
            "her",
            "our",
            "their",
            "its",
            "last",
            "next",
            "every",
            "each",
            "some",
            "all",
            "both",
            "one",
            "life",
            "love",
            "family",
            "art",
            "music",
            "dance",
            "confidence",
            "balance",
            "nature",
            "change",
            "progress",
            "success",
            "lots",
            "time",
            "today",
            "tonight",
            "yesterday",
            "tomorrow",
            "food",
            "health",
            "friendship",
            "travel",
            "work",
            "school",
            "people",
        ]
    )
    | INTERJECTIONS
)
# Objects that say nothing on their own ("Nate loves it", "The Eiffel Tower is so cool").
_VAGUE_OBJECT_START: Final = frozenset(
    [
        "it",
        "that",
        "this",
        "them",
        "him",
        "her",
        "so",
        "very",
        "really",
        "pretty",
        "super",
        "totally",
        "such",
        "too",
        "just",
        "gonna",
        "like",
        "right",
        "great",
        "cool",
        "awesome",
        "amazing",
        "incredible",
        "good",
        "nice",
        "key",
        "important",
        "essential",
        "everything",
        "something",
        "anything",
        "nothing",
        "indeed",
        "possible",
        "almost",
        "as",
        "definitely",
        "always",
        "still",
        "kind",
        "sort",
        "well",
    ]
)
_SECOND_PERSON: Final = re.compile(r"\b(?:you|your|yours|yourself|u|ur)\b", re.IGNORECASE)
_FIRST_PERSON: Final = (
    (re.compile(r"\bmy\b", re.IGNORECASE), "{s}'s"),
    (re.compile(r"\bmine\b", re.IGNORECASE), "{s}'s"),
    (re.compile(r"\b(?:me|myself)\b", re.IGNORECASE), "{s}"),
)
_UNNAMED: Final = re.compile(r"\b(?:my|me|mine|myself|we|us|our)\b", re.IGNORECASE)


def is_question(sentence: str) -> bool:
    words = sentence.strip().split(maxsplit=1)
    return sentence.rstrip().endswith("?") or (
        bool(words) and words[0].casefold() in _QUESTION_WORDS
    )


def keep_subject(subject: str) -> bool:
    """A subject names someone or something: not a pronoun, interjection, question word or a
    sentence-initial gerund/common word ("Cooking is a great way to chill")."""
    first = subject.split()[0].casefold()
    return first not in _NOT_SUBJECTS and not first.endswith("ing")


def speaker_object(obj: str, speaker: str | None) -> str | None:
    """The object with the speaker's first person made explicit, or None when it stays vague
    (an unnamed "you", an "it", or first person with no known speaker)."""
    first = obj.split()[0].casefold()
    if first in _VAGUE_OBJECT_START or _SECOND_PERSON.search(obj):
        return None
    if speaker:
        for pattern, replacement in _FIRST_PERSON:
            obj = pattern.sub(replacement.format(s=speaker), obj)
    return None if _UNNAMED.search(obj) else obj


def clean_entity(name: str) -> str | None:
    """A proper-noun run without its leading interjections ("Hey Caroline" -> None: a single word
    is left, and bare first names come from facts, not from greetings)."""
    words = name.split()
    while words and (words[0].casefold() in INTERJECTIONS or words[0].casefold() in _NOT_SUBJECTS):
        words = words[1:]
    return " ".join(words) if len(words) >= 2 else None
