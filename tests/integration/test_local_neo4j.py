"""The local Neo4j launcher (docs/deploy.md), on its own ports and data folder so the shared test
server is untouched: start is idempotent, Browser is served, data survives a restart, and a stop
leaves no JVM behind."""

from __future__ import annotations

import subprocess
import sys
import urllib.request
from pathlib import Path

import neo4j

from a4s_memory.config import Settings
from a4s_memory.neo4j_local import LocalNeo4j, _is_our_jvm

BOLT_PORT = 17687
HTTP_PORT = 17474


def _settings(home: Path) -> Settings:
    return Settings(
        neo4j_uri=f"bolt://127.0.0.1:{BOLT_PORT}",
        neo4j_password="launcher-test-password",
        neo4j_home=home,
        neo4j_http_port=HTTP_PORT,
        neo4j_heap="512m",
        neo4j_pagecache="64m",
    )


def _query(settings: Settings, cypher: str) -> list[neo4j.Record]:
    auth = (settings.neo4j_user, settings.neo4j_password.get_secret_value())
    with neo4j.GraphDatabase.driver(settings.neo4j_uri, auth=auth) as driver:
        return list(driver.execute_query(cypher).records)  # type: ignore[arg-type]


def test_launcher_lifecycle(tmp_path: Path) -> None:
    settings = _settings(tmp_path / "neo4j")
    server = LocalNeo4j(settings)
    assert not server.status().running
    try:
        first = server.start()
        assert first.running and first.pid is not None
        again = server.start()  # idempotent: same JVM, no second server
        assert again.pid == first.pid

        version = _query(settings, "CALL dbms.components() YIELD versions RETURN versions[0] AS v")
        assert str(version[0]["v"]).startswith("5.26.")
        _query(settings, "CREATE (:LauncherProbe {value: 42})")

        with urllib.request.urlopen(f"http://127.0.0.1:{HTTP_PORT}/browser/", timeout=10) as page:
            assert page.status == 200
            assert b"Neo4j Browser" in page.read()

        assert server.stop()
        assert not _is_our_jvm(first.pid), "the JVM must be gone after stop"
        assert not server.status().running
        assert not server.stop()  # stopping twice is harmless

        restarted = server.start()
        assert restarted.pid != first.pid
        rows = _query(settings, "MATCH (p:LauncherProbe) RETURN p.value AS value")
        assert [r["value"] for r in rows] == [42], "data must survive a restart"
    finally:
        pid = server.status().pid
        server.stop()
        if pid is not None:
            assert not _is_our_jvm(pid)


def test_cli_status_exit_codes(tmp_path: Path) -> None:
    env_home = str(tmp_path / "idle")
    proc = subprocess.run(
        [sys.executable, "-m", "a4s_memory.cli", "neo4j", "status"],
        env={
            "A4S_NEO4J_HOME": env_home,
            "NEO4J_URI": f"bolt://127.0.0.1:{BOLT_PORT}",
            "PATH": "/usr/bin:/bin",
        },
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 3, proc.stderr
    assert "stopped" in proc.stdout
    assert f"bolt://127.0.0.1:{BOLT_PORT}" in proc.stdout
    assert "user: neo4j" in proc.stdout
