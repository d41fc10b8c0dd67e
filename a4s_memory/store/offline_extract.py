"""The rules of the offline extractor: which sentences become (subject, predicate, object) facts,
which names become entities, and when two facts are the same or contradict. Pure (no Graphiti):
:mod:`a4s_memory.store.offline_llm` answers Graphiti's prompts with these. Every regex here is
linear on CPython's ``re`` (tests/unit/firewall/test_fw_linear_time.py pumps each one).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from a4s_memory.store.offline_noise import clean_entity, is_question, keep_subject, speaker_object

__all__ = [
    "PREDICATES",
    "FactTriple",
    "OfflineExtractionError",
    "contradicts",
    "extract_entity_names",
    "extract_triples",
    "normalize_name",
    "parse_fact",
    "same_fact",
    "without_article",
]


# predicate phrase -> single-valued? ("Alice prefers tea" then "Alice prefers coffee" contradict;
# "Alice likes tea" then "Alice likes coffee" can both hold). Longest phrases first when matching.
PREDICATES: Final[dict[str, bool]] = {
    "is": True,
    "is based in": True,
    "is located in": True,
    "lives in": True,
    "works at": True,
    "works for": True,
    "reports to": True,
    "prefers": True,
    "uses": True,
    "is called": True,
    "is named": True,
    "likes": False,
    "loves": False,
    "dislikes": False,
    "hates": False,
    "owns": False,
    "has": False,
    "knows": False,
    "manages": False,
    "leads": False,
    "needs": False,
    "wants": False,
    "is in": False,
    "is at": False,
}
# First-person forms ("I prefer ...") mapped onto the third-person predicate.
_FIRST_PERSON: Final[dict[str, str]] = {
    "am": "is",
    "am based in": "is based in",
    "live in": "lives in",
    "work at": "works at",
    "work for": "works for",
    "report to": "reports to",
    "prefer": "prefers",
    "use": "uses",
    "like": "likes",
    "love": "loves",
    "dislike": "dislikes",
    "hate": "hates",
    "own": "owns",
    "have": "has",
    "know": "knows",
    "manage": "manages",
    "lead": "leads",
    "need": "needs",
    "want": "wants",
    "am in": "is in",
    "am at": "is at",
}
_ARTICLES: Final = re.compile(r"^(?:the|a|an)\s+", re.IGNORECASE)
_SUBJECT: Final = r"(?P<subj>[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){0,4})"
_MAX_OBJECT_WORDS: Final = 8
_ROLES: Final = r"user|human|assistant|ai|system|tool"
# Only our own message rendering ("user: ..." or "Alice (user): ...") names a speaker, so a
# free-text line such as "Note: ..." is never mistaken for one.
_SPEAKER: Final = re.compile(
    rf"^\s*(?:(?P<role_only>{_ROLES})"
    rf"|(?P<speaker>[A-Za-z][\w .-]{{0,40}}?)\s*\((?P<role>{_ROLES})\))"
    r"\s*:\s+(?P<rest>.+)$",
    re.IGNORECASE,
)
_KEY_VALUE_FACT: Final = re.compile(r"^(?P<key>[^:\n]{1,128}):\s*(?P<value>.+)$", re.DOTALL)
_PROPER_NOUN: Final = re.compile(r"\b([A-Z][a-z]+(?:\s+[A-Z][a-z]+)+)\b")


def _alternation(phrases: list[str]) -> str:
    return "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True))


# The object runs to the end of the sentence, without trailing blanks and one final [.!?;].
# Written so CPython's re needs linear time (``(?P<obj>[^.!?;]+?)\s*`` was
# quadratic in a run of blanks): blank runs are possessive and the object ends on a non-blank.
_OBJECT: Final = r"\s++(?P<obj>[^.!?;]*[^.!?;\s])\s*+[.!?;]?$"
_THIRD: Final = re.compile(rf"^{_SUBJECT}\s++(?P<pred>{_alternation(list(PREDICATES))}){_OBJECT}")
_FIRST: Final = re.compile(rf"^I\s++(?P<pred>{_alternation(list(_FIRST_PERSON))}){_OBJECT}")


class OfflineExtractionError(Exception):
    """A prompt the offline extractor does not answer (Graphiti then fails; we fail closed).

    Not a ``ValueError``: Graphiti's retry policy retries JSON errors with long back-offs."""


@dataclass(frozen=True, slots=True)
class FactTriple:
    subject: str
    predicate: str  # canonical third-person phrase, lower case
    obj: str

    @property
    def relation_type(self) -> str:
        return re.sub(r"\W+", "_", self.predicate).strip("_").upper()

    @property
    def fact(self) -> str:
        return f"{self.subject} {self.predicate} {self.obj}"


