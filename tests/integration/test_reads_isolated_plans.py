"""Every statement of the per-agent read and lifecycle paths starts from the agent's own keys.

The search was fixed for this in issue 15 (test_search_isolated_cost.py); the same check over the
other paths found label scans: the audit listing and export (``AuditEvent {agent_id}`` has no
index of its own: the uniqueness constraint is ``(agent_id, seq)``, and Neo4j reads a composite
index only with a predicate on each of its properties), the version history and every new version
(``A4SVersion {item_id}`` likewise, ``(item_id, version)``), a structured item's deletion
(``A4SItem {current_memory_id}`` has no index at all), export (``A4SStatus`` by ``group_id``), a
one-agent sweep (``$groups IS NULL OR ...`` hid the spaces' index) and ``forget``. Each read every
event, version, item, ledger entry or episode *of the whole database*, every agent's.

Which plan Neo4j picks depends on its statistics, so another agent's history is written first (the
labels are not empty), and each statement is planned with ``EXPLAIN`` (nothing runs twice; writes
are planned, not executed) for the statistics of now. On a test database's few hundred elements
the cost model sometimes scans an index instead of seeking it (``RELATES_TO(uuid)``, flipping from
run to run); such a scan is accepted when the index is on one of the keys below, since a seek of
that index is what the statement can be answered from. A label scan, or an index on anything
else, is not.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Collection
from itertools import pairwise
from typing import Any

import pytest

from a4s_memory.contract import Visibility
from a4s_memory.errors import Conflict
from a4s_memory.manager import MemoryManager
from a4s_memory.spaces import group_id
from a4s_memory.store.db import Neo4jStore
from tests.integration.audit_support import ADMIN, OWNER, make_manager_fixture
from tests.integration.channel_capture import Statement, driver_statements
from tests.integration.cleanup import remove_agents
from tests.integration.plan_shape import planned, unbounded_reads
from tests.integration.seed import add_entities, add_episodes, add_facts, props

lifecycle = make_manager_fixture("rip")

# The keys a read may start from: a space (a write lease is keyed by it as `space`), an element,
# an agent, an item, a session, a job.
BOUNDED = {
    "group_id",
    "space",
    "uuid",
    "agent_id",
    "item_id",
    "memory_id",
    "session_id",
    "event_id",
    "job_id",
    "requester_id",
    "name",
}
KEYS = 6  # structured items of the other agent, each written VERSIONS times
VERSIONS = 3
FOREIGN = 120  # the other agent's entities, facts between them and episodes mentioning them


def _item(agent: str, key: str, value: str) -> dict[str, Any]:
    return {
        "agent_id": agent,
        "category": "preference",
        "key": key,
        "messages": value,
        "source": {"type": "explicit_save"},
        "visibility": "private",
        "session_id": f"s-{agent}",
    }


def _turn(agent: str, text: str) -> dict[str, Any]:
    return {
        "agent_id": agent,
        "messages": [{"role": "user", "name": "Gina", "content": text}],
        "visibility": "private",
        "session_id": f"s-{agent}",
    }


@pytest.fixture
async def other_history(
    lifecycle: tuple[MemoryManager, str], store: Neo4jStore
) -> AsyncIterator[None]:
    """Another agent's items, versions, episodes, audit events and a graph of entities and
    facts: what a read that is not bounded by its own agent would pay for (and statistics in
    which no label or relationship type is empty, as in a database in use)."""
    manager, agent = lifecycle
    other = f"{agent}-other"
    await manager.register_agent(OWNER, other, OWNER)
    try:
        for n in range(KEYS * VERSIONS):
            await manager.add(OWNER, _item(other, f"k{n % KEYS}", f"value {n}"))
        space = group_id(other, Visibility.PRIVATE)
        people = await add_entities(store, space, [(f"Hugo {n}", props()) for n in range(FOREIGN)])
        await add_facts(
            store,
            space,
            [
                {"source": a, "target": b, "fact": f"Hugo {n} knows Hugo {n + 1}", "props": props()}
                for n, (a, b) in enumerate(pairwise(people))
            ],
        )
        await add_episodes(
            store, space, [(f"Hugo {n} paints", props(), [p]) for n, p in enumerate(people)]
        )
        yield
    finally:
        await remove_agents(store, other)


async def _plans(
    store: Neo4jStore,
    monkeypatch: pytest.MonkeyPatch,
    call: Callable[[], Awaitable[object]],
    bounded: Collection[str] = BOUNDED,
) -> dict[str, list[str]]:
    """Run ``call``; every distinct statement it sent -> its reads not bounded by ``bounded``
    (only the ones that have some)."""
    with driver_statements(monkeypatch) as statements:
        await call()
    assert statements, "the call sent no statement"
    distinct: dict[str, Statement] = {query: (query, params) for query, params in statements}
    out = {}
    for query, statement in distinct.items():
        plan = await planned(store, statement, profile=False)
        reads = unbounded_reads(plan, bounded, index_scans=True)
        if reads:
            out[" ".join(query.split())[:160]] = reads
    return out


async def _collect(stream: AsyncIterator[Any]) -> list[Any]:
    return [record async for record in stream]


async def _import_refused(manager: MemoryManager, agent: str) -> None:
    """Import the agent's own export over it: refused, its ids are taken (the check is one
    statement over every label an export holds)."""
    records = await _collect(manager.export_agent(OWNER, agent))
    with pytest.raises(Conflict):
        await manager.import_agent(OWNER, agent, records)


@pytest.mark.usefixtures("other_history")
async def test_lifecycle_reads_start_from_the_agents_own_keys(
    lifecycle: tuple[MemoryManager, str], store: Neo4jStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    manager, agent = lifecycle
    first = await manager.add(OWNER, _item(agent, "style", "concise"))
    second = await manager.add(OWNER, _item(agent, "style", "detailed"))
    kept = await manager.add(OWNER, _item(agent, "tone", "warm"))
    fetched = await manager.add(
        OWNER,
        {
            "agent_id": agent,
            "messages": "Gina Lopez repotted the fern in Lyon.",
            "source": {"type": "web_fetch", "ref": "https://example.org/gina"},
        },
    )
    turn = await manager.add(OWNER, _turn(agent, "Gina Lopez waters the fern on Sundays."))
    calls: dict[str, Callable[[], Awaitable[object]]] = {
        "audit": lambda: manager.audit(OWNER, agent, last=10),
        "audit of one action": lambda: manager.audit(OWNER, agent, action="write", last=10),
        "audit export": lambda: _collect(manager.export_audit(OWNER, agent)),
        "audit verification": lambda: manager.verify_audit(agent),
        "session summary": lambda: manager.session_summary(OWNER, agent, f"s-{agent}"),
        "versions": lambda: manager.versions(OWNER, second.memory_id),
        "rollback": lambda: manager.rollback(OWNER, second.memory_id, 1),
        "get": lambda: manager.get(OWNER, kept.memory_id),
        "a chat turn": lambda: manager.add(OWNER, _turn(agent, "Tom Baker met Gina in Lyon.")),
        "a batch": lambda: manager.add_many(
            OWNER, [_turn(agent, f"Gina bought fern {n} in Lyon.") for n in range(3)]
        ),
        "promote": lambda: manager.promote(
            ADMIN, fetched.memory_id, {"kind": "user_confirmation", "ref": "confirmed in chat"}
        ),
        "quarantine": lambda: manager.quarantine(OWNER, turn.memory_id, "checking a report"),
        "sweep": lambda: manager.sweep(agent_id=agent),
        "forget a topic": lambda: manager.forget(OWNER, agent, "Sundays"),
        "export and import": lambda: _import_refused(manager, agent),
        "another version": lambda: manager.add(OWNER, _item(agent, "tone", "calm")),
        "delete a structured item": lambda: manager.delete(OWNER, first.memory_id),
    }
    found = {name: await _plans(store, monkeypatch, call) for name, call in calls.items()}
    unbounded = [
        f"{name}: {query} -> {reads}"
        for name, statements in found.items()
        for query, reads in statements.items()
    ]
    assert unbounded == [], "\n".join(unbounded)


@pytest.mark.usefixtures("other_history")
async def test_the_operators_sweep_reads_no_whole_label(
    lifecycle: tuple[MemoryManager, str], store: Neo4jStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sweep over every agent reads what is due, purgeable or orphaned through an index (the
    ledger's (freshness_status, expires_at / a4s_stale_at): graph_schema/011, and, for what a
    crashed ingestion left, (state, created_at): graph_schema/010), never by a scan of every
    ledger entry, which it did for orphans before. Real clock: it moves only what is really due.
    That the due selection stops at the clock: test_sweep_reads_what_is_due.py."""
    manager, _ = lifecycle
    bounded = {"freshness_status", "state", *BOUNDED}
    assert await _plans(store, monkeypatch, manager.sweep, bounded) == {}
