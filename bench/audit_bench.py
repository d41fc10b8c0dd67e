"""Audit overhead benchmark (the security ADR budget: audit < 2 ms per write); results to
bench/results/audit.json.

    .venv/bin/python bench/audit_bench.py               # default: 40 writes per arm
    .venv/bin/python bench/audit_bench.py --writes 100

Two measurements in the same run, against the Neo4j of NEO4J_URI (default: the local one):

1. **End-to-end write latency** of ``MemoryManager.add`` (free-text episode, offline extraction,
   and a structured item) with the audit event (the normal path: appended inside the ingestion's
   commit transaction) and without it (``AuditLog.enabled = False``, the baseline). The arms
   alternate write by write so drift on a shared machine hits both equally; the ratio of the
   medians and the median difference are reported.
2. **The audit append itself** inside a write transaction: a transaction that stamps one ledger
   entry (what the commit does) with vs. without ``append_tx`` — the isolated per-event cost.
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
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
RESULTS = REPO / "bench" / "results" / "audit.json"
sys.path.insert(0, str(REPO))

from neo4j import AsyncManagedTransaction  # noqa: E402

from a4s_memory.audit.events import AuditAction, AuditDraft  # noqa: E402
from a4s_memory.config import Settings  # noqa: E402
from a4s_memory.contract import Visibility  # noqa: E402
from a4s_memory.manager import MemoryManager  # noqa: E402
from a4s_memory.schema import apply_schema  # noqa: E402
from a4s_memory.spaces import spaces_of  # noqa: E402
from a4s_memory.store.db import Neo4jStore, connect, run_in_tx  # noqa: E402

OWNER = "bench-owner"


def _stats(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return {
        "n": len(samples),
        "median_ms": round(statistics.median(samples), 3),
        "mean_ms": round(statistics.fmean(samples), 3),
        "p95_ms": round(p95, 3),
    }


async def _write_arms(manager: MemoryManager, agent: str, writes: int) -> dict[str, Any]:
    log = manager.audit_log
    out: dict[str, Any] = {}
    for kind in ("episode", "item"):
        timings: dict[str, list[float]] = {"with_audit": [], "without_audit": []}
        for i in range(writes):
            for arm in (
                ("with_audit", "without_audit") if i % 2 == 0 else ("without_audit", "with_audit")
            ):
                log.enabled = arm == "with_audit"
                body: dict[str, Any] = {
                    "agent_id": agent,
                    "messages": f"Person{i}x{arm[:4]} prefers tea number {i}.",
                }
                if kind == "item":
                    body = {
                        "agent_id": agent,
                        "messages": f"value {i} {arm}",
                        "category": "preference",
                        "key": f"k-{arm}-{i % 5}",
                        "source": {"type": "explicit_save"},
                    }
                start = time.perf_counter()
                await manager.add(OWNER, body)
                timings[arm].append((time.perf_counter() - start) * 1000)
        log.enabled = True
        with_s, without_s = _stats(timings["with_audit"]), _stats(timings["without_audit"])
        out[kind] = {
            "with_audit": with_s,
            "without_audit": without_s,
            "ratio_median": round(with_s["median_ms"] / without_s["median_ms"], 4),
            "overhead_median_ms": round(with_s["median_ms"] - without_s["median_ms"], 3),
        }
    return out


async def _append_arms(
    store: Neo4jStore, manager: MemoryManager, agent: str, n: int
) -> dict[str, Any]:
    log = manager.audit_log
    stamp = "MERGE (s:A4SStatus {uuid: $u}) SET s.group_id = $g, s.kind = 'bench', s.at = $i"
    group = spaces_of(agent)[Visibility.PUBLIC]

    async def tx_work(tx: AsyncManagedTransaction, i: int, audited: bool) -> None:
        await run_in_tx(tx, stamp, {"u": f"bench-{agent}", "g": group, "i": i})
        if audited:
            await log.append_tx(tx, AuditDraft(agent_id=agent, action=AuditAction.WRITE, count=i))

    timings: dict[str, list[float]] = {"with_audit": [], "without_audit": []}
    for i in range(n):
        for audited in (True, False) if i % 2 == 0 else (False, True):
            start = time.perf_counter()
            await store.write_transaction(tx_work, i, audited)
            timings["with_audit" if audited else "without_audit"].append(
                (time.perf_counter() - start) * 1000
            )
    with_s, without_s = _stats(timings["with_audit"]), _stats(timings["without_audit"])
    return {
        "with_audit": with_s,
        "without_audit": without_s,
        "ratio_median": round(with_s["median_ms"] / without_s["median_ms"], 4),
        "overhead_median_ms": round(with_s["median_ms"] - without_s["median_ms"], 3),
    }


async def main(writes: int) -> dict[str, Any]:
    settings = Settings.from_env()
    async with connect(settings) as store:
        await apply_schema(store)
        manager = await MemoryManager.create(store, settings)
        agent = f"bench-audit-{uuid.uuid4().hex[:8]}"
        await manager.register_agent(OWNER, agent, OWNER)
        try:
            for i in range(5):  # warm-up (query plans, pools)
                await manager.add(OWNER, {"agent_id": agent, "messages": f"Warm{i} likes tea."})
            result = {
                "write_latency": await _write_arms(manager, agent, writes),
                "append_in_transaction": await _append_arms(store, manager, agent, writes * 2),
                "verify_ok": (await manager.verify_audit(agent)).ok,
            }
        finally:
            groups = list(spaces_of(agent).values())
            await store.execute("MATCH (n) WHERE n.group_id IN $g DETACH DELETE n", {"g": groups})
            await store.execute(
                "MATCH (n) WHERE (n:AuditEvent OR n:AuditHead OR n:Agent) "
                "AND n.agent_id = $a DETACH DELETE n",
                {"a": agent},
            )
    return result


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writes", type=int, default=40, help="writes per arm and kind")
    args = parser.parse_args()
    started = time.time()
    data = asyncio.run(main(args.writes))
    data["budget_ms"] = 2.0
    data["within_budget"] = data["append_in_transaction"]["overhead_median_ms"] < 2.0
    data["machine"] = {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "loadavg": os.getloadavg(),
    }
    data["seconds"] = round(time.time() - started, 1)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(data, indent=2))
