"""Retrieval quality on LoCoMo: ``POST /memories/search`` vs BM25 over the same turns.

    .venv/bin/python bench/recall_bench.py                       # all five dev conversations
    .venv/bin/python bench/recall_bench.py --conversations 26,30 # the tuning split only
    .venv/bin/python bench/recall_bench.py --quick               # conversation 30, 40 questions

Every turn is written the way a user of the API would: ``AsyncMemoryClient.add`` over the real app
in-process (``httpx.ASGITransport``, its lifespan run by asgi-lifespan), one chat message
``{role: user, name: <speaker>, content: <turn>}`` per call, private space, with the session's date
as ``reference_time``, the write quota off. Then every category 1-4 question is asked through
``AsyncMemoryClient.search`` (limit 10) by the owner. A hit counts when one of the question's
evidence turns is behind it (``provenance.episodes``, mapped back through the memory ids the
writes returned). BM25 (rank_bm25's BM25Okapi, ``speaker: text`` documents, lower-cased word
tokens) ranks the same turns for the same questions in the same run. A stranger (not the owner)
asks a sample of the questions: every result it gets is a private hit and must be 0.

Figures are reported per conversation and per split: ``tune`` (26, 30: the only conversations
the ranking was tuned on), ``holdout`` (41, 42, 43) and ``all``. JSON to
bench/results/recall.json; the agents are deleted at the end unless ``--keep``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import sys
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, cast

os.environ.setdefault("GRAPHITI_TELEMETRY_ENABLED", "false")

import httpx
from asgi_lifespan import LifespanManager

from a4s_memory.api.app import create_app
from a4s_memory.client import AsyncMemoryClient
from a4s_memory.config import AuthMode, Settings
from a4s_memory.errors import A4SError
from a4s_memory.models import AddMemory
from a4s_memory.policy import ContextPolicy
from a4s_memory.spaces import spaces_of
from a4s_memory.store.db import Neo4jStore, connect
from a4s_memory.store.embedder import SizedEmbedder, build_embedder
from a4s_memory.store.search import SearchRequest, policy_search

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.load_bench import stored_id
from bench.recall_data import (
    CONVERSATION_IDS,
    CORPUS,
    HOLDOUT,
    TUNE,
    Conversation,
    Scores,
    bm25_rankings,
    parse,
    percentiles,
)
from tests.integration.cleanup import remove_agents

RESULTS = Path(__file__).resolve().parent / "results" / "recall.json"
LIMIT = 10
STRANGER_SAMPLE = 20  # questions per conversation asked by a non-owner
_HAS_REFERENCE_TIME = "reference_time" in AddMemory.model_fields


def _progress(total: int, label: str) -> Any:
    try:
        from tqdm import tqdm  # optional: a plain counter otherwise
    except ImportError:
        return _Counter(total, label)
    return tqdm(total=total, desc=label, unit="turn")


class _Counter:
    def __init__(self, total: int, label: str) -> None:
        self.total, self.label, self.n, self._last = total, label, 0, 0.0

    def update(self, n: int = 1) -> None:
        self.n += n
        if time.monotonic() - self._last > 5 or self.n == self.total:
            self._last = time.monotonic()
            print(
                f"\r{self.label}: {self.n}/{self.total} turns", end="", file=sys.stderr, flush=True
            )

    def close(self) -> None:
        print(file=sys.stderr)


@asynccontextmanager
async def in_process(settings: Settings) -> AsyncIterator[httpx.ASGITransport]:
    """The app in this process over ``httpx.ASGITransport``, once /readyz answers 200: a fresh
    process compiles the firewall's prefilter for ~5 s of CPU first, and a timed pass must
    not share the cores with that (it did: the first sequential pass of batch_bench.py)."""
    app = create_app(settings)
    async with LifespanManager(app) as manager:
        transport = httpx.ASGITransport(app=manager.app)
        await wait_ready(transport)
        yield transport


async def wait_ready(transport: httpx.AsyncBaseTransport, timeout_s: float = 120.0) -> None:
    """Poll GET /readyz until 200; RuntimeError (with the last answer) after ``timeout_s``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    async with httpx.AsyncClient(transport=transport, base_url="http://bench") as http:
        while (answer := await http.get("/readyz")).status_code != 200:
            if loop.time() > deadline:
                raise RuntimeError(f"the app is not ready after {timeout_s:.0f} s: {answer.text}")
            await asyncio.sleep(0.2)


