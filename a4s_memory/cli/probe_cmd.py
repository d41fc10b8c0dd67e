"""``a4s-memory probe run``: the probes, once or on a schedule.

    a4s-memory probe run                         # all probes once; exit 1 when any fails
    a4s-memory probe run -p poisoning --json     # one probe, JSON report on stdout
    a4s-memory probe run --every 3600            # hourly, until interrupted (or --times N)

Cron instead of ``--every``::

    0 * * * *  cd /srv/a4s-memory && .venv/bin/a4s-memory probe run >>/var/log/a4s-probes.log 2>&1

A failing probe records an ``incident`` audit event (chain ``a4s-probes``) and the exit code is 1.

``a4s-memory probe scan --agent helper --actor admin-ops [-q QUERY ...]`` runs the sentinels over one
agent (docs/sentinels.md); serious alerts quarantine; exit 1 when any alert was serious.
"""

from __future__ import annotations

import asyncio
import json
import time

import click

from a4s_memory.cli.common import settings_from_context
from a4s_memory.config import Settings
from a4s_memory.manager import MemoryManager
from a4s_memory.probes import PROBES, ProbeRunReport, run_probes
from a4s_memory.sentinels import SentinelAlert, SentinelRunner
from a4s_memory.store.db import connect
from a4s_memory.store.embedder import build_embedder

probe_group = click.Group(
    "probe", help="Adversarial probes of the memory firewall (the poisoning model)."
)


async def _run_once(settings: Settings, names: tuple[str, ...]) -> ProbeRunReport:
    async with connect(settings) as store:
        manager = await MemoryManager.create(store, settings)
        return await run_probes(manager, store, list(names) or None)


def _show(report: ProbeRunReport, as_json: bool) -> None:
    if as_json:
        click.echo(
            json.dumps(
                {
                    "run_id": report.run_id,
                    "passed": report.passed,
                    "results": [r.model_dump() for r in report.results],
                }
            )
        )
        return
    for result in report.results:
        verdict = "PASS" if result.passed else "FAIL"
        click.echo(
            f"{verdict}  {result.name:<14} {len(result.checks):>3} checks  {result.seconds:6.2f}s"
        )
        for name in result.failed_checks:
            click.echo(f"      failed: {name}")
        if result.error:
            click.echo(f"      raised: {result.error}")


@probe_group.command("run")
@click.option(
    "-p",
    "--probe",
    "names",
    multiple=True,
    type=click.Choice(sorted(PROBES)),
    help="Run only this probe (repeatable). Default: all.",
)
@click.option(
    "--every",
    type=click.FloatRange(min=1.0),
    default=None,
    help="Repeat every SECONDS (until Ctrl-C, or --times runs).",
)
@click.option(
    "--times",
    type=click.IntRange(min=1),
    default=None,
    help="With --every: stop after this many runs.",
)
@click.option("--json", "as_json", is_flag=True, help="One JSON report per run on stdout.")
@click.pass_context
def run(
    ctx: click.Context,
    names: tuple[str, ...],
    every: float | None,
    times: int | None,
    as_json: bool,
) -> None:
    """Run the probes; exit 1 when any probe failed (an incident was recorded)."""
    settings = settings_from_context(ctx)
    failed = 0
    runs = 0
    while True:
        report = asyncio.run(_run_once(settings, names))
        _show(report, as_json)
        runs += 1
        failed += 0 if report.passed else 1
        if every is None or (times is not None and runs >= times):
            break
        time.sleep(every)
    if failed:
        click.echo(
            f"{failed} probe run(s) failed; incident(s) recorded in the audit trail", err=True
        )
        ctx.exit(1)


async def _scan(
    settings: Settings, agent_id: str, actor: str, queries: tuple[str, ...]
) -> list[SentinelAlert]:
    async with connect(settings) as store:
        manager = await MemoryManager.create(store, settings)
        runner = SentinelRunner(manager, store, build_embedder(settings), actor)
        return await runner.scan(agent_id, queries)


@probe_group.command("scan")
@click.option("--agent", "agent_id", required=True, help="The agent whose memories to scan.")
@click.option(
    "--actor",
    default=None,
    help="Requester that quarantines (owner or admin). Default: the first admin id.",
)
@click.option(
    "-q",
    "--query",
    "queries",
    multiple=True,
    help="A retrieval query for the similarity sentinel (repeatable).",
)
@click.pass_context
def scan(ctx: click.Context, agent_id: str, actor: str | None, queries: tuple[str, ...]) -> None:
    """Run the sentinels over one agent; exit 1 when an alert was serious (quarantined)."""
    settings = settings_from_context(ctx)
    who = actor or min(settings.admin_ids, default=None)
    if who is None:
        raise click.UsageError("no --actor and no A4S_ADMIN_IDS: nobody may quarantine")
    alerts = asyncio.run(_scan(settings, agent_id, who, queries))
    for alert in alerts:
        click.echo(json.dumps(alert.model_dump(mode="json")))
    if any(a.serious for a in alerts):
        ctx.exit(1)
