"""Fault test: SIGKILL a SEPARATE local Neo4j in the middle of a write stream, restart it.

    .venv/bin/python bench/fault_bench.py            # 3 writers, 40 acknowledged writes per phase

Never touches the shared server: it starts its own LocalNeo4j (bolt 27687, http 27474, home in a
temporary folder), serves the API on a free loopback port against it, and drives writes through
AsyncMemoryClient. Checked: while Neo4j is down the API answers 503 with INTERNAL_INCONSISTENCY
(writes and /readyz), it recovers by itself after the restart (no API restart), no acknowledged
write is lost, and no half-written memory is visible (every episode either has its committed
status ledger entry, its four status axes and its audit event, or is invisible to GET and search);
the audit chain still verifies. tests/integration/test_fault.py runs a small configuration.
JSON to bench/results/fault.json.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import signal
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("GRAPHITI_TELEMETRY_ENABLED", "false")

from pydantic import SecretStr

from a4s_memory.client import AsyncMemoryClient
from a4s_memory.config import Settings
from a4s_memory.errors import A4SError, NotFound
from a4s_memory.neo4j_local import LocalNeo4j
from a4s_memory.schema import apply_schema
from a4s_memory.spaces import spaces_of
from a4s_memory.store.audit_log import AuditLog
from a4s_memory.store.db import Neo4jStore, connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.load_bench import serve, settings_for_load, stored_id

RESULTS = Path(__file__).resolve().parent / "results" / "fault.json"
OWNER = "fault-owner"


@dataclass(frozen=True)
class FaultConfig:
    home: Path
    writers: int = 3
    before: int = 40  # acknowledged writes before the kill
    after: int = 40  # acknowledged writes after the recovery
    bolt_port: int = 27687
    http_port: int = 27474
    recover_timeout_s: float = 240.0

    def settings(self) -> Settings:
        return Settings(
            neo4j_uri=f"bolt://127.0.0.1:{self.bolt_port}",
            neo4j_password=SecretStr("fault-test-password"),
            neo4j_home=self.home,
            neo4j_http_port=self.http_port,
            neo4j_heap="512m",
            neo4j_pagecache="64m",
        )


@dataclass
class Stream:
    agent: str
    acked: list[str] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)  # "503:INTERNAL_INCONSISTENCY" -> n
    stop: bool = False

    def error(self, key: str) -> None:
        self.errors[key] = self.errors.get(key, 0) + 1


async def _writer(client: AsyncMemoryClient, stream: Stream, w: int) -> None:
    n = 0
    while not stream.stop:
        n += 1
        try:
            added = await client.add(stream.agent, f"Fault note {w}-{n}: checkpoint {n}.")
            stream.acked.append(stored_id(added))
        except A4SError as err:
            reason = err.stop_reason.value if err.stop_reason else "none"
            stream.error(f"{getattr(err, 'status_code', 0)}:{reason}")
            await asyncio.sleep(0.2)
        except Exception as exc:  # transport: the API itself must never go away
            stream.error(f"transport:{type(exc).__name__}")
            await asyncio.sleep(0.2)


async def _until(predicate: Any, timeout_s: float, what: str) -> float:
    started = time.monotonic()
    while not await predicate():
        if time.monotonic() - started > timeout_s:
            raise TimeoutError(f"timed out waiting for {what}")
        await asyncio.sleep(0.2)
    return time.monotonic() - started


async def _down_answers(client: AsyncMemoryClient, agent: str) -> dict[str, Any]:
    """What the API says while Neo4j is down: one write and /readyz."""
    try:
        stored_id(await client.add(agent, "written while the database is down"))
        write = "accepted"
    except A4SError as err:
        reason = err.stop_reason.value if err.stop_reason else "none"
        write = f"{getattr(err, 'status_code', 0)}:{reason}"
    return {"write": write, "readyz_ok": await client.ready()}


async def _phase(client: AsyncMemoryClient, cfg: FaultConfig, server: LocalNeo4j) -> dict[str, Any]:
    stream = Stream(agent=f"fault-{uuid.uuid4().hex[:8]}")
    await client.register_agent(stream.agent, owner_id=OWNER)
    writers = [asyncio.create_task(_writer(client, stream, w)) for w in range(cfg.writers)]

    async def acked_at_least(n: int) -> bool:
        return len(stream.acked) >= n

    try:
        await _until(lambda: acked_at_least(cfg.before), 120, "writes before the kill")
        pid = server.status().pid
        assert pid is not None
        os.kill(pid, signal.SIGKILL)  # a real crash, mid-stream
        killed_at = len(stream.acked)

        async def down() -> bool:
            return not await client.ready()

        await _until(down, 30, "/readyz to report the outage")
        while_down = await _down_answers(client, stream.agent)
        restart_started = time.monotonic()
        await asyncio.to_thread(server.start)
        restart_s = time.monotonic() - restart_started
        recovery_s = await _until(client.ready, cfg.recover_timeout_s, "recovery")
        target = len(stream.acked) + cfg.after
        await _until(lambda: acked_at_least(target), 120, "writes after the recovery")
    finally:
        stream.stop = True
        await asyncio.gather(*writers, return_exceptions=True)
    return {
        "stream": stream,
        "killed_after_acked": killed_at,
        "while_down": while_down,
        "restart_seconds": round(restart_s, 1),
        "api_recovery_seconds": round(recovery_s, 1),
    }


_EPISODES = """
MATCH (e:Episodic) WHERE e.group_id IN $groups
OPTIONAL MATCH (s:A4SStatus {uuid: e.uuid})
OPTIONAL MATCH (a:AuditEvent {agent_id: $agent}) WHERE a.action = 'write' AND a.memory_id = e.uuid
RETURN e.uuid AS uuid, s.state AS state, count(a) AS audited,
       e.truth_status IS NOT NULL AND e.retrieval_status IS NOT NULL
       AND e.security_status IS NOT NULL AND e.freshness_status IS NOT NULL AS stamped
