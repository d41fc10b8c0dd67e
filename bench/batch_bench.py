"""Batch ingestion vs sequential single adds on the same turns, in one run.

    .venv/bin/python bench/batch_bench.py              # 120 turns of LoCoMo conversation 26
    .venv/bin/python bench/batch_bench.py --turns 300
    .venv/bin/python bench/batch_bench.py --repeat 3      # three rounds; the median ratio of each
    .venv/bin/python bench/batch_bench.py --repeat 3 --background   # on a database in use

The same LoCoMo turns are written twice through the real app in-process (``httpx.ASGITransport``,
trusted-header auth, quota off), each time into a fresh agent: once as sequential
``AsyncMemoryClient.add`` calls (one chat message per call, as bench/recall_bench.py writes them),
once as ``AsyncMemoryClient.add_many`` (chunks of 100 items). A third pass writes the turns split
over four agents with ``add_many`` (agents are written concurrently; one agent's items stay in
order). Reports items/s of each and the ratios (with ``--repeat``, every round and the median of
each ratio: the machine is shared, so one round can be slowed by others' work). JSON to
bench/results/batch.json.

``--background`` first writes the five LoCoMo conversations (2,760 turns) into five other
agents, untimed, kept through the rounds and removed at the end: a database in use rather than
one emptied between rounds. On an emptied database Neo4j re-plans a statement whenever its
statistics have grown about fourfold and the plan is 10 s old, so every round pays plans again
(docs/benchmarks.md "Batch ingestion", sixteenth session). Needs ``A4S_INGEST_MODE=sync`` (the
default): a queued single add would time the enqueue, so the bench stops with a message at the
first one.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import statistics
import sys
import time
import uuid
from pathlib import Path
from typing import Any

os.environ.setdefault("GRAPHITI_TELEMETRY_ENABLED", "false")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from a4s_memory.client import AsyncMemoryClient
from a4s_memory.config import AuthMode, Settings
from a4s_memory.errors import A4SError
from a4s_memory.firewall import hsfilter
from a4s_memory.store.db import connect
from bench.calibration import python_loop_ms
from bench.load_bench import stored_id
from bench.recall_bench import in_process
from bench.recall_data import CONVERSATION_IDS, CORPUS, parse
from tests.integration.cleanup import remove_agents

OWNER = "bench-batch"


def _items(agent: str, turns: list[Any]) -> list[dict[str, Any]]:
    return [
        {
            "agent_id": agent,
            "visibility": "private",
            "source": {"type": "user_message"},
            "messages": [{"role": "user", "name": t.speaker, "content": t.text}],
            **({"reference_time": t.when.isoformat()} if t.when else {}),
        }
        for t in turns
    ]


def bench_settings() -> Settings:
    """The app's settings for every pass (and the background): trusted-header auth, quota off.
    No request deadline: on a loaded 2-core machine a 100-item batch can take longer than the
    API's 20 s default, and the bench measures throughput, not the deadline."""
    return Settings.from_env().model_copy(
        update={
            "auth_mode": AuthMode.TRUSTED_HEADER,
            "write_quota_per_minute": 0,
            "request_timeout_s": 0.0,
            # The passes write the same turns: no pass may reuse another's vectors.
            "embed_cache_texts": 0,
        }
    )


async def run(n_turns: int) -> dict[str, Any]:
    raw = json.loads(CORPUS.read_text(encoding="utf-8"))
    turns = parse(raw[0], 26).turns[:n_turns]
    settings = bench_settings()
    tag = uuid.uuid4().hex[:8]
    agents = {k: f"bb-{k}-{tag}" for k in ("warm", "seq", "batch", "b0", "b1", "b2", "b3")}
    timings: dict[str, float] = {}
    async with (
        in_process(settings) as transport,
        AsyncMemoryClient("http://bench", OWNER, transport=transport, timeout=600.0) as client,
    ):
        for agent in agents.values():
            await client.register_agent(agent)
        # Warm-up, not timed: the embedding model loads, the pool fills, Neo4j plans the queries
        # (else the first timed pass, the sequential one, pays for all of it).
        warm = _items(agents["warm"], turns[:8])
        for item in warm[:4]:
            body = dict(item)
            with contextlib.suppress(A4SError):  # a refused turn warms up just as well
                stored_id(await client.add(body.pop("agent_id"), body.pop("messages"), **body))
        await client.add_many(warm[4:])
        # The firewall's Hyperscan databases compile on a background thread for ~6 s of CPU after
        # the app starts (py-spy, 2026-11-27): a pass timed meanwhile shares the 2 cores with it,
        # the first round's sequential pass most, which made first rounds read high.
        await asyncio.to_thread(hsfilter.wait, 120.0)
        t0 = time.perf_counter()
        sequential = 0
        for item in _items(agents["seq"], turns):
            body = dict(item)
            try:
                stored_id(await client.add(body.pop("agent_id"), body.pop("messages"), **body))
                sequential += 1
            except A4SError:
                pass  # refused by the firewall: answered like a batch item would be
        timings["sequential_add"] = time.perf_counter() - t0
        t0 = time.perf_counter()
        one = await client.add_many(_items(agents["batch"], turns))
        timings["add_many_one_agent"] = time.perf_counter() - t0
        spread = [item for i, t in enumerate(turns) for item in _items(agents[f"b{i % 4}"], [t])]
        t0 = time.perf_counter()
        four = await client.add_many(spread)
        timings["add_many_four_agents"] = time.perf_counter() - t0
    async with connect(settings) as store:
        await remove_agents(store, *agents.values())
    rate = {k: round(len(turns) / v, 2) for k, v in timings.items()}
    return {
        "turns": len(turns),
        "stored": {"sequential": sequential, "one_agent": one.stored, "four_agents": four.stored},
        "items_per_s": rate,
        "ratio_vs_sequential": {k: round(rate[k] / rate["sequential_add"], 2) for k in rate},
        "embedder": settings.embedder,
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "python_loop_ms": python_loop_ms(),
        },
    }


async def seed_background(settings: Settings) -> list[str]:
    """Every LoCoMo conversation into an agent of its own (untimed); the agents' ids."""
    raw = json.loads(CORPUS.read_text(encoding="utf-8"))
    tag = uuid.uuid4().hex[:8]
    agents = []
    async with (
        in_process(settings) as transport,
        AsyncMemoryClient("http://bench", OWNER, transport=transport, timeout=600.0) as client,
    ):
        for obj, cid in zip(raw, CONVERSATION_IDS, strict=True):
            agent = f"bb-bg{cid}-{tag}"
            await client.register_agent(agent)
            agents.append(agent)
            await client.add_many(_items(agent, parse(obj, cid).turns))
    return agents


async def rounds(n_turns: int, repeat: int, background: bool) -> dict[str, Any]:
    settings = bench_settings()
    kept = await seed_background(settings) if background else []
    try:
        reports = [await run(n_turns) for _ in range(repeat)]
    finally:
        if kept:
            async with connect(settings) as store:
                await remove_agents(store, *kept)
    for report in reports:
        report["background_agents"] = len(kept)
    if repeat == 1:
        return reports[0]
    ratios = {
        k: statistics.median(r["ratio_vs_sequential"][k] for r in reports)
        for k in reports[0]["ratio_vs_sequential"]
    }
    return {"median_ratio_vs_sequential": ratios, "rounds": reports}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=120)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--out", default="bench/results/batch.json")
    parser.add_argument(
        "--background", action="store_true", help="time the rounds on a database in use"
    )
    args = parser.parse_args()
    report = asyncio.run(rounds(args.turns, max(1, args.repeat), args.background))
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
