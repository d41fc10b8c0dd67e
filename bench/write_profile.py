"""Profile single writes: Neo4j round trips and time per stage, offline mode.

    .venv/bin/python bench/write_profile.py                 # 20 free-text + 20 structured writes
    .venv/bin/python bench/write_profile.py --writes 50 --batch 20

Every query the process sends is counted where it leaves the neo4j driver (``execute_query``,
``session.run``, ``tx.run``; one BEGIN+COMMIT per explicit transaction counted apart) and
attributed to the innermost a4s_memory / graphiti_core function that sent it. Stage times come
from wrapping the write path's stages. Free text: one chat turn per write (as recall_bench
writes them); structured: a memory-contract PREFERENCE item whose key was never written before.
``--batch`` also profiles ``add_many`` of that many turns (round trips per item).
Not run by ``make bench`` (it is a diagnostic); the figures are in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import asyncio
import contextvars
import functools
import importlib
import json
import os
import statistics
import sys
import time
import traceback
import uuid
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("GRAPHITI_TELEMETRY_ENABLED", "false")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import neo4j
from neo4j._async.work.transaction import AsyncTransactionBase

from a4s_memory.config import Settings
from a4s_memory.errors import A4SError
from a4s_memory.manager import MemoryManager
from a4s_memory.store.db import connect
from bench.recall_data import CORPUS, parse
from tests.integration.cleanup import remove_agents

OWNER = "bench-profile"
_inside = contextvars.ContextVar("inside_execute_query", default=False)
_stage = contextvars.ContextVar("stage", default="other")


class Recorder:
    def __init__(self) -> None:
        self.on = False
        self.queries: Counter[str] = Counter()
        self.query_ms: dict[str, float] = defaultdict(float)
        self.by_stage: Counter[str] = Counter()
        self.transactions = 0
        self.stage_ms: dict[str, list[float]] = defaultdict(list)

    def reset(self) -> None:
        self.__init__()  # type: ignore[misc]

    def record(self) -> str:
        if not self.on:
            return ""
        self.by_stage[_stage.get()] += 1
        for frame in reversed(traceback.extract_stack(limit=40)[:-2]):
            name = frame.filename
            if (
                "/neo4j/" in name
                or name.endswith("write_profile.py")
                or "graphiti_core/driver/" in name
                or name.endswith("store/db.py")
            ):
                continue
            if "graphiti_core" in name or "a4s_memory" in name:
                module = name.split("site-packages/")[-1].split("/a4s_memory/")[-1]
                key = f"{module}:{frame.name}"
                self.queries[key] += 1
                return key
        self.queries["?"] += 1
        return "?"

    def took(self, key: str, started: float) -> None:
        if key:
            self.query_ms[key] += (time.perf_counter() - started) * 1000


REC = Recorder()


def _patch() -> None:
    execute_query = neo4j.AsyncDriver.execute_query

    async def eq(self: Any, *args: Any, **kwargs: Any) -> Any:
        key, started = REC.record(), time.perf_counter()
        token = _inside.set(True)
        try:
            return await execute_query(self, *args, **kwargs)
        finally:
            _inside.reset(token)
            REC.took(key, started)

    neo4j.AsyncDriver.execute_query = eq  # type: ignore[method-assign]
    tx_run = AsyncTransactionBase.run

    async def run(self: Any, *args: Any, **kwargs: Any) -> Any:
        key = "" if _inside.get() else REC.record()
        started = time.perf_counter()
        result = await tx_run(self, *args, **kwargs)
        # The round trip, as run_in_tx / Graphiti consume it next. neo4j's private
        # AsyncResult._buffer_all carries no annotations (only its public methods are typed).
        await result._buffer_all()  # type: ignore[no-untyped-call]
        REC.took(key, started)
        return result

    AsyncTransactionBase.run = run  # type: ignore[method-assign]
    s_run = neo4j.AsyncSession.run

    async def srun(self: Any, *args: Any, **kwargs: Any) -> Any:
        key, started = REC.record(), time.perf_counter()
        result = await s_run(self, *args, **kwargs)
        REC.took(key, started)
        return result

    neo4j.AsyncSession.run = srun  # type: ignore[method-assign]
    execute_write = neo4j.AsyncSession.execute_write

    async def ew(self: Any, *args: Any, **kwargs: Any) -> Any:
        if REC.on and not _inside.get():
            REC.transactions += 1
        return await execute_write(self, *args, **kwargs)

    neo4j.AsyncSession.execute_write = ew  # type: ignore[method-assign]


def _timed(owner: Any, attr: str, stage: str) -> None:
    original: Callable[..., Any] = getattr(owner, attr)

    @functools.wraps(original)
    async def inner(*args: Any, **kwargs: Any) -> Any:
        token = _stage.set(stage)
        started = time.perf_counter()
        try:
            return await original(*args, **kwargs)
        finally:
            if REC.on:
                REC.stage_ms[stage].append((time.perf_counter() - started) * 1000)
            _stage.reset(token)

    setattr(owner, attr, inner)


# What is timed, as (module, attribute path, stage): a test (tests/unit/test_bench_targets.py)
# resolves every entry, so a moved function fails there instead of in the middle of a profile.
MODULE_TARGETS: tuple[tuple[str, str, str], ...] = (
    (
        "a4s_memory.store.episode_vectors",
        "EpisodeVectors.take",
        "episode_vector (overlaps add_episode)",
    ),
    ("a4s_memory.store.ingest", "write_item", "item.resolve (read + embed)"),
    ("a4s_memory.store.ingest", "commit_tx", "commit_tx"),
    ("a4s_memory.store.ingest_commit", "link_item_tx", "commit_tx.item_save_and_link"),
    ("a4s_memory.store.ingest_commit", "restamp", "commit_tx.restamp"),
    ("a4s_memory.write.steps", "record_version_tx", "commit_tx.version"),
    ("a4s_memory.store.audit_log", "AuditLog.append_tx", "commit_tx.audit"),
    ("a4s_memory.store.audit_log", "AuditLog.session_rejections", "session_gate"),
    ("a4s_memory.write.flow", "store_write", "store_write"),
    ("a4s_memory.write.flow", "screen_write", "screen_write"),
)


def resolve(module: str, path: str) -> tuple[Any, str]:
    """The object that holds the attribute ``path`` names in ``module``, and its last name."""
    owner: Any = importlib.import_module(module)
    *parents, attr = path.split(".")
    for name in parents:
        owner = getattr(owner, name)
    getattr(owner, attr)  # AttributeError names the moved target
    return owner, attr


def _instrument(manager: MemoryManager) -> None:
    parts = manager._p
    _timed(type(parts.quota), "spend", "quota")
    _timed(type(parts.registry), "authorize", "authorize")
    _timed(type(parts.firewall), "check_async", "firewall")
    g = parts.graphiti
    _timed(g.extractor, "add_episode", "graphiti.add_episode")
    _timed(g.structured, "add_triplet", "graphiti.add_triplet")
    for module, path, stage in MODULE_TARGETS:
        _timed(*resolve(module, path), stage)
    _timed(manager, "add", "total")


def _stats(values: list[float]) -> dict[str, float]:
    return {
        "n": len(values),
        "p50_ms": round(statistics.median(values), 2),
        "mean_ms": round(statistics.fmean(values), 2),
    }


async def _profile(label: str, writes: int, call: Callable[[int], Any]) -> dict[str, Any]:
    REC.reset()
    REC.on = True
    refused = 0
    for i in range(writes):
        try:
            await call(i)
        except A4SError:
            refused += 1  # a firewall refusal: still counted (its round trips are real)
    REC.on = False
    per = writes or 1
    return {
        "writes": writes,
        "refused": refused,
        "round_trips_per_write": round(sum(REC.queries.values()) / per, 2),
        "transactions_per_write": round(REC.transactions / per, 2),
        "by_stage_per_write": {k: round(v / per, 2) for k, v in REC.by_stage.most_common()},
        "by_function_per_write": {k: round(v / per, 2) for k, v in REC.queries.most_common()},
        "query_ms_per_write": {
            k: round(v / per, 1) for k, v in sorted(REC.query_ms.items(), key=lambda kv: -kv[1])
        },
        "stage_ms": {k: _stats(v) for k, v in REC.stage_ms.items()},
    }


async def run(args: argparse.Namespace) -> dict[str, Any]:
    _patch()
    settings = Settings.from_env().model_copy(update={"write_quota_per_minute": 0})
    tag = uuid.uuid4().hex[:6]
    agent, batch_agent = f"prof-{tag}", f"profb-{tag}"
    out: dict[str, Any] = {}
    async with connect(settings) as store:
        manager = await MemoryManager.create(store, settings)
        _instrument(manager)
        for a in (agent, batch_agent):
            await manager.register_agent(OWNER, a, OWNER)
        try:
            turns = parse(json.loads(CORPUS.read_text(encoding="utf-8"))[0], 26).turns

            def turn(agent_id: str, i: int) -> dict[str, Any]:
                t = turns[i % len(turns)]
                return {
                    "agent_id": agent_id,
                    "source": {"type": "user_message"},
                    "messages": [{"role": "user", "name": t.speaker, "content": t.text}],
                    **({"reference_time": t.when.isoformat()} if t.when else {}),
                }

            def text(i: int) -> Any:
                return manager.add(OWNER, turn(agent, i))

            def item(i: int) -> Any:
                body = {
                    "agent_id": agent,
                    "category": "PREFERENCE",
                    "key": f"tool_{tag}_{i}",
                    "messages": f"The user prefers tool number {i} for task family {tag}.",
                }
                return manager.add(OWNER, body)

            for i in range(3):  # warm-up: pool, caches, code paths
                await item(1000 + i)
            out["free_text"] = await _profile("free_text", args.writes, text)
            out["structured"] = await _profile("structured", args.writes, item)
            if args.batch:
                items = [turn(batch_agent, 200 + i) for i in range(args.batch)]

                async def batch(_: int) -> Any:
                    return await manager.add_many(OWNER, items)

                report = await _profile("batch", 1, batch)
                report["round_trips_per_item"] = round(
                    report["round_trips_per_write"] / args.batch, 2
                )
                report["transactions_per_item"] = round(
                    report["transactions_per_write"] / args.batch, 2
                )
                out["batch"] = report
        finally:
            await remove_agents(store, agent, batch_agent)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writes", type=int, default=20)
    parser.add_argument("--batch", type=int, default=20)
    parser.add_argument("--out", type=Path, default=Path("bench/results/write_profile.json"))
    args = parser.parse_args()
    report = asyncio.run(run(args))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
