"""Entry point of ``a4s-memory``. Exit codes: 0 success, 1 a deliberate failure (message on stderr),
2 usage error, 3 ``neo4j status``: not running."""

from __future__ import annotations

import logging
import sys

import click

from a4s_memory.cli.chat_import_cmd import import_chat_cmd
from a4s_memory.cli.firewall_cmd import firewall
from a4s_memory.cli.lifecycle_cmd import (
    audit_group,
    clear_cmd,
    export_cmd,
    forget_cmd,
    import_cmd,
    rollback_cmd,
    session_summary_cmd,
    sweep_cmd,
)
from a4s_memory.cli.mcp_cmd import mcp
from a4s_memory.cli.neo4j_cmd import neo4j_group
from a4s_memory.cli.probe_cmd import probe_group
from a4s_memory.cli.reembed_cmd import reembed_cmd
from a4s_memory.cli.schema_cmd import schema_group
from a4s_memory.cli.serve_cmd import serve
from a4s_memory.cli.worker_cmd import worker
from a4s_memory.errors import A4SError


class _Root(click.Group):
    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except A4SError as err:
            click.echo(f"error [{err.stop_reason.value}]: {err.detail}", err=True)
            if err.suggestion:
                click.echo(f"suggestion: {err.suggestion}", err=True)
            ctx.exit(1)


@click.group(cls=_Root, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("-v", "--verbose", is_flag=True, help="Log at INFO level on stderr.")
def cli(verbose: bool) -> None:
    """a4s-memory: a knowledge-graph memory layer for AI agents (Graphiti + Neo4j).

    Configuration comes from the environment (NEO4J_URI, NEO4J_USER, NEO4J_PASSWORD, A4S_*);
    see README.md.
    """
    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING, stream=sys.stderr)


for command in (
    audit_group,
    clear_cmd,
    export_cmd,
    firewall,
    forget_cmd,
    import_chat_cmd,
    import_cmd,
    mcp,
    neo4j_group,
    probe_group,
    reembed_cmd,
    rollback_cmd,
    schema_group,
    serve,
    session_summary_cmd,
    sweep_cmd,
    worker,
):
    cli.add_command(command)


def main() -> None:
    cli(prog_name="a4s-memory")
