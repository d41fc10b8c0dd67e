"""Lifecycle commands: ``audit list|verify|export|prune``, ``rollback``, ``sweep``, ``export``,
``import``, ``clear``, ``forget``, ``session-summary``. The lead wires them into ``main.py``.

Owner-only operations act as ``--as REQUESTER``. JSON goes to stdout, progress and prompts to
stderr (a rich progress bar only when stderr is a terminal). Nothing prints memory content
except ``export`` (the backup itself).
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO, TypeVar

import click
from pydantic import BaseModel

from a4s_memory.cli.common import settings_from_context
from a4s_memory.manager import MemoryManager
from a4s_memory.store.audit_log import DEFAULT_RETENTION_DAYS
from a4s_memory.store.db import connect

__all__ = [
    "audit_group",
    "clear_cmd",
    "export_cmd",
    "forget_cmd",
    "import_cmd",
    "rollback_cmd",
    "session_summary_cmd",
    "sweep_cmd",
]

T = TypeVar("T")
_AS = click.option("--as", "requester", required=True, help="Act as this requester id.")


def _run(ctx: click.Context, work: Callable[[MemoryManager], Awaitable[T]]) -> T:
    settings = settings_from_context(ctx)

    async def main() -> T:
        async with connect(settings) as store:
            return await work(await MemoryManager.create(store, settings))

    return asyncio.run(main())


def _echo(value: Any) -> None:
    if isinstance(value, BaseModel):
        click.echo(value.model_dump_json(indent=2))
    elif isinstance(value, list):
        click.echo(json.dumps([v.model_dump(mode="json") for v in value], indent=2))
    else:
        click.echo(json.dumps(value, indent=2, default=str))


@contextmanager
def _progress(label: str, total: int | None) -> Iterator[Callable[[int], None]]:
    """A rich progress bar on a TTY (stderr), nothing otherwise."""
    if not sys.stderr.isatty():
        yield lambda _n: None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)


# -- audit ---------------------------------------------------------------------------------------


@click.group("audit")
def audit_group() -> None:
    """The hash-chained audit log (metadata only, never content)."""


@audit_group.command("list")
@click.option("--agent", "agent_id", required=True)
@click.option("--action", default=None, help="Only this action (write, reject, search, ...).")
@click.option("--last", default=50, show_default=True, type=click.IntRange(1, 10_000))
@_AS
@click.pass_context
def audit_list(
    ctx: click.Context, agent_id: str, action: str | None, last: int, requester: str
) -> None:
    """The last N events of an agent (owner or admin), newest first."""
    _echo(_run(ctx, lambda m: m.audit(requester, agent_id, action=action, last=last)))


@audit_group.command("verify")
@click.option("--agent", "agent_id", default=None, help="Default: every agent with events.")
@click.pass_context
def audit_verify(ctx: click.Context, agent_id: str | None) -> None:
    """Recompute every hash and link; exit 1 when any chain was tampered with."""

    async def work(m: MemoryManager) -> list[Any]:
        agents = [agent_id] if agent_id else await m.audit_log.agents()
        return [await m.verify_audit(a) for a in agents]

    results = _run(ctx, work)
    _echo(results)
    if not all(r.ok for r in results):
        ctx.exit(1)


@audit_group.command("export")
@click.option("--agent", "agent_id", required=True)
@click.option("-o", "--output", type=click.File("w"), default="-")
@_AS
@click.pass_context
def audit_export(ctx: click.Context, agent_id: str, output: TextIO, requester: str) -> None:
    """Every event of an agent as JSONL (owner or admin)."""

    async def work(m: MemoryManager) -> int:
        n = 0
        async for event in m.export_audit(requester, agent_id):
            output.write(json.dumps(event, sort_keys=True, default=str) + "\n")
            n += 1
        return n

    click.echo(f"exported {_run(ctx, work)} events", err=True)


@audit_group.command("prune")
@click.option(
    "--retention-days",
    default=DEFAULT_RETENTION_DAYS,
    show_default=True,
    envvar="A4S_AUDIT_RETENTION_DAYS",
    type=click.IntRange(1, 36_500),
)
@click.option("--agent", "agent_id", default=None, help="Default: every agent.")
@click.pass_context
def audit_prune(ctx: click.Context, retention_days: int, agent_id: str | None) -> None:
    """Delete events older than the retention; the chain keeps an anchor and still verifies."""

    async def work(m: MemoryManager) -> dict[str, int]:
        log = m.audit_log
        agents = [agent_id] if agent_id else await log.agents()
        now = datetime.now(UTC)
        return {a: await log.prune(a, now, retention_days) for a in agents}

    _echo(_run(ctx, work))


# -- versions, TTL -------------------------------------------------------------------------------


@click.command("rollback")
@click.argument("memory_id")
@click.option("--to", "to_version", type=click.IntRange(min=1), help="The version to restore.")
@click.option("--list", "list_only", is_flag=True, help="Only list the versions.")
@_AS
@click.pass_context
def rollback_cmd(
    ctx: click.Context, memory_id: str, to_version: int | None, list_only: bool, requester: str
) -> None:
    """Restore a structured item to an earlier version (hash-verified), or list its versions."""
    if list_only or to_version is None:
        _echo(_run(ctx, lambda m: m.versions(requester, memory_id)))
        return
    version = to_version
    _echo(_run(ctx, lambda m: m.rollback(requester, memory_id, version)))


@click.command("sweep")
@click.option("--now", "now_text", default=None, help="ISO-8601 clock (default: now, UTC).")
@click.option("--agent", "agent_id", default=None, help="Only this agent's memories.")
@click.pass_context
def sweep_cmd(ctx: click.Context, now_text: str | None, agent_id: str | None) -> None:
    """Move memories fresh -> stale -> expired and purge old archives. Safe to run repeatedly."""
    now = datetime.fromisoformat(now_text) if now_text else None
    if now is not None and now.tzinfo is None:
        now = now.replace(tzinfo=UTC)
    _echo(_run(ctx, lambda m: m.sweep(now, agent_id=agent_id)))


# -- export / import -----------------------------------------------------------------------------


@click.command("export")
@click.argument("agent_id")
@click.option("-o", "--output", type=click.File("w"), default="-")
@_AS
@click.pass_context
def export_cmd(ctx: click.Context, agent_id: str, output: TextIO, requester: str) -> None:
    """Back up an agent's memory (statuses, provenance, versions, embeddings) as signed JSONL
    (the last line: an HMAC-SHA256 with A4S_EXPORT_KEY or the key in the data dir)."""

    async def work(m: MemoryManager) -> int:
        n = 0
        with _progress("exporting", None) as advance:
            async for record in m.export_agent(requester, agent_id):
                output.write(json.dumps(record, sort_keys=True) + "\n")
                n += 1
                advance(1)
        return n

    click.echo(f"exported {_run(ctx, work)} records", err=True)


@click.command("import")
@click.argument("agent_id")
@click.argument("source", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@_AS
@click.pass_context
def import_cmd(ctx: click.Context, agent_id: str, source: Path, requester: str) -> None:
    """Restore an export into the (empty, registered) agent, all or nothing. Only a file this
    server signed for this agent and owner restores statuses and provenance; any other (unsigned,
    edited, foreign key) is imported as unverified, by you ("verified": false in the report)."""
    lines = [ln for ln in source.read_text(encoding="utf-8").splitlines() if ln.strip()]
    records: list[dict[str, Any]] = []
    with _progress("reading", len(lines)) as advance:
        for line in lines:
            records.append(json.loads(line))
            advance(1)
    _echo(_run(ctx, lambda m: m.import_agent(requester, agent_id, records)))


# -- deletion, session ---------------------------------------------------------------------------


@click.command("clear")
@click.argument("agent_id")
@click.option(
    "--visibility",
    type=click.Choice(["private", "public"]),
    default=None,
    help="Only this space (default: both).",
)
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@_AS
@click.pass_context
def clear_cmd(
    ctx: click.Context, agent_id: str, visibility: str | None, yes: bool, requester: str
) -> None:
    """Delete every memory of an agent's space(s). Asks first (twice for both spaces)."""
    what = f"the {visibility} space" if visibility else "BOTH spaces"
    if not yes:
        click.confirm(f"Delete every memory in {what} of agent '{agent_id}'?", abort=True, err=True)
        if visibility is None:
            click.confirm("Really delete everything? This cannot be undone.", abort=True, err=True)
    _echo(_run(ctx, lambda m: m.clear(requester, agent_id, visibility)))


@click.command("forget")
@click.argument("agent_id")
@click.argument("topic")
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@_AS
@click.pass_context
def forget_cmd(ctx: click.Context, agent_id: str, topic: str, yes: bool, requester: str) -> None:
    """Delete every memory about TOPIC (text, facts or entity names containing it)."""
    if not yes:
        click.confirm(
            f"Delete every memory of '{agent_id}' about the given topic?", abort=True, err=True
        )
    _echo(_run(ctx, lambda m: m.forget(requester, agent_id, topic)))


@click.command("session-summary")
@click.argument("agent_id")
@click.argument("session_id")
@click.option("--json", "as_json", is_flag=True, help="The full summary as JSON.")
@_AS
@click.pass_context
def session_summary_cmd(
    ctx: click.Context, agent_id: str, session_id: str, as_json: bool, requester: str
) -> None:
    """G5 session-end notification (rejected writes of a session)."""
    summary = _run(ctx, lambda m: m.session_summary(requester, agent_id, session_id))
    if as_json:
        _echo(summary)
    else:
        click.echo(
            summary.notification or "[a4s-memory] no memory writes were rejected this session."
        )
