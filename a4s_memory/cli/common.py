"""What every command shares: settings read once per process, and error reporting."""

from __future__ import annotations

import click

from a4s_memory.config import Settings


def settings_from_context(ctx: click.Context) -> Settings:
    """The process's settings, read from the environment once by the root command."""
    root = ctx.find_root()
    if not isinstance(root.obj, Settings):
        root.obj = Settings.from_env()
    return root.obj
