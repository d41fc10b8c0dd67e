"""``a4s-memory serve --workers N`` refuses what N processes cannot do: per-process limits, a
port chosen by the kernel, a count below one; before it binds anything.

The server and the supervisor are replaced by recorders (no socket, no process); the settings
come from the environment the runner gives the command, as in service. The serving cases, which
bind sockets, are tests/integration/test_serve_workers.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.serve_recorder import record_runs
from tests.serve_recorder import serve as _serve


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    return record_runs(monkeypatch)


def test_workers_with_a_per_process_quota_are_refused(runs: list[Any]) -> None:
    """Two workers with per-process buckets would allow twice the configured write quota."""
    result = _serve("--workers", "2", A4S_WRITE_QUOTA_STORE="memory")
    assert result.exit_code == 2
    assert "A4S_WRITE_QUOTA_STORE=neo4j" in result.output
    assert runs == []


def test_workers_need_a_fixed_port(runs: list[Any]) -> None:
    result = _serve("--workers", "2", "--port", "0", A4S_WRITE_QUOTA_STORE="neo4j")
    assert result.exit_code == 2 and "fixed port" in result.output and runs == []


@pytest.mark.parametrize("bad", ["0", "-1", "many"])
def test_a_worker_count_below_one_is_a_usage_error(runs: list[Any], bad: str) -> None:
    result = _serve("--workers", bad, A4S_WRITE_QUOTA_STORE="neo4j")
    assert result.exit_code == 2 and runs == []
    assert "Invalid value for '--workers'" in result.output
