"""``a4s-memory serve``: the service (REST, A2A and MCP: :func:`a4s_memory.server.create_app`) under
uvicorn.

Logs carry the request id (``%(request_id)s``); uvicorn's own access log is off because it prints
query strings (parameter values), and the API logs its own access line without them. Ctrl-C or
SIGTERM drains in-flight requests (up to 10 s), then the lifespan closes the Neo4j driver.

``--workers N`` runs N API processes on the one port (:mod:`a4s_memory.cli.workers`: each its own
``SO_REUSEPORT`` socket, under a supervisor that stops them on a signal and restarts one that dies).
One process runs the API on one core at most (the interpreter lock), so a host with several cores
serves more with several workers (docs/benchmarks.md "HTTP load"). The limits that live in a process
must then be shared, or N workers would allow N times each: the write quota needs
``A4S_WRITE_QUOTA_STORE=neo4j`` (or the quota off); the session gate already counts the audit
trail's rejections, which every worker writes.
"""

from __future__ import annotations

import logging
import sys

import click

from a4s_memory.cli.common import settings_from_context
from a4s_memory.config import Settings

_LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"
GRACEFUL_SHUTDOWN_S = 10
STARTUP_FAILURE = 3  # uvicorn's exit status when the server did not start


def configure_logging(level: int = logging.INFO) -> None:
    """One stderr handler whose records carry the request id."""
    from a4s_memory.api.middleware import RequestIdLogFilter

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter(_LOG_FORMAT))
    handler.addFilter(RequestIdLogFilter())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)


def unshared_limit(settings: Settings) -> str | None:
    """Why ``settings`` cannot run in several processes, or None."""
    if settings.write_quota_per_minute > 0 and settings.write_quota_store == "memory":
        return (
            "the write quota's buckets are per process (A4S_WRITE_QUOTA_STORE=memory): "
            "N workers would allow N times the quota. Set A4S_WRITE_QUOTA_STORE=neo4j to share "
            "one bucket per requester, or A4S_WRITE_QUOTA_PER_MINUTE=0 if a gateway enforces it."
        )
    return None


def _supervise(bind: str, port: int, workers: int) -> int:
    """Run ``workers`` worker processes on ``bind:port`` until a signal; the exit status."""
    from a4s_memory.cli.workers import Supervisor, reuse_port_socket, worker_command

    try:  # a port held by another program fails here, once, not in each worker
        reuse_port_socket(bind, port).close()
    except OSError as exc:
        raise click.ClickException(f"cannot listen on {bind}:{port}: {exc.strerror}") from exc
    return Supervisor(worker_command(bind, port), workers).run()


@click.command("serve")
@click.option("--host", default=None, help="Bind address (default A4S_HOST or 127.0.0.1).")
@click.option("--port", default=None, type=int, help="Port (default A4S_PORT or 8000).")
@click.option(
    "--workers",
    default=1,
    show_default=True,
    type=click.IntRange(min=1, max=64),
    help="API processes on the one port (about one per core; more than one needs "
    "A4S_WRITE_QUOTA_STORE=neo4j or the quota off).",
)
@click.option("--reuse-port", is_flag=True, hidden=True, help="One worker of --workers.")
@click.pass_context
def serve(
    ctx: click.Context, host: str | None, port: int | None, workers: int, reuse_port: bool
) -> None:
    """Serve the API until Ctrl-C."""
    import uvicorn

    from a4s_memory.cli.workers import reuse_port_socket
    from a4s_memory.identity import warn_if_exposed
    from a4s_memory.server import create_app

    settings = settings_from_context(ctx)
    bind, at = host or settings.host, port if port is not None else settings.port
    if workers > 1:
        if (problem := unshared_limit(settings)) is not None:
            raise click.UsageError(f"--workers {workers}: {problem}")
        if at == 0:
            raise click.UsageError("--workers needs a fixed port: each worker binds the same one")
    configure_logging()
    if not reuse_port and warn_if_exposed(settings, bind):  # a worker: its supervisor warned
        click.secho(
            f"WARNING: trusted-header auth on {bind}: any client can claim any X-Requester-Id.",
            fg="red",
            bold=True,
            err=True,
        )
    # Built here for --workers too: a configuration error (auth, keys file) then fails once, now,
    # rather than in each worker that a supervisor would restart.
    app = create_app(settings.model_copy(update={"host": bind}))
    if workers > 1:
        ctx.exit(_supervise(bind, at, workers))
    config = uvicorn.Config(
        app,
        host=bind,
        port=at,
        log_config=None,
        access_log=False,
        timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_S,
    )
    server = uvicorn.Server(config)
    server.run(sockets=[reuse_port_socket(bind, at)] if reuse_port else None)
    if not server.started:  # as uvicorn.run: the lifespan or the bind failed
        ctx.exit(STARTUP_FAILURE)
