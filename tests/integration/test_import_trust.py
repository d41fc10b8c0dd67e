"""Issue 12 item 12: only a file this server signed (for this agent and owner) restores statuses
and provenance; an unsigned, tampered or foreign-key file is imported as unverified, written by
the importer, never cleaner/more visible/fresher than it says, and audited as ``verified: false``.
"""

from __future__ import annotations

import json
import stat
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr, ValidationError

from a4s_memory.config import Settings
from a4s_memory.manager import MemoryManager
from a4s_memory.policy import ContextPolicy
from a4s_memory.spaces import spaces_of
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.export_signing import ExportKey
from tests.integration.audit_support import (
    ADMIN,
    OWNER,
    events,
    make_manager_fixture,
    wipe_memory,
)

lifecycle = make_manager_fixture("trust")
Records = list[dict[str, Any]]
AXES = ("retrieval_status", "security_status", "freshness_status", "sensitivity", "expires_at")

_STATES = """
CALL () {
  MATCH (n) WHERE (n:Episodic OR n:Entity OR n:A4SStatus) AND n.group_id IN $g
  RETURN n.uuid AS uuid, properties(n) AS p
  UNION ALL
  MATCH ()-[e:RELATES_TO]->() WHERE e.group_id IN $g RETURN e.uuid AS uuid, properties(e) AS p
  UNION ALL
  MATCH (v:A4SVersion) WHERE v.group_id IN $g
  RETURN v.memory_id + '#v' AS uuid, properties(v) AS p
}
RETURN uuid, p
"""


async def _states(store: Neo4jStore, agent: str) -> dict[str, dict[str, Any]]:
    rows = await store.execute(_STATES, {"g": list(spaces_of(agent).values())})
    out: dict[str, dict[str, Any]] = {}
    for row in rows:  # an element and its ledger entry share a uuid: keep both
        key = row["uuid"] + ("#ledger" if "kind" in row["p"] else "")
        out[key] = dict(row["p"])
    return out


async def _seed(manager: MemoryManager, agent: str) -> Records:
    await manager.add(OWNER, {"agent_id": agent, "messages": "Alice prefers tea."})
    bad = await manager.add(OWNER, {"agent_id": agent, "messages": "Alice prefers coffee."})
    await manager.quarantine(ADMIN, bad.memory_id, "admin review")
    item = {
        "agent_id": agent,
        "category": "preference",
        "key": "style",
        "source": {"type": "explicit_save"},
    }
    await manager.add(OWNER, {**item, "messages": "short answers"})
    await manager.add(OWNER, {**item, "messages": "long answers"})
    return [json.loads(json.dumps(r)) async for r in manager.export_agent(OWNER, agent)]


def _unsigned(records: Records) -> Records:
    return [r for r in records if r["type"] != "signature"]


def _tampered(records: Records) -> Records:
    out = json.loads(json.dumps(records))
    for record in out:
        if record["type"] == "ledger":
            record["props"]["a4s_written_by"] = "someone-else"
    return out


async def _foreign_key(records: Records) -> Records:
    """The same content signed by another server's key."""
    from a4s_memory.store.export_signing import ExportMac

    mac = ExportMac(await ExportKey(SecretStr("k" * 40), Path("unused")).get())
    body = _unsigned(records)
    for record in body:
        mac.add(record)
    return [*body, mac.record()]


@pytest.mark.parametrize("variant", ["unsigned", "tampered", "foreign-key"])
async def test_an_unproven_file_is_imported_as_unverified_by_the_importer(
    lifecycle: tuple[MemoryManager, str], store: Neo4jStore, variant: str
) -> None:
    manager, agent = lifecycle
    exported = await _seed(manager, agent)
    before = await _states(store, agent)
    assert any(p.get("truth_status") == "supported" for p in before.values())
    assert any(p.get("security_status") == "quarantined" for p in before.values())
    records = {"unsigned": _unsigned(exported), "tampered": _tampered(exported)}.get(variant)
    records = records if records is not None else await _foreign_key(exported)
    await wipe_memory(store, agent)

    report = await manager.import_agent(OWNER, agent, records)
    assert report.verified is False
    after = await _states(store, agent)
    assert after.keys() == before.keys()
    for key, props in after.items():
        old = before[key]
        assert props.get("truth_status") != "supported", key
        if old.get("truth_status") in ("contradicted", "superseded"):
            assert props["truth_status"] == old["truth_status"]  # never more trusted
        assert {a: props.get(a) for a in AXES} == {a: old.get(a) for a in AXES}, key
        writer = "written_by" if key.endswith("#v") else "a4s_written_by"
        if writer in old:
            assert props[writer] == OWNER  # the importer, never the file's claim
        if "a4s_decision_id" in old:
            assert props["a4s_decision_id"] == report.audit_id
        if "status_json" in old:
            assert json.loads(props["status_json"])["truth_status"] != "supported"
    # Nothing unverified reaches the default policy; the owner can still review it.
    assert await manager.search(OWNER, agent, "Alice tea", limit=20) == []
    review = await manager.search(
        OWNER, agent, "Alice", limit=20, policy=ContextPolicy.owner_review()
    )
    assert review and all(h.status.truth.value != "supported" for h in review)
    imported = [e for e in await events(store, agent) if e["action"] == "import"]
    assert json.loads(imported[-1]["details"]) == {"verified": False}


