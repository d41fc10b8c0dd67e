"""Recorders for the ``serve`` command's tests: the uvicorn server's run loop and the workers'
supervisor are replaced, so a test sees what would run (and with which sockets) without serving."""

from __future__ import annotations

from typing import Any

import pytest
from click.testing import CliRunner, Result

from a4s_memory.cli import workers
from a4s_memory.cli.main import cli

ENV = {"A4S_AUTH_MODE": "trusted-header", "A4S_HOST": "127.0.0.1"}


def record_runs(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    """("supervisor", the Supervisor) or ("server", its sockets) for each run, in order."""
    import uvicorn

    calls: list[tuple[str, Any]] = []

    def supervise(self: workers.Supervisor) -> int:
        calls.append(("supervisor", self))
        return 0

    monkeypatch.setattr(workers.Supervisor, "run", supervise)
    monkeypatch.setattr(
        uvicorn.Server, "run", lambda self, sockets=None: calls.append(("server", sockets))
    )
    return calls


def serve(*args: str, **env: str) -> Result:
    return CliRunner().invoke(cli, ["serve", *args], env={**ENV, **env})
