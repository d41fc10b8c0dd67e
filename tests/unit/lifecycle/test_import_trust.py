"""Issue 12: signed exports, and what an unverified import keeps of its file."""

from __future__ import annotations

import json
from typing import Any

import pytest

from a4s_memory.store.export_signing import ExportMac, signature_valid
from a4s_memory.store.import_trust import demote, keep_quarantined, keep_suspicious, merged

KEY = b"k" * 32


def _signed(records: list[dict[str, Any]], key: bytes = KEY) -> list[dict[str, Any]]:
    mac = ExportMac(key)
    for record in records:
        mac.add(record)
    return [*records, mac.record()]


BODY = [
    {"type": "header", "agent_id": "a1", "owner_id": "o1", "groups": ["g"]},
    {
        "type": "episode",
        "props": {
            "content": "Ada prefers jasmine tea \u00e9",
            "score": 0.1 + 0.2,
            "name_embedding": [1e-308, -0.0, 3.141592653589793],
        },
    },
]


def test_a_signed_file_verifies_after_a_json_round_trip() -> None:
    lines = [json.dumps(r, sort_keys=True) for r in _signed(BODY)]
    assert signature_valid(KEY, [json.loads(line) for line in lines])


def _tamper_text(r: list[dict[str, Any]]) -> None:
    r[1]["props"]["content"] = "Ada prefers coffee"


def _tamper_owner(r: list[dict[str, Any]]) -> None:
    r[0]["owner_id"] = "o2"


def _tamper_float(r: list[dict[str, Any]]) -> None:
    r[1]["props"]["name_embedding"][2] = 3.14159265358979


def _drop_record(r: list[dict[str, Any]]) -> None:
    del r[1]


def _reorder(r: list[dict[str, Any]]) -> None:
    r[0], r[1] = r[1], r[0]


def _add_record(r: list[dict[str, Any]]) -> None:
    r.insert(1, {"type": "episode", "props": {}})


def _strip_signature(r: list[dict[str, Any]]) -> None:
    r.pop()


def _signature_first(r: list[dict[str, Any]]) -> None:
    r.insert(0, r.pop())


def _second_signature(r: list[dict[str, Any]]) -> None:
    r.insert(1, dict(r[-1]))


def _other_algorithm(r: list[dict[str, Any]]) -> None:
    r[-1]["alg"] = "none"


def _mac_not_text(r: list[dict[str, Any]]) -> None:
    r[-1]["mac"] = 0


TAMPERED = [
    _tamper_text,
    _tamper_owner,
    _tamper_float,
    _drop_record,
    _reorder,
    _add_record,
    _strip_signature,
    _signature_first,
    _second_signature,
    _other_algorithm,
    _mac_not_text,
]


@pytest.mark.parametrize("tamper", TAMPERED, ids=lambda f: f.__name__)
def test_any_change_breaks_the_signature(tamper: Any) -> None:
    records = json.loads(json.dumps(_signed(BODY)))
    tamper(records)
    assert not signature_valid(KEY, records)


def test_another_servers_key_does_not_verify() -> None:
    assert not signature_valid(b"other-key" * 4, _signed(BODY))
    assert not signature_valid(KEY, [])


def test_demote_caps_truth_and_replaces_provenance_but_keeps_every_other_axis() -> None:
    ledger = {
        "type": "ledger",
        "props": {
            "uuid": "ep1",
            "kind": "episode",
            "truth_status": "supported",
            "security_status": "quarantined",
            "retrieval_status": "restricted",
            "freshness_status": "stale",
            "sensitivity": "confidential",
            "a4s_written_by": "alice",
            "a4s_decision_id": "d0",
            "trust_rank": 3,
            "a4s_source_type": "user_message",
        },
    }
    out = demote(ledger, "bob", "ev1")["props"]
    assert out["truth_status"] == "unverified" and out["trust_rank"] == 1
    assert (out["a4s_written_by"], out["a4s_decision_id"]) == ("bob", "ev1")
    kept = (
        "security_status",
        "retrieval_status",
        "freshness_status",
        "sensitivity",
        "a4s_source_type",
    )
    assert {k: out[k] for k in kept} == {k: ledger["props"][k] for k in kept}
    assert ledger["props"]["truth_status"] == "supported"  # the input is not changed


@pytest.mark.parametrize("truth", ["contradicted", "superseded", "unverified"])
def test_demote_never_raises_truth(truth: str) -> None:
    edge = {"type": "edge", "props": {"truth_status": truth, "a4s_written_by": "alice"}}
    assert demote(edge, "bob", None)["props"]["truth_status"] == truth


