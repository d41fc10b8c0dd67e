"""A batch's plain chat turns (offline, no entity found: 98% of LoCoMo's turns) are committed
together: one write transaction for a run of one agent's consecutive turns instead of two per
turn, and what they store is exactly what single adds store. A run whose transaction fails is
written again one item at a time, so one item's failure never touches another."""

from __future__ import annotations

from typing import Any

import neo4j
import pytest

from a4s_memory.audit.events import AuditAction, AuditDraft
from a4s_memory.config import Settings
from a4s_memory.manager import MemoryManager
from a4s_memory.store import ingest
from a4s_memory.store.audit_log import AuditLog
from a4s_memory.store.db import Neo4jStore
from a4s_memory.write.batch import PREFETCH_CHUNK
from tests.integration.manager_support import cleanup_agent
from tests.integration.test_write_round_trips import counting

OWNER = "bc-owner"
TURNS = [f"Gina watered the plant number {n} on the balcony this morning." for n in range(12)]


@pytest.fixture
async def manager(store: Neo4jStore, neo4j_settings: Settings) -> MemoryManager:
    settings = neo4j_settings.model_copy(update={"write_quota_per_minute": 0})
    return await MemoryManager.create(store, settings)


def _items(agent: str, texts: list[str]) -> list[dict[str, Any]]:
    return [{"agent_id": agent, "messages": [{"role": "user", "content": t}]} for t in texts]


async def test_a_run_of_plain_turns_takes_one_write_transaction(
    manager: MemoryManager, store: Neo4jStore, monkeypatch: pytest.MonkeyPatch, unique_id: str
) -> None:
    agent = f"bct-{unique_id}"
    await manager.register_agent(OWNER, agent, OWNER)
    await manager.add_many(OWNER, _items(agent, ["warm-up turn, nothing in it."]))
    writes = [0]
    execute_write = neo4j.AsyncSession.execute_write

    async def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        writes[0] += 1
        return await execute_write(self, *args, **kwargs)

    try:
        with counting(monkeypatch) as queries, monkeypatch.context() as patch:
            patch.setattr(neo4j.AsyncSession, "execute_write", counted)
            answer = await manager.add_many(OWNER, _items(agent, TURNS))
    finally:
        await cleanup_agent(store, agent)
    n = len(TURNS)
    assert answer.stored == n
    # Before: per turn one auto-commit statement (pending entry + episode) and one commit
    # transaction, and a registry read for its authorization: 12 write transactions and 4.85
    # queries a turn (bench/write_profile.py --batch). Now a run (the screened turns handed over
    # together, PREFETCH_CHUNK at a time) is one transaction of two statements: the entries and
    # episodes, then the run's audit events (chained in memory, one compare-and-append on the
    # head); the agent's record is read once for the batch (each turn still gets its own access
    # decision from it).
    runs = n // PREFETCH_CHUNK
    assert writes[0] <= runs, writes[0]
    assert queries[0] <= 1 + 2 * runs, queries[0]


# What differs between any two writes (identity, agent, time), and the hash chain's own fields.
_PER_WRITE = {"uuid", "name", "group_id", "a4s_decision_id"} | {
    "created_at",
    "valid_at",
    "expires_at",
    "a4s_stale_at",
}
_PER_EVENT = {"event_id", "agent_id", "memory_id", "decision_id", "timestamp"} | {
    "seq",
    "prev_hash",
    "hash",
}


async def _stored(store: Neo4jStore, memory_id: str | None) -> tuple[dict[str, Any], ...]:
    rows = await store.execute(
        """
        MATCH (e:Episodic {uuid: $u}), (s:A4SStatus {uuid: $u})
        MATCH (a:AuditEvent {memory_id: $u})-[:AUDIT_OF_MEMORY]->(e)
        RETURN properties(e) AS e, properties(s) AS s, properties(a) AS a
        """,
        {"u": memory_id},
    )
    assert len(rows) == 1, rows
    episode, entry, event = (dict(rows[0][k]) for k in ("e", "s", "a"))
    for props, skip in ((episode, _PER_WRITE), (entry, _PER_WRITE), (event, _PER_EVENT)):
        assert skip & set(props), skip  # the names are right: they were there to drop
        for key in skip:
            props.pop(key, None)
    return episode, entry, event


