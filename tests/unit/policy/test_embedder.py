"""Embedders and their selection (no I/O, no model downloads)."""

from __future__ import annotations

import math
from types import SimpleNamespace
from typing import Any

from a4s_memory.config import Settings
from a4s_memory.graph.embedder import (
    HASHING_DIMENSION,
    HashingEmbedder,
    OpenAICompatibleEmbedder,
    build_embedder,
    minilm_available,
    stem,
)


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


def test_build_embedder_offline_by_default() -> None:
    emb = build_embedder(Settings(openai_api_key=None, openai_base_url=None))
    expected = "all-minilm-l6-v2" if minilm_available() else f"hashing-v2-{HASHING_DIMENSION}"
    assert emb.name == expected


def test_build_embedder_uses_openai_when_configured() -> None:
    emb = build_embedder(Settings(openai_base_url="http://127.0.0.1:9/v1", embedding_model="m"))
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
        emb = build_embedder(Settings(openai_base_url="http://127.0.0.1:9/v1"))
        assert isinstance(emb, OpenAICompatibleEmbedder)
        assert emb.dimension == 1536  # text-embedding-3-small's size, until a vector arrives
        emb.client = SimpleNamespace(embeddings=_Embeddings(size))  # type: ignore[assignment]
        assert len(await emb.create(input_data=["a text"])) == size
        assert [len(v) for v in await emb.create_batch(["a", "b"])] == [size, size]
        assert emb.dimension == size


def test_known_openai_models_announce_their_size() -> None:
    large = Settings(
        openai_base_url="http://127.0.0.1:9/v1", embedding_model="text-embedding-3-large"
    )
    assert build_embedder(large).dimension == 3072
