"""Where a request of the HTTP load bench spends its CPU, by operation: the load bench's clients and
app (one process, the API in a thread under uvicorn), after a warm-up round first ``--requests``
writes spread over the clients, then as many searches, each phase measured on its own.

    .venv/bin/python bench/load_profile.py                        # 16 clients, 320 + 320 requests
    .venv/bin/python bench/load_profile.py --cprofile search      # + the API thread's top functions

Per phase and per request: this process's CPU (``time.process_time``), split into the clients'
thread, the API's thread and the worker threads (embedding, firewall); the Neo4j JVM's CPU
(utime + stime from /proc of the java process whose command line names org.neo4j; it serves
other users of the machine too, so run it when nothing else queries Neo4j); and the number of
Cypher statements sent (every ``Session.run`` / ``Transaction.run`` of the driver, one round trip
each). CPU time, not wall time: the machine's other load moves it much less. JSON to
bench/results/load-profile.json. docs/benchmarks.md "Search in two statements" has figures.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import json
import os
import pstats
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import uvicorn
from neo4j import AsyncSession
from neo4j._async.work.transaction import AsyncTransactionBase

from a4s_memory.client import AsyncMemoryClient
from a4s_memory.config import Settings
from a4s_memory.store.db import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.load_bench import LoadConfig, cleanup, serve, settings_for_load, stored_id

RESULTS = Path(__file__).resolve().parent / "results" / "load-profile.json"
_TICK = os.sysconf("SC_CLK_TCK")

_statements = [0]
_server_loop: list[asyncio.AbstractEventLoop] = []


def _count(run: Callable[..., Any]) -> Callable[..., Any]:
    async def counted(*args: Any, **kwargs: Any) -> Any:
        _statements[0] += 1
        return await run(*args, **kwargs)

    return counted


def _instrument() -> None:
    """Count the driver's statements; remember the API thread's loop (for its profiler)."""
    AsyncSession.run = _count(AsyncSession.run)  # type: ignore[method-assign]
    AsyncTransactionBase.run = _count(AsyncTransactionBase.run)  # type: ignore[method-assign]
    serve_orig = uvicorn.Server.serve

    async def serve_recorded(self: uvicorn.Server, *args: Any, **kwargs: Any) -> None:
        _server_loop.append(asyncio.get_running_loop())
        await serve_orig(self, *args, **kwargs)

    uvicorn.Server.serve = serve_recorded  # type: ignore[method-assign]


def _jvm_cpu_s() -> float:
    """utime + stime (fields 14 and 15 of /proc/<pid>/stat) of every Neo4j JVM, in seconds."""
    total = 0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes()
            if not cmdline.startswith(b"/") or b"java" not in cmdline.split(b"\0", 1)[0]:
                continue
            if b"org/neo4j" not in cmdline and b"org.neo4j" not in cmdline:
                continue
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / _TICK


def _threads_cpu_s() -> dict[str, float]:
    """This process's CPU by thread (/proc/self/task: utime + stime), in seconds: Python threads
    by name (a pool's numbered workers together), threads Python did not start as ``native``
    (onnxruntime's intra-op pool)."""
    names = {t.native_id: t.name for t in threading.enumerate()}
    out: dict[str, float] = {}
    for task in Path("/proc/self/task").iterdir():
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        name = names.get(int(task.name), "native")
        key = name.split(" ")[0].rstrip("0123456789").rstrip("_-")
        out[key] = out.get(key, 0.0) + (int(fields[11]) + int(fields[12])) / _TICK
    return out


async def _api_thread_cpu_s() -> float:
    """The API thread's own CPU time, read on its event loop."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[float] = loop.create_future()
    _server_loop[0].call_soon_threadsafe(
        lambda: loop.call_soon_threadsafe(done.set_result, time.thread_time())
    )
    return await done


async def _phase(url: str, cfg: LoadConfig, op: str, per_client: int) -> None:
    async def one(i: int) -> None:
        agent = cfg.agent(i)
        async with AsyncMemoryClient(url, cfg.owner, retries=1) as client:
            for n in range(per_client):
                if op == "add":
                    text = f"Load note {i}-{n}: the user prefers option {n % 7} for task {i}."
                    stored_id(await client.add(agent, text, visibility="private"))
                else:
                    await client.search(agent, f"option {n % 7} task {i}")

    await asyncio.gather(*(one(i) for i in range(cfg.clients)))


async def _measured(url: str, cfg: LoadConfig, op: str, args: argparse.Namespace) -> dict[str, Any]:
    wanted: int = args.requests
    per_client = max(1, wanted // cfg.clients)
    requests = per_client * cfg.clients
    # The API thread's own CPU (time.thread_time), not wall time: waits for Neo4j and for the
    # GIL would otherwise dominate (a socket send that waits on the GIL is not CPU spent).
    prof = cProfile.Profile(time.thread_time) if args.cprofile == op else None
    if prof is not None:
        _server_loop[0].call_soon_threadsafe(prof.enable)
    api0, threads0 = await _api_thread_cpu_s(), _threads_cpu_s()
    cpu0, jvm0, st0, wall0 = time.process_time(), _jvm_cpu_s(), _statements[0], time.perf_counter()
    clients0 = time.thread_time()
    await _phase(url, cfg, op, per_client)
    clients = time.thread_time() - clients0
    wall = time.perf_counter() - wall0
    cpu, jvm, st = time.process_time() - cpu0, _jvm_cpu_s() - jvm0, _statements[0] - st0
    api = await _api_thread_cpu_s() - api0
    threads = _threads_cpu_s()
    by_name = {k: v - threads0.get(k, 0.0) for k, v in threads.items()}

    def per_request(seconds: float) -> float:
        return round(seconds * 1000 / requests, 2)

    out: dict[str, Any] = {
        "requests": requests,
        "seconds": round(wall, 2),
        "rps": round(requests / wall, 1),
        "python_cpu_ms_per_request": per_request(cpu),
        # The process's CPU by thread: the clients' loop, the API's loop, and the rest (worker
        # threads: the embedding, the firewall's off-loop scans).
        "clients_thread_ms": per_request(clients),
        "api_thread_ms": per_request(api),
        "other_threads_ms": per_request(cpu - clients - api),
        "threads_ms": {k: per_request(v) for k, v in sorted(by_name.items()) if v > 0},
        "neo4j_cpu_ms_per_request": per_request(jvm),
        "statements_per_request": round(st / requests, 2),
    }
    if prof is not None:
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        loop = asyncio.get_running_loop()

        def stop(profiler: cProfile.Profile) -> None:  # on the API's loop, where it profiles
            profiler.disable()
            loop.call_soon_threadsafe(done.set_result, None)

        _server_loop[0].call_soon_threadsafe(stop, prof)
        await done
        text = io.StringIO()
        stats = pstats.Stats(prof, stream=text)
        stats.sort_stats("tottime").print_stats(args.top)
        stats.sort_stats("cumulative").print_stats("a4s_memory", args.top)
        print(text.getvalue())
    return out


async def _main(args: argparse.Namespace) -> dict[str, Any]:
    settings = settings_for_load(Settings.from_env())
    cfg = LoadConfig(clients=args.clients)
    async with connect(settings) as store:
        try:
            with serve(settings) as url:
                async with AsyncMemoryClient(url, cfg.owner, retries=1) as client:
                    for i in range(cfg.clients):
                        await client.register_agent(cfg.agent(i), owner_id=cfg.owner)
                # Not measured: the firewall's pattern database compiles on a thread of its own
                # at start-up, and a first round warms the pools and Neo4j's plan cache.
                for thread in threading.enumerate():
                    if thread.name == "a4s-firewall-hyperscan":
                        await asyncio.to_thread(thread.join)
                for op in ("add", "search"):
                    await _phase(url, cfg, op, 1)
                return {op: await _measured(url, cfg, op, args) for op in ("add", "search")}
        finally:
            await cleanup(store, cfg)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--requests", type=int, default=320, help="per operation")
    parser.add_argument("--cprofile", choices=("add", "search"), default=None)
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    _instrument()
    result = {"benchmark": "load-profile", "clients": args.clients, **asyncio.run(_main(args))}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
