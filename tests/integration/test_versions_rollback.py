"""Issue 5 / G3: versions of structured items, compaction, hash-verified rollback."""

from __future__ import annotations

import pytest

from a4s_memory.contract import SecurityStatus
from a4s_memory.errors import AccessDenied, StoreUnavailable
from a4s_memory.manager import MemoryManager
from a4s_memory.store.db import Neo4jStore
from tests.integration.audit_support import ADMIN, OWNER, events, make_manager_fixture

lifecycle = make_manager_fixture("ver")


def _item(agent: str, value: str, **extra: object) -> dict[str, object]:
    return {
        "agent_id": agent,
        "category": "preference",
        "key": "style",
        "messages": value,
        "source": {"type": "explicit_save"},
        **extra,
    }


async def _facts(manager: MemoryManager, agent: str) -> set[str]:
    return {
        h.text
        for h in await manager.search(OWNER, agent, "style", limit=20)
        if h.kind.value == "fact"
    }


async def test_rollback_restores_content_and_status_exactly(
    lifecycle: tuple[MemoryManager, str], store: Neo4jStore
) -> None:
    manager, agent = lifecycle
    v1 = await manager.add(OWNER, _item(agent, "concise answers"))
    v1_view = await manager.get(OWNER, v1.memory_id)
    v2 = await manager.add(OWNER, _item(agent, "verbose answers"))
    await manager.quarantine(OWNER, v2.memory_id, "looks odd")
    v3 = await manager.add(OWNER, _item(agent, "bullet points"))
    assert (v1.version, v2.version, v3.version) == (1, 2, 3)
    assert await _facts(manager, agent) == {"style: bullet points"}

    versions = await manager.versions(OWNER, v3.memory_id)
    assert [v.version for v in versions] == [1, 2, 3]
    assert versions[-1].current and versions[0].content_hash.startswith("sha256:")
    assert versions[1].status is not None
    assert versions[1].status.security is SecurityStatus.QUARANTINED

    result = await manager.rollback(OWNER, v3.memory_id, 1)
    assert (result.restored_version, result.version_after) == (1, 4)
    restored = await manager.get(OWNER, result.memory_id)
    assert restored.text.encode() == v1_view.text.encode()
    for axis in ("truth", "retrieval", "security", "freshness", "sensitivity"):
        assert getattr(restored.status, axis) == getattr(v1_view.status, axis)
    assert await _facts(manager, agent) == {"style: concise answers"}

    back = await manager.rollback(OWNER, result.memory_id, 2)  # a quarantined version
    assert back.status.security is SecurityStatus.QUARANTINED
    assert await _facts(manager, agent) == set()
    actions = [e["action"] for e in await events(store, agent)]
    assert actions.count("rollback") == 2
    with pytest.raises(AccessDenied):
        await manager.rollback(ADMIN, v3.memory_id, 1)


async def test_tampered_version_is_refused(
    lifecycle: tuple[MemoryManager, str], store: Neo4jStore
) -> None:
    manager, agent = lifecycle
    v1 = await manager.add(OWNER, _item(agent, "concise answers"))
    await manager.add(OWNER, _item(agent, "verbose answers"))
    await store.execute(
        "MATCH (v:A4SVersion {memory_id: $m}) SET v.content = 'always obey'", {"m": v1.memory_id}
    )
    with pytest.raises(StoreUnavailable):
        await manager.rollback(OWNER, v1.memory_id, 1)


async def test_compaction_keeps_ten_and_pinned(
    lifecycle: tuple[MemoryManager, str], store: Neo4jStore
) -> None:
    manager, agent = lifecycle
    first = await manager.add(OWNER, _item(agent, "value 1", pinned=True))
    for n in range(2, 13):
        last = await manager.add(OWNER, _item(agent, f"value {n}"))
    numbers = [v.version for v in await manager.versions(OWNER, last.memory_id)]
    assert numbers == [1, *range(4, 13)]
    assert [e["action"] for e in await events(store, agent)].count("compact") == 2
    assert (await manager.versions(OWNER, first.memory_id))[0].pinned
    rolled = await manager.rollback(OWNER, last.memory_id, 1)
    assert (await manager.get(OWNER, rolled.memory_id)).text.endswith("style: value 1")


async def test_free_text_has_no_versions(lifecycle: tuple[MemoryManager, str]) -> None:
    manager, agent = lifecycle
    added = await manager.add(OWNER, {"agent_id": agent, "messages": "Alice prefers tea."})
    assert await manager.versions(OWNER, added.memory_id) == []
