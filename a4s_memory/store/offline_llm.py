"""Offline extraction: a deterministic :class:`graphiti_core.llm_client.LLMClient` so the REAL
``Graphiti.add_episode`` / ``add_triplet`` pipelines run with no language model configured.

How it works. Graphiti builds every prompt from a ``context`` dict. :func:`offline_prompt_library`
replaces each prompt's text with that context as JSON between markers, and names the prompt in
the system message. :class:`OfflineLLMClient` parses it back and answers the prompt's response
model from rules, never from a model:

* entities and facts from ``Subject <predicate> Object`` sentences (:mod:`PREDICATES`), first
  person sentences in user messages ("I prefer tea" -> ``User PREFERS tea``) and structured
  ``key: value`` facts;
* node dedupe only on an exact (case- and article-insensitive) name match, never fuzzily;
* edge dedupe on identical normalised fact text; a contradiction only when an earlier fact has
  the same subject and the same *single-valued* predicate (or the same ``key``) with a different
  object;
* no summaries and no custom attributes; timestamps = the episode's reference time.

An unknown prompt raises :class:`OfflineExtractionError`, so Graphiti fails and the ingestion
fails closed rather than storing something half-understood. docs/offline-mode.md lists what this
does not extract.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, Final

from graphiti_core.llm_client import LLMClient
from graphiti_core.llm_client.config import DEFAULT_MAX_TOKENS, LLMConfig, ModelSize
from graphiti_core.prompts.lib import PROMPT_GROUPS, create_prompt_library
from graphiti_core.prompts.models import ChatPrompt, Message, SystemMessage, UserMessage
from pydantic import BaseModel

from a4s_memory.store.offline_noise import clean_entity, is_question, keep_subject, speaker_object

__all__ = [
    "FactTriple",
    "OfflineExtractionError",
    "OfflineLLMClient",
    "answer",
    "contradicts",
    "extract_entity_names",
    "extract_triples",
    "normalize_name",
    "offline_prompt_library",
    "parse_fact",
    "same_fact",
]

logger = logging.getLogger(__name__)

_PROMPT_MARK: Final = "a4s-offline-prompt:"
_CTX_START: Final = "<<A4S_CONTEXT>>"
_CTX_END: Final = "<</A4S_CONTEXT>>"

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
    "am": "is", "am based in": "is based in", "live in": "lives in", "work at": "works at",
    "work for": "works for", "report to": "reports to", "prefer": "prefers", "use": "uses",
    "like": "likes", "love": "loves", "dislike": "dislikes", "hate": "hates", "own": "owns",
    "have": "has", "know": "knows", "manage": "manages", "lead": "leads", "need": "needs",
    "want": "wants", "am in": "is in", "am at": "is at",
}  # fmt: skip
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
# Written so CPython's re needs linear time (security issue 12: ``(?P<obj>[^.!?;]+?)\s*`` was
# quadratic in a run of blanks): blank runs are possessive and the object ends on a non-blank.
_OBJECT: Final = r"\s++(?P<obj>[^.!?;]*[^.!?;\s])\s*+[.!?;]?$"
_THIRD: Final = re.compile(
    rf"^{_SUBJECT}\s++(?P<pred>{_alternation(list(PREDICATES))}){_OBJECT}"
)
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


# -- the prompt library: every prompt becomes its context as JSON -----------------------------


def _json_default(value: object) -> str:
    if isinstance(value, datetime | date):
        return value.isoformat()
    return str(value)


def _builder(prompt_name: str) -> Any:
    def build(context: dict[str, Any]) -> ChatPrompt:
        payload = json.dumps(context, default=_json_default, ensure_ascii=True)
        return ChatPrompt(
            system=SystemMessage(content=f"{_PROMPT_MARK}{prompt_name}\n"),
            user=UserMessage(content=f"{_CTX_START}{payload}{_CTX_END}"),
        )

    return build


def offline_prompt_library() -> Any:
    """A Graphiti prompt library whose every prompt carries its context as machine-readable JSON."""
    overrides = {
        group: {name: _builder(f"{group}.{name}") for name in names}
        for group, names in PROMPT_GROUPS.items()
    }
    return create_prompt_library(overrides)


def _decode(messages: list[Message]) -> tuple[str, dict[str, Any]]:
    system = messages[0].content if messages else ""
    user = messages[-1].content if messages else ""
    if not system.startswith(_PROMPT_MARK) or _CTX_START not in user or _CTX_END not in user:
        raise OfflineExtractionError("prompt was not built by the offline prompt library")
    name = system[len(_PROMPT_MARK) :].split("\n", 1)[0].strip()
    raw = user.split(_CTX_START, 1)[1].split(_CTX_END, 1)[0]
    try:
        context = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise OfflineExtractionError("offline prompt context is not JSON") from exc
    return name, context


# -- the answers --------------------------------------------------------------------------------


def _entities(ctx: dict[str, Any]) -> dict[str, Any]:
    names = extract_entity_names(str(ctx.get("episode_content", "")))
    return {
        "extracted_entities": [
            {"name": n, "entity_type_id": 0, "episode_indices": []} for n in names
        ]
    }


def _edges(ctx: dict[str, Any]) -> dict[str, Any]:
    reference = ctx.get("reference_time")
    edges: list[dict[str, Any]] = [
        {
            "source_entity_name": t.subject,
            "target_entity_name": _ARTICLES.sub("", t.obj),
            "relation_type": t.relation_type,
            "fact": t.fact,
            "valid_at": reference,
            "invalid_at": None,
            "episode_indices": [],
        }
        for t in extract_triples(str(ctx.get("episode_content", "")))
    ]
    return {"edges": edges}


def _node_resolutions(ctx: dict[str, Any]) -> dict[str, Any]:
    by_name: dict[str, int] = {}
    for candidate in ctx.get("existing_nodes", []):
        by_name.setdefault(
            normalize_name(str(candidate.get("name", ""))), int(candidate["candidate_id"])
        )
    resolutions = [
        {
            "id": int(node["id"]),
            "name": str(node["name"]),
            "duplicate_candidate_id": by_name.get(normalize_name(str(node["name"])), -1),
        }
        for node in ctx.get("extracted_nodes", [])
    ]
    return {"entity_resolutions": resolutions}


def same_fact(a: str, b: str) -> bool:
    """Equal normalised text, or the same (subject, predicate, object) ("prefers the tea")."""
    if normalize_name(a) == normalize_name(b):
        return True
    parsed_a, parsed_b = parse_fact(a), parse_fact(b)
    return parsed_a is not None and parsed_a == parsed_b


def _edge_resolution(ctx: dict[str, Any]) -> dict[str, Any]:
    new_fact = str(ctx.get("new_edge", ""))
    duplicates = [
        int(e["idx"]) for e in ctx.get("existing_edges", []) if same_fact(str(e["fact"]), new_fact)
    ]
    candidates = list(ctx.get("existing_edges", [])) + list(
        ctx.get("edge_invalidation_candidates", [])
    )
    contradicted = [int(e["idx"]) for e in candidates if contradicts(new_fact, str(e["fact"]))]
    return {"duplicate_facts": duplicates, "contradicted_facts": contradicted}


def _timestamps(ctx: dict[str, Any]) -> dict[str, Any]:
    return {"valid_at": ctx.get("reference_time"), "invalid_at": None}


def _no_summaries(ctx: dict[str, Any]) -> dict[str, Any]:
    return {"summaries": []}


def _no_timestamps(ctx: dict[str, Any]) -> dict[str, Any]:
    return {"timestamps": []}


def _no_attributes(ctx: dict[str, Any]) -> dict[str, Any]:
    return {}


_Answer = Callable[[dict[str, Any]], dict[str, Any]]
_ANSWERS: Final[dict[str, _Answer]] = {
    "extract_nodes.extract_message": _entities,
    "extract_nodes.extract_text": _entities,
    "extract_nodes.extract_json": _entities,
    "extract_edges.edge": _edges,
    "dedupe_nodes.nodes": _node_resolutions,
    "dedupe_edges.resolve_edge": _edge_resolution,
    "extract_edges.extract_timestamps": _timestamps,
    # Summaries stay as Graphiti builds them from facts; no invented prose.
    "extract_nodes.extract_summaries_batch": _no_summaries,
    "extract_nodes.extract_entity_summaries_from_episodes": _no_summaries,
    "extract_edges.extract_timestamps_batch": _no_timestamps,
    # Custom entity/edge types are never passed offline; no attributes are invented.
    "extract_nodes.extract_attributes": _no_attributes,
    "extract_edges.extract_attributes": _no_attributes,
}


def answer(prompt_name: str, context: dict[str, Any]) -> dict[str, Any]:
    """The offline answer to one Graphiti prompt (pure; unit-tested without I/O)."""
    handler = _ANSWERS.get(prompt_name)
    if handler is None:
        raise OfflineExtractionError(f"offline mode does not answer prompt '{prompt_name}'")
    return handler(context)


class OfflineLLMClient(LLMClient):
    """Graphiti's LLMClient, answered by rules. Use with :func:`offline_prompt_library`."""

    def __init__(self) -> None:
        super().__init__(LLMConfig(model="a4s-offline", small_model="a4s-offline"), cache=False)

    async def _generate_response(
        self,
        messages: list[Message],
        response_model: type[BaseModel] | None = None,
        max_tokens: int = DEFAULT_MAX_TOKENS,
        model_size: ModelSize = ModelSize.medium,
        *,
        model: str | None = None,
    ) -> dict[str, Any]:
        # The rules are CPU-bound (regexes over the episode): a worker thread keeps the event loop
        # serving other requests while one long episode is extracted (issue 12 row 7).
        prompt_name, context = await asyncio.to_thread(_decode, messages)
        result = await asyncio.to_thread(answer, prompt_name, context)
        if response_model is not None and prompt_name not in {
            "extract_nodes.extract_attributes",
            "extract_edges.extract_attributes",
        }:
            # Validate here so a rule bug surfaces as our error, not as a Graphiti retry loop.
            response_model.model_validate(result)
        logger.debug("offline answer for %s", prompt_name)
        return result
