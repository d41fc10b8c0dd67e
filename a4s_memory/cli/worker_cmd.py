"""``a4s-memory worker [--drain]``: store queued writes (a4s_memory.store.jobs, a4s_memory.worker)."""

from __future__ import annotations

import asyncio
import signal

import click

from a4s_memory.cli.common import settings_from_context
from a4s_memory.manager import MemoryManager
from a4s_memory.store.db import connect
from a4s_memory.worker import run_worker

__all__ = ["worker"]


@click.command("worker")
@click.option("--drain", is_flag=True, help="Stop when no job is left instead of waiting.")
@click.option("--name", default=None, help="Worker name in the job records (default host:pid).")
@click.pass_context
def worker(ctx: click.Context, drain: bool, name: str | None) -> None:
    """Store queued writes until SIGTERM/SIGINT (the job in hand is finished first)."""
    settings = settings_from_context(ctx)

    async def main() -> int:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        async with connect(settings) as store:
            manager = await MemoryManager.create(store, settings)
            return await run_worker(manager, stop, name=name, drain=drain)

    stored = asyncio.run(main())
    click.echo(f"stored {stored} queued write(s)", err=True)
