"""``python -m a4s_memory.mcp_server serve --stdio``: the MCP command without the root CLI."""

from __future__ import annotations

import sys

import click

from a4s_memory.cli.mcp_cmd import mcp
from a4s_memory.errors import A4SError


def main() -> None:
    try:
        mcp.main(prog_name="a4s-memory mcp", standalone_mode=False)
    except A4SError as err:
        click.echo(f"error [{err.stop_reason.value}]: {err.detail}", err=True)
        sys.exit(1)
    except click.ClickException as err:
        err.show()
        sys.exit(err.exit_code)


if __name__ == "__main__":
    main()
