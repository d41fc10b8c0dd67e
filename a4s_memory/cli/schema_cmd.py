"""``a4s-memory schema apply``: constraints and indexes from graph_schema/, plus Graphiti's."""

from __future__ import annotations

import asyncio

import click

from a4s_memory.cli.common import settings_from_context
from a4s_memory.config import Settings
from a4s_memory.schema import SchemaReport, apply_schema
from a4s_memory.store.db import connect

schema_group = click.Group("schema", help="Manage the Neo4j schema (idempotent).")


async def _apply(settings: Settings) -> SchemaReport:
    async with connect(settings) as store:
        return await apply_schema(store)


@schema_group.command("apply")
@click.pass_context
def apply(ctx: click.Context) -> None:
    """Apply graph_schema/*.cypher in order, then Graphiti's own indices. Safe to repeat."""
    report = asyncio.run(_apply(settings_from_context(ctx)))
    click.echo(
        f"applied {report.statements} statements from {', '.join(report.files)}"
        + (" and Graphiti's indices" if report.graphiti_indices else "")
    )
