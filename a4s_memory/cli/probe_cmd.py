"""``a4s-memory probe run``: the seed 004 §4 probes, once or on a schedule.

    a4s-memory probe run                         # all probes once; exit 1 when any fails
    a4s-memory probe run -p poisoning --json     # one probe, JSON report on stdout
    a4s-memory probe run --every 3600            # hourly, until interrupted (or --times N)

Cron instead of ``--every``::

    0 * * * *  cd /srv/a4s-memory && .venv/bin/a4s-memory probe run >>/var/log/a4s-probes.log 2>&1

A failing probe records an ``incident`` audit event (chain ``a4s-probes``) and the exit code is 1.
"""

from __future__ import annotations

import asyncio
import json
import time

import click

from a4s_memory.cli.common import settings_from_context
from a4s_memory.config import Settings
from a4s_memory.db import connect
from a4s_memory.manager import MemoryManager
from a4s_memory.probes import PROBES, ProbeRunReport, run_probes

probe_group = click.Group("probe", help="Adversarial probes of the memory firewall (seed 004).")


async def _run_once(settings: Settings, names: tuple[str, ...]) -> ProbeRunReport:
    async with connect(settings) as store:
        manager = await MemoryManager.create(store, settings)
        return await run_probes(manager, store, list(names) or None)


def _show(report: ProbeRunReport, as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps({"run_id": report.run_id, "passed": report.passed,
                               "results": [r.model_dump() for r in report.results]}))  # fmt: skip
        return
    for result in report.results:
        verdict = "PASS" if result.passed else "FAIL"
        click.echo(f"{verdict}  {result.name:<14} {len(result.checks):>3} checks  "
                   f"{result.seconds:6.2f}s")  # fmt: skip
        for name in result.failed_checks:
            click.echo(f"      failed: {name}")
        if result.error:
            click.echo(f"      raised: {result.error}")


@probe_group.command("run")
@click.option("-p", "--probe", "names", multiple=True, type=click.Choice(sorted(PROBES)),
              help="Run only this probe (repeatable). Default: all.")  # fmt: skip
@click.option("--every", type=click.FloatRange(min=1.0), default=None,
              help="Repeat every SECONDS (until Ctrl-C, or --times runs).")  # fmt: skip
@click.option("--times", type=click.IntRange(min=1), default=None,
              help="With --every: stop after this many runs.")  # fmt: skip
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
