"""What an agent's audit listing and version history cost beside other agents' history: the
statements before the fix (a scan of every agent's events / versions: Neo4j reads a composite
uniqueness index only with a predicate on each of its properties) and as shipped, side by side in
one run, as database hits (``PROFILE``) and median latency. Likewise the operator's TTL sweep's
due selection beside live memories that are not due: through ``(kind, freshness_status)`` (every
live entry with a TTL) and through the range seeks of graph_schema/011.

    .venv/bin/python bench/read_isolation_bench.py                 # 20,000 other events/versions
    .venv/bin/python bench/read_isolation_bench.py --others 100000

Synthetic nodes (``AuditEvent`` of 100 other agents, ``A4SVersion`` of 1,000 other items, plus
10 events and 3 versions of the measured agent and item, and as many live ``A4SStatus`` ledger
entries expiring in 30 days) are written with a run id and removed
afterwards. JSON to bench/results/read_isolation.json.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, LiteralString

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from a4s_memory.config import Settings  # noqa: E402
from a4s_memory.store.audit_log import _LIST  # noqa: E402
from a4s_memory.store.db import Neo4jStore, connect  # noqa: E402
from a4s_memory.store.sweeper import _DUE, _EVERY_DUE, _FRESHNESS, BATCH  # noqa: E402
from a4s_memory.store.versions import _VERSIONS  # noqa: E402

RESULTS = REPO / "bench" / "results" / "read_isolation.json"
# The statements as they were before the fix (1d86d3a), kept here to measure against.
BEFORE_LIST: LiteralString = """
MATCH (e:AuditEvent {agent_id: $agent_id})
WHERE $action IS NULL OR e.action = $action
RETURN properties(e) AS p ORDER BY e.seq DESC LIMIT $last
"""
BEFORE_VERSIONS: LiteralString = """
MATCH (v:A4SVersion {item_id: $item_id})
OPTIONAL MATCH (i:A4SItem {item_id: $item_id})
RETURN properties(v) AS v, i.current_version AS current ORDER BY v.version
"""
# The operator's due selection before graph_schema/011 (b012c6b).
BEFORE_DUE: LiteralString = "MATCH (s:A4SStatus) WHERE s.kind = 'episode'" + _DUE
_SEED_LEDGER: LiteralString = """
UNWIND range(1, $n) AS i
CREATE (:A4SStatus {uuid: $run + '-s-' + toString(i), group_id: $run, kind: 'episode',
                    state: 'committed', freshness_status: 'fresh', created_at: datetime(),
                    expires_at: datetime() + duration('P30D'),
                    a4s_stale_at: datetime() + duration('P20D')})
"""
_SEED_EVENTS: LiteralString = """
UNWIND range(1, $n) AS i
CREATE (:AuditEvent {agent_id: $run + '-other-' + toString(i % 100), seq: i, action: 'write',
                     event_id: $run + '-' + toString(i), timestamp: datetime()})
"""
_SEED_MINE: LiteralString = """
UNWIND range(1, 10) AS i
CREATE (:AuditEvent {agent_id: $run + '-me', seq: i, action: 'write',
                     event_id: $run + '-me-' + toString(i), timestamp: datetime()})
"""
_SEED_VERSIONS: LiteralString = """
UNWIND range(1, $n) AS i
CREATE (:A4SVersion {item_id: $run + '-item-' + toString(i % 1000), version: i, group_id: $run})
WITH count(*) AS ignored
UNWIND range(1, 3) AS i
CREATE (:A4SVersion {item_id: $run + '-mine', version: i, group_id: $run})
"""
_REMOVE: LiteralString = """
CALL () {
  MATCH (e:AuditEvent) WHERE e.event_id STARTS WITH $run WITH e LIMIT 5000 DETACH DELETE e
  RETURN count(*) AS n
  UNION ALL
  MATCH (v:A4SVersion {group_id: $run}) WITH v LIMIT 5000 DETACH DELETE v RETURN count(*) AS n
  UNION ALL
  MATCH (s:A4SStatus {group_id: $run}) WITH s LIMIT 5000 DETACH DELETE s RETURN count(*) AS n
}
RETURN sum(n) AS n
"""


def _hits(plan: dict[str, Any]) -> int:
    return int(plan.get("dbHits", 0)) + sum(_hits(c) for c in plan.get("children", []))


async def _measure(
    store: Neo4jStore, query: LiteralString, params: dict[str, Any], repeat: int
) -> dict[str, float]:
    async with store.driver.session(database=store.database) as session:
        result = await session.run("CYPHER replan=force PROFILE " + query, params)
        summary = await result.consume()
    assert summary.profile is not None
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        await store.read(query, params)
        times.append((time.perf_counter() - started) * 1000)
    return {"db_hits": _hits(summary.profile), "median_ms": round(statistics.median(times), 2)}


async def run(others: int, repeat: int) -> dict[str, Any]:
    run_id = f"rib-{uuid.uuid4().hex[:8]}"
    listing = {"agent_id": f"{run_id}-me", "action": None, "last": 50}
    history = {"item_id": f"{run_id}-mine"}
    async with connect(Settings.from_env()) as store:
        try:
            await store.execute(_SEED_EVENTS, {"n": others, "run": run_id})
            await store.execute(_SEED_MINE, {"run": run_id})
            await store.execute(_SEED_VERSIONS, {"n": others, "run": run_id})
            await store.execute(_SEED_LEDGER, {"n": others, "run": run_id})
            due = {"now": datetime.now(UTC), "groups": None, "batch": BATCH, **_FRESHNESS}
            return {
                "audit_list": {
                    "before": await _measure(store, BEFORE_LIST, listing, repeat),
                    "after": await _measure(store, _LIST, listing, repeat),
                },
                "versions": {
                    "before": await _measure(store, BEFORE_VERSIONS, history, repeat),
                    "after": await _measure(store, _VERSIONS, history, repeat),
                },
                "sweep_due": {
                    "before": await _measure(store, BEFORE_DUE, due, repeat),
                    "after": await _measure(store, _EVERY_DUE, due, repeat),
                },
            }
        finally:  # in batches: one transaction of 3 x 100,000 deletions would need a large heap
            while (await store.execute(_REMOVE, {"run": run_id}))[0]["n"]:
                pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--others", type=int, default=20_000, help="other events and versions")
    parser.add_argument("--repeat", type=int, default=30, help="timed calls per statement")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    result = asyncio.run(run(args.others, args.repeat))
    report = {"benchmark": "read_isolation", "others": args.others, **result}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
