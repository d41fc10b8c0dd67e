"""Load test: N concurrent AsyncMemoryClients over HTTP against the app served by uvicorn on a free
127.0.0.1 port, for a bounded time and a bounded number of requests (it stops by itself).

    .venv/bin/python bench/load_bench.py                         # 16 clients, 60 s, <= 20k requests
    .venv/bin/python bench/load_bench.py --clients 4 --seconds 10
    .venv/bin/python bench/load_bench.py --server-processes 2      # the API in 2 other processes
    .venv/bin/python bench/load_bench.py --workers 2     # one `serve --workers 2`: 2 on one port
    .venv/bin/python bench/load_bench.py --workers 2 --compare   # and in-process, in the same run
    .venv/bin/python bench/load_bench.py --warmup 60     # after a Neo4j restart: warm it first

By default the app runs in a thread of this process, sharing one interpreter lock with the clients.
``--server-processes N`` runs it as N ``a4s-memory serve`` processes instead (each its own port,
quota shared through Neo4j as in a scaled-out deployment), client i talking to process i mod N:
what one host of API replicas serves, without the clients' CPU in the servers' processes.
``--workers W`` runs one ``a4s-memory serve --workers W`` process instead: W worker processes
accepting on one port (each its own SO_REUSEPORT socket), the single-host deployment (README
"More than one core").

Each client owns its own agent and alternates a write (``POST /memories``) and a search. Reported:
throughput, p50/p95/p99 per operation, the count of 5xx answers (must be 0) and whether every
acknowledged write is present afterwards, counted twice: as Episodic nodes in Neo4j and as
``write`` events in the audit trail. tests/integration/test_load.py runs a small configuration of
the same code in ``make test``. JSON to bench/results/load.json.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

os.environ.setdefault("GRAPHITI_TELEMETRY_ENABLED", "false")


from a4s_memory.api.app import create_app
from a4s_memory.api.background import free_loopback_port, serve_in_background
from a4s_memory.client import AsyncMemoryClient
from a4s_memory.config import AuthMode, Settings
from a4s_memory.errors import A4SError
from a4s_memory.spaces import spaces_of
from a4s_memory.store.db import Neo4jStore, connect
from a4s_memory.types import AddMemoryOut, JobAccepted

RESULTS = Path(__file__).resolve().parent / "results" / "load.json"


def stored_id(out: AddMemoryOut | JobAccepted) -> str:
    """The id of the memory a write stored. The benches that check acknowledged writes against
    Neo4j (this one, fault_bench) take it from the answer, so the API must store before it answers:
    with A4S_INGEST_MODE=queue it answers 202 with a job and stores later, which they cannot count."""
    if isinstance(out, JobAccepted):
        raise SystemExit(
            "this bench needs A4S_INGEST_MODE=sync (or unset): the API answered 202 with a queued "
            f"job ({out.job_id}) instead of the stored memory's id"
        )
    return out.memory_id


@dataclass(frozen=True)
class LoadConfig:
    clients: int = 16
    seconds: float = 60.0
    max_requests: int = 20_000  # across all clients
    run_id: str = field(default_factory=lambda: uuid.uuid4().hex[:8])

    @property
    def owner(self) -> str:
        return f"load-owner-{self.run_id}"

    def agent(self, i: int) -> str:
        return f"load-{self.run_id}-{i}"


@dataclass
class LoadStats:
    latencies: dict[str, list[float]] = field(default_factory=lambda: {"add": [], "search": []})
    statuses: dict[str, int] = field(default_factory=dict)
    acked: dict[str, list[str]] = field(default_factory=dict)  # agent -> acknowledged memory ids
    requests: int = 0
    elapsed: float = 0.0

    def count(self, status: int) -> None:
        key = str(status)
        self.statuses[key] = self.statuses.get(key, 0) + 1

    @property
    def server_errors(self) -> int:
        return sum(n for s, n in self.statuses.items() if s == "transport" or s.startswith("5"))


def settings_for_load(base: Settings) -> Settings:
    """Loopback demo auth (the X-Requester-Id header is trusted) and no write quota in the way
    (all clients write as one requester; the quota is measured elsewhere)."""
    update = {
        "auth_mode": AuthMode.TRUSTED_HEADER,
        "host": "127.0.0.1",
        "write_quota_per_minute": 0.0,
        # Each client repeats 7 queries: measure the search, not the embedding cache.
        "embed_cache_texts": 0,
    }
    return base.model_copy(update=update)


@contextmanager
def serve(settings: Settings) -> Iterator[str]:
    """The app under uvicorn on a free loopback port in a background thread; yields the URL once
    /readyz answers 200 (Neo4j answers, the firewall's prefilter is compiled)."""
    with serve_in_background(create_app(settings)) as url:
        _wait_ready(url, time.monotonic() + 120)
        yield url


@contextmanager
def serve_processes(settings: Settings, n: int, workers: int = 1) -> Iterator[list[str]]:
    """``n`` ``a4s-memory serve --workers <workers>`` processes on free loopback ports (the load
    settings through the environment); yields their URLs once each answers /readyz with 200 (a
    fresh process compiles the firewall's prefilter for ~5 s of CPU first: the timed load must
    not include that); stops them all on exit."""
    env = {
        **os.environ,
        "NEO4J_URI": settings.neo4j_uri,
        "NEO4J_USER": settings.neo4j_user,
        "NEO4J_PASSWORD": settings.neo4j_password.get_secret_value(),
        "NEO4J_DATABASE": settings.neo4j_database,
        "A4S_EMBEDDER": settings.embedder,
        "A4S_EMBED_CACHE_TEXTS": str(settings.embed_cache_texts),
        "A4S_AUTH_MODE": settings.auth_mode.value,
        "A4S_WRITE_QUOTA_PER_MINUTE": str(settings.write_quota_per_minute),
        "A4S_WRITE_QUOTA_STORE": "neo4j",  # N processes, one limit
    }
    cli = str(Path(sys.executable).with_name("a4s-memory"))
    ports = [free_loopback_port() for _ in range(n)]
    procs = [
        subprocess.Popen(  # noqa: S603 - our own CLI, fixed arguments
            [cli, "serve", "--host", "127.0.0.1", "--port", str(port), "--workers", str(workers)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for port in ports
    ]
    urls = [f"http://127.0.0.1:{port}" for port in ports]
    try:
        deadline = time.monotonic() + 120
        for url, proc in zip(urls, procs, strict=True):
            _wait_ready(url, deadline, proc)
        yield urls
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()


def _wait_ready(url: str, deadline: float, proc: subprocess.Popen[bytes] | None = None) -> None:
    """Poll /readyz at ``url`` until 200; RuntimeError past ``deadline`` (time.monotonic) or
    once ``proc`` (the serving process, if any) has exited."""
    while not _ready(url):
        if (proc is not None and proc.poll() is not None) or time.monotonic() > deadline:
            raise RuntimeError(f"the app at {url} did not become ready")
        time.sleep(0.2)


def _ready(url: str) -> bool:
    try:
        return httpx.get(f"{url}/readyz", timeout=1.0).status_code == 200
    except httpx.HTTPError:
        return False


async def _client_loop(url: str, cfg: LoadConfig, i: int, stats: LoadStats) -> None:
    agent = cfg.agent(i)
    acked = stats.acked.setdefault(agent, [])
    deadline = time.monotonic() + cfg.seconds
    n = 0
    async with AsyncMemoryClient(url, cfg.owner, retries=1) as client:
        await client.register_agent(agent, owner_id=cfg.owner)
        while time.monotonic() < deadline and stats.requests < cfg.max_requests:
            stats.requests += 1
            op = "add" if n % 2 == 0 else "search"
            started = time.perf_counter()
            try:
                if op == "add":
                    text = f"Load note {i}-{n}: the user prefers option {n % 7} for task {i}."
                    added = await client.add(agent, text, visibility="private")
                    acked.append(stored_id(added))
                else:
                    await client.search(agent, f"option {n % 7} task {i}")
                stats.count(200)
            except A4SError as err:
                stats.count(int(getattr(err, "status_code", 0) or 0))
            except Exception:  # transport failures count as server-side errors
                stats.count(-1)
                stats.statuses["transport"] = stats.statuses.pop("-1", 0) + 1
            stats.latencies[op].append((time.perf_counter() - started) * 1000)
            n += 1


async def run_load(url: str | list[str], cfg: LoadConfig) -> LoadStats:
    urls = [url] if isinstance(url, str) else url
    stats = LoadStats()
    started = time.perf_counter()
    await asyncio.gather(
        *(_client_loop(urls[i % len(urls)], cfg, i, stats) for i in range(cfg.clients))
    )
    stats.elapsed = time.perf_counter() - started
    return stats


_PRESENT = """
MATCH (e:Episodic) WHERE e.uuid IN $ids AND e.group_id IN $groups
MATCH (s:A4SStatus {uuid: e.uuid}) WHERE s.state = 'committed'
RETURN count(DISTINCT e) AS n
"""
_AUDITED = """
MATCH (a:AuditEvent {agent_id: $agent}) WHERE a.action = 'write' AND a.memory_id IN $ids
RETURN count(DISTINCT a.memory_id) AS n
"""


async def verify_acked(store: Neo4jStore, stats: LoadStats) -> dict[str, int]:
    """Acknowledged writes, and how many of them are in Neo4j and in the audit trail."""
    acked = in_graph = in_audit = 0
    for agent, ids in stats.acked.items():
        groups = list(spaces_of(agent).values())
        acked += len(ids)
        in_graph += int((await store.execute(_PRESENT, {"ids": ids, "groups": groups}))[0]["n"])
        in_audit += int((await store.execute(_AUDITED, {"ids": ids, "agent": agent}))[0]["n"])
    return {"acknowledged": acked, "in_neo4j": in_graph, "in_audit": in_audit}


async def cleanup(store: Neo4jStore, cfg: LoadConfig) -> None:
    agents = [cfg.agent(i) for i in range(cfg.clients)]
    groups = [g for a in agents for g in spaces_of(a).values()]
    while (
        await store.execute(
            "MATCH (n) WHERE n.group_id IN $g WITH n LIMIT 5000 DETACH DELETE n RETURN count(*) AS c",
            {"g": groups},
        )
    )[0]["c"]:
        pass
    await store.execute(
        "MATCH (n) WHERE (n:Agent OR n:AuditEvent OR n:AuditHead) AND n.agent_id IN $a "
        "DETACH DELETE n",
        {"a": agents},
    )


def _pct(ms: list[float]) -> dict[str, float]:
    if len(ms) < 2:
        return {"n": len(ms)}
    cuts = statistics.quantiles(ms, n=100, method="inclusive")
    return {
        "n": len(ms),
        "p50_ms": round(statistics.median(ms), 1),
        "p95_ms": round(cuts[94], 1),
        "p99_ms": round(cuts[98], 1),
    }


def summarize(stats: LoadStats, presence: dict[str, int]) -> dict[str, Any]:
    ok = stats.statuses.get("200", 0)
    return {
        "requests": stats.requests,
        "seconds": round(stats.elapsed, 2),
        "throughput_rps": round(stats.requests / stats.elapsed, 1) if stats.elapsed else 0.0,
        "ok_rps": round(ok / stats.elapsed, 1) if stats.elapsed else 0.0,
        "statuses": stats.statuses,
        "server_errors_5xx": stats.server_errors,
        "latency": {op: _pct(ms) for op, ms in stats.latencies.items()},
        "writes": presence,
        "no_lost_writes": presence["acknowledged"] == presence["in_neo4j"] == presence["in_audit"],
    }


def _server_processes(args: argparse.Namespace) -> int:
    """How many ``serve`` processes the shape asked for runs: 0 for the API in this process."""
    processes: int = args.server_processes
    return max(processes, 1) if args.workers > 1 else processes


def _load(args: argparse.Namespace, seconds: float) -> LoadConfig:
    """A load of ``seconds`` by agents of its own (a fresh run id: no shape sees another's data)."""
    return LoadConfig(clients=args.clients, seconds=seconds, max_requests=args.max_requests)


async def _measure(
    store: Neo4jStore, args: argparse.Namespace, settings: Settings, in_process: bool
) -> dict[str, Any]:
    """One serving shape: the warm-up (if any), the timed load, its summary; its agents removed."""
    cfg, warmup = _load(args, args.seconds), _load(args, args.warmup)

    async def timed(target: str | list[str]) -> LoadStats:
        # The same load, untimed, by other agents first: after a Neo4j (re)start the JVM's
        # compiled code and page cache take minutes to warm (9-37 req/s in the first runs).
        if args.warmup > 0:
            await run_load(target, warmup)
        return await run_load(target, cfg)

    try:
        if in_process:
            with serve(settings) as url:
                stats = await timed(url)
        else:
            with serve_processes(settings, _server_processes(args), args.workers) as urls:
                stats = await timed(urls)
        return summarize(stats, await verify_acked(store, stats))
    finally:
        await cleanup(store, cfg)
        await cleanup(store, warmup)


async def _main(args: argparse.Namespace) -> dict[str, Any]:
    settings = settings_for_load(Settings.from_env())
    in_process = _server_processes(args) == 0
    async with connect(settings) as store:
        if not args.compare or in_process:
            return await _measure(store, args, settings, in_process)
        # The baseline first, then the shape asked for, in the same run (same database state)
        baseline = await _measure(store, args, settings, True)
        result = await _measure(store, args, settings, False)
    ratio = (
        result["throughput_rps"] / baseline["throughput_rps"] if baseline["throughput_rps"] else 0
    )
    return {**result, "in_process": baseline, "ratio_vs_in_process": round(ratio, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--max-requests", type=int, default=20_000)
    parser.add_argument(
        "--server-processes",
        type=int,
        default=0,
        help="run the API as N `a4s-memory serve` processes (0: a thread of this process)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="`a4s-memory serve --workers W` processes (> 1: one such process unless "
        "--server-processes says more)",
    )
    parser.add_argument(
        "--compare",
        action="store_true",
        help="with --workers or --server-processes: measure the API in this process first, the "
        "same load, and report both and the ratio",
    )
    parser.add_argument(
        "--warmup",
        type=float,
        default=0.0,
        help="seconds of the same load, untimed, before the timed run (e.g. 60 after a Neo4j "
        "restart; 0: none, as the recorded figures)",
    )
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    result = asyncio.run(_main(args))
    report = {
        "benchmark": "load",
        "clients": args.clients,
        "bounded_seconds": args.seconds,
        "max_requests": args.max_requests,
        "server_processes": _server_processes(args),
        "workers_per_process": args.workers,
        "warmup_seconds": args.warmup,
        "machine": platform.platform(),
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        **result,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
