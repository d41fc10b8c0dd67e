"""``a4s-memory worker``: the process that stores queued writes (a4s_memory.store.jobs).

Claims one job at a time (the head of a space, oldest first), stores it through the same code as
a synchronous write (:func:`~a4s_memory.write.flow.store_write`), marking it done inside
the commit transaction; a failure puts it back with a backoff. Several workers may run at once,
on any hosts that reach the Neo4j. SIGTERM/SIGINT stop it after the job in hand.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
from typing import Final

from a4s_memory.errors import A4SError
from a4s_memory.manager import MemoryManager

__all__ = ["run_worker", "worker_name"]

logger = logging.getLogger(__name__)

IDLE_POLL_S: Final = 0.5


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


async def run_worker(
    manager: MemoryManager, stop: asyncio.Event, *, name: str | None = None, drain: bool = False
) -> int:
    """Work until ``stop`` is set (or, with ``drain``, until no job is claimable); returns the
    number of jobs stored."""
    worker = name or worker_name()
    stored = 0
    while not stop.is_set():
        job = await manager.jobs.claim(worker)
        if job is None:
            if drain:
                break
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), IDLE_POLL_S)
            continue
        try:
            await manager.store_queued(job, worker)
            stored += 1
        except Exception as exc:  # every failure is retried later; the type only (no content)
            code = exc.error_code if isinstance(exc, A4SError) else type(exc).__name__
            logger.warning(
                "job %s failed (attempt %d, %s); retrying later", job.job_id, job.attempts, code
            )
            await manager.jobs.retry_later(job, worker, code)
    return stored