async def ingest(
    client: AsyncMemoryClient, agent: str, conv: Conversation, bar: Any
) -> tuple[dict[str, str], dict[str, int]]:
    """Write every turn; returns (memory id -> dia_id, rejections by stop reason)."""
    memories: dict[str, str] = {}
    rejected: dict[str, int] = {}
    for turn in conv.turns:
        fields: dict[str, Any] = {"source": {"type": "user_message"}}
        if _HAS_REFERENCE_TIME and turn.when is not None:
            fields["reference_time"] = turn.when.isoformat()
        message = {"role": "user", "name": turn.speaker, "content": turn.text}
        try:
            out = await client.add(agent, [message], visibility="private", **fields)
            memories[stored_id(out)] = turn.dia_id  # scored by memory id: stored by now
        except A4SError as err:
            key = str(err.stop_reason.value if err.stop_reason else type(err).__name__)
            rejected[key] = rejected.get(key, 0) + 1
        bar.update(1)
    return memories, rejected


async def ask(
    client: AsyncMemoryClient, agent: str, conv: Conversation, memories: dict[str, str]
) -> tuple[Scores, list[float]]:
    scores, latencies = Scores(), []
    for q in conv.questions:
        started = time.perf_counter()
        hits = (await client.search(agent, q.text, limit=LIMIT)).results
        latencies.append((time.perf_counter() - started) * 1000)
        ranked = [{memories[e] for e in h.provenance.episodes if e in memories} for h in hits]
        scores.add(ranked, q.evidence)
    return scores, latencies


async def direct_latency(
    store: Neo4jStore, settings: Settings, agent: str, conv: Conversation
) -> list[float]:
    """``policy_search`` alone (the owner's two spaces, default policy): no HTTP, no audit write."""
    embedder = cast(SizedEmbedder, build_embedder(settings))
    groups = list(spaces_of(agent).values())
    out = []
    for q in conv.questions:
        started = time.perf_counter()
        await policy_search(
            store,
            embedder,
            SearchRequest(
                query=q.text, group_ids=groups, policy=ContextPolicy.default(), limit=LIMIT
            ),
        )
        out.append((time.perf_counter() - started) * 1000)
    return out


async def stranger_hits(client: AsyncMemoryClient, agent: str, conv: Conversation) -> int:
    count = 0
    for q in conv.questions[:STRANGER_SAMPLE]:
        count += len((await client.search(agent, q.text, limit=LIMIT)).results)
    return count


async def run(args: argparse.Namespace) -> dict[str, Any]:
    raw = args.raw
    convs = [parse(obj, cid) for obj, cid in zip(raw, CONVERSATION_IDS, strict=True)]
    convs = [c for c in convs if c.cid in args.conversations]
    if args.quick:
        convs = [Conversation(c.cid, c.turns, c.questions[:40]) for c in convs]
    base = Settings.from_env()
    settings = base.model_copy(
        update={"auth_mode": AuthMode.TRUSTED_HEADER, "write_quota_per_minute": 0.0}
    )
    run_id = uuid.uuid4().hex[:8]
    owner, agents = f"recall-owner-{run_id}", {c.cid: f"recall-{run_id}-c{c.cid}" for c in convs}
    per: dict[int, dict[str, Any]] = {}
    async with connect(settings) as store:
        try:
            async with in_process(settings) as transport:

                def mk(rid: str) -> AsyncMemoryClient:
                    return AsyncMemoryClient("http://bench", rid, transport=transport)

                async with mk(owner) as me, mk(f"stranger-{run_id}") as other:
                    bar = _progress(sum(len(c.turns) for c in convs), "ingest")
                    started = time.perf_counter()
                    for conv in convs:
                        await me.register_agent(agents[conv.cid])
                    done = await asyncio.gather(*(ingest(me, agents[c.cid], c, bar) for c in convs))
                    bar.close()
                    ingest_s = time.perf_counter() - started
                    if args.keep:  # what a later tuning run needs to score the kept agents
                        kept = {"owner": owner, "agents": agents, "memories": [m for m, _ in done]}
                        args.out.with_suffix(".kept.json").write_text(json.dumps(kept))
                    for conv, (memories, rejected) in zip(convs, done, strict=True):
                        scores, ms = await ask(me, agents[conv.cid], conv, memories)
                        bm25 = Scores()
                        for ranked, q in zip(
                            bm25_rankings(conv, LIMIT), conv.questions, strict=True
                        ):
                            bm25.add(ranked, q.evidence)
                        per[conv.cid] = {
                            "turns": len(conv.turns),
                            "stored": len(memories),
                            "rejected": rejected,
                            "scores": scores,
                            "bm25": bm25,
                            "latency": ms,
                            "direct": await direct_latency(store, settings, agents[conv.cid], conv),
                            "stranger_private_hits": await stranger_hits(
                                other, agents[conv.cid], conv
                            ),
                        }
        finally:
            if not args.keep:
                await remove_agents(store, *agents.values())
    return _report(per, ingest_s, args)


