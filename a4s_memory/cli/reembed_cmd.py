"""``a4s-memory reembed``: every stored vector made again by the configured embedder.

Run it after changing ``A4S_EMBEDDER`` (or installing the ``embed`` extra, which changes what
``auto`` picks), with the same settings the API will serve with: until then the search leaves the
older vectors aside. An operator command (like ``sweep``): it reads the database directly, for
every agent or ``--agent`` only. The report (stdout, JSON) counts vectors, never shows texts.
"""

from __future__ import annotations

import asyncio

import click

from a4s_memory.cli.common import settings_from_context
from a4s_memory.cli.lifecycle_cmd import _echo, _progress
from a4s_memory.spaces import validate_agent_id
from a4s_memory.store.db import connect
from a4s_memory.store.embedder import build_embedder
from a4s_memory.store.reembed import Reembedder, ReembedReport, ReembedRequest

__all__ = ["reembed_cmd"]


@click.command("reembed")
@click.option("--agent", "agent_id", default=None, help="Only this agent's spaces.")
@click.option(
    "--chunk",
    default=128,
    show_default=True,
    type=click.IntRange(1, 10_000),
    help="Vectors per commit.",
)
@click.option("--dry-run", is_flag=True, help="Only count the vectors of another embedder.")
@click.pass_context
def reembed_cmd(ctx: click.Context, agent_id: str | None, chunk: int, dry_run: bool) -> None:
    """Re-embed every vector that another embedder made. Safe to stop and run again."""
    if agent_id is not None:
        validate_agent_id(agent_id)  # before any connection: a typo is told at once
    settings = settings_from_context(ctx)
    request = ReembedRequest(agent_id=agent_id, chunk=chunk, dry_run=dry_run)

    async def main() -> ReembedReport:
        async with connect(settings) as store:
            work = Reembedder(store, build_embedder(settings))
            stale = await work.count(request)
            with _progress(f"re-embedding ({work.model})", sum(stale.values())) as advance:
                return await work.run(request, advance, stale)

    _echo(asyncio.run(main()))
