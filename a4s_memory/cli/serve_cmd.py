"""``a4s-memory serve``: the HTTP API (uvicorn)."""

from __future__ import annotations

import click

from a4s_memory.cli.common import settings_from_context


@click.command("serve")
@click.option("--host", default=None, help="Bind address (default A4S_HOST or 127.0.0.1).")
@click.option("--port", default=None, type=int, help="Port (default A4S_PORT or 8000).")
@click.pass_context
def serve(ctx: click.Context, host: str | None, port: int | None) -> None:
    """Serve the API until Ctrl-C."""
    import uvicorn

    from a4s_memory.api.app import create_app

    settings = settings_from_context(ctx)
    app = create_app(settings)
    uvicorn.run(app, host=host or settings.host, port=port or settings.port, log_level="info")
