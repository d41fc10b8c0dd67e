"""Belief-contradiction probe (the probes rule): inject a claim contradicting an existing belief and
verify the old belief leaves the trusted state.

Two routes: a structured item re-written with a contradicting value (the old version must become
superseded/contradicted, its fact too, and search must return only the new value); and an explicit
contradiction of a free-text belief (it must become contradicted and unreturnable). Each change
must be in the audit trail.
"""

from __future__ import annotations

from a4s_memory.contract import TruthStatus
from a4s_memory.models import AddMemory
from a4s_memory.probes.base import ProbeContext, returned

__all__ = ["contradiction_probe"]

_RETIRED = frozenset({TruthStatus.SUPERSEDED, TruthStatus.CONTRADICTED})


async def contradiction_probe(ctx: ProbeContext) -> None:
    m, agent, owner = ctx.manager, ctx.agent_id, ctx.owner
    key = "probe_staging_host"
    old_host, new_host = f"dbold{ctx.run_id}", f"dbnew{ctx.run_id}"
    old = await m.add(
        owner,
        AddMemory(
            agent_id=agent,
            messages=f"The staging database host is {old_host}.",
            category="PROJECT_CONFIG",
            key=key,
        ),
    )
    ctx.check("belief starts supported", old.status.truth is TruthStatus.SUPPORTED)
    query = "staging database host"
    ctx.check("belief returned", returned(await m.search(owner, agent, query), old.memory_id))
    new = await m.add(
        owner,
        AddMemory(
            agent_id=agent,
            messages=f"The staging database host is {new_host}.",
            category="PROJECT_CONFIG",
            key=key,
        ),
    )
    old_view = await m.get(owner, old.memory_id)
    ctx.check("old belief superseded", old_view.status.truth in _RETIRED)
    ctx.check(
        "old fact retired",
        bool(old_view.facts)
        and all(f.status is not None and f.status.truth in _RETIRED for f in old_view.facts),
    )
    hits = await m.search(owner, agent, query)
    ctx.check("old belief no longer returned", not returned(hits, old.memory_id))
    ctx.check("new belief returned", returned(hits, new.memory_id))
    ctx.check("contradicting value not mixed in", all(old_host not in h.text for h in hits))

    text = await m.add(
        owner,
        AddMemory(
            agent_id=agent,
            messages=f"The build server for the probe is ci{ctx.run_id}.",
            visibility="private",
        ),
    )
    retired = await m.contradict(owner, text.memory_id, "probe: contradicted by a newer statement")
    ctx.check("explicit contradiction applied", retired.status.truth is TruthStatus.CONTRADICTED)
    hits = await m.search(owner, agent, f"build server ci{ctx.run_id}")
    ctx.check("contradicted belief not returned", not returned(hits, text.memory_id))
    events = await m.audit(owner, agent, "contradict", 10)
    ctx.check("contradiction audited", any(e.memory_id == text.memory_id for e in events))
