"""The provenance kit in the REAL Neo4j Browser: headless Debian Chromium driven by playwright-core
(tests/browser/run_browser_query.js) connects to the Browser served by the local Neo4j, runs the
saved query graph_schema/browser/why_hidden.cypher on a fact seeded through MemoryManager and then
quarantined, and checks that the fact text and its status appear in the result frame. A screenshot
goes to tests/artifacts/browser_why_hidden.png.

Needs /usr/bin/chromium, node and playwright-core in .a4s/node (deploy/browser-test-deps.sh, run by
`make test`). Missing pieces fail the test under A4S_REQUIRE_NEO4J=1 and skip it otherwise.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import urlparse

import pytest

from a4s_memory.config import Settings
from a4s_memory.manager import MemoryManager
from a4s_memory.store.db import Neo4jStore
from tests.integration.cleanup import remove_agents

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "tests" / "browser" / "run_browser_query.js"
QUERY = REPO / "graph_schema" / "browser" / "why_hidden.cypher"
NODE_DIR = Path(os.environ.get("A4S_NODE_DIR", REPO / ".a4s" / "node"))
CHROMIUM = os.environ.get("A4S_CHROMIUM", "/usr/bin/chromium")
SCREENSHOT = REPO / "tests" / "artifacts" / "browser_why_hidden.png"
FACT = "Ada Lovelace prefers jasmine tea"


def _missing_tools() -> list[str]:
    missing = []
    if not Path(CHROMIUM).exists():
        missing.append(f"{CHROMIUM} (apt-get install chromium)")
    if shutil.which("node") is None:
        missing.append("node")
    if not (NODE_DIR / "node_modules" / "playwright-core" / "package.json").exists():
        missing.append(f"playwright-core in {NODE_DIR}")
    return missing


def _require_tools() -> None:
    missing = _missing_tools()
    if not missing:
        return
    detail = "Browser test needs " + ", ".join(missing) + ": run deploy/browser-test-deps.sh"
    if os.environ.get("A4S_REQUIRE_NEO4J") == "1":
        pytest.fail(detail, pytrace=False)
    pytest.skip(detail)


def _browser_url(settings: Settings) -> str:
    if os.environ.get("NEO4J_BROWSER_URL"):
        return os.environ["NEO4J_BROWSER_URL"]
    host = urlparse(settings.neo4j_uri).hostname or "127.0.0.1"
    return f"http://{host}:{settings.neo4j_http_port}/browser/"


_cleanup = remove_agents


@pytest.fixture
async def quarantined_fact(
    store: Neo4jStore, neo4j_settings: Settings, unique_id: str
) -> AsyncIterator[str]:
    """A fact written from web_fetch, then quarantined by its owner: the uuid of its RELATES_TO."""
    manager = await MemoryManager.create(store, neo4j_settings)
    agent_id, owner = f"browser-{unique_id}", f"analyst-{unique_id}"
    await manager.register_agent(owner, agent_id, owner)
    try:
        added = await manager.add(
            owner,
            {
                "agent_id": agent_id,
                "messages": f"{FACT}.",
                "source": {"type": "web_fetch", "ref": "https://example.org/tea"},
            },
        )
        await manager.quarantine(owner, added.memory_id, "planted by a web page")
        rows = await store.execute(
            "MATCH ()-[e:RELATES_TO]->() WHERE e.group_id = $g AND $m IN e.episodes "
            "RETURN e.uuid AS uuid",
            {"g": added.group_id, "m": added.memory_id},
        )
        assert len(rows) == 1, "the offline extractor should make exactly one fact"
        yield str(rows[0]["uuid"])
    finally:
        await _cleanup(store, agent_id)


async def test_why_hidden_in_neo4j_browser(
    quarantined_fact: str, neo4j_settings: Settings, tmp_path: Path
) -> None:
    _require_tools()
    spec = {
        "browserUrl": _browser_url(neo4j_settings),
        "boltUri": neo4j_settings.neo4j_uri,
        "user": neo4j_settings.neo4j_user,
        "password": neo4j_settings.neo4j_password.get_secret_value(),
        "nodeDir": str(NODE_DIR),
        "chromium": CHROMIUM,
        # Exactly what an analyst does: set the :param from the query's header, run the saved file.
        "commands": [f":param memory_uuid => '{quarantined_fact}'", QUERY.read_text()],
        "expect": [FACT, "security_status=quarantined", "web_fetch"],
        "screenshot": str(SCREENSHOT),
    }
    spec_file = tmp_path / "spec.json"
    spec_file.write_text(json.dumps(spec))
    spec_file.chmod(0o600)  # holds the password
    proc = await asyncio.create_subprocess_exec(
        shutil.which("node") or "node",
        str(SCRIPT),
        str(spec_file),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        out, err = await asyncio.wait_for(proc.communicate(), timeout=90)
    except TimeoutError:
        proc.kill()
        await proc.wait()
        pytest.fail("the Browser script did not finish within 90 s")
    lines = out.decode().strip().splitlines()
    stderr = err.decode()[-800:]
    assert lines, f"the browser script printed nothing (rc={proc.returncode}): {stderr}"
    result = json.loads(lines[-1])
    print(json.dumps(result), file=sys.stderr)
    assert result.get("error") is None, result["error"]
    assert result["ok"], f"not visible in the result frame: {result['found']}"
    assert SCREENSHOT.exists() and SCREENSHOT.stat().st_size > 10_000
