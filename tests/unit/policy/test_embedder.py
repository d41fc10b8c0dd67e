"""Embedders and their selection (no I/O, no model downloads)."""

from __future__ import annotations

import math
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from pydantic import ValidationError

from a4s_memory.config import Settings
from a4s_memory.errors import ConfigurationError
from a4s_memory.store import embedder as embedder_module
from a4s_memory.store import embedder_onnx
from a4s_memory.store.embedder import (
    HASHING_DIMENSION,
    HashingEmbedder,
    OnnxMiniLMEmbedder,
    OpenAICompatibleEmbedder,
    build_embedder,
    stem,
)
from a4s_memory.store.embedder_onnx import mean_pool_normalised


def _cos(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


async def test_hashing_is_deterministic_normalised_and_sized() -> None:
    emb = HashingEmbedder()
    a = await emb.create("The user prefers green tea")
    b = await emb.create(["The user prefers green tea"])
    assert a == b
    assert len(a) == HASHING_DIMENSION == emb.dimension
    assert math.isclose(math.sqrt(sum(x * x for x in a)), 1.0)


async def test_hashing_is_lexical() -> None:
    emb = HashingEmbedder()
    query = await emb.create("which tea does the user prefer")
    close = await emb.create("The user preferred green tea")
    far = await emb.create("Deploy the service on Kubernetes")
    assert _cos(query, close) > _cos(query, far)


async def test_batch_matches_single() -> None:
    emb = HashingEmbedder()
    texts = ["alpha beta", "gamma"]
    assert await emb.create_batch(texts) == [emb.embed(t) for t in texts]


async def test_empty_text_is_a_zero_vector() -> None:
    assert not any(await HashingEmbedder().create(""))


def test_light_stemming() -> None:
    assert stem("prefers") == stem("preferred") == "prefer"
    assert stem("is") == "is"


def _installed(monkeypatch: pytest.MonkeyPatch, *, onnx: bool, minilm: bool = False) -> None:
    monkeypatch.setattr(embedder_module, "onnx_minilm_available", lambda: onnx)
    monkeypatch.setattr(embedder_module, "minilm_available", lambda: minilm)


def _offline(**update: str) -> Settings:
    return Settings(openai_api_key=None, openai_base_url=None, **update)


@pytest.mark.parametrize(
    ("onnx", "minilm", "expected"),
    [
        (True, True, "all-minilm-l6-v2-int8-onnx"),  # the embed extra wins over torch MiniLM
        (True, False, "all-minilm-l6-v2-int8-onnx"),
        (False, True, "all-minilm-l6-v2"),
        (False, False, f"hashing-v2-{HASHING_DIMENSION}"),
    ],
)
def test_auto_takes_the_best_offline_embedder_installed(
    monkeypatch: pytest.MonkeyPatch, onnx: bool, minilm: bool, expected: str
) -> None:
    _installed(monkeypatch, onnx=onnx, minilm=minilm)
    assert build_embedder(_offline(embedder="auto")).name == expected


def test_auto_is_the_default_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("A4S_EMBEDDER", raising=False)
    assert Settings().embedder == "auto"
    monkeypatch.setenv("A4S_EMBEDDER", "minilm-onnx")
    assert Settings.from_env().embedder == "minilm-onnx"


def test_an_unknown_embedder_is_rejected() -> None:
    with pytest.raises(ValidationError):
        Settings(embedder="word2vec")


def test_build_embedder_uses_openai_when_configured(monkeypatch: pytest.MonkeyPatch) -> None:
    _installed(monkeypatch, onnx=True, minilm=True)  # an endpoint beats every offline embedder
    emb = build_embedder(
        Settings(openai_base_url="http://127.0.0.1:9/v1", embedding_model="m", embedder="auto")
    )
    assert emb.name == "openai:m"
    assert emb.dimension == 1536


class _Embeddings:
    """Stands in for ``AsyncOpenAI().embeddings``: vectors of a fixed size, no network."""

    def __init__(self, size: int) -> None:
        self.size = size

    async def create(self, *, input: Any, model: str) -> Any:
        texts = [input] if isinstance(input, str) else list(input)
        data = [SimpleNamespace(embedding=[0.5] * self.size) for _ in texts]
        return SimpleNamespace(data=data)


async def test_openai_compatible_vectors_keep_the_servers_size() -> None:
    # Graphiti's OpenAIEmbedder cut every vector to embedding_dim (1536 here): a 2048-dimension
    # model lost a quarter of each vector, and a 768-dimension one was reported as 1536.
    for size in (768, 2048):
        emb = build_embedder(Settings(openai_base_url="http://127.0.0.1:9/v1", embedder="auto"))
        assert isinstance(emb, OpenAICompatibleEmbedder)
        assert emb.dimension == 1536  # text-embedding-3-small's size, until a vector arrives
        emb.client = SimpleNamespace(embeddings=_Embeddings(size))  # type: ignore[assignment]
        assert len(await emb.create(input_data=["a text"])) == size
        assert [len(v) for v in await emb.create_batch(["a", "b"])] == [size, size]
        assert emb.dimension == size


def test_known_openai_models_announce_their_size() -> None:
    large = Settings(
        openai_base_url="http://127.0.0.1:9/v1",
        embedding_model="text-embedding-3-large",
        embedder="auto",
    )
    assert build_embedder(large).dimension == 3072


def test_an_explicit_offline_choice_beats_a_configured_endpoint(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _installed(monkeypatch, onnx=True)
    settings = Settings(openai_base_url="http://127.0.0.1:9/v1", embedder="minilm-onnx")
    assert isinstance(build_embedder(settings), OnnxMiniLMEmbedder)
    hashing = Settings(openai_base_url="http://127.0.0.1:9/v1", embedder="hashing")
    assert isinstance(build_embedder(hashing), HashingEmbedder)


@pytest.mark.parametrize("choice", ["minilm-onnx", "minilm", "openai"])
def test_an_explicit_choice_that_cannot_be_had_fails(
    monkeypatch: pytest.MonkeyPatch, choice: str
) -> None:
    _installed(monkeypatch, onnx=False, minilm=False)
    with pytest.raises(ConfigurationError, match=f"A4S_EMBEDDER={choice}"):
        build_embedder(_offline(embedder=choice))


def test_onnx_embedder_construction_reads_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the constructor must not load the model")

    monkeypatch.setattr(embedder_onnx._Model, "load", refuse)
    emb = OnnxMiniLMEmbedder()
    assert (emb.dimension, emb.name) == (384, "all-minilm-l6-v2-int8-onnx")


async def test_onnx_embedder_empty_batch_loads_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(embedder_onnx._Model, "load", lambda *_: pytest.fail("loaded"))
    assert await OnnxMiniLMEmbedder().create_batch([]) == []


def test_mean_pool_ignores_padding_and_normalises() -> None:
    hidden = np.array(
        [[[3.0, 0.0], [1.0, 4.0], [100.0, 100.0]], [[0.0, 0.0], [0.0, 0.0], [0.0, 0.0]]]
    )
    mask = np.array([[1, 1, 0], [1, 0, 0]])
    out = mean_pool_normalised(hidden, mask)
    # row 0: mean of the two real tokens = (2, 2), normalised; the padded (100, 100) is ignored
    assert np.allclose(out[0], [math.sqrt(0.5), math.sqrt(0.5)])
    assert np.allclose(out[1], [0.0, 0.0])  # a zero vector stays zero, not NaN


def test_onnx_embedder_threads_come_from_the_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    _installed(monkeypatch, onnx=True)
    default = build_embedder(_offline(embedder="minilm-onnx"))
    assert isinstance(default, OnnxMiniLMEmbedder) and default.threads == 1
    every_core = build_embedder(_offline(embedder="minilm-onnx", embed_threads=0))
    assert isinstance(every_core, OnnxMiniLMEmbedder) and every_core.threads is None


def test_onnx_embedder_cache_size_comes_from_the_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    _installed(monkeypatch, onnx=True)
    default = build_embedder(_offline(embedder="minilm-onnx"))
    assert isinstance(default, OnnxMiniLMEmbedder) and default.cache_texts == 4096
    off = build_embedder(_offline(embedder="minilm-onnx", embed_cache_texts=0))
    assert isinstance(off, OnnxMiniLMEmbedder) and off.cache_texts == 0


def test_onnx_embedder_int8_arithmetic_comes_from_the_settings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _installed(monkeypatch, onnx=True)
    default = build_embedder(_offline(embedder="minilm-onnx", data_dir="/srv/a4s"))
    assert isinstance(default, OnnxMiniLMEmbedder)
    assert default.int8_dir == Path("/srv/a4s/models")
    assert default.int8_arithmetic is None  # nothing loaded, nothing rewritten yet
    off = build_embedder(_offline(embedder="minilm-onnx", embed_int8="false"))
    assert isinstance(off, OnnxMiniLMEmbedder) and off.int8_dir is None
