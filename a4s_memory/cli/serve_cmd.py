"""``a4s-memory serve``: the service (REST, A2A and MCP: :func:`a4s_memory.server.create_app`) under
uvicorn.

Logs carry the request id (``%(request_id)s``); uvicorn's own access log is off because it prints
query strings (parameter values), and the API logs its own access line without them. Ctrl-C or
SIGTERM drains in-flight requests (up to 10 s), then the lifespan closes the Neo4j driver.
"""

from __future__ import annotations

import logging
import sys

import click

from a4s_memory.cli.common import settings_from_context

_LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"
GRACEFUL_SHUTDOWN_S = 10


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


@click.command("serve")
@click.option("--host", default=None, help="Bind address (default A4S_HOST or 127.0.0.1).")
@click.option("--port", default=None, type=int, help="Port (default A4S_PORT or 8000).")
@click.pass_context
def serve(ctx: click.Context, host: str | None, port: int | None) -> None:
    """Serve the API until Ctrl-C."""
    import uvicorn

    from a4s_memory.identity import warn_if_exposed
    from a4s_memory.server import create_app

    settings = settings_from_context(ctx)
    configure_logging()
    bind = host or settings.host
    if warn_if_exposed(settings, bind):
        click.secho(
            f"WARNING: trusted-header auth on {bind}: any client can claim any X-Requester-Id.",
            fg="red",
            bold=True,
            err=True,
        )
    app = create_app(settings.model_copy(update={"host": bind}))
    uvicorn.run(
        app,
        host=bind,
        port=port or settings.port,
        log_config=None,
        access_log=False,
        timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_S,
    )