async def test_a_batch_stores_what_single_adds_store(
    manager: MemoryManager, store: Neo4jStore, unique_id: str
) -> None:
    single, batch = f"bcs-{unique_id}", f"bcb-{unique_id}"
    for agent in (single, batch):
        await manager.register_agent(OWNER, agent, OWNER)
    texts = TURNS[:3]
    try:
        one = [await manager.add(OWNER, item) for item in _items(single, texts)]
        many = await manager.add_many(OWNER, _items(batch, texts))
        pairs = [
            (await _stored(store, a.memory_id), await _stored(store, b.memory_id))
            for a, b in zip(one, many.results, strict=True)
        ]
        chains = [await manager.verify_audit(agent) for agent in (single, batch)]
    finally:
        await cleanup_agent(store, single)
        await cleanup_agent(store, batch)

    def status(result: Any) -> dict[str, Any]:
        return result.status.model_dump(exclude={"expires_at"})  # the write's own time

    assert [status(r) for r in one] == [status(r) for r in many.results]
    for ours, theirs in pairs:
        assert ours == theirs
    assert all(chain.ok for chain in chains), chains


async def test_a_failed_run_is_written_again_one_item_at_a_time(
    manager: MemoryManager, store: Neo4jStore, monkeypatch: pytest.MonkeyPatch, unique_id: str
) -> None:
    agent = f"bcf-{unique_id}"
    await manager.register_agent(OWNER, agent, OWNER)
    failures = [0]
    commit_run_tx = ingest.commit_run_tx

    async def broken(tx: Any, group_id: str, run: list[Any]) -> Any:
        if len(run) == 1:  # an item on its own (single adds are runs of one too)
            return await commit_run_tx(tx, group_id, run)
        failures[0] += 1
        raise RuntimeError("injected: the run's transaction failed")

    try:
        with monkeypatch.context() as patch:
            patch.setattr(ingest, "commit_run_tx", broken)
            answer = await manager.add_many(OWNER, _items(agent, TURNS[:6]))
        rows = await store.execute(
            "MATCH (s:A4SStatus) WHERE s.group_id STARTS WITH $g RETURN s.state AS state",
            {"g": f"agent-{agent}-"},
        )
        chain = await manager.verify_audit(agent)
    finally:
        await cleanup_agent(store, agent)
    assert failures[0] >= 1
    assert answer.stored == 6 and all(r.audit_id for r in answer.results)
    assert sorted(r["state"] for r in rows) == ["committed"] * 6  # nothing half-written
    assert chain.ok, chain


async def test_a_run_rechains_its_audit_events_when_another_process_appended(
    manager: MemoryManager, store: Neo4jStore, unique_id: str, caplog: pytest.LogCaptureFixture
) -> None:
    """The run's events are chained from the head this process last wrote; when another process
    appended meanwhile, the one compare-and-append statement finds the head moved, the segment is
    re-chained from the head read under its lock, and the chain still verifies."""
    agent = f"bch-{unique_id}"
    await manager.register_agent(OWNER, agent, OWNER)
    try:
        first = await manager.add_many(OWNER, _items(agent, TURNS[:4]))
        other_process = AuditLog(store)  # its own head cache, as in another API process
        await other_process.append(
            AuditDraft(agent_id=agent, action=AuditAction.SEARCH, requester_id=OWNER)
        )
        second = await manager.add_many(OWNER, _items(agent, TURNS[4:8]))
        chain = await manager.verify_audit(agent)
    finally:
        await cleanup_agent(store, agent)
    assert (first.stored, second.stored) == (4, 4)
    assert chain.ok, chain
    assert chain.events_checked == 4 + 1 + 4
    # Re-chained inside the run's own transaction, not rescued by writing the items one by one.
    assert "one at a time" not in caplog.text
