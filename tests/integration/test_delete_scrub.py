"""Issue 5 / the memory spec deletion rules: no orphan, no quoting summary, bulk clear/forget, audited by
metadata only."""

from __future__ import annotations

import pytest

from a4s_memory.errors import AccessDenied, InvalidRequest
from a4s_memory.manager import MemoryManager
from a4s_memory.spaces import group_id
from a4s_memory.store.db import Neo4jStore
from tests.integration.audit_support import OWNER, events, make_manager_fixture

lifecycle = make_manager_fixture("del")

_ORPHANS = """
MATCH (n:Entity) WHERE n.group_id = $g AND NOT EXISTS { (n)-[:RELATES_TO]-() }
  AND NOT EXISTS { (:Episodic)-[:MENTIONS]->(n) }
RETURN n.name AS name
"""


async def test_delete_leaves_no_orphan_and_no_quoting_summary(
    lifecycle: tuple[MemoryManager, str], store: Neo4jStore
) -> None:
    manager, agent = lifecycle
    gid = group_id(agent, "public")
    gone = await manager.add(OWNER, {"agent_id": agent, "messages": "Alice prefers jasmine tea."})
    await manager.add(OWNER, {"agent_id": agent, "messages": "Alice uses Neovim."})
    # What an LLM summariser does: quote the episode in the entity summary.
    await store.execute(
        "MATCH (n:Entity {name: 'Alice'}) WHERE n.group_id = $g "
        "SET n.summary = 'Alice prefers jasmine tea. Alice uses Neovim.'",
        {"g": gid},
    )
    result = await manager.delete(OWNER, gone.memory_id)
    assert result.scrubbed_summaries == 1 and result.audit_id
    rows = await store.execute(
        "MATCH (n:Entity) WHERE n.group_id = $g RETURN n.name AS name, n.summary AS summary",
        {"g": gid},
    )
    names = {r["name"]: r["summary"] for r in rows}
    assert "Alice" in names and "jasmine" not in (names["Alice"] or "")
    assert not any("jasmine" in n for n in names)
    assert await store.execute(_ORPHANS, {"g": gid}) == []
    delete_event = (await events(store, agent))[-1]
    assert delete_event["action"] == "delete" and "jasmine" not in str(delete_event)
    with pytest.raises(AccessDenied):
        await manager.delete(
            "stranger",
            (
                await manager.add(OWNER, {"agent_id": agent, "messages": "Bea likes chess."})
            ).memory_id,
        )


async def test_forget_and_clear(lifecycle: tuple[MemoryManager, str], store: Neo4jStore) -> None:
    manager, agent = lifecycle
    for text, vis in (
        ("Alice prefers tea.", "public"),
        ("Alice uses Neovim.", "private"),
        ("Bob prefers coffee.", "public"),
    ):
        await manager.add(OWNER, {"agent_id": agent, "messages": text, "visibility": vis})
    with pytest.raises(InvalidRequest):
        await manager.forget(OWNER, agent, " ")
    forgotten = await manager.forget(OWNER, agent, "NEOVIM")
    assert forgotten.deleted == 1
    assert not [h for h in await manager.search(OWNER, agent, "Neovim") if "Neovim" in h.text]
    event = (await events(store, agent))[-2]  # then the search above
    assert event["action"] == "bulk_delete" and event["count"] == 1
    assert "neovim" not in str(event).casefold() and str(event["query_hash"]).startswith("sha256:")
    with pytest.raises(AccessDenied):
        await manager.clear("stranger", agent)
    cleared = await manager.clear(OWNER, agent, "public")
    assert cleared.deleted == 2
    left = await store.execute(
        "MATCH (n) WHERE n.group_id = $g RETURN count(n) AS n", {"g": group_id(agent, "public")}
    )
    assert left[0]["n"] == 0
