"""Policy-pushdown search vs Graphiti's own search vs a raw fulltext call, on one seeded graph.

    .venv/bin/python bench/search_bench.py                 # 10k facts (a few minutes at most)
    .venv/bin/python bench/search_bench.py --large         # 100k facts

Measures, in the same run and on the same queries/groups:
* latency p50/p95 of ``policy_search`` (facts only, and all kinds), of Graphiti's
  ``search_(EDGE_HYBRID_SEARCH_RRF)`` (no policy: Graphiti cannot apply one in Cypher) and of one
  raw ``db.index.fulltext.queryRelationships`` call (the floor);
* recall@10 of eligible facts when 90% of the facts matching a query are ineligible, for
  ``policy_search`` vs Graphiti's results post-filtered by the default policy (limit 10, and
  over-fetching 100).

Seeds with UNWIND batches of parameterised Cypher into ``agent-bench<run>-*`` groups spread over
many agents, and deletes them at the end (``--keep`` to keep). JSON to bench/results/search.json.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import statistics
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
from a4s_memory.contract import TruthStatus
from a4s_memory.db import Neo4jStore, connect
from a4s_memory.graph.embedder import HashingEmbedder
from a4s_memory.graph.search import _lucene, policy_search
from a4s_memory.policy import ContextPolicy, MemoryKind
from a4s_memory.status import MemoryStatus

RESULTS = Path(__file__).resolve().parent / "results" / "search.json"
EMBEDDER = HashingEmbedder()
DEFAULT = ContextPolicy.default()
FACTS_ONLY = ContextPolicy(kinds=frozenset({MemoryKind.FACT}))
BAD = [
    {"truth_status": "unverified"},
    {"truth_status": "contradicted"},
    {"security_status": "quarantined"},
    {"security_status": "suspicious"},
    {"retrieval_status": "hidden"},
    {"freshness_status": "stale"},
    {"sensitivity": "confidential"},
]


class _NoLLM(LLMClient):
    """Graphiti wants an LLM client; the RRF hybrid edge search never calls it."""

    async def _generate_response(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        raise RuntimeError("the benchmark never calls an LLM")


class _NoReranker(CrossEncoderClient):
    async def rank(self, query: str, passages: list[str]) -> list[tuple[str, float]]:
        raise RuntimeError("EDGE_HYBRID_SEARCH_RRF never reranks with a cross-encoder")


def _props(rng: random.Random, bad_share: float) -> dict[str, Any]:
    values: dict[str, Any] = {
        **MemoryStatus(truth=TruthStatus.SUPPORTED).to_properties(),
        "a4s_source_type": "user_message",
        "a4s_written_by": "bench",
        "a4s_decision_id": "bench",
    }
    if rng.random() < bad_share:
        values.update(rng.choice(BAD))
    return values


def _vocabulary(rng: random.Random, size: int) -> list[str]:
    syllables = ["ka", "lo", "mi", "ne", "su", "ta", "ri", "po", "ve", "zu", "an", "el", "or"]
    words: set[str] = set()
    while len(words) < size:
        words.add("".join(rng.choice(syllables) for _ in range(rng.randint(2, 4))))
    return sorted(words)


_ENTITIES = """
UNWIND $rows AS row
CREATE (n:Entity {uuid: row.uuid, group_id: row.group_id, name: row.name, summary: '',
                  created_at: row.now})
SET n += row.props
WITH n, row CALL db.create.setNodeVectorProperty(n, 'name_embedding', row.embedding)
"""
_FACTS = """
UNWIND $rows AS row
MATCH (s:Entity {uuid: row.source}), (t:Entity {uuid: row.target})
CREATE (s)-[e:RELATES_TO {uuid: row.uuid, group_id: row.group_id, name: 'RELATES_TO',
                          fact: row.fact, episodes: [], created_at: row.now,
                          valid_at: row.now}]->(t)
