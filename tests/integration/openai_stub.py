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

It is not a model: :mod:`tests.integration.openai_stub_answers` derives each answer from the
prompt (entities are the capitalised names in the episode's text, a fact joins two of them named
in one sentence). A request whose ``json_schema`` is not a valid JSON Schema gets OpenAI's 400;
every answer is checked against the schema the client sent, and every request is recorded (path,
body, schema validity, answer validity), so a test asserts on the traffic, not on the stub's
good intentions. Embeddings are
:class:`HashingEmbedder` vectors of the stub's own dimension: lexical, deterministic, normalised.
"""

from __future__ import annotations

import base64
import json
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

from a4s_memory.store.embedder import HashingEmbedder
from tests.integration.openai_stub_answers import relevant, structured_answer

__all__ = ["CHAT", "EMBEDDINGS", "RESPONSES", "OpenAIStub", "StubCall"]

CHAT: Final = "/v1/chat/completions"
RESPONSES: Final = "/v1/responses"
EMBEDDINGS: Final = "/v1/embeddings"


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
        {
            "error": {
                "message": message,
                "type": "invalid_request_error",
                "param": None,
                "code": None,
            }
        },
        status_code=status,
    )


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
        self.app = Starlette(
            routes=[
                Route(CHAT, self._chat, methods=["POST"]),
                Route(RESPONSES, self._responses, methods=["POST"]),
                Route(EMBEDDINGS, self._embeddings, methods=["POST"]),
            ]
        )

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
            if not call.schema_valid:
                self._recorder.add(call)
                return _error(400, f"Invalid schema for response_format '{call.schema_name}'")
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
        return JSONResponse(
            {
                "id": f"chatcmpl-{uuid.uuid4().hex}",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": str(body["model"]),
                "choices": [
                    {
                        "index": 0,
                        "finish_reason": "stop",
                        "logprobs": logprobs,
                        "message": {"role": "assistant", "content": content, "refusal": None},
                    }
                ],
                "usage": _usage(prompt, content),
            }
        )

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
            if not call.schema_valid:
                self._recorder.add(call)
                return _error(400, f"Invalid schema for response_format '{call.schema_name}'")
            text = json.dumps(answer)
        else:
            text = "{}"
        self._recorder.add(call)
        usage = _usage(prompt, text)
        return JSONResponse(
            {
                "id": f"resp_{uuid.uuid4().hex}",
                "object": "response",
                "created_at": int(time.time()),
                "status": "completed",
                "model": str(body["model"]),
                "error": None,
                "incomplete_details": None,
                "instructions": body.get("instructions"),
                "parallel_tool_calls": True,
                "tool_choice": "auto",
                "tools": [],
                "temperature": body.get("temperature"),
                "top_p": 1.0,
                "metadata": {},
                "output": [
                    {
                        "type": "message",
                        "id": f"msg_{uuid.uuid4().hex}",
                        "status": "completed",
                        "role": "assistant",
                        "content": [{"type": "output_text", "text": text, "annotations": []}],
                    }
                ],
                "usage": {
                    "input_tokens": usage["prompt_tokens"],
                    "input_tokens_details": {"cached_tokens": 0},
                    "output_tokens": usage["completion_tokens"],
                    "output_tokens_details": {"reasoning_tokens": 0},
                    "total_tokens": usage["total_tokens"],
                },
            }
        )

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
        return JSONResponse(
            {
                "object": "list",
                "data": data,
                "model": str(body["model"]),
                "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
            }
        )