"""


async def verify(store: Neo4jStore, client: AsyncMemoryClient, stream: Stream) -> dict[str, Any]:
    groups = list(spaces_of(stream.agent).values())
    rows = [
        dict(r) for r in await store.execute(_EPISODES, {"groups": groups, "agent": stream.agent})
    ]
    complete = {
        r["uuid"] for r in rows if r["state"] == "committed" and r["stamped"] and r["audited"]
    }
    partial = [r["uuid"] for r in rows if r["uuid"] not in complete]
    visible_partial = 0
    hits = await client.search(stream.agent, "Fault note checkpoint", limit=50)
    returned = {h.uuid for h in hits.results}
    for uuid_ in partial:
        try:
            await client.get(uuid_)
            visible_partial += 1
        except NotFound:
            visible_partial += int(uuid_ in returned)
    chain = await AuditLog(store).verify(stream.agent)
    return {
        "acknowledged": len(stream.acked),
        "acknowledged_complete": len(set(stream.acked) & complete),
        "episodes": len(rows),
        "partial_episodes": len(partial),
        "visible_partial": visible_partial,
        "audit_chain_ok": chain.ok,
    }


async def run_fault(cfg: FaultConfig) -> dict[str, Any]:
    settings = settings_for_load(cfg.settings())
    server = LocalNeo4j(settings)
    started = time.monotonic()
    try:
        await asyncio.to_thread(server.start)
        first_start = time.monotonic() - started
        async with connect(settings) as store:
            await apply_schema(store)
        with serve(settings) as url:
            async with AsyncMemoryClient(url, OWNER, retries=1) as client:
                phase = await _phase(client, cfg, server)
                stream: Stream = phase.pop("stream")
                async with connect(settings) as store:
                    checks = await verify(store, client, stream)
    finally:
        await asyncio.to_thread(server.stop)
    return {
        "first_start_seconds": round(first_start, 1),
        **phase,
        "errors": stream.errors,
        **checks,
        "lost_acknowledged": checks["acknowledged"] - checks["acknowledged_complete"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writers", type=int, default=3)
    parser.add_argument("--before", type=int, default=40)
    parser.add_argument("--after", type=int, default=40)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="a4s-fault-") as home:
        cfg = FaultConfig(
            home=Path(home) / "neo4j", writers=args.writers, before=args.before, after=args.after
        )
        result = asyncio.run(run_fault(cfg))
    report = {
        "benchmark": "fault",
        "writers": args.writers,
        "machine": platform.platform(),
        "wall_seconds": round(time.perf_counter() - started, 1),
        **result,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
