"""A small, bounded load run over real HTTP (uvicorn on a free loopback port): no 5xx and every
acknowledged write present afterwards in Neo4j and in the audit trail. The full-size run and its
throughput/latency figures are ``bench/load_bench.py`` (``make bench``); nothing here is timed."""

from __future__ import annotations

from a4s_memory.config import Settings
from a4s_memory.store.db import Neo4jStore
from bench.load_bench import (
    LoadConfig,
    cleanup,
    run_load,
    serve,
    serve_processes,
    settings_for_load,
    summarize,
    verify_acked,
)


async def test_bounded_load_loses_nothing(store: Neo4jStore, neo4j_settings: Settings) -> None:
    cfg = LoadConfig(clients=4, seconds=8.0, max_requests=400)
    settings = settings_for_load(neo4j_settings)
    try:
        with serve(settings) as url:
            stats = await run_load(url, cfg)
        presence = await verify_acked(store, stats)
        report = summarize(stats, presence)
        assert stats.requests <= cfg.max_requests
        assert report["server_errors_5xx"] == 0, report["statuses"]
        assert set(stats.statuses) == {"200"}, report["statuses"]
        assert presence["acknowledged"] > 0
        assert presence["acknowledged"] == presence["in_neo4j"] == presence["in_audit"], presence
    finally:
        await cleanup(store, cfg)


async def test_two_api_processes_share_the_load_and_lose_nothing(
    store: Neo4jStore, neo4j_settings: Settings
) -> None:
    """``load_bench.py --server-processes 2``: two ``a4s-memory serve`` processes on one Neo4j
    (the write quota shared through it), clients spread over both."""
    cfg = LoadConfig(clients=4, seconds=5.0, max_requests=200)
    settings = settings_for_load(neo4j_settings)
    try:
        with serve_processes(settings, 2) as urls:
            stats = await run_load(urls, cfg)
        presence = await verify_acked(store, stats)
        report = summarize(stats, presence)
        assert len(set(urls)) == 2
        assert set(stats.statuses) == {"200"}, report["statuses"]
        assert presence["acknowledged"] > 0
        assert presence["acknowledged"] == presence["in_neo4j"] == presence["in_audit"], presence
    finally:
        await cleanup(store, cfg)
