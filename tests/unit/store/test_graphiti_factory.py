"""Which Graphiti LLM client a4s-memory builds, and with which models (no I/O)."""

from __future__ import annotations

import pytest
from graphiti_core.llm_client.openai_client import OpenAIClient
from graphiti_core.llm_client.openai_generic_client import OpenAIGenericClient
from pydantic import SecretStr

from a4s_memory.config import Settings
from a4s_memory.store.graphiti_factory import build_llm_client
from a4s_memory.store.offline_llm import OfflineLLMClient


def test_offline_without_an_endpoint() -> None:
    client, offline = build_llm_client(Settings(openai_api_key=None, openai_base_url=None))
    assert offline and isinstance(client, OfflineLLMClient)


@pytest.mark.parametrize(
    ("settings", "kind"),
    [
        (Settings(openai_base_url="http://127.0.0.1:9/v1", llm_model="m"), OpenAIGenericClient),
        (
            Settings(openai_api_key=SecretStr("sk-x"), openai_base_url=None, llm_model="m"),
            OpenAIClient,
        ),
    ],
)
def test_the_configured_model_is_the_only_model(settings: Settings, kind: type) -> None:
    # Graphiti's OpenAIClient sent its "small" prompts to its own default model (gpt-6-luna) even
    # with A4S_LLM_MODEL set: a model the operator never chose, which the key may not reach.
    client, offline = build_llm_client(settings)
    assert not offline and isinstance(client, kind)
    assert client.model == client.small_model == "m"