def normalize_name(name: str) -> str:
    """Case-, blank- and leading-article-insensitive form used for exact-match dedupe only."""
    return _ARTICLES.sub("", " ".join(name.split())).casefold()


def _clean_object(raw: str) -> str | None:
    obj = " ".join(raw.split()).strip(" ,")
    if not obj or len(obj.split()) > _MAX_OBJECT_WORDS:
        return None
    return obj


def _sentences(text: str) -> list[str]:
    parts = re.split(r"(?<=[.!?;])\s+|\n+", text)
    return [p.strip() for p in parts if p.strip()]


def _speaker_of(line: str) -> tuple[str | None, str]:
    """Split ``"name (role): text"`` / ``"role: text"`` into (speaker entity, text)."""
    match = _SPEAKER.match(line)
    if match is None:
        return None, line
    role = (match.group("role_only") or match.group("role") or "").casefold()
    if role not in {"user", "human"}:
        # The agent's, system's and tools' own lines are not first-person facts about a person.
        return "", match.group("rest")
    speaker = (match.group("speaker") or "").strip() or "User"
    return speaker, match.group("rest")


def _triple_of(sentence: str, speaker: str | None) -> FactTriple | None:
    if is_question(sentence):
        return None  # "What is his name?" asks; it states nothing
    third = _THIRD.match(sentence)
    if third is not None and third.group("subj") != "I" and keep_subject(third.group("subj")):
        obj = _clean_object(third.group("obj"))
        obj = speaker_object(obj, speaker) if obj is not None else None
        if obj is not None:
            return FactTriple(third.group("subj"), third.group("pred").lower(), obj)
    first = _FIRST.match(sentence)
    if first is not None and speaker:
        obj = _clean_object(first.group("obj"))
        obj = speaker_object(obj, speaker) if obj is not None else None
        if obj is not None:
            return FactTriple(speaker, _FIRST_PERSON[first.group("pred").lower()], obj)
    return None


def extract_triples(text: str) -> list[FactTriple]:
    """Every fact sentence of ``text``, in order, without duplicates."""
    triples: list[FactTriple] = []
    seen: set[str] = set()
    for line in text.splitlines() or [text]:
        speaker, body = _speaker_of(line)
        for sentence in _sentences(body):
            triple = _triple_of(sentence, speaker)
            if triple is not None and normalize_name(triple.fact) not in seen:
                seen.add(normalize_name(triple.fact))
                triples.append(triple)
    return triples


def extract_entity_names(text: str) -> list[str]:
    """Fact subjects and objects, plus multi-word proper names (``Acme Corp``) anywhere."""
    names: list[str] = []
    for triple in extract_triples(text):
        names.extend([triple.subject, _ARTICLES.sub("", triple.obj)])
    for line in text.splitlines():
        for match in _PROPER_NOUN.finditer(_speaker_of(line)[1]):
            name = clean_entity(match.group(1))  # "Hey Caroline" is a greeting, not a name
            if name is not None:
                names.append(name)
    unique: dict[str, str] = {}
    for name in names:
        unique.setdefault(normalize_name(name), name)
    return list(unique.values())


def parse_fact(fact: str) -> tuple[str, str, str, bool] | None:
    """(subject key, predicate, object key, single-valued) of a fact text this module wrote, or of a
    structured ``key: value`` fact (predicate ``key:``); None when it is neither."""
    third = _THIRD.match(fact.strip())
    if third is not None:
        pred = third.group("pred").lower()
        return (
            normalize_name(third.group("subj")),
            pred,
            normalize_name(third.group("obj")),
            PREDICATES[pred],
        )
    kv = _KEY_VALUE_FACT.match(fact.strip())
    if kv is not None:
        return normalize_name(kv.group("key")), "key:", normalize_name(kv.group("value")), True
    return None


def contradicts(new_fact: str, old_fact: str) -> bool:
    new, old = parse_fact(new_fact), parse_fact(old_fact)
    if new is None or old is None:
        return False
    return new[3] and new[:2] == old[:2] and new[2] != old[2]


def same_fact(a: str, b: str) -> bool:
    """Equal normalised text, or the same (subject, predicate, object) ("prefers the tea")."""
    if normalize_name(a) == normalize_name(b):
        return True
    parsed_a, parsed_b = parse_fact(a), parse_fact(b)
    return parsed_a is not None and parsed_a == parsed_b


def without_article(name: str) -> str:
    """``the tea`` -> ``tea`` (entity names are stored without a leading article)."""
    return _ARTICLES.sub("", name)
