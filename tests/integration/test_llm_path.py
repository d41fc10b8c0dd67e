"""The OpenAI-compatible path end to end: a4s-memory configured with ``OPENAI_BASE_URL`` (how most
users run it) drives graphiti-core's REAL OpenAI clients over real HTTP against
:mod:`tests.integration.openai_stub`, into the real Neo4j. Only the model is stubbed.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest

from a4s_memory.config import Settings
from a4s_memory.db import Neo4jStore
from a4s_memory.manager import MemoryManager
from tests.integration.openai_stub import CHAT, EMBEDDINGS, OpenAIStub
from tests.integration.test_manager_helpers import cleanup_agent, unstamped

# Not 1536 (text-embedding-3-small) nor 384 (the offline embedders): a size only the stub returns.
STUB_DIMENSION = 768


@pytest.fixture(scope="module")
def stub() -> Iterator[OpenAIStub]:
    with OpenAIStub(dimension=STUB_DIMENSION) as running:
        yield running


@pytest.fixture
async def manager(stub: OpenAIStub, store: Neo4jStore, neo4j_settings: Settings) -> MemoryManager:
    settings = neo4j_settings.model_copy(update={
        "openai_base_url": stub.base_url, "llm_model": "stub-llm",
        "embedding_model": "stub-embed", "reranker": "cross-encoder",
    })  # fmt: skip
    return await MemoryManager.create(store, settings)


@pytest.fixture
async def agent(manager: MemoryManager, store: Neo4jStore, unique_id: str) -> AsyncIterator[str]:
    agent_id = f"llm-{unique_id}"
    await manager.register_agent("owner-l", agent_id, "owner-l")
    yield agent_id
    await cleanup_agent(store, agent_id)


async def test_probe(manager: MemoryManager, agent: str, stub: OpenAIStub, store: Neo4jStore) -> None:
    assert not manager.offline
    added = await manager.add("owner-l", {
        "agent_id": agent,
        "messages": [{"role": "user", "content": "Marguerite Okafor works at Quillfeather Labs."}],
    })  # fmt: skip
    for c in stub.calls:
        print(c.path, c.schema_name, c.schema_valid, c.answer_valid, c.dimension)
    print(added)
    rows = await store.execute(
        "MATCH (n) WHERE n.group_id = $g RETURN labels(n) AS l, properties(n) AS p",
        {"g": added.group_id},
    )
    for r in rows:
        p = {k: (v if not isinstance(v, list) or len(v) < 10 else f"vec{len(v)}") for k, v in r["p"].items()}
        print(r["l"], p)
    rows = await store.execute(
        "MATCH ()-[e:RELATES_TO]->() WHERE e.group_id = $g RETURN properties(e) AS p",
        {"g": added.group_id},
    )
    for r in rows:
        p = {k: (v if not isinstance(v, list) or len(v) < 10 else f"vec{len(v)}") for k, v in r["p"].items()}
        print("EDGE", p)
    hits = await manager.search("owner-l", agent, "Where does Marguerite Okafor work?")
    for h in hits:
        print(h.kind, h.text, h.status)
    print(await unstamped(store, added.group_id), stub.count(CHAT), stub.count(EMBEDDINGS))
    raise AssertionError("probe")
