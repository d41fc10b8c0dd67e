"""``a4s-memory serve --workers N``: a supervisor of N ``serve --reuse-port`` processes, each its
own SO_REUSEPORT socket on the one port (real loopback sockets; the server's run loop and the
supervisor's are replaced by recorders). The whole service with two workers on a real Neo4j:
tests/integration/test_shared_quota.py.
"""

from __future__ import annotations

import socket
from typing import Any

import pytest

from a4s_memory.api.background import free_loopback_port
from a4s_memory.cli import workers
from tests.serve_recorder import record_runs
from tests.serve_recorder import serve as _serve


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    return record_runs(monkeypatch)


def test_workers_are_serve_processes_on_one_port(runs: list[Any]) -> None:
    port = free_loopback_port()
    result = _serve("--workers", "2", "--port", str(port), A4S_WRITE_QUOTA_STORE="neo4j")
    assert result.exit_code == 0, result.output
    [(kind, supervisor)] = runs
    assert kind == "supervisor" and supervisor._workers == 2
    assert supervisor._command[-5:] == ["--host", "127.0.0.1", "--port", str(port), "--reuse-port"]


def test_one_worker_serves_in_this_process(runs: list[Any]) -> None:
    result = _serve("--port", str(free_loopback_port()))
    assert runs == [("server", None)], result.output


def test_a_worker_listens_on_its_own_reuse_port_socket(runs: list[Any]) -> None:
    port = free_loopback_port()
    _serve("--port", str(port), "--reuse-port")
    [(kind, sockets)] = runs
    [sock] = sockets
    try:
        assert kind == "server" and sock.getsockname()[1] == port
        assert sock.getsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT) == 1
        # a second worker can bind the same port while the first listens
        workers.reuse_port_socket("127.0.0.1", port).close()
    finally:
        sock.close()


def test_workers_without_a_quota_need_no_shared_store(runs: list[Any]) -> None:
    result = _serve(
        "--workers", "3", "--port", str(free_loopback_port()), A4S_WRITE_QUOTA_PER_MINUTE="0"
    )
    assert result.exit_code == 0, result.output
    assert runs[0][1]._workers == 3


def test_workers_on_a_port_taken_by_another_program_fail_at_once(runs: list[Any]) -> None:
    with socket.socket() as taken:  # no SO_REUSEPORT: nobody else may bind it
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = _serve("--workers", "2", "--port", str(port), A4S_WRITE_QUOTA_STORE="neo4j")
    assert result.exit_code == 1 and f"cannot listen on 127.0.0.1:{port}" in result.output
    assert runs == []