def _split(
    per: dict[int, dict[str, Any]], cids: tuple[int, ...] | list[int]
) -> dict[str, Any] | None:
    chosen = [per[c] for c in cids if c in per]
    if not chosen:
        return None
    mine, bm25, ms, direct = Scores(), Scores(), [], []
    for entry in chosen:
        mine, bm25 = mine.merged(entry["scores"]), bm25.merged(entry["bm25"])
        ms.extend(entry["latency"])
        direct.extend(entry["direct"])
    a, b = mine.summary(), bm25.summary()
    ratio = round(a["recall_at_10"] / b["recall_at_10"], 3) if b.get("recall_at_10") else None
    return {
        "conversations": [c for c in cids if c in per],
        "a4s": a,
        "bm25": b,
        "recall_ratio_vs_bm25": ratio,
        "search_latency": percentiles(ms),
        "policy_search_latency": percentiles(direct),
        "stranger_private_hits": sum(e["stranger_private_hits"] for e in chosen),
    }


def _report(
    per: dict[int, dict[str, Any]], ingest_s: float, args: argparse.Namespace
) -> dict[str, Any]:
    splits = {
        name: s
        for name, cids in (("tune", TUNE), ("holdout", HOLDOUT), ("all", sorted(per)))
        if (s := _split(per, cids)) is not None
    }
    return {
        "benchmark": "recall",
        "quick": args.quick,
        "limit": LIMIT,
        "reference_time_sent": _HAS_REFERENCE_TIME,
        "turns": sum(e["turns"] for e in per.values()),
        "stored": sum(e["stored"] for e in per.values()),
        "ingest_seconds": round(ingest_s, 1),
        "splits": splits,
        "per_conversation": {
            str(c): _split(per, [c]) | {"rejected": e["rejected"]}  # type: ignore[operator]
            for c, e in per.items()
        },
        "machine": platform.platform(),
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
    }


def _table(report: dict[str, Any]) -> str:
    lines = [
        "split      questions  a4s R@10  cover  MRR    | BM25 R@10  cover  MRR    | ratio"
        "  client p50/p95  policy_search p50/p95  stranger"
    ]
    rows = [(n, s) for n, s in report["splits"].items()] + [
        (f"conv {c}", s) for c, s in report["per_conversation"].items()
    ]
    for name, s in rows:
        a, b, lat, dl = s["a4s"], s["bm25"], s["search_latency"], s["policy_search_latency"]
        lines.append(
            f"{name:<10} {a['questions']:>9}  {a['recall_at_10']:>8.3f}  {a['coverage']:.3f}  {a['mrr']:.3f}"
            f"  | {b['recall_at_10']:>9.3f}  {b['coverage']:.3f}  {b['mrr']:.3f}"
            f"  | {s['recall_ratio_vs_bm25'] or 0:>5.2f}  {lat.get('p50_ms', 0):>6}/{lat.get('p95_ms', 0):<7}"
            f"  {dl.get('p50_ms', 0):>10}/{dl.get('p95_ms', 0):<10}"
            f"  {s['stranger_private_hits']}"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--conversations",
        default=",".join(map(str, CONVERSATION_IDS)),
        help="comma-separated LoCoMo ids out of 26,30,41,42,43",
    )
    parser.add_argument("--quick", action="store_true", help="conversation 30, first 40 questions")
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--keep", action="store_true", help="keep the agents afterwards")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    args.conversations = [30] if args.quick else [int(c) for c in args.conversations.split(",")]
    if unknown := set(args.conversations) - set(CONVERSATION_IDS):
        parser.error(f"unknown conversations: {sorted(unknown)}")
    args.raw = json.loads(Path(args.corpus).read_text())
    report = asyncio.run(run(args))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n")
    print(_table(report))
    print(
        f"ingested {report['stored']}/{report['turns']} turns in {report['ingest_seconds']} s; "
        f"JSON: {args.out}"
    )


if __name__ == "__main__":
    main()
