"""Build the Graphiti instances this layer writes through (async factory; no I/O in constructors).

Two instances share one driver (the store's pool) and one embedder (the one searches use, so
stored vectors and query vectors match):

* ``extractor`` runs ``add_episode`` for free text: Graphiti's OpenAI(-compatible) client when an
  LLM is configured, else the deterministic :class:`OfflineLLMClient`;
* ``structured`` runs ``add_triplet`` for the memory contract items and is ALWAYS offline: a structured item
  is stored as given, so no model may rewrite, merge or contradict it by judgement.

Neither ever calls the cross-encoder: ingestion only uses Graphiti's RRF search recipes and our
reads use :mod:`a4s_memory.store.search`. :class:`UnusedCrossEncoder` stands in so Graphiti does
not build its default OpenAI reranker (which wants an API key), and fails loudly if called.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from typing import Any

from graphiti_core import Graphiti
from graphiti_core.cross_encoder.client import CrossEncoderClient
from graphiti_core.driver.driver import GraphProvider
from graphiti_core.embedder import EmbedderClient
from graphiti_core.graph_queries import get_fulltext_indices, get_range_indices
from graphiti_core.llm_client import LLMClient, LLMConfig

from a4s_memory.config import Settings
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.embedder import build_embedder
from a4s_memory.store.offline_llm import OfflineLLMClient, offline_prompt_library

__all__ = [
    "GraphitiBundle",
    "UnusedCrossEncoder",
    "build_graphiti",
    "build_llm_client",
    "graphiti_index_statements",
]

logger = logging.getLogger(__name__)


class UnusedCrossEncoder(CrossEncoderClient):
    """Graphiti requires a cross-encoder; none of our paths uses one (see module docstring)."""

    async def rank(self, query: str, passages: list[str]) -> list[tuple[str, float]]:
        raise RuntimeError("a4s-memory never reranks through Graphiti's cross-encoder")


@dataclass(frozen=True, slots=True)
class GraphitiBundle:
    extractor: Graphiti
    structured: Graphiti
    embedder: EmbedderClient
    driver: Any
    offline: bool

    @property
    def embedder_name(self) -> str:
        """The name written with every vector (``search_channels.VECTOR_MODEL``); the search
        compares only vectors of this name. Our embedders all have one."""
        return str(getattr(self.embedder, "name", type(self.embedder).__name__))


def build_llm_client(settings: Settings) -> tuple[LLMClient, bool]:
    """(client, offline?) — Graphiti's OpenAI client for api.openai.com, the generic one for any
    other OpenAI-compatible base URL (vLLM, Ollama), the offline client with neither. With
    ``A4S_LLM_MODEL`` set, every prompt goes to that model; unset, Graphiti's defaults apply."""
    if not settings.llm_configured:
        return OfflineLLMClient(), True
    key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else "not-needed"
    # small_model too: else Graphiti's OpenAIClient sends its "small" prompts (edge timestamps) to
    # its own default model, one the operator never chose and the key may not reach.
    config = LLMConfig(
        api_key=key,
        model=settings.llm_model,
        small_model=settings.llm_model,
        base_url=settings.openai_base_url,
    )
    if settings.openai_base_url:
        from graphiti_core.llm_client.openai_generic_client import OpenAIGenericClient

        return OpenAIGenericClient(config=config), False
    from graphiti_core.llm_client.openai_client import OpenAIClient

    return OpenAIClient(config=config), False


async def build_graphiti(
    store: Neo4jStore, settings: Settings, embedder: EmbedderClient | None = None
) -> GraphitiBundle:
    """Both Graphiti instances over the store's shared driver."""
    # Graphiti phones home (PostHog) from its constructor unless told not to; an explicit
    # GRAPHITI_TELEMETRY_ENABLED set by the operator still wins.
    os.environ.setdefault("GRAPHITI_TELEMETRY_ENABLED", "false")
    driver = await store.graphiti_driver()
    embed = embedder if embedder is not None else build_embedder(settings)
    llm, offline = build_llm_client(settings)
    extractor = Graphiti(
        graph_driver=driver,
        llm_client=llm,
        embedder=embed,
        cross_encoder=UnusedCrossEncoder(),
        prompt_library=offline_prompt_library() if offline else None,
    )
    structured = (
        extractor
        if offline
        else Graphiti(
            graph_driver=driver,
            llm_client=OfflineLLMClient(),
            embedder=embed,
            cross_encoder=UnusedCrossEncoder(),
            prompt_library=offline_prompt_library(),
        )
    )
    logger.info("graphiti ready (extraction: %s)", "offline" if offline else "llm")
    return GraphitiBundle(
        extractor=extractor, structured=structured, embedder=embed, driver=driver, offline=offline
    )


def graphiti_index_statements() -> list[str]:
    """The statements of the indexes Graphiti creates on Neo4j (``build_indices_and_constraints``),
    for the schema check to know their names."""
    return [*get_range_indices(GraphProvider.NEO4J), *get_fulltext_indices(GraphProvider.NEO4J)]
