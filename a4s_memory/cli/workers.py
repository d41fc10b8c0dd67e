"""``a4s-memory serve --workers N``: N API processes accepting on one port.

Each worker is an ``a4s-memory serve`` child with its own listening socket bound with
``SO_REUSEPORT``, so the kernel spreads new connections over the workers (by a hash of the
connection). uvicorn's own ``--workers`` shares one socket instead: every worker wakes for each
connection and the first accepts all that are queued, so 16 keep-alive clients that connect at
once land on one worker (measured: 71 req/s with 2 workers, as with one).

The supervisor (this process) serves nothing: it starts the workers, answers SIGTERM / SIGINT with a
SIGTERM to each (each drains its requests as ``serve`` does) and waits; a worker that exits while no
signal was given is started again after a second, and the supervisor gives up (stopping the others)
when workers keep dying (``RESTARTS_PER_MINUTE``), since a process that cannot start (a port held by
another program, a broken configuration) would otherwise be restarted forever. SO_REUSEPORT lets
another process of the *same user* bind the port too; run the service as its own user.

A worker that dies outright (SIGKILL, out of memory) resets the connections queued on its socket,
including any the kernel hashed to it in the instant before the socket closed; the other workers
keep answering, and ``AsyncMemoryClient`` retries a request whose connection was reset.
"""

from __future__ import annotations

import logging
import signal
import socket
import subprocess
import sys
import time
from collections import deque
from types import FrameType
from typing import Final

__all__ = ["RESTARTS_PER_MINUTE", "Supervisor", "reuse_port_socket", "worker_command"]

logger = logging.getLogger(__name__)

RESTARTS_PER_MINUTE: Final = 5
_RESTART_DELAY_S: Final = 1.0
_STOP_TIMEOUT_S: Final = 30.0
_PR_SET_PDEATHSIG: Final = 1  # linux/prctl.h


def reuse_port_socket(host: str, port: int, backlog: int = 2048) -> socket.socket:
    """A listening TCP socket on ``host:port`` that other workers of this user may bind too."""
    family, kind, proto, _, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind(address)
        sock.listen(backlog)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(False)
    return sock


class Supervisor:
    """Runs ``workers`` copies of ``command`` until a signal, restarting one that dies."""

    def __init__(self, command: list[str], workers: int) -> None:
        self._command = command
        self._workers = workers
        self._procs: list[subprocess.Popen[bytes]] = []
        self._stopping = False
        self._deaths: deque[float] = deque()

    def _start(self) -> subprocess.Popen[bytes]:
        # Its own session: a terminal's Ctrl-C reaches the supervisor only, which forwards it
        # once (a second SIGINT would make uvicorn stop at once instead of draining).
        return subprocess.Popen(  # noqa: S603 - our own CLI, fixed arguments
            self._command,
            start_new_session=True,
            preexec_fn=_stop_with_parent if sys.platform == "linux" else None,
        )

    def _signal(self, _signum: int, _frame: FrameType | None) -> None:
        """SIGTERM or SIGINT: every worker gets SIGTERM (drain, then exit; uvicorn re-raises a
        SIGINT as KeyboardInterrupt after draining, which the CLI reports as "Aborted!")."""
        self._stopping = True
        for proc in self._procs:
            if proc.poll() is None:
                proc.terminate()

    def run(self) -> int:
        """Serve until SIGTERM / SIGINT; the exit status: 0, or 1 when workers kept dying."""
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, self._signal)
        self._procs = [self._start() for _ in range(self._workers)]
        logger.info("started %d workers", self._workers)
        status = 0
        while not self._stopping:
            time.sleep(0.2)
            for i, proc in enumerate(self._procs):
                if self._stopping or proc.poll() is None:
                    continue
                now = time.monotonic()
                self._deaths.append(now)
                while self._deaths and now - self._deaths[0] > 60:
                    self._deaths.popleft()
                if len(self._deaths) > RESTARTS_PER_MINUTE:
                    logger.error("workers keep exiting (last status %s): stopping", proc.returncode)
                    self._signal(signal.SIGTERM, None)
                    status = 1
                    break
                logger.warning("worker exited with %s: starting another", proc.returncode)
                time.sleep(_RESTART_DELAY_S)
                self._procs[i] = self._start()
        deadline = time.monotonic() + _STOP_TIMEOUT_S
        for proc in self._procs:
            try:
                proc.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        return status


def _stop_with_parent() -> None:
    """In the worker, before it runs: SIGTERM when the supervisor dies (even by SIGKILL), so no
    worker is left serving without one (Linux ``prctl(PR_SET_PDEATHSIG)``)."""
    import ctypes

    ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)


def worker_command(host: str, port: int) -> list[str]:
    """The command line of one worker: ``serve`` on ``host:port`` with its own SO_REUSEPORT
    socket (a hidden option; the settings travel in the environment, which workers inherit)."""
    cli = [sys.executable, "-m", "a4s_memory.cli"]
    return [*cli, "serve", "--host", host, "--port", str(port), "--reuse-port"]