async def test_a_signed_file_restores_statuses_and_is_audited_as_verified(
    lifecycle: tuple[MemoryManager, str], store: Neo4jStore
) -> None:
    manager, agent = lifecycle
    exported = await _seed(manager, agent)
    assert exported[-1]["type"] == "signature" and exported[-1]["alg"] == "HMAC-SHA256"
    before = await _states(store, agent)
    await wipe_memory(store, agent)
    report = await manager.import_agent(OWNER, agent, exported)
    assert report.verified is True
    assert await _states(store, agent) == before
    imported = [e for e in await events(store, agent) if e["action"] == "import"]
    assert json.loads(imported[-1]["details"]) == {"verified": True}


def test_the_generated_key_is_created_once_private_and_reused(tmp_path: Path) -> None:
    import asyncio

    path = tmp_path / "state" / "export.key"
    first = asyncio.run(ExportKey(None, path).get())
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert asyncio.run(ExportKey(None, path).get()) == first and len(first) == 64
    assert [p.name for p in path.parent.iterdir()] == ["export.key"]  # no draft left behind
    assert asyncio.run(ExportKey(SecretStr("x" * 32), path).get()) == b"x" * 32


def test_a_short_export_key_is_refused() -> None:
    with pytest.raises(ValidationError):
        Settings(export_key=SecretStr("short"))
    assert Settings(data_dir=Path("/srv/a4s")).export_key_file == Path("/srv/a4s/export.key")


_FACT = "MATCH ()-[e:RELATES_TO]->() WHERE e.group_id IN $g AND e.fact = $f RETURN e.uuid AS u"
SAFETY = ("security_status", "override_security", "truth_status", "retrieval_status")


@pytest.mark.parametrize("signed", [True, False])
async def test_a_quarantine_recorded_after_the_backup_survives_its_restore(
    lifecycle: tuple[MemoryManager, str], store: Neo4jStore, signed: bool
) -> None:
    manager, agent = lifecycle
    await manager.add(OWNER, {"agent_id": agent, "messages": "Alice prefers tea."})
    coffee = await manager.add(OWNER, {"agent_id": agent, "messages": "Bob prefers coffee."})
    backup = [json.loads(json.dumps(r)) async for r in manager.export_agent(OWNER, agent)]
    fact = await store.execute(
        _FACT, {"g": list(spaces_of(agent).values()), "f": "Alice prefers tea"}
    )
    await manager.quarantine(ADMIN, coffee.memory_id, "admin review")  # an episode
    await manager.quarantine(ADMIN, fact[0]["u"], "admin review")  # a fact (override entry)
    before = await _states(store, agent)
    await wipe_memory(store, agent)

    report = await manager.import_agent(OWNER, agent, backup if signed else _unsigned(backup))
    assert report.verified is signed
    after = await _states(store, agent)
    assert after.keys() == before.keys()
    for key, props in after.items():
        for axis in SAFETY[:2]:
            assert props.get(axis) == before[key].get(axis), (key, axis)
        if signed:
            assert {a: props.get(a) for a in SAFETY} == {a: before[key].get(a) for a in SAFETY}
    assert not await manager.search(OWNER, agent, "coffee", limit=20)
    hits = await manager.search(OWNER, agent, "Alice tea", limit=20)
    assert fact[0]["u"] not in {h.uuid for h in hits}
    assert bool(hits) is signed  # the tea episode itself stays clean (and supported if signed)
