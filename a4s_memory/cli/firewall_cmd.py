"""``a4s-memory firewall check`` (README): JSONL in, one JSONL decision out per line; and
``a4s-memory firewall prepare``: the Hyperscan prefilter compiled into its cache file.

Input lines: ``{id, text, source_type?, source_kind?, category?, requester_is_owner?}``; the other
:class:`~a4s_memory.firewall.WriteRequest` fields (``source_ref``, ``key``, ``ttl_class``,
``user_confirmed``, ``visibility``, ``session_id``) are honoured when present, and anything else on
the line (an export's ``created_at``, ``uuid`` ...) is ignored. Output lines:
``{id, decision: accept|reject, stop_reason, status, redactions, redacted_text?}`` —
``redacted_text`` only for accepted lines.

Streams line by line (an export of any size runs in constant memory). A malformed line yields a
reject with SCHEMA_INVALID for that id (an unknown category yields FORBIDDEN_CATEGORY, the memory contract
INV-1) and the run goes on. Exit 0 when every line was processed, 2 on usage errors. A progress
counter goes to stderr when stderr is a terminal.

What the firewall keeps clean is read by the write path's vector screens too (``--no-vectors``
skips them), so ``status`` is what the service would store (:mod:`firewall_vectors`).
"""

from __future__ import annotations

import json
import sys
import time
from contextlib import nullcontext
from typing import IO, Any, Final

import click
from pydantic import ValidationError
from rich.console import Console
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from a4s_memory.cli.firewall_vectors import Rescreen, vector_rescreen
from a4s_memory.config import Settings
from a4s_memory.contract import Category, StopReason
from a4s_memory.firewall import (
    Firewall,
    FirewallConfig,
    FirewallDecision,
    WriteRequest,
    hs_cache,
    hsfilter,
)

__all__ = ["check", "firewall", "prepare", "process_line"]

_FIELDS: Final = frozenset(WriteRequest.model_fields)

firewall = click.Group(
    "firewall",
    help="The memory firewall (G2/G5, the memory contract, the memory spec): check memory writes offline.",
)


def _reject(line_id: Any, reason: StopReason) -> dict[str, Any]:
    return {
        "id": line_id,
        "decision": "reject",
        "stop_reason": reason.value,
        "status": None,
        "redactions": [],
    }


def _render(line_id: Any, d: FirewallDecision, explain: bool) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": line_id,
        "decision": "accept" if d.accepted else "reject",
        "stop_reason": d.stop_reason.value,
        "status": d.status.to_properties() if d.status else None,
        "redactions": [r.model_dump(mode="json") for r in d.redactions],
    }
    if d.accepted:
        out["redacted_text"] = d.redacted_text
    if explain:
        out["findings"] = [f.rule_id for f in d.findings]
    return out


def process_line(
    fw: Firewall, line: str, *, explain: bool = False, rescreen: Rescreen | None = None
) -> dict[str, Any]:
    """One input line → one output object (``rescreen``: the write path's vector screens, when
    they apply). Never raises."""
    try:
        obj = json.loads(line)
    except (ValueError, RecursionError):
        return _reject(None, StopReason.SCHEMA_INVALID)
    if not isinstance(obj, dict):
        return _reject(None, StopReason.SCHEMA_INVALID)
    line_id = obj.get("id")
    if not isinstance(line_id, str | int) or isinstance(line_id, bool) or "text" not in obj:
        return _reject(
            line_id if isinstance(line_id, str | int) else None, StopReason.SCHEMA_INVALID
        )
    fields = {k: v for k, v in obj.items() if k in _FIELDS and v is not None}
    category = fields.get("category")
    if category is not None:
        try:
            Category(category)
        except ValueError:
            return _reject(line_id, StopReason.FORBIDDEN_CATEGORY)  # INV-1: not on the allow-list
    try:
        request = WriteRequest(**fields)
    except ValidationError:
        return _reject(line_id, StopReason.SCHEMA_INVALID)
    decision = fw.check(request)
    return _render(line_id, rescreen(decision) if rescreen else decision, explain)


