"""Crash a SEPARATE local Neo4j (SIGKILL, bolt 27687, home under tmp_path) in the middle of a write
stream and restart it: 503 INTERNAL_INCONSISTENCY while down, recovery without restarting the API,
no acknowledged write lost, no half-written memory visible, the audit chain intact. The shared
server is never touched. Full size: ``bench/fault_bench.py`` (``make bench``)."""

from __future__ import annotations

from pathlib import Path

from bench.fault_bench import FaultConfig, run_fault


async def test_crash_mid_stream_loses_no_acknowledged_write(tmp_path: Path) -> None:
    cfg = FaultConfig(home=tmp_path / "neo4j", writers=2, before=6, after=4)
    result = await run_fault(cfg)
    assert result["while_down"] == {"write": "503:INTERNAL_INCONSISTENCY", "readyz_ok": False}
    # Every error is the outage's 503: a write caught mid-flight by the crash or the restart hits
    # the API's request deadline (A4S_REQUEST_TIMEOUT, 20 s) before the client's 30 s timeout.
    assert set(result["errors"]) <= {"503:INTERNAL_INCONSISTENCY"}, result["errors"]
    assert result["acknowledged"] >= cfg.before + cfg.after
    assert result["lost_acknowledged"] == 0
    assert result["acknowledged_complete"] == result["acknowledged"]
    assert result["visible_partial"] == 0
    assert result["audit_chain_ok"]
