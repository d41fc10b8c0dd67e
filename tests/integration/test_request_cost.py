"""What a search costs in Bolt transactions, counted, not timed (issue 15): its reads (the access
check, the channels) are auto-commit queries and its audit event is one auto-commit statement
once the process knows the agent's chain head, so a search opens no explicit transaction
(BEGIN ... COMMIT: two more messages and a round trip each, ~0.4 ms of the driver's Python a
statement, measured with ``RETURN 1`` in a loop). Before, each of its 4 statements had one.

The audit event stays durable and chained: appended alone, it is committed before its answer,
and when another process moved the head the managed path re-reads it under the lock."""

from __future__ import annotations

from typing import Any

import pytest
from neo4j._async.work.transaction import AsyncTransactionBase

from a4s_memory.audit.events import AuditAction, AuditDraft
from a4s_memory.config import Settings
from a4s_memory.manager import MemoryManager
from a4s_memory.store.audit_log import AuditLog
from a4s_memory.store.db import Neo4jStore
from tests.integration.audit_support import events
from tests.integration.manager_support import cleanup_agent, registered

OWNER = "rc-owner"


async def test_a_search_opens_no_explicit_transaction(
    store: Neo4jStore, neo4j_settings: Settings, monkeypatch: pytest.MonkeyPatch, unique_id: str
) -> None:
    agent = f"rc-{unique_id}"
    manager = await registered(store, neo4j_settings, OWNER, agent)
    begun = [0]
    begin = AsyncTransactionBase._begin

    async def counted(self: AsyncTransactionBase, *args: Any, **kwargs: Any) -> Any:
        begun[0] += 1
        return await begin(self, *args, **kwargs)

    try:
        await manager.add(OWNER, {"agent_id": agent, "messages": "Gina repotted the fern."})
        with monkeypatch.context() as patch:
            patch.setattr(AsyncTransactionBase, "_begin", counted)
            hits = await manager.search(OWNER, agent, "fern repotted")
            await manager.search("someone-else", agent, "fern repotted")
        recorded = await events(store, agent)
        chain = await manager.verify_audit(agent)
    finally:
        await cleanup_agent(store, agent)
    assert hits, "the search found the memory"
    assert begun[0] == 0, begun[0]  # 8 before (4 statements a search, each its own transaction)
    assert [e["action"] for e in recorded][-2:] == ["search", "search"]
    assert chain.ok, chain.problems


async def test_an_append_after_another_process_moved_the_head_still_chains(
    store: Neo4jStore, neo4j_settings: Settings, unique_id: str
) -> None:
    manager = await MemoryManager.create(store, neo4j_settings)
    agent = f"rc-{unique_id}"
    await manager.register_agent(OWNER, agent, OWNER)
    here, elsewhere = AuditLog(store), AuditLog(store)  # two processes' head caches
    draft = AuditDraft(agent_id=agent, action=AuditAction.READ, requester_id=OWNER)
    try:
        ids = [await here.append(draft), await elsewhere.append(draft)]
        ids.append(await here.append(draft))  # its cached head is stale: alone, nothing written
        ids.append(await here.append(draft))  # the head re-read: alone again
        recorded = await events(store, agent)
        chain = await manager.verify_audit(agent)
    finally:
        await cleanup_agent(store, agent)
    assert chain.ok, chain.problems
    seqs = [e["seq"] for e in recorded]
    assert seqs == list(range(1, len(seqs) + 1))
    assert [e["event_id"] for e in recorded][-4:] == ids
