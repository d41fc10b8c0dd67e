"""Serve an app on a free loopback port from a background thread: for notebooks, benchmarks and
tests that need the real HTTP stack (uvicorn) in the same process. Loopback only, by design."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn
from fastapi import FastAPI

__all__ = ["free_loopback_port", "serve_in_background"]


def free_loopback_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def serve_in_background(app: FastAPI, *, start_timeout_s: float = 60.0) -> Iterator[str]:
    """Run ``app`` under uvicorn (with its lifespan) on 127.0.0.1; yield the base URL; shut down
    gracefully on exit. The thread has its own event loop, hence its own Neo4j driver."""
    port = free_loopback_port()
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_config=None, access_log=False, lifespan="on"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="a4s-background-uvicorn", daemon=True)
    thread.start()
    deadline = time.monotonic() + start_timeout_s
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            server.should_exit = True
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=start_timeout_s)
