"""A local, protocol-faithful OpenAI-compatible server for the LLM-path integration tests.

Real HTTP on 127.0.0.1 (a random free port), served by uvicorn in a thread of its own, speaking
what the ``openai`` SDK that graphiti-core drives sends and parses:

* ``POST /v1/chat/completions`` - ``response_format`` ``json_schema`` (OpenAIGenericClient, the
  client a4s-memory builds for any ``OPENAI_BASE_URL``), ``json_object``, and the logprob
  classifier call of ``OpenAIRerankerClient`` (``max_tokens=1``, ``logprobs``/``top_logprobs``);
* ``POST /v1/responses`` - ``text.format`` ``json_schema`` as ``responses.parse`` sends it
  (graphiti's OpenAIClient, used for api.openai.com);
* ``POST /v1/embeddings`` - ``encoding_format`` ``float`` or ``base64`` (the SDK's default: packed
  little-endian float32), ``input`` as a string or a list of strings.

It is not a model. Structured answers are derived deterministically from the prompt: entities are
the runs of capitalised words in the episode's text, a fact joins two of them when one sentence
names both ("Marguerite Okafor works at Quillfeather Labs" -> ``WORKS_AT``), node dedupe matches
exact names, everything else gets the smallest instance of the requested schema. Every answer is
validated against the schema the client sent before it leaves, and every request is recorded
(path, body, whether the schema was a valid JSON Schema, whether the answer conformed), so a test
asserts on the traffic, not on the stub's good intentions. Embeddings are
:class:`HashingEmbedder` vectors of the stub's own dimension: lexical, deterministic, normalised.
"""

from __future__ import annotations

import base64
import json
import re
import socket
import struct
import threading
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Final

import jsonschema  # type: ignore[import-untyped]
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from a4s_memory.graph.embedder import HashingEmbedder

__all__ = [
    "OpenAIStub",
    "StubCall",
    "entity_names",
    "minimal_instance",
    "relevant",
    "structured_answer",
]

CHAT: Final = "/v1/chat/completions"
RESPONSES: Final = "/v1/responses"
EMBEDDINGS: Final = "/v1/embeddings"

_NAME_RUN: Final = re.compile(r"\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*\b")
# Capitalised words that are not names: sentence openers, pronouns, chat roles.
_NOT_NAMES: Final = frozenset(
    {"I", "The", "A", "An", "We", "He", "She", "They", "It", "This", "That", "User", "Assistant"}
)
_EPISODE_TAGS: Final = ("CURRENT MESSAGE", "CURRENT_MESSAGE", "TEXT", "JSON")


@dataclass(slots=True)
class StubCall:
    """One request the stub answered."""

    path: str
    body: dict[str, Any]
    schema_name: str | None = None
    schema_valid: bool | None = None  # the request's JSON Schema passes check_schema
    answer_valid: bool | None = None  # the stub's answer validates against that schema
    dimension: int | None = None  # embeddings: the size of each vector returned


@dataclass(slots=True)
class _Recorder:
    calls: list[StubCall] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, call: StubCall) -> None:
        with self.lock:
            self.calls.append(call)


# -- deterministic answers -------------------------------------------------------------------------


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
        edges.append({
            "source_entity_name": source, "target_entity_name": target,
            "relation_type": relation, "fact": fact,
            "valid_at": None, "invalid_at": None, "episode_indices": [0],
        })  # fmt: skip
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
        "array": [], "string": "", "integer": 0, "number": 0.0, "boolean": False, "null": None,
    }  # fmt: skip
    return scalars[kind]


def structured_answer(schema_name: str, schema: dict[str, Any], prompt: str) -> dict[str, Any]:
    handler = _HANDLERS.get(schema_name)
    answer = handler(prompt) if handler is not None else minimal_instance(schema)
    return answer if isinstance(answer, dict) else {}


# -- the protocol ------------------------------------------------------------------------------


def _prompt_of(messages: list[dict[str, Any]]) -> str:
    parts: list[str] = []
    for m in messages:
        content = m.get("content", "")
        if isinstance(content, list):  # content parts
            content = "\n".join(str(p.get("text", "")) for p in content if isinstance(p, dict))
        parts.append(str(content))
    return "\n".join(parts)


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse(
        {"error": {"message": message, "type": "invalid_request_error", "param": None,
                   "code": None}},
        status_code=status,
    )  # fmt: skip


def _usage(prompt: str, completion: str) -> dict[str, int]:
    p, c = len(prompt.split()), len(completion.split())
    return {"prompt_tokens": p, "completion_tokens": c, "total_tokens": p + c}


def _check(schema: dict[str, Any], answer: Any) -> tuple[bool, bool]:
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
    except jsonschema.SchemaError:
        return False, False
    return True, jsonschema.Draft202012Validator(schema).is_valid(answer)


