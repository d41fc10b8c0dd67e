"""Issue 5 / G6: the sweeper moves memories fresh -> stale -> expired -> purged under a
controlled clock, idempotently, and retrieval follows."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

from a4s_memory.manager import MemoryManager
from a4s_memory.policy import ContextPolicy
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.ledger import now_utc
from tests.integration.audit_support import ADMIN, OWNER, events, make_manager_fixture

lifecycle = make_manager_fixture("ttl")


async def _ledger(store: Neo4jStore, uuid: str) -> dict[str, Any]:
    rows = await store.execute(
        "MATCH (s:A4SStatus {uuid: $u}) RETURN properties(s) AS p", {"u": uuid}
    )
    return dict(rows[0]["p"]) if rows else {}


async def _texts(manager: MemoryManager, agent: str, query: str) -> set[str]:
    return {h.text for h in await manager.search(OWNER, agent, query, limit=20)}


async def test_fresh_stale_expired_purged(
    lifecycle: tuple[MemoryManager, str], store: Neo4jStore
) -> None:
    manager, agent = lifecycle
    t0 = now_utc()
    short = await manager.add(
        OWNER, {"agent_id": agent, "messages": "Dana prefers oolong tea.", "ttl_class": "short"}
    )
    long = await manager.add(OWNER, {"agent_id": agent, "messages": "Erin uses Emacs."})
    assert short.status.expires_at is not None
    assert timedelta(hours=23) < short.status.expires_at - t0 < timedelta(days=1, minutes=1)
    assert "Dana prefers oolong tea" in await _texts(manager, agent, "Dana oolong")

    stale = await manager.sweep(t0 + timedelta(hours=19), agent_id=agent)
    assert (stale.staled, stale.expired, stale.purged) == (1, 0, 0)
    assert (await _ledger(store, short.memory_id))["freshness_status"] == "stale"
    assert "Dana prefers oolong tea" not in await _texts(manager, agent, "Dana oolong")
    assert "Erin uses Emacs" in await _texts(manager, agent, "Erin Emacs")
    again = await manager.sweep(t0 + timedelta(hours=19), agent_id=agent)
    assert (again.staled, again.expired, again.purged) == (0, 0, 0)

    later = t0 + timedelta(days=2)
    first, second = await asyncio.gather(
        manager.sweep(later, agent_id=agent), manager.sweep(later, agent_id=agent)
    )
    assert first.expired + second.expired == 1
    archived = await manager.get(OWNER, short.memory_id)  # archived: the owner still sees it
    assert archived.status.freshness.value == "expired"
    review = await manager.search(OWNER, agent, "Dana oolong", policy=ContextPolicy.owner_review())
    assert any(h.text == "Dana prefers oolong tea" for h in review)

    purge = await manager.sweep(t0 + timedelta(days=1 + 181), agent_id=agent)
    assert purge.purged == 1 and purge.expired == 1  # the 90-day episode expired meanwhile
    assert await _ledger(store, short.memory_id) == {}
    assert (await _ledger(store, long.memory_id))["freshness_status"] == "expired"
    kinds = [e["action"] for e in await events(store, agent)]
    assert kinds.count("ttl_transition") == 3


async def test_pinned_never_expires_and_confirmation_refreshes(
    lifecycle: tuple[MemoryManager, str], store: Neo4jStore
) -> None:
    manager, agent = lifecycle
    t0 = now_utc()
    pinned = await manager.add(
        OWNER, {"agent_id": agent, "messages": "Finn likes chess.", "pinned": True}
    )
    assert pinned.status.expires_at is None
    other = await manager.add(
        OWNER,
        {
            "agent_id": agent,
            "messages": "Gus likes go.",
            "ttl_class": "short",
            "source": {"type": "web_fetch", "ref": "https://example.org/x"},
        },
    )
    report = await manager.sweep(t0 + timedelta(hours=20), agent_id=agent)
    assert report.staled == 1
    assert (await _ledger(store, pinned.memory_id))["freshness_status"] == "fresh"
    before = (await _ledger(store, other.memory_id))["expires_at"]
    await manager.promote(ADMIN, other.memory_id, {"kind": "user_confirmation", "ref": "m-1"})
    entry = await _ledger(store, other.memory_id)
    assert entry["freshness_status"] == "fresh" and entry["expires_at"] > before
    await manager.pin(OWNER, other.memory_id)
    assert (await manager.sweep(t0 + timedelta(days=400), agent_id=agent)).expired == 0


async def test_sweep_removes_what_a_crashed_ingestion_left(
    lifecycle: tuple[MemoryManager, str], store: Neo4jStore
) -> None:
    """A process killed between the pending ledger entry and the commit leaves an unstamped
    episode (and what Graphiti wrote for it): never visible, but never removed before either."""
    manager, agent = lifecycle
    group, now = f"agent-{agent}-private", now_utc()
    crashed = {"old": now - timedelta(hours=2), "young": now - timedelta(minutes=5)}
    for name, when in crashed.items():
        await store.execute(
            "CREATE (s:A4SStatus {uuid: $u, kind: 'episode', group_id: $g, state: 'pending', "
            "created_at: $t}) "
            "CREATE (e:Episodic {uuid: $u, group_id: $g, content: 'half-written', created_at: $t}) "
            "CREATE (e)-[:MENTIONS]->(:Entity {uuid: $u + '-ent', group_id: $g, name: 'Zed'})",
            {"u": f"{agent}-{name}", "g": group, "t": when},
        )
    kept = await manager.add(OWNER, {"agent_id": agent, "messages": "Erin uses Emacs."})
    report = await manager.sweep(now, agent_id=agent)
    assert report.orphans_removed == 1
    left = await store.execute(
        "MATCH (n) WHERE n.uuid STARTS WITH $p RETURN n.uuid AS u", {"p": f"{agent}-"}
    )
    assert {r["u"] for r in left} == {f"{agent}-young", f"{agent}-young-ent"}
    assert await _ledger(store, f"{agent}-old") == {}
    assert (await _ledger(store, kept.memory_id))["state"] == "committed"
    assert (await manager.sweep(now, agent_id=agent)).orphans_removed == 0
