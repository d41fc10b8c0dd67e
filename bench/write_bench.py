"""Structured-memory write throughput: MemoryManager.add vs a plain Graphiti add_triplet loop.

    .venv/bin/python bench/write_bench.py                  # 200 items per arm, concurrency 8
    .venv/bin/python bench/write_bench.py --items 1000 --concurrency 16

MemoryManager has no batch write, so the "batched" figure is CONCURRENT writes: ``--concurrency``
``MemoryManager.add`` calls in flight, each one a full write (access decision, firewall, status
ledger, version, audit event, one commit). Four arms in the same run, on the same items:

* ``layer_sequential`` / ``layer_concurrent``: ``MemoryManager.add`` of the memory contract items
  (category PREFERENCE, distinct keys, spread over ``--agents`` agents);
* ``graphiti_sequential`` / ``graphiti_concurrent``: ``Graphiti.add_triplet`` of the same
  (subject, fact, key) triplets on the same offline Graphiti instance and embedder, nothing else.

Reported: items/s and per-item latency p50/p95 per arm, and layer/graphiti throughput ratios.
Everything written is deleted at the end. JSON to bench/results/write.json.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import sys
import time
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("GRAPHITI_TELEMETRY_ENABLED", "false")

from graphiti_core import Graphiti
from graphiti_core.edges import EntityEdge
from graphiti_core.nodes import EntityNode
from graphiti_core.utils.datetime_utils import utc_now

from a4s_memory.config import Settings
from a4s_memory.contract import Visibility
from a4s_memory.manager import MemoryManager
from a4s_memory.spaces import spaces_of
from a4s_memory.store.db import Neo4jStore, connect
from a4s_memory.store.graphiti_factory import build_graphiti

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.seeding import cleanup

RESULTS = Path(__file__).resolve().parent / "results" / "write.json"
OWNER = "bench-writer"


def _summary(ms: list[float], seconds: float) -> dict[str, float]:
    cuts = statistics.quantiles(ms, n=20, method="inclusive") if len(ms) > 1 else ms * 19
    return {
        "items": len(ms),
        "seconds": round(seconds, 2),
        "items_per_s": round(len(ms) / seconds, 1),
        "p50_ms": round(statistics.median(ms), 1),
        "p95_ms": round(cuts[18], 1),
    }


async def _drive(calls: list[Callable[[], Awaitable[Any]]], concurrency: int) -> dict[str, float]:
    gate = asyncio.Semaphore(concurrency)
    ms: list[float] = []

    async def one(call: Callable[[], Awaitable[Any]]) -> None:
        async with gate:
            started = time.perf_counter()
            await call()
            ms.append((time.perf_counter() - started) * 1000)

    started = time.perf_counter()
    await asyncio.gather(*(one(c) for c in calls))
    return _summary(ms, time.perf_counter() - started)


def _layer_calls(manager: MemoryManager, agents: list[str], n: int, tag: str) -> list[Any]:
    def call(i: int) -> Callable[[], Awaitable[Any]]:
        body = {
            "agent_id": agents[i % len(agents)],
            "messages": f"The user prefers tool number {i} for task family {tag}.",
            "category": "PREFERENCE",
            "key": f"tool_pref_{tag}_{i}",
        }
        return lambda: manager.add(OWNER, body)

    return [call(i) for i in range(n)]


def _graphiti_calls(graphiti: Graphiti, groups: list[str], n: int, tag: str) -> list[Any]:
    def call(i: int) -> Callable[[], Awaitable[Any]]:
        async def run() -> None:
            group = groups[i % len(groups)]
            now = utc_now()
            subject = EntityNode(name="User", group_id=group, labels=["Entity"], summary="")
            target = EntityNode(
                name=f"tool_pref_{tag}_{i}", group_id=group, labels=["Entity"], summary=""
            )
            edge = EntityEdge(
                source_node_uuid=subject.uuid,
                target_node_uuid=target.uuid,
                name="PREFERENCE",
                fact=f"tool_pref_{tag}_{i}: The user prefers tool number {i} for task family {tag}.",
                group_id=group,
                episodes=[],
                created_at=now,
                valid_at=now,
            )
            await graphiti.add_triplet(subject, edge, target)

        return run

    return [call(i) for i in range(n)]


async def _wipe_agents(store: Neo4jStore, agents: list[str]) -> None:
    groups = [g for a in agents for g in spaces_of(a).values()]
    await cleanup(store, groups)
    await store.execute(
        "MATCH (n) WHERE (n:Agent OR n:AuditEvent OR n:AuditHead) AND n.agent_id IN $a "
        "DETACH DELETE n",
        {"a": agents},
    )


async def run(args: argparse.Namespace) -> dict[str, Any]:
    run_id = uuid.uuid4().hex[:6]
    # Throughput, not the quota: 40+ writes of one requester would exceed its burst.
    # The arms write the same triplets: no arm may reuse another's vectors (embedding cache off).
    settings = Settings.from_env().model_copy(
        update={"write_quota_per_minute": 0, "embed_cache_texts": 0}
    )
    async with connect(settings) as store:
        manager = await MemoryManager.create(store, settings)
        graphiti = (await build_graphiti(store, settings)).structured
        layer_agents = [f"benchw{run_id}-{i}" for i in range(args.agents)]
        raw_agents = [f"benchr{run_id}-{i}" for i in range(args.agents)]
        for agent in layer_agents:
            await manager.register_agent(OWNER, agent, OWNER)
        raw_groups = [spaces_of(a)[Visibility.PUBLIC] for a in raw_agents]
        arms: dict[str, dict[str, float]] = {}
        try:
            # Warm-up (not counted): connection pool, schema caches, code paths.
            await _drive(_layer_calls(manager, layer_agents, 5, "warm"), 1)
            await _drive(_graphiti_calls(graphiti, raw_groups, 5, "warm"), 1)
            n, c = args.items, args.concurrency
            arms["graphiti_sequential"] = await _drive(
                _graphiti_calls(graphiti, raw_groups, n, "s"), 1
            )
            arms["layer_sequential"] = await _drive(_layer_calls(manager, layer_agents, n, "s"), 1)
            arms["graphiti_concurrent"] = await _drive(
                _graphiti_calls(graphiti, raw_groups, n, "c"), c
            )
            arms["layer_concurrent"] = await _drive(_layer_calls(manager, layer_agents, n, "c"), c)
        finally:
            await _wipe_agents(store, layer_agents + raw_agents)
    ratios = {
        "layer_vs_graphiti_sequential_throughput": round(
            arms["layer_sequential"]["items_per_s"] / arms["graphiti_sequential"]["items_per_s"], 3
        ),
        "layer_vs_graphiti_concurrent_throughput": round(
            arms["layer_concurrent"]["items_per_s"] / arms["graphiti_concurrent"]["items_per_s"], 3
        ),
        "layer_concurrent_vs_sequential_throughput": round(
            arms["layer_concurrent"]["items_per_s"] / arms["layer_sequential"]["items_per_s"], 3
        ),
    }
    return {"arms": arms, "ratios": ratios}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--agents", type=int, default=10)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    started = time.perf_counter()
    result = asyncio.run(run(args))
    report = {
        "benchmark": "write",
        "mode": "concurrent MemoryManager.add (no batch write API); each item is a full write",
        "items": args.items,
        "concurrency": args.concurrency,
        "agents": args.agents,
        "machine": platform.platform(),
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "wall_seconds": round(time.perf_counter() - started, 1),
        **result,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