class OpenAIStub:
    """Start with :meth:`start` (or ``with``); ``base_url`` is what ``OPENAI_BASE_URL`` takes."""

    def __init__(self, dimension: int = 256, model_name: str = "stub-llm") -> None:
        self.dimension = dimension
        self.model_name = model_name
        self._embedder = HashingEmbedder(dimension)
        self._recorder = _Recorder()
        self._sock: socket.socket | None = None
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self.app = Starlette(routes=[
            Route(CHAT, self._chat, methods=["POST"]),
            Route(RESPONSES, self._responses, methods=["POST"]),
            Route(EMBEDDINGS, self._embeddings, methods=["POST"]),
        ])  # fmt: skip

    # -- lifecycle

    @property
    def base_url(self) -> str:
        if self._sock is None:
            raise RuntimeError("the stub is not running")
        return f"http://127.0.0.1:{self._sock.getsockname()[1]}/v1"

    def start(self) -> OpenAIStub:
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._sock.bind(("127.0.0.1", 0))
        config = uvicorn.Config(self.app, log_level="warning", access_log=False, lifespan="off")
        self._server = uvicorn.Server(config)
        sockets = [self._sock]
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": sockets}, daemon=True
        )
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("the OpenAI stub did not start")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)
        if self._sock is not None:
            self._sock.close()

    def __enter__(self) -> OpenAIStub:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- what it saw

    @property
    def calls(self) -> list[StubCall]:
        with self._recorder.lock:
            return list(self._recorder.calls)

    def count(self, path: str | None = None) -> int:
        return sum(1 for c in self.calls if path is None or c.path == path)

    # -- endpoints

    async def _body(self, request: Request) -> dict[str, Any] | None:
        if not request.headers.get("authorization", "").startswith("Bearer "):
            return None
        try:
            body = await request.json()
        except json.JSONDecodeError:
            return None
        return body if isinstance(body, dict) else None

    async def _chat(self, request: Request) -> JSONResponse:
        body = await self._body(request)
        if body is None or not isinstance(body.get("messages"), list) or not body.get("model"):
            return _error(400, "model and messages are required (with a bearer key)")
        call = StubCall(CHAT, body)
        prompt = _prompt_of(body["messages"])
        fmt = body.get("response_format") or {}
        logprobs: dict[str, Any] | None = None
        if fmt.get("type") == "json_schema":
            spec = fmt.get("json_schema") or {}
            call.schema_name = str(spec.get("name", ""))
            schema = spec.get("schema") or {}
            answer = structured_answer(call.schema_name, schema, prompt)
            call.schema_valid, call.answer_valid = _check(schema, answer)
            content = json.dumps(answer)
        elif fmt.get("type") == "json_object":
            content = "{}"
        else:  # the reranker's one-token True/False classifier
            verdict = "True" if relevant(prompt) else "False"
            content = verdict
            if body.get("logprobs"):
                other = "False" if verdict == "True" else "True"
                top: list[dict[str, Any]] = [
                    {"token": verdict, "logprob": -0.1, "bytes": None},
                    {"token": other, "logprob": -2.4, "bytes": None},
                ]
                first = {**top[0], "top_logprobs": top[: int(body.get("top_logprobs") or 2)]}
                logprobs = {"content": [first], "refusal": None}
        self._recorder.add(call)
        return JSONResponse({
            "id": f"chatcmpl-{uuid.uuid4().hex}", "object": "chat.completion",
            "created": int(time.time()), "model": str(body["model"]),
            "choices": [{"index": 0, "finish_reason": "stop", "logprobs": logprobs,
                         "message": {"role": "assistant", "content": content, "refusal": None}}],
            "usage": _usage(prompt, content),
        })  # fmt: skip

    async def _responses(self, request: Request) -> JSONResponse:
        body = await self._body(request)
        if body is None or not body.get("model") or "input" not in body:
            return _error(400, "model and input are required (with a bearer key)")
        call = StubCall(RESPONSES, body)
        raw_input = body["input"]
        prompt = raw_input if isinstance(raw_input, str) else _prompt_of(raw_input)
        prompt = "\n".join([str(body.get("instructions") or ""), prompt])
        fmt = (body.get("text") or {}).get("format") or {}
        if fmt.get("type") == "json_schema":
            call.schema_name = str(fmt.get("name", ""))
            schema = fmt.get("schema") or {}
            answer = structured_answer(call.schema_name, schema, prompt)
            call.schema_valid, call.answer_valid = _check(schema, answer)
            text = json.dumps(answer)
        else:
            text = "{}"
        self._recorder.add(call)
        usage = _usage(prompt, text)
        return JSONResponse({
            "id": f"resp_{uuid.uuid4().hex}", "object": "response", "created_at": int(time.time()),
            "status": "completed", "model": str(body["model"]), "error": None,
            "incomplete_details": None, "instructions": body.get("instructions"),
            "parallel_tool_calls": True, "tool_choice": "auto", "tools": [],
            "temperature": body.get("temperature"), "top_p": 1.0, "metadata": {},
            "output": [{
                "type": "message", "id": f"msg_{uuid.uuid4().hex}", "status": "completed",
                "role": "assistant",
                "content": [{"type": "output_text", "text": text, "annotations": []}],
            }],
            "usage": {"input_tokens": usage["prompt_tokens"],
                      "input_tokens_details": {"cached_tokens": 0},
                      "output_tokens": usage["completion_tokens"],
                      "output_tokens_details": {"reasoning_tokens": 0},
                      "total_tokens": usage["total_tokens"]},
        })  # fmt: skip

    async def _embeddings(self, request: Request) -> JSONResponse:
        body = await self._body(request)
        if body is None or not body.get("model") or "input" not in body:
            return _error(400, "model and input are required (with a bearer key)")
        raw = body["input"]
        texts = [raw] if isinstance(raw, str) else raw
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            return _error(400, "input must be a string or a list of strings")
        fmt = body.get("encoding_format", "float")
        if fmt not in {"float", "base64"}:
            return _error(400, "encoding_format must be float or base64")
        vectors = [self._embedder.embed(t) for t in texts]
        data: list[dict[str, Any]] = []
        for i, vector in enumerate(vectors):
            packed: Any = vector
            if fmt == "base64":
                packed = base64.b64encode(struct.pack(f"<{len(vector)}f", *vector)).decode()
            data.append({"object": "embedding", "index": i, "embedding": packed})
        self._recorder.add(StubCall(EMBEDDINGS, body, dimension=self.dimension))
        tokens = sum(len(t.split()) for t in texts)
        return JSONResponse({
            "object": "list", "data": data, "model": str(body["model"]),
            "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
        })  # fmt: skip