SET e += row.props
WITH e, row CALL db.create.setRelationshipVectorProperty(e, 'fact_embedding', row.embedding)
"""


async def _insert(store: Neo4jStore, query: str, rows: list[dict[str, Any]]) -> None:
    for start in range(0, len(rows), 1000):
        await store.execute(query, {"rows": rows[start : start + 1000]})


async def seed(store: Neo4jStore, run: str, facts: int, rng: random.Random) -> dict[str, Any]:
    """``facts`` facts over facts/100 agents (both spaces), 25% of them ineligible, plus a
    probe agent whose probe words each match 100 facts of which 90 are ineligible."""
    vocab = _vocabulary(rng, 4000)
    now = datetime.now(UTC)
    agents = max(10, facts // 100)
    groups = [f"agent-bench{run}-{i}-{v}" for i in range(agents) for v in ("public", "private")]
    entities: dict[str, list[str]] = {}
    entity_rows: list[dict[str, Any]] = []
    fact_rows: list[dict[str, Any]] = []
    texts: dict[str, list[str]] = {}
    for g in groups:
        names = rng.sample(vocab, 10)
        entities[g] = [str(uuid.uuid4()) for _ in names]
        entity_rows += [
            {
                "uuid": u,
                "group_id": g,
                "name": n,
                "now": now,
                "props": _props(rng, 0.25),
                "embedding": EMBEDDER.embed(n),
            }
            for u, n in zip(entities[g], names, strict=True)
        ]
    for i in range(facts):
        g = groups[i % len(groups)]
        text = " ".join(rng.choices(vocab[:1500], k=rng.randint(5, 9)))  # skewed: shared terms
        texts.setdefault(g, []).append(text)
        s, t = rng.sample(entities[g], 2)
        fact_rows.append(
            {
                "uuid": str(uuid.uuid4()),
                "group_id": g,
                "fact": text,
                "now": now,
                "source": s,
                "target": t,
                "props": _props(rng, 0.25),
                "embedding": EMBEDDER.embed(text),
            }
        )
    probe_group = f"agent-bench{run}-probe-public"
    groups.append(probe_group)
    probe_entities = [str(uuid.uuid4()) for _ in range(2)]
    entity_rows += [
        {
            "uuid": u,
            "group_id": probe_group,
            "name": f"probe{j}",
            "now": now,
            "props": _props(rng, 0.0),
            "embedding": EMBEDDER.embed(f"probe{j}"),
        }
        for j, u in enumerate(probe_entities)
    ]
    probes: dict[str, set[str]] = {}
    for p in range(20):
        word = f"probe{p}word"
        probes[word] = set()
        for k in range(100):
            text = f"{word} " + " ".join(rng.choices(vocab, k=rng.randint(4, 8)))
            fact_id = str(uuid.uuid4())
            props = _props(rng, 0.0)
            if k < 90:
                props.update(rng.choice(BAD))
            else:
                probes[word].add(fact_id)
            row = {
                "uuid": fact_id,
                "group_id": probe_group,
                "fact": text,
                "now": now,
                "source": probe_entities[0],
                "target": probe_entities[1],
                "props": props,
                "embedding": EMBEDDER.embed(text),
            }
            fact_rows.append(row)
    started = time.perf_counter()
    await _insert(store, _ENTITIES, entity_rows)
    await _insert(store, _FACTS, fact_rows)
    return {
        "groups": groups,
        "texts": texts,
        "probes": probes,
        "probe_group": probe_group,
        "agents": agents,
        "seconds": time.perf_counter() - started,
        "facts": len(fact_rows),
    }


async def cleanup(store: Neo4jStore, groups: list[str]) -> None:
    while True:
        rows = await store.execute(
            "MATCH (n) WHERE n.group_id IN $g WITH n LIMIT 5000 DETACH DELETE n "
            "RETURN count(*) AS c",
            {"g": groups},
        )
        if rows[0]["c"] == 0:
            return


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
        data = await seed(store, run_id, args.facts, rng)
        print(
            f"seeded {data['facts']} facts over {data['agents']} agents in {data['seconds']:.1f}s"
        )
        try:
            return await measure(store, graphiti, data, args, rng)
        finally:
            if not args.keep:
                await cleanup(store, data["groups"])


async def measure(
    store: Neo4jStore,
    graphiti: Graphiti,
    data: dict[str, Any],
    args: argparse.Namespace,
    rng: random.Random,
) -> dict[str, Any]:
    owners = [g for g in data["groups"] if g.endswith("-public") and g in data["texts"]]
    workload = []
    for _ in range(args.queries):
        public = rng.choice(owners)
        words = rng.choice(data["texts"][public]).split()
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
                store, EMBEDDER, query=text, group_ids=groups, policy=FACTS_ONLY, limit=10
            ),
            sink["policy_facts"],
        )
        await _timed(
            policy_search(store, EMBEDDER, query=text, group_ids=groups, policy=DEFAULT, limit=10),
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


async def recall(store: Neo4jStore, graphiti: Graphiti, data: dict[str, Any]) -> dict[str, Any]:
    groups = [data["probe_group"]]
    found: dict[str, list[float]] = {
        "policy_search": [],
        "graphiti_postfilter_10": [],
        "graphiti_postfilter_overfetch_100": [],
    }
    ms: dict[str, list[float]] = {k: [] for k in found}
    for word, eligible in data["probes"].items():
        hits = await _timed(
            policy_search(
                store, EMBEDDER, query=word, group_ids=groups, policy=FACTS_ONLY, limit=10
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
    parser.add_argument("--facts", type=int, default=10_000)
    parser.add_argument("--large", action="store_true", help="100k facts")
    parser.add_argument("--queries", type=int, default=60)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--keep", action="store_true", help="keep the seeded graph")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    if args.large:
        args.facts = 100_000
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
