"""Policy-pushdown search vs Graphiti's own search vs a raw fulltext call, on one seeded graph.

    .venv/bin/python bench/search_bench.py                 # 10k facts over 1,000 agents
    .venv/bin/python bench/search_bench.py --large         # 100k facts
    .venv/bin/python bench/search_bench.py --huge --allow-1m   # 1M facts (seeding stops after
                                                           # --seed-budget s, default 900)

Measures, in the same run and on the same queries/groups:
* latency p50/p95 of ``policy_search`` (facts only, and all kinds), of Graphiti's
  ``search_(EDGE_HYBRID_SEARCH_RRF)`` (no policy: Graphiti cannot apply one in Cypher) and of one
  raw ``db.index.fulltext.queryRelationships`` call (the floor);
* recall@10 of eligible facts when 90% of the facts matching a query are ineligible, for
  ``policy_search`` vs Graphiti's results post-filtered by the default policy (limit 10, and
  over-fetching 100).

Seeds with bench/seeding.py (UNWIND batches of parameterised Cypher into ``agent-bench<run>-*``
groups over ``--agents`` agents, default 1,000) and deletes them at the end (``--keep`` to keep).
The seeding time and rate are part of the result. JSON to bench/results/search.json.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import statistics
import sys
import time
import uuid
from collections.abc import Awaitable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

os.environ.setdefault("GRAPHITI_TELEMETRY_ENABLED", "false")

from graphiti_core import Graphiti
from graphiti_core.cross_encoder.client import CrossEncoderClient
from graphiti_core.llm_client import LLMClient, LLMConfig
from graphiti_core.search.search_config_recipes import EDGE_HYBRID_SEARCH_RRF

from a4s_memory.config import Settings
from a4s_memory.policy import ContextPolicy, MemoryKind
from a4s_memory.status import MemoryStatus
from a4s_memory.store.db import Neo4jStore, connect
from a4s_memory.store.search import SearchRequest, policy_search
from a4s_memory.store.search_channels import lucene_query as _lucene

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.seeding import EMBEDDER, Seeded, cleanup, seed

RESULTS = Path(__file__).resolve().parent / "results" / "search.json"
DEFAULT = ContextPolicy.default()
FACTS_ONLY = ContextPolicy(kinds=frozenset({MemoryKind.FACT}))


class _NoLLM(LLMClient):
    """Graphiti wants an LLM client; the RRF hybrid edge search never calls it."""

    async def _generate_response(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        raise RuntimeError("the benchmark never calls an LLM")


class _NoReranker(CrossEncoderClient):
    async def rank(self, query: str, passages: list[str]) -> list[tuple[str, float]]:
        raise RuntimeError("EDGE_HYBRID_SEARCH_RRF never reranks with a cross-encoder")


async def _timed(call: Awaitable[Any], repeats: list[float]) -> Any:
    """Await ``call`` (a coroutine not yet started) and record its wall time in ms."""
    started = time.perf_counter()
    out = await call
    repeats.append((time.perf_counter() - started) * 1000)
    return out


def _summary(ms: list[float]) -> dict[str, float]:
    cuts = statistics.quantiles(ms, n=20, method="inclusive")
    return {"p50_ms": round(statistics.median(ms), 2), "p95_ms": round(cuts[18], 2), "n": len(ms)}


def _eligible(attrs: dict[str, Any]) -> bool:
    try:
        return DEFAULT.admits(MemoryStatus.from_properties(attrs), datetime.now(UTC))
    except (KeyError, ValueError):
        return False


async def run(args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(args.seed)
    run_id = uuid.uuid4().hex[:6]
    async with connect(Settings.from_env()) as store:
        driver = await store.graphiti_driver()
        graphiti = Graphiti(
            graph_driver=driver,
            embedder=EMBEDDER,
            llm_client=_NoLLM(LLMConfig(api_key="unused")),
            cross_encoder=_NoReranker(),
        )
        data = await seed(
            store, run_id, args.facts, rng, agents=args.agents, budget_s=args.seed_budget
        )
        seeding = data.summary(args.facts)
        print(f"seeding: {json.dumps(seeding)}", flush=True)
        try:
            if not data.complete:
                return {
                    "seeding": seeding,
                    "measured": False,
                    "note": "seeding exceeded --seed-budget; no latency measured",
                }
            return {"seeding": seeding, **await measure(store, graphiti, data, args, rng)}
        finally:
            if not args.keep:
                await cleanup(store, data.groups)


async def measure(
    store: Neo4jStore,
    graphiti: Graphiti,
    data: Seeded,
    args: argparse.Namespace,
    rng: random.Random,
) -> dict[str, Any]:
    owners = [g for g in data.groups if g.endswith("-public") and g in data.texts]
    workload = []
    for _ in range(args.queries):
        public = rng.choice(owners)
        words = rng.choice(data.texts[public]).split()
        workload.append(
            ([public.replace("-public", "-private"), public], " ".join(rng.sample(words, 2)))
        )
    timings: dict[str, list[float]] = {
        k: [] for k in ("policy_facts", "policy_all", "graphiti", "raw")
    }
    for i, (groups, text) in enumerate(workload + workload[:5]):
        sink = timings if i >= 5 else {k: [] for k in timings}  # first 5: warm-up, not counted
        await _timed(
            policy_search(
                store,
                EMBEDDER,
                SearchRequest(query=text, group_ids=groups, policy=FACTS_ONLY, limit=10),
            ),
            sink["policy_facts"],
        )
        await _timed(
            policy_search(
                store,
                EMBEDDER,
                SearchRequest(query=text, group_ids=groups, policy=DEFAULT, limit=10),
            ),
            sink["policy_all"],
        )
        await _timed(
            graphiti.search_(text, config=EDGE_HYBRID_SEARCH_RRF, group_ids=groups),
            sink["graphiti"],
        )
        await _timed(
            store.execute(
                "CALL db.index.fulltext.queryRelationships('edge_name_and_fact', $q, {limit: 10}) "
                "YIELD relationship, score RETURN relationship.uuid AS uuid, score",
                {"q": _lucene(text, groups)},
            ),
            sink["raw"],
        )
    latency = {k: _summary(v) for k, v in timings.items()}
    floor = latency["raw"]["p50_ms"]
    ratios = {f"{k}_vs_raw_p50": round(v["p50_ms"] / floor, 2) for k, v in latency.items()}
    ratios["policy_facts_vs_graphiti_p50"] = round(
        latency["policy_facts"]["p50_ms"] / latency["graphiti"]["p50_ms"], 2
    )
    return {"latency": latency, "ratios": ratios, "recall": await recall(store, graphiti, data)}


async def recall(store: Neo4jStore, graphiti: Graphiti, data: Seeded) -> dict[str, Any]:
    groups = [data.probe_group]
    found: dict[str, list[float]] = {
        "policy_search": [],
        "graphiti_postfilter_10": [],
        "graphiti_postfilter_overfetch_100": [],
    }
    ms: dict[str, list[float]] = {k: [] for k in found}
    for word, eligible in data.probes.items():
        hits = await _timed(
            policy_search(
                store,
                EMBEDDER,
                SearchRequest(query=word, group_ids=groups, policy=FACTS_ONLY, limit=10),
            ),
            ms["policy_search"],
        )
        found["policy_search"].append(len({h.uuid for h in hits} & eligible) / 10)
        for key, limit in (
            ("graphiti_postfilter_10", 10),
            ("graphiti_postfilter_overfetch_100", 100),
        ):
            config = EDGE_HYBRID_SEARCH_RRF.model_copy(update={"limit": limit})
            res = await _timed(graphiti.search_(word, config=config, group_ids=groups), ms[key])
            kept = [e.uuid for e in res.edges if _eligible(e.attributes)][:10]
            found[key].append(len(set(kept) & eligible) / 10)
    return {
        "setup": "20 probe words x 100 matching facts, 90 ineligible (mixed statuses), 10 eligible",
        "recall_at_10": {k: round(statistics.mean(v), 3) for k, v in found.items()},
        "latency": {k: _summary(v) for k, v in ms.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, default=10_000, help="10000, 100000 or 1000000")
    parser.add_argument("--large", action="store_true", help="100k facts")
    parser.add_argument("--huge", action="store_true", help="1M facts (needs --allow-1m)")
    parser.add_argument("--allow-1m", action="store_true", help="permit more than 100k facts")
    parser.add_argument("--agents", type=int, default=1000, help="agents the facts spread over")
    parser.add_argument(
        "--seed-budget", type=float, default=900.0, help="stop seeding after this many seconds"
    )
    parser.add_argument("--queries", type=int, default=60)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--keep", action="store_true", help="keep the seeded graph")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    if args.large:
        args.facts = 100_000
    if args.huge:
        args.facts = 1_000_000
    if args.facts > 100_000 and not args.allow_1m:
        parser.error("more than 100k facts takes long on a small machine: add --allow-1m")
    started = time.perf_counter()
    result = asyncio.run(run(args))
    report = {
        "benchmark": "search",
        "facts": args.facts,
        "queries": args.queries,
        "embedder": EMBEDDER.name,
        "machine": platform.platform(),
        "python": platform.python_version(),
        "wall_seconds": round(time.perf_counter() - started, 1),
        **result,
    }
    previous = json.loads(args.out.read_text()) if args.out.exists() else {}
    previous[f"facts_{args.facts}"] = report
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(previous, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
