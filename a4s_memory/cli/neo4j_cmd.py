"""``a4s-memory neo4j start|stop|status``: the local Neo4j server (docs/deploy.md)."""

from __future__ import annotations

import click

from a4s_memory.cli.common import settings_from_context
from a4s_memory.neo4j_local import LocalNeo4j

neo4j_group = click.Group("neo4j", help="Start, stop or inspect the local Neo4j 5.26 server.")


@neo4j_group.command("start")
@click.pass_context
def start(ctx: click.Context) -> None:
    """Build (first run only) and start the local Neo4j; return once Bolt answers. Idempotent."""
    server = LocalNeo4j(settings_from_context(ctx))
    was_running = server.status().running
    status = server.start()
    click.echo(("already running\n" if was_running else "started\n") + status.describe())


@neo4j_group.command("stop")
@click.pass_context
def stop(ctx: click.Context) -> None:
    """Stop the local Neo4j and wait until its JVM has exited. Idempotent."""
    stopped = LocalNeo4j(settings_from_context(ctx)).stop()
    click.echo("stopped" if stopped else "not running")


@neo4j_group.command("status")
@click.option("--quiet", "-q", is_flag=True, help="Print nothing; exit 0 when running, 3 when not.")
@click.pass_context
def status(ctx: click.Context, quiet: bool) -> None:
    """Print the Bolt URI, the HTTP URI, the user and whether the server is running."""
    state = LocalNeo4j(settings_from_context(ctx)).status()
    if not quiet:
        click.echo(state.describe())
    ctx.exit(0 if state.running else 3)