@firewall.command("check")
@click.option(
    "--input",
    "-i",
    "source",
    type=click.File("r", encoding="utf-8"),
    default="-",
    show_default=True,
    help="JSONL file to read ('-' = stdin).",
)
@click.option("--fail-on-secret", is_flag=True, help="Reject any secret instead of redacting it.")
@click.option(
    "--session-id",
    default=None,
    help="Treat all lines as one session: 3+ rejections disable the rest (G5).",
)
@click.option("--explain", is_flag=True, help="Add the ids of the rules that fired ('findings').")
@click.option(
    "--progress/--no-progress",
    default=None,
    help="Progress on stderr (default: only when stderr is a terminal).",
)
@click.option(
    "--vectors/--no-vectors",
    default=True,
    show_default=True,
    help="Read what the firewall keeps clean with the write path's vector screens, as the "
    "service does (with the configured embedder; they apply to MiniLM only).",
)
def check(
    source: IO[str],
    fail_on_secret: bool,
    session_id: str | None,
    explain: bool,
    progress: bool | None,
    vectors: bool,
) -> None:
    """Check memory writes: JSONL on stdin, one JSON decision per line on stdout."""
    fw = Firewall(FirewallConfig(fail_on_secret=fail_on_secret))
    with vector_rescreen(Settings()) if vectors else nullcontext() as rescreen:
        _check_lines(fw, source, session_id, explain=explain, progress=progress, rescreen=rescreen)
    if session_id is not None:
        summary = fw.summary(session_id)
        if summary:
            click.echo(summary, err=True)


def _check_lines(
    fw: Firewall,
    source: IO[str],
    session_id: str | None,
    *,
    explain: bool,
    progress: bool | None,
    rescreen: Rescreen | None,
) -> None:
    show = sys.stderr.isatty() if progress is None else progress
    out = sys.stdout
    bar = _spinner("firewall check: {task.completed} lines")
    with bar if show else nullcontext():
        task = bar.add_task("check", total=None) if show else None
        for line in source:
            if not line.strip():
                continue
            if session_id is not None:
                line = _with_session(line, session_id)
            answer = process_line(fw, line, explain=explain, rescreen=rescreen)
            out.write(json.dumps(answer, ensure_ascii=False))
            out.write("\n")
            if task is not None:
                bar.advance(task)
    out.flush()


def _spinner(label: str) -> Progress:
    """A spinner with ``label`` and the time elapsed, on stderr, gone when done."""
    return Progress(
        SpinnerColumn(),
        TextColumn(label),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    )


def _with_session(line: str, session_id: str) -> str:
    try:
        obj = json.loads(line)
    except ValueError:
        return line
    if isinstance(obj, dict):
        obj["session_id"] = session_id
        return json.dumps(obj)
    return line


@firewall.command("prepare")
@click.option(
    "--timeout",
    type=click.FloatRange(min=1.0),
    default=1800.0,
    show_default=True,
    help="Seconds to wait for the compilation before giving up (exit 1).",
)
def prepare(timeout: float) -> None:
    """Compile the firewall's Hyperscan prefilter into its cache file, so that every process
    started afterwards (``serve``, ``worker``, ``firewall check``) reads it in a second instead of
    compiling it again: minutes of CPU on a slow machine, while /readyz answers 503. A no-op when
    the file already holds the databases of these rules; ``make test`` and ``make run`` run it."""
    Firewall()  # every rule table registered: the compilation (or the cache read) starts
    started = time.monotonic()
    show = sys.stderr.isatty()
    bar = _spinner("firewall prefilter: compiling (minutes on a slow machine)")
    with bar if show else nullcontext():
        if show:
            bar.add_task("prepare", total=None)
        ready = hsfilter.wait(timeout)
    if hsfilter.status() == "rules-only":
        click.echo("firewall prefilter: no Hyperscan on this machine; the rules answer alone")
        return
    if not ready:
        raise click.ClickException(f"the firewall prefilter did not compile in {timeout:.0f} s")
    how = (
        "read from the cache"
        if hsfilter.from_cache()
        else f"compiled in {time.monotonic() - started:.0f} s"
    )
    kept = hs_cache.DEFAULT_PATH
    where = f"kept in {kept}" if kept.exists() else f"not kept: {kept} could not be written"
    click.echo(f"firewall prefilter ready ({how}); {where}")
