"""``a4s-memory schema apply``: constraints and indexes from graph_schema/, plus Graphiti's;
``a4s-memory schema check``: which of them the database lacks (exit 1 when any).

Both also say when the server's own query log would record memory text
(:mod:`a4s_memory.store.server_settings`): what an operator runs at deploy is where to hear it.
"""

from __future__ import annotations

import asyncio

import click

from a4s_memory.cli.common import settings_from_context
from a4s_memory.config import Settings
from a4s_memory.schema import SchemaCheck, SchemaReport, apply_schema, declared_names
from a4s_memory.store.db import connect
from a4s_memory.store.server_settings import query_log_advice

schema_group = click.Group("schema", help="Manage the Neo4j schema (idempotent).")


async def _apply(settings: Settings) -> tuple[SchemaReport, str]:
    async with connect(settings) as store:
        return await apply_schema(store), await query_log_advice(store)


@schema_group.command("apply")
@click.pass_context
def apply(ctx: click.Context) -> None:
    """Apply graph_schema/*.cypher in order, then Graphiti's own indices. Safe to repeat."""
    report, advice = asyncio.run(_apply(settings_from_context(ctx)))
    click.echo(
        f"applied {report.statements} statements from {', '.join(report.files)}"
        + (" and Graphiti's indices" if report.graphiti_indices else "")
    )
    if advice:
        click.echo(advice, err=True)


async def _missing(settings: Settings, declared: list[str]) -> tuple[list[str], str]:
    async with connect(settings) as store:
        return await SchemaCheck(declared).missing(store), await query_log_advice(store)


@schema_group.command("check")
@click.pass_context
def check(ctx: click.Context) -> None:
    """Say which indexes and constraints of the schema the database lacks; exit 1 when any
    does (then run `a4s-memory schema apply`). /readyz answers 503 meanwhile."""
    declared = declared_names()
    missing, advice = asyncio.run(_missing(settings_from_context(ctx), declared))
    if advice:
        click.echo(advice, err=True)
    if missing:
        click.echo(f"missing {len(missing)}: {', '.join(missing)}")
        click.echo("run `a4s-memory schema apply` (idempotent)")
        ctx.exit(1)
    click.echo(f"schema complete: {len(declared)} indexes and constraints")
