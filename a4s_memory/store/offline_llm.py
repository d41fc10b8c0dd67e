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
from collections.abc import Callable
from datetime import date, datetime
from typing import Any, Final

from graphiti_core.llm_client import LLMClient
from graphiti_core.llm_client.config import DEFAULT_MAX_TOKENS, LLMConfig, ModelSize
from graphiti_core.prompts.lib import PROMPT_GROUPS, create_prompt_library
from graphiti_core.prompts.models import ChatPrompt, Message, SystemMessage, UserMessage
from pydantic import BaseModel

from a4s_memory.store.offline_extract import (
    FactTriple,
    OfflineExtractionError,
    contradicts,
    extract_entity_names,
    extract_triples,
    normalize_name,
    parse_fact,
    same_fact,
    without_article,
)

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
            "target_entity_name": without_article(t.obj),
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
        # serving other requests while one long episode is extracted.
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
