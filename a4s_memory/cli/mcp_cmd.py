"""``a4s-memory mcp serve``: the MCP server, on stdio (default) or standalone streamable HTTP.

    A4S_MCP_REQUESTER_ID=alice A4S_MCP_API_KEY=... a4s-memory mcp serve --stdio
    a4s-memory mcp serve --http --port 8001     # the API app with /mcp and the A2A adapter

Wired into the root command with ``cli.add_command(mcp)``.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys

import click

from a4s_memory.cli.common import settings_from_context

__all__ = ["mcp"]


@click.group("mcp")
def mcp() -> None:
    """The MCP server (Model Context Protocol) over the memory tools."""


@mcp.command("serve")
@click.option(
    "--stdio",
    "transport",
    flag_value="stdio",
    default=True,
    help="Serve on stdin/stdout as A4S_MCP_REQUESTER_ID (default).",
)
@click.option(
    "--http",
    "transport",
    flag_value="http",
    help="Serve the API app with /mcp and the A2A adapter mounted.",
)
@click.option("--host", default=None, help="HTTP bind address (default A4S_HOST).")
@click.option("--port", default=None, type=int, help="HTTP port (default A4S_PORT).")
@click.pass_context
def serve(ctx: click.Context, transport: str, host: str | None, port: int | None) -> None:
    """Serve the MCP tools until EOF (stdio) or Ctrl-C (HTTP)."""
    settings = settings_from_context(ctx)
    if transport == "stdio":
        from a4s_memory.mcp_server.stdio import KEY_ENV, REQUESTER_ENV, StdioIdentity, serve_stdio

        logging.basicConfig(level=logging.WARNING, stream=sys.stderr)  # stdout is the protocol
        identity = StdioIdentity(os.environ.get(REQUESTER_ENV), os.environ.get(KEY_ENV))
        asyncio.run(serve_stdio(settings, identity))
        return
    import uvicorn

    from a4s_memory.server import create_app

    bind = host or settings.host
    app = create_app(settings.model_copy(update={"host": bind}))  # mounts A2A and MCP
    uvicorn.run(app, host=bind, port=port or settings.port, access_log=False)
