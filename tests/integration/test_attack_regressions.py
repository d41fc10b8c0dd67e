"""Regression tests for the attacks of the live red-team run that live in the graph and
the facade: entity summaries (row 3), rollback vs quarantine (row 4), one write quota on every path
(row 8), secrets in transition reasons and evidence refs (row 10), self-promotion (row 11).

Each test failed on the code before the fix; the row number is in its name.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from a4s_memory.api.quota import ApiLimits
from a4s_memory.config import Settings
from a4s_memory.contract import SecurityStatus, TruthStatus
from a4s_memory.errors import AccessDenied, QuotaExceeded
from a4s_memory.manager import MemoryManager
from a4s_memory.quota import QuotaLimits, WriteQuota
from a4s_memory.store.db import Neo4jStore
from tests.integration.audit_support import ADMIN, OWNER, make_manager_fixture
from tests.integration.cleanup import remove_agents
from tests.integration.test_a2a_support import OWNER as KEYED_OWNER
from tests.integration.test_a2a_support import adapter_settings, auth
from tests.integration.test_api_support import served
from tests.integration.test_mcp import _client, _error

PEER = "peer-agent"
# A GitHub token shape the secret detector knows (the red-team run used one like it).
TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"

lifecycle = make_manager_fixture("atk")  # (manager with ADMIN as admin, agent owned by OWNER)


@pytest.fixture
def manager(lifecycle: tuple[MemoryManager, str]) -> MemoryManager:
    return lifecycle[0]


@pytest.fixture
def agent(lifecycle: tuple[MemoryManager, str]) -> str:
    return lifecycle[1]


async def _peer_texts(manager: MemoryManager, agent_id: str, query: str) -> str:
    return " | ".join(h.text for h in await manager.search(PEER, agent_id, query, limit=50))


# -- row 3: entity summaries ------------------------------------------------------------------


async def test_row3_entity_summary_serves_only_admitted_facts(
    manager: MemoryManager, agent: str, store: Neo4jStore
) -> None:
    vivaldi = await manager.add(
        OWNER, {"agent_id": agent, "messages": "Alice likes Vivaldi concertos."}
    )
    await manager.quarantine(ADMIN, vivaldi.memory_id, "poisoned preference")
    await manager.add(
        OWNER,
        {
            "agent_id": agent,
            "messages": "Alice likes bleach smoothies.",
            "source": {"type": "web_fetch", "ref": "https://example.org/x"},
        },
    )
    await manager.add(OWNER, {"agent_id": agent, "messages": "Alice plays the piano."})

    for query in ("Alice", "Alice likes", "Vivaldi concertos", "bleach smoothies"):
        served_text = await _peer_texts(manager, agent, query)
        assert "Vivaldi" not in served_text, query
        assert "bleach" not in served_text, query
    # The clean, supported fact is still there, summary included.
    assert "piano" in await _peer_texts(manager, agent, "Alice piano")
    # The stored summary (what Graphiti's own search and the Browser read) was rebuilt too.
    rows = await store.execute(
        "MATCH (n:Entity) WHERE n.group_id STARTS WITH $prefix AND n.name = 'Alice' "
        "RETURN n.summary AS summary",
        {"prefix": f"agent-{agent}-"},
    )
    assert rows and all("Vivaldi" not in str(r["summary"]) for r in rows)
    assert all("bleach" not in str(r["summary"]) for r in rows)


# -- row 4: rollback never un-quarantines -----------------------------------------------------


async def test_row4_rollback_keeps_admin_quarantine(manager: MemoryManager, agent: str) -> None:
    item = {
        "agent_id": agent,
        "category": "PREFERENCE",
        "key": "drink",
        "source": {"type": "explicit_save"},
    }
    await manager.add(OWNER, {**item, "messages": "Prefers green tea."})
    second = await manager.add(OWNER, {**item, "messages": "Prefers black coffee."})
    await manager.quarantine(ADMIN, second.memory_id, "admin review")

    rolled = await manager.rollback(OWNER, second.memory_id, 1)

    assert rolled.status is not None
    assert rolled.status.security is SecurityStatus.QUARANTINED
    assert "green tea" not in await _peer_texts(manager, agent, "green tea")


async def test_row4_rollback_keeps_quarantine_of_the_target_version(
    manager: MemoryManager, agent: str
) -> None:
    item = {
        "agent_id": agent,
        "category": "PREFERENCE",
        "key": "editor",
        "source": {"type": "explicit_save"},
    }
    first = await manager.add(OWNER, {**item, "messages": "Uses Emacs daily."})
    second = await manager.add(OWNER, {**item, "messages": "Uses Neovim daily."})
    await manager.quarantine(ADMIN, first.memory_id, "admin review of version 1")

    rolled = await manager.rollback(OWNER, second.memory_id, 1)

    assert rolled.status is not None and rolled.status.security is SecurityStatus.QUARANTINED


# -- row 8: one quota for every write path ----------------------------------------------------


def test_row8_manager_spends_the_write_quota() -> None:
    quota = WriteQuota(QuotaLimits(writes_per_minute=1, burst=1))
    quota.take("bob")
    with pytest.raises(QuotaExceeded):
        quota.take("bob")
    quota.take("alice")  # buckets are per requester


async def test_row8_quota_applies_to_the_manager(
    store: Neo4jStore, neo4j_settings: Settings, unique_id: str
) -> None:
    agent_id = f"atkq-{unique_id}"
    quota = WriteQuota(QuotaLimits(writes_per_minute=1, burst=2))
    manager = await MemoryManager.create(store, neo4j_settings, quota=quota)
    try:
        await manager.register_agent(OWNER, agent_id, OWNER)
        await manager.add(OWNER, {"agent_id": agent_id, "messages": "Alice likes tea."})
        with pytest.raises(QuotaExceeded):
            await manager.add(OWNER, {"agent_id": agent_id, "messages": "Alice likes jam."})
        # nothing was written by the refused call
        hits = await manager.search(OWNER, agent_id, "jam", limit=10)
        assert all("jam" not in h.text for h in hits)
    finally:
        await remove_agents(store, agent_id)


async def test_row8_mcp_shares_the_rest_quota(
    neo4j_settings: Settings, store: Neo4jStore, tmp_path: Path, unique_id: str
) -> None:
    import httpx

    agent_id = f"atkm-{unique_id}"
    limits = ApiLimits(writes_per_minute=1, burst=2)
    try:
        with served(adapter_settings(neo4j_settings, tmp_path), limits) as base_url:
            async with httpx.AsyncClient(base_url=base_url, timeout=60) as http:
                r = await http.post(
                    "/agents",
                    json={"agent_id": agent_id, "owner_id": KEYED_OWNER},
                    headers=auth(KEYED_OWNER),
                )
                assert r.status_code == 201
                r = await http.post(
                    "/memories",
                    headers=auth(KEYED_OWNER),
                    json={"agent_id": agent_id, "messages": "Alice likes tea."},
                )
                assert r.status_code == 201
                capped = await http.post(
                    "/memories",
                    headers=auth(KEYED_OWNER),
                    json={"agent_id": agent_id, "messages": "Alice likes jam."},
                )
                assert capped.status_code == 429
            async with _client(base_url, auth(KEYED_OWNER)) as client:
                add = {"agent_id": agent_id, "messages": "Alice likes marmalade."}
                assert "[ENTITLEMENT_CAP]" in _error(await client.call_tool("memory_add", add))
        rows = await store.execute(
            "MATCH (e:Episodic) WHERE e.group_id STARTS WITH $p AND e.content CONTAINS 'marmalade' "
            "RETURN count(e) AS n",
            {"p": f"agent-{agent_id}-"},
        )
        assert rows[0]["n"] == 0
    finally:
        await remove_agents(store, agent_id)


# -- row 10: secrets in reasons and evidence refs ---------------------------------------------


async def _ledger_texts(store: Neo4jStore, agent_id: str) -> str:
    rows = await store.execute(
        "MATCH (s:A4SStatus) WHERE s.group_id STARTS WITH $p RETURN properties(s) AS s",
        {"p": f"agent-{agent_id}-"},
    )
    audit = await store.execute(
        "MATCH (a:AuditEvent {agent_id: $a}) RETURN properties(a) AS a", {"a": agent_id}
    )
    return json.dumps([dict(r["s"]) for r in rows] + [dict(r["a"]) for r in audit], default=str)


async def test_row10_secret_in_quarantine_reason_is_not_stored(
    manager: MemoryManager, agent: str, store: Neo4jStore
) -> None:
    added = await manager.add(OWNER, {"agent_id": agent, "messages": "Alice likes tea."})
    status = await manager.quarantine(OWNER, added.memory_id, f"leaked token {TOKEN} in chat")
    assert status.status.security is SecurityStatus.QUARANTINED  # the quarantine itself happens
    assert TOKEN not in await _ledger_texts(store, agent)


async def test_row10_secret_in_evidence_ref_is_not_stored(
    manager: MemoryManager, agent: str, store: Neo4jStore
) -> None:
    added = await manager.add(
        OWNER,
        {
            "agent_id": agent,
            "messages": "Alice likes scones.",
            "source": {"type": "web_fetch", "ref": "https://e.org"},
        },
    )
    await manager.promote(
        ADMIN, added.memory_id, {"kind": "user_confirmation", "ref": f"chat {TOKEN}"}
    )
    assert TOKEN not in await _ledger_texts(store, agent)


async def test_row10_reason_is_bounded(manager: MemoryManager, agent: str) -> None:
    from a4s_memory.errors import InvalidRequest

    added = await manager.add(OWNER, {"agent_id": agent, "messages": "Alice likes figs."})
    with pytest.raises(InvalidRequest):
        await manager.quarantine(OWNER, added.memory_id, "x" * 5000)


# -- row 11: no self-promotion ----------------------------------------------------------------


async def test_row11_owner_cannot_promote_its_own_write(manager: MemoryManager, agent: str) -> None:
    added = await manager.add(
        OWNER,
        {
            "agent_id": agent,
            "messages": "Alice likes oolong tea.",
            "source": {"type": "web_fetch", "ref": "https://e.org/t"},
        },
    )
    assert added.status.truth is TruthStatus.UNVERIFIED
    for evidence in (
        {"kind": "user_confirmation", "ref": "i-say-so"},
        {"kind": "probe", "ref": "probe-1"},
        {"kind": "policy", "ref": "p-1"},
    ):
        with pytest.raises(AccessDenied):
            await manager.promote(OWNER, added.memory_id, evidence)
    assert "oolong" not in await _peer_texts(manager, agent, "oolong tea")


async def test_row11_a_second_principal_promotes_and_it_is_audited(
    manager: MemoryManager, agent: str
) -> None:
    added = await manager.add(
        OWNER,
        {
            "agent_id": agent,
            "messages": "Alice likes rooibos tea.",
            "source": {"type": "web_fetch", "ref": "https://e.org/r"},
        },
    )
    promoted = await manager.promote(
        ADMIN, added.memory_id, {"kind": "user_confirmation", "ref": "ticket-42"}
    )
    assert promoted.status.truth is TruthStatus.SUPPORTED
    assert "rooibos" in await _peer_texts(manager, agent, "rooibos tea")
    events = await manager.audit(ADMIN, agent, action="promote")
    assert events and events[-1].requester_id == ADMIN
    details: dict[str, Any] = dict(events[-1].details or {})
    assert details.get("evidence_user_confirmation") == 1
    assert str(events[-1].content_hash).startswith("sha256:")  # the ref's hash, never its text
