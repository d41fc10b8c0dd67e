"""The OpenAI stub's answers (:mod:`tests.integration.openai_stub`): derived deterministically from
the prompt graphiti-core sent, never from a model.

* ``ExtractedEntities``: the runs of capitalised words in the episode's text (minus sentence
  openers, pronouns and chat roles);
* ``ExtractedEdges``: one fact per sentence naming two of the prompt's ENTITIES, the words between
  them as the relation ("Marguerite Okafor works at Quillfeather Labs" -> ``WORKS_AT``);
* ``NodeResolutions``: a duplicate only on an exact (case-insensitive) name match;
* the reranker's True/False: PASSAGE and QUERY share a word of four letters or more;
* any other schema: its smallest valid instance (required properties only, null where allowed).
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

__all__ = ["entity_names", "minimal_instance", "relevant", "structured_answer"]

_NAME_RUN: Final = re.compile(r"\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*\b")
# Capitalised words that are not names: sentence openers, pronouns, chat roles.
_NOT_NAMES: Final = frozenset(
    {"I", "The", "A", "An", "We", "He", "She", "They", "It", "This", "That", "User", "Assistant"}
)
_EPISODE_TAGS: Final = ("CURRENT MESSAGE", "CURRENT_MESSAGE", "TEXT", "JSON")


def _section(text: str, tag: str) -> str | None:
    match = re.search(rf"<{re.escape(tag)}>\n?(.*?)\n?</{re.escape(tag)}>", text, re.DOTALL)
    return match.group(1).strip() if match else None


def _episode_text(prompt: str) -> str:
    for tag in _EPISODE_TAGS:
        found = _section(prompt, tag)
        if found is not None:
            return found
    return ""


def entity_names(text: str) -> list[str]:
    """Runs of capitalised words, minus openers and pronouns, first occurrence first."""
    names: dict[str, str] = {}
    for match in _NAME_RUN.finditer(text):
        words = match.group(0).split()
        while words and words[0] in _NOT_NAMES:
            words = words[1:]
        if words:
            name = " ".join(words)
            names.setdefault(name.casefold(), name)
    return list(names.values())


def _json_section(prompt: str, tag: str) -> list[dict[str, Any]]:
    raw = _section(prompt, tag)
    if not raw:
        return []
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        return []
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def _entities(prompt: str) -> dict[str, Any]:
    return {
        "extracted_entities": [
            {"name": n, "entity_type_id": 0, "episode_indices": [0]}
            for n in entity_names(_episode_text(prompt))
        ]
    }


def _edges(prompt: str) -> dict[str, Any]:
    known = [str(n["name"]) for n in _json_section(prompt, "ENTITIES") if "name" in n]
    edges: list[dict[str, Any]] = []
    for sentence in re.split(r"(?<=[.!?])\s+|\n+", _episode_text(prompt)):
        sentence = re.sub(r"^\s*[\w .-]*\((?:user|assistant)\)\s*:\s*|^\s*\w+\s*:\s+", "", sentence)
        found = sorted((sentence.find(n), n) for n in known if n and n in sentence)
        if len(found) < 2:
            continue
        (start, source), (end, target) = found[0], found[1]
        between = sentence[start + len(source) : end].strip()
        relation = re.sub(r"\W+", "_", between).strip("_").upper() or "RELATES_TO"
        fact = sentence.strip().rstrip(".!?")
        edges.append(
            {
                "source_entity_name": source,
                "target_entity_name": target,
                "relation_type": relation,
                "fact": fact,
                "valid_at": None,
                "invalid_at": None,
                "episode_indices": [0],
            }
        )
    return {"edges": edges}


def _node_resolutions(prompt: str) -> dict[str, Any]:
    existing = {
        str(n.get("name", "")).casefold(): int(n["candidate_id"])
        for n in _json_section(prompt, "EXISTING ENTITIES")
        if "candidate_id" in n
    }
    return {
        "entity_resolutions": [
            {
                "id": int(n["id"]),
                "name": str(n["name"]),
                "duplicate_candidate_id": existing.get(str(n["name"]).casefold(), -1),
            }
            for n in _json_section(prompt, "ENTITIES")
            if "id" in n and "name" in n
        ]
    }


def relevant(prompt: str) -> bool:
    """The reranker's question: do PASSAGE and QUERY share a word of four letters or more?"""
    words = [
        {w.casefold() for w in re.findall(r"\w{4,}", _section(prompt, tag) or "")}
        for tag in ("PASSAGE", "QUERY")
    ]
    return bool(words[0] & words[1])


_HANDLERS: Final = {
    "ExtractedEntities": _entities,
    "ExtractedEdges": _edges,
    "NodeResolutions": _node_resolutions,
}


def _resolve(schema: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        ref = str(schema["$ref"])
        node: Any = root
        for part in ref.removeprefix("#/").split("/"):
            node = node[part]
        schema = node
    return schema


def minimal_instance(schema: dict[str, Any], root: dict[str, Any] | None = None) -> Any:
    """The smallest value valid for ``schema``: required properties only, empty arrays, null
    where allowed, zero, false, the empty string (or the first enum/const)."""
    root = root if root is not None else schema
    schema = _resolve(schema, root)
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return schema["enum"][0]
    for key in ("anyOf", "oneOf"):
        if key in schema:
            options = [_resolve(s, root) for s in schema[key]]
            if any(o.get("type") == "null" for o in options):
                return None
            return minimal_instance(options[0], root)
    if "allOf" in schema:
        return minimal_instance(schema["allOf"][0], root)
    kind = schema.get("type", "object")
    if isinstance(kind, list):
        kind = "null" if "null" in kind else kind[0]
    if kind == "object":
        props = schema.get("properties", {})
        return {name: minimal_instance(props[name], root) for name in schema.get("required", [])}
    scalars: dict[str, Any] = {
        "array": [],
        "string": "",
        "integer": 0,
        "number": 0.0,
        "boolean": False,
        "null": None,
    }
    return scalars[kind]


def structured_answer(schema_name: str, schema: dict[str, Any], prompt: str) -> dict[str, Any]:
    handler = _HANDLERS.get(schema_name)
    answer = handler(prompt) if handler is not None else minimal_instance(schema)
    return answer if isinstance(answer, dict) else {}