def test_demote_caps_overrides_and_version_snapshots() -> None:
    override = {
        "type": "ledger",
        "props": {"uuid": "n1", "kind": "entity", "override_truth": "supported"},
    }
    out = demote(override, "bob", "ev1")["props"]
    assert out["override_truth"] == "unverified" and "a4s_written_by" not in out
    snapshot = json.dumps({"truth_status": "supported", "security_status": "quarantined"})
    version = {"type": "version", "props": {"written_by": "alice", "status_json": snapshot}}
    vout = demote(version, "bob", "ev1")["props"]
    assert vout["written_by"] == "bob"
    assert json.loads(vout["status_json"]) == {
        "truth_status": "unverified",
        "security_status": "quarantined",
    }
    damaged = {"type": "version", "props": {"status_json": "{not json"}}
    assert demote(damaged, "bob", None)["props"]["status_json"] == "{not json"


def test_demote_leaves_records_without_statuses_alone() -> None:
    mention = {"type": "mention", "source": "ep1", "target": "n1", "props": {"uuid": "m1"}}
    assert demote(mention, "bob", "ev1") == mention
    entity = {"type": "entity", "props": {"uuid": "n1", "name": "Ada"}}
    assert demote(entity, "bob", "ev1") == entity


def _backup() -> list[dict[str, Any]]:
    g = "agent-a1-public"
    return [
        {
            "type": "ledger",
            "props": {"uuid": "ep1", "kind": "episode", "group_id": g, "security_status": "clean"},
        },
        {
            "type": "ledger",
            "props": {
                "uuid": "n1",
                "kind": "entity",
                "group_id": g,
                "override_security": "malicious",
            },
        },
        {"type": "episode", "props": {"uuid": "ep1", "group_id": g}},
        {"type": "entity", "props": {"uuid": "n1", "group_id": g}},
        {"type": "entity", "props": {"uuid": "n2", "group_id": g}},
        {"type": "mention", "source": "ep1", "target": "n2", "props": {"group_id": g}},
        {
            "type": "edge",
            "source": "n1",
            "target": "n2",
            "props": {"uuid": "e1", "group_id": g, "episodes": ["ep1"]},
        },
        {
            "type": "edge",
            "source": "n1",
            "target": "n2",
            "props": {"uuid": "e2", "group_id": g, "episodes": ["ep9"]},
        },
    ]


def test_keep_quarantined_never_lifts_a_recorded_quarantine() -> None:
    records = _backup()
    out, plan = keep_quarantined(records, {"ep1", "n1", "e2", "gone"})
    ledger = {r["props"]["uuid"]: r["props"] for r in out if r["type"] == "ledger"}
    assert ledger["ep1"]["security_status"] == "quarantined"
    assert ledger["n1"]["override_security"] == "malicious"  # already worse: kept
    assert ledger["e2"] == {
        "uuid": "e2",
        "kind": "edge",
        "group_id": "agent-a1-public",
        "state": "committed",
        "override_security": "quarantined",
    }
    # The episode's dependents are re-stamped too (n2 through its mention, e1 through support).
    assert plan == {"agent-a1-public": ({"ep1"}, {"n1", "n2"}, {"e1", "e2"})}
    assert records == _backup()  # the input is not changed


def test_keep_quarantined_without_recorded_quarantines_changes_nothing() -> None:
    assert keep_quarantined(_backup(), {"unrelated"}) == (_backup(), {})


def test_keep_suspicious_lowers_a_clean_episode_and_names_the_rule() -> None:
    records = _backup()
    records[0]["props"]["a4s_flagged_by"] = ["inj.self_verification"]
    out, plan = keep_suspicious(records, {"ep1": ["model.standing_rule_vector"], "n1": ["x"]})
    ledger = {r["props"]["uuid"]: r["props"] for r in out if r["type"] == "ledger"}
    assert ledger["ep1"]["security_status"] == "suspicious"
    assert ledger["ep1"]["a4s_flagged_by"] == [
        "inj.self_verification",
        "model.standing_rule_vector",
    ]
    assert ledger["n1"] == _backup()[1]["props"]  # an entity's entry is not an episode's
    assert plan == {"agent-a1-public": ({"ep1"}, {"n2"}, {"e1"})}
    assert records[0]["props"]["security_status"] == "clean"  # the input is not changed


@pytest.mark.parametrize("security", ["suspicious", "quarantined", "malicious"])
def test_keep_suspicious_never_raises_security(security: str) -> None:
    records = _backup()
    records[0]["props"]["security_status"] = security
    out, plan = keep_suspicious(records, {"ep1": ["model.standing_rule_vector"]})
    assert out == records and plan == {}


def test_merged_plans_hold_both() -> None:
    first = {"g": ({"ep1"}, set(), {"e1"})}
    second = {"g": ({"ep2"}, {"n1"}, set()), "h": ({"ep3"}, set(), set())}
    assert merged(first, second) == {
        "g": ({"ep1", "ep2"}, {"n1"}, {"e1"}),
        "h": ({"ep3"}, set(), set()),
    }
    assert first == {"g": ({"ep1"}, set(), {"e1"})}  # the inputs are not changed
