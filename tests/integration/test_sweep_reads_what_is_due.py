"""The operator's TTL sweep reads what is due, not every live memory with a TTL (issue 15, scale).

Every sweep batch selects the ledger entries whose expiry or staleness time has passed, and the
expired ones past their retention. On b012c6b both selections sought the ledger's ``(kind,
freshness_status)`` index: every live episode of every agent that has a TTL, on every batch,
however few were due. With ``(freshness_status, expires_at)`` and ``(freshness_status,
a4s_stale_at)`` (graph_schema/011) each selection is a range seek that stops at ``$now``.

Here an agent holds LIVE memories with a TTL, none of them due (the real clock), and the sweep's
selections are profiled: their database hits must not grow with those memories, and every read
is an index *seek*. A fresh-clone CI run of e8820f8 failed here with 241 hits for the purgeable
selection, about the 240 entries with a TTL: a read of the whole hinted index, not a seek that
stops at the bound (the plan was not kept; ``USING INDEX`` allows the planner a scan of the
index, and a fresh database's statistics are where it would choose one). The selections now say
``USING INDEX SEEK``, which allows a seek only.
"""

from __future__ import annotations

import pytest

from a4s_memory.manager import MemoryManager
from a4s_memory.store.db import Neo4jStore
from tests.integration.audit_support import OWNER, make_manager_fixture
from tests.integration.channel_capture import driver_statements
from tests.integration.plan_shape import db_hits, operators, planned

lifecycle = make_manager_fixture("sweepdue")

LIVE = 240  # live memories with a TTL, none due
# Measured: 3 / 1 / 1 db hits for the due / purgeable / orphaned selections with the indexes,
# 1,532 for the due selection on b012c6b (it read this agent's 240 entries and every other live
# entry in the test database). A quarter of LIVE leaves room and stays far below the old cost.
MAX_HITS = LIVE // 4
BATCH = 80  # a batch holds at most 100 items


def _selection(query: str) -> bool:
    """The sweep's reads of candidates (due, purgeable, orphaned), not its writes."""
    return "RETURN s.uuid AS uuid, s.group_id AS group_id" in query and "UNWIND" not in query


async def test_the_operators_sweep_reads_only_what_is_due(
    lifecycle: tuple[MemoryManager, str], store: Neo4jStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    manager, agent = lifecycle
    turns = [
        {
            "agent_id": agent,
            "messages": [{"role": "user", "name": "Gina", "content": f"Gina watered fern {n}."}],
            "ttl_class": "LONG",
            "visibility": "private",
            "session_id": f"s-{agent}",
        }
        for n in range(LIVE)
    ]
    for start in range(0, LIVE, BATCH):
        batch = await manager.add_many(OWNER, turns[start : start + BATCH])
        assert batch.refused == 0 and batch.stored == len(turns[start : start + BATCH])
    with driver_statements(monkeypatch) as statements:
        await manager.sweep()  # every agent, the real clock: nothing of ours is due
    selections = {query: (query, params) for query, params in statements if _selection(query)}
    assert len(selections) == 3, list(selections)  # due, purgeable, orphaned
    plans = {
        " ".join(query.split())[:60]: await planned(store, statement, profile=True)
        for query, statement in selections.items()
    }
    scans = {
        name: [
            str(op.get("operatorType"))
            for op in operators(plan)
            if "Scan" in str(op.get("operatorType"))
        ]
        for name, plan in plans.items()
    }
    assert not any(scans.values()), scans
    costs = {name: db_hits(plan) for name, plan in plans.items()}
    assert all(hits <= MAX_HITS for hits in costs.values()), costs
