"""/readyz is 503 while Neo4j does not answer and recovers without a restart, 503 while the
database lacks part of the schema (an upgrade started without `a4s-memory schema apply`), and 503
while the firewall's prefilter is still compiling (the rules then answer alone, several times
slower).

The app is pointed at a loopback port where nothing listens; then a TCP forwarder to the real Neo4j
starts on that port. The shared Neo4j server is never stopped.
"""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path
from urllib.parse import urlparse

import httpx
import pytest
from click.testing import CliRunner, Result

from a4s_memory.api.background import free_loopback_port
from a4s_memory.cli.main import cli
from a4s_memory.config import Settings
from a4s_memory.firewall import hsfilter
from a4s_memory.schema import schema_dir
from a4s_memory.store.db import Neo4jStore
from tests.integration.test_api_support import (
    api_settings,
    running_app,
    tcp_forwarder,
)
from tests.prefilter import COMPILE_WAIT_S


async def test_readyz_503_while_neo4j_down_then_recovers(
    neo4j_settings: Settings, store: Neo4jStore, tmp_path: Path
) -> None:
    target = urlparse(neo4j_settings.neo4j_uri).port or 7687
    port = free_loopback_port()
    settings = api_settings(neo4j_settings, tmp_path, neo4j_uri=f"bolt://127.0.0.1:{port}")
    async with running_app(settings) as (_app, api):
        assert (await api.get("/healthz")).status_code == 200
        down = await api.get("/readyz")
        assert down.status_code == 503 and down.json()["neo4j"] is False

        forwarder = await tcp_forwarder(port, target)
        try:
            up = await _ready(api)
            assert up.status_code == 200
            assert up.json() == _with_neo4j("ok", hsfilter.status())
        finally:
            forwarder.close()
            await forwarder.wait_closed()


def _with_neo4j(status: str, firewall: str) -> dict[str, object]:
    """The /readyz body while Neo4j answers and holds the whole schema."""
    return {"status": status, "neo4j": True, "schema_missing": [], "firewall": firewall}


async def _ready(api: httpx.AsyncClient, timeout_s: float = 120.0) -> httpx.Response:
    """/readyz until it answers 200 or ``timeout_s`` passes (the prefilter compiles for ~5 s of
    CPU once per process, longer on a busy machine)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    while True:
        answer = await api.get("/readyz")
        if answer.status_code == 200 or loop.time() > deadline:
            return answer
        await asyncio.sleep(0.2)


async def test_readyz_503_while_the_firewall_prefilter_compiles(
    neo4j_settings: Settings, store: Neo4jStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = api_settings(neo4j_settings, tmp_path)
    async with running_app(settings) as (_app, api):
        monkeypatch.setattr(hsfilter, "status", lambda: "compiling")
        starting = await api.get("/readyz")
        assert starting.status_code == 503
        assert starting.json() == _with_neo4j("starting", "compiling")
        # Without Hyperscan the rules answer alone: slower, but nothing to wait for.
        monkeypatch.setattr(hsfilter, "status", lambda: "rules-only")
        alone = await api.get("/readyz")
        assert alone.status_code == 200 and alone.json()["firewall"] == "rules-only"
        monkeypatch.undo()
        assert hsfilter.wait(COMPILE_WAIT_S), "the prefilter did not compile"
        ready = await api.get("/readyz")
        assert ready.status_code == 200
        assert ready.json() == _with_neo4j("ok", "ready")


async def test_readyz_503_and_schema_check_fail_while_the_schema_is_incomplete(
    neo4j_settings: Settings,
    store: Neo4jStore,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    unique_id: str,
) -> None:
    """A release whose graph_schema/ declares an index the database does not have yet (the
    upgrade ran without `a4s-memory schema apply`)."""
    folder = tmp_path / "graph_schema"
    folder.mkdir()
    for path in schema_dir().glob("*.cypher"):
        shutil.copy(path, folder)
    name = f"a4s_test_missing_{unique_id}"
    (folder / "999_next.cypher").write_text(
        f"CREATE INDEX {name} IF NOT EXISTS FOR (n:A4STestNothing) ON (n.never);\n"
    )
    monkeypatch.setenv("A4S_SCHEMA_DIR", str(folder))
    settings = api_settings(neo4j_settings, tmp_path)
    async with running_app(settings) as (_app, api):
        answer = await api.get("/readyz")
        assert answer.status_code == 503
        assert answer.json()["status"] == "outdated"
        assert answer.json()["schema_missing"] == [name]
    checked = await _schema_check(neo4j_settings)
    assert checked.exit_code == 1 and name in checked.output
    monkeypatch.undo()
    complete = await _schema_check(neo4j_settings)
    assert complete.exit_code == 0, complete.output


async def _schema_check(settings: Settings) -> Result:
    """`a4s-memory schema check` (it runs its own event loop: on a thread)."""
    return await asyncio.to_thread(
        CliRunner().invoke, cli, ["schema", "check"], obj=settings, catch_exceptions=False
    )
