"""Run probes, each in a throwaway agent, record the outcome on the audit chain, clean up.

report = await run_probes(manager, store)            # all three
report = await run_probes(manager, store, ["provenance"])
report.passed  # False -> an ``incident`` event was recorded; the CLI exits 1
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import Mapping, Sequence
from typing import Final

from pydantic import BaseModel

from a4s_memory.manager import MemoryManager
from a4s_memory.probes.base import Check, ProbeContext, ProbeFn, ProbeResult
from a4s_memory.probes.contradiction import contradiction_probe
from a4s_memory.probes.poisoning import poisoning_probe
from a4s_memory.probes.provenance import provenance_probe
from a4s_memory.sentinels.events import INCIDENT, PROBE, PROBE_AGENT, draft
from a4s_memory.spaces import spaces_of
from a4s_memory.store.audit_log import AuditLog
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.scratch import wipe_agent

__all__ = ["PROBES", "ProbeRunReport", "cleanup_agent", "run_probes"]

logger = logging.getLogger(__name__)

PROBES: Final[Mapping[str, ProbeFn]] = {
    "poisoning": poisoning_probe,
    "contradiction": contradiction_probe,
    "provenance": provenance_probe,
}
PROBE_TIMEOUT_S: Final = 120.0


class ProbeRunReport(BaseModel):
    run_id: str
    results: list[ProbeResult]

    @property
    def passed(self) -> bool:
        return all(r.passed for r in self.results)


async def cleanup_agent(store: Neo4jStore, agent_id: str) -> None:
    """Remove a throwaway agent completely: its spaces (graph, ledger, items, versions), the
    Agent node and its own audit chain (the probe's outcome lives on the ``a4s-probes`` chain)."""
    await wipe_agent(store, agent_id, list(spaces_of(agent_id).values()))


async def _one(manager: MemoryManager, store: Neo4jStore, name: str, probe: ProbeFn) -> ProbeResult:
    token = uuid.uuid4().hex[:8]
    ctx = ProbeContext(
        manager=manager,
        store=store,
        agent_id=f"probe-{name[:20]}-{token}",
        owner=f"probe-owner-{token}",
        peer=f"probe-peer-{token}",
        run_id=token,
    )
    started = time.perf_counter()
    error: str | None = None
    try:
        await manager.register_agent(ctx.owner, ctx.agent_id, ctx.owner)
        await asyncio.wait_for(probe(ctx), PROBE_TIMEOUT_S)
    except Exception as exc:  # a probe that crashes has failed; the run goes on
        error = type(exc).__name__
        logger.error("probe %s raised %s", name, error)
        ctx.checks.append(Check(name="completed", ok=False))
    finally:
        await cleanup_agent(store, ctx.agent_id)
    passed = bool(ctx.checks) and all(c.ok for c in ctx.checks) and error is None
    return ProbeResult(
        name=name,
        passed=passed,
        checks=list(ctx.checks),
        seconds=round(time.perf_counter() - started, 3),
        error=error,
    )


async def _record(audit: AuditLog, result: ProbeResult, run_id: str) -> ProbeResult:
    failed = len(result.failed_checks)
    common = {
        "requester_id": PROBE_AGENT,
        "decision_id": run_id,
        "rejection_reason": f"probe.{result.name}",
        "count": len(result.checks),
        "details": {"failed": failed, "ms": round(result.seconds * 1000)},
    }
    event_id = await audit.append(draft(PROBE, PROBE_AGENT, result.passed, **common))
    if not result.passed:
        await audit.append(draft(INCIDENT, PROBE_AGENT, False, **common))
        logger.error("probe %s FAILED (%d failing checks): incident recorded", result.name, failed)
    return result.model_copy(update={"audit_id": event_id})


async def run_probes(
    manager: MemoryManager,
    store: Neo4jStore,
    names: Sequence[str] | None = None,
    probes: Mapping[str, ProbeFn] = PROBES,
) -> ProbeRunReport:
    """Run the named probes (default: all of ``probes``) one after another."""
    selected = list(names) if names else list(probes)
    unknown = [n for n in selected if n not in probes]
    if unknown:
        raise ValueError(f"unknown probe(s): {', '.join(unknown)}; known: {', '.join(probes)}")
    run_id = str(uuid.uuid4())
    audit = AuditLog(store)
    results = []
    for name in selected:
        result = await _one(manager, store, name, probes[name])
        results.append(await _record(audit, result, run_id))
        logger.info("probe %s: %s", name, "pass" if result.passed else "FAIL")
    return ProbeRunReport(run_id=run_id, results=results)
