"""Issue 5: export -> wipe -> import gives the same search results (and versions, audit)."""

from __future__ import annotations

import json

import pytest

from a4s_memory.errors import Conflict, InvalidRequest
from a4s_memory.manager import MemoryManager
from a4s_memory.policy import ContextPolicy
from a4s_memory.store.db import Neo4jStore
from tests.integration.audit_support import OWNER, events, make_manager_fixture, wipe_memory

lifecycle = make_manager_fixture("exp")
QUERIES = ("Alice tea", "Neovim", "style", "Bob coffee", "answers")


async def _results(manager: MemoryManager, agent: str) -> list[list[tuple[object, ...]]]:
    out = []
    for query in QUERIES:
        for policy in (None, ContextPolicy.owner_review()):
            hits = await manager.search(OWNER, agent, query, limit=20, policy=policy)
            out.append([(h.uuid, h.kind, h.text, h.group_id, h.status, h.score) for h in hits])
    return out


async def test_export_wipe_import_round_trip(
    lifecycle: tuple[MemoryManager, str], store: Neo4jStore
) -> None:
    manager, agent = lifecycle
    await manager.add(OWNER, {"agent_id": agent, "messages": "Alice prefers tea."})
    secret = await manager.add(
        OWNER, {"agent_id": agent, "messages": "Alice uses Neovim.", "visibility": "private"}
    )
    bob = await manager.add(OWNER, {"agent_id": agent, "messages": "Bob prefers coffee."})
    await manager.quarantine(OWNER, bob.memory_id, "check")
    item = {
        "agent_id": agent,
        "category": "preference",
        "key": "style",
        "source": {"type": "explicit_save"},
    }
    await manager.add(OWNER, {**item, "messages": "short answers"})
    last = await manager.add(OWNER, {**item, "messages": "long answers"})
    before = await _results(manager, agent)
    versions = await manager.versions(OWNER, last.memory_id)
    view = await manager.get(OWNER, secret.memory_id)

    records = [r async for r in manager.export_agent(OWNER, agent)]
    lines = [json.dumps(r) for r in records]  # JSON-serialisable, one line each
    assert records[0]["type"] == "header" and {r["type"] for r in records} >= {
        "episode",
        "entity",
        "edge",
        "mention",
        "ledger",
        "item",
        "version",
    }
    with pytest.raises(Conflict):
        await manager.import_agent(OWNER, agent, [json.loads(x) for x in lines])
    await wipe_memory(store, agent)
    assert await _results(manager, agent) != before
    report = await manager.import_agent(OWNER, agent, [json.loads(x) for x in lines])
    assert report.records == len(lines) and report.verified is True
    assert await _results(manager, agent) == before
    assert await manager.versions(OWNER, last.memory_id) == versions
    assert (await manager.get(OWNER, secret.memory_id)).model_dump() == view.model_dump()
    actions = [e["action"] for e in await events(store, agent)]
    assert "export" in actions and actions[-1] == "read"
    assert (await manager.verify_audit(agent)).ok
    with pytest.raises(InvalidRequest):
        await manager.import_agent(OWNER, agent, [{"type": "header", "format": "other"}])
