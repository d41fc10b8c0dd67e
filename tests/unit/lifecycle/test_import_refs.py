"""Issue 12: every reference of an import resolves to a record of the same file, kind and space."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from a4s_memory.errors import InvalidRequest
from a4s_memory.lifecycle.import_refs import resolve_references
from a4s_memory.store.versions import item_id

PUB, PRIV = "agent-a1-public", "agent-a1-private"
GROUPS = [PRIV, PUB]
ITEM = item_id(PUB, "PREFERENCE", "style")


def _file() -> list[dict[str, Any]]:
    return [
        {"type": "header"},
        {
            "type": "ledger",
            "props": {"uuid": "ep1", "kind": "episode", "group_id": PUB, "state": "committed"},
        },
        {"type": "ledger", "props": {"uuid": "n1", "kind": "entity", "group_id": PUB}},
        {"type": "entity", "labels": ["Entity"], "props": {"uuid": "n1", "group_id": PUB}},
        {"type": "entity", "labels": ["Entity"], "props": {"uuid": "n2", "group_id": PUB}},
        {"type": "entity", "labels": ["Entity"], "props": {"uuid": "n3", "group_id": PRIV}},
        {"type": "episode", "props": {"uuid": "ep1", "group_id": PUB, "entity_edges": ["e1"]}},
        {
            "type": "mention",
            "source": "ep1",
            "target": "n1",
            "props": {"uuid": "m1", "group_id": PUB},
        },
        {
            "type": "edge",
            "source": "n1",
            "target": "n2",
            "props": {
                "uuid": "e1",
                "group_id": PUB,
                "episodes": ["ep1"],
                "source_node_uuid": "n1",
                "target_node_uuid": "n2",
            },
        },
        {
            "type": "item",
            "props": {
                "item_id": ITEM,
                "group_id": PUB,
                "category": "PREFERENCE",
                "key": "style",
                "current_memory_id": "ep1",
            },
        },
        {
            "type": "version",
            "props": {
                "item_id": ITEM,
                "memory_id": "ep1",
                "group_id": PUB,
                "agent_id": "a1",
                "version": 1,
            },
        },
        {"type": "signature", "mac": "x"},
    ]


def _find(records: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    return next(r for r in records if r["type"] == kind)


def test_a_consistent_file_passes_unchanged_and_names_every_id_it_creates() -> None:
    records = _file()
    resolved = resolve_references(copy.deepcopy(records), GROUPS, "a1")
    assert resolved.records == records
    assert resolved.ids == sorted(["ep1", "n1", "n2", "n3", "m1", "e1", ITEM])


def _set(kind: str, **changes: Any) -> Callable[[list[dict[str, Any]]], None]:
    def apply(records: list[dict[str, Any]]) -> None:
        record = _find(records, kind)
        for key, value in changes.items():
            (record if key in ("source", "target") else record["props"])[key] = value

    return apply


def _append(record: dict[str, Any]) -> Callable[[list[dict[str, Any]]], None]:
    return lambda records: records.append(record)


BROKEN = {
    "mention to a foreign entity": _set("mention", target="alice-entity"),
    "mention from a foreign episode": _set("mention", source="alice-episode"),
    "mention across spaces": _set("mention", target="n3"),
    "mention to an episode id": _set("mention", target="ep1"),
    "edge to a foreign entity": _set("edge", target="alice-entity"),
    "edge endpoint property disagrees": _set("edge", source_node_uuid="alice-entity"),
    "ledger for a foreign element": _append(
        {"type": "ledger", "props": {"uuid": "alice-entity", "kind": "entity", "group_id": PUB}}
    ),
    "ledger of the wrong kind": _append(
        {"type": "ledger", "props": {"uuid": "e1", "kind": "entity", "group_id": PUB}}
    ),
    "ledger in the other space": _append(
        {"type": "ledger", "props": {"uuid": "n2", "kind": "entity", "group_id": PRIV}}
    ),
    "ledger for a committed foreign episode": _append(
        {
            "type": "ledger",
            "props": {
                "uuid": "alice-episode",
                "kind": "episode",
                "group_id": PUB,
                "state": "committed",
            },
        }
    ),
    "ledger of an unknown kind": _append(
        {"type": "ledger", "props": {"uuid": "n2", "kind": "agent", "group_id": PUB}}
    ),
    "two ledger entries": _append(
        {"type": "ledger", "props": {"uuid": "n1", "kind": "entity", "group_id": PUB}}
    ),
    "duplicate element id": _append(
        {"type": "entity", "labels": ["Entity"], "props": {"uuid": "ep1", "group_id": PUB}}
    ),
    "element without id": _append(
        {"type": "entity", "labels": ["Entity"], "props": {"group_id": PUB}}
    ),
    "element in a foreign space": _append(
        {"type": "episode", "props": {"uuid": "x", "group_id": "agent-alice-public"}}
    ),
    "mention without a space": _append(
        {"type": "mention", "source": "ep1", "target": "n1", "props": {"uuid": "m2"}}
    ),
    "item id not derived": _set("item", item_id="item-alice"),
    "item current memory foreign": _set("item", current_memory_id="alice-episode"),
    "version of a foreign memory": _set("version", memory_id="alice-episode"),
    "version of a foreign item": _set("version", item_id="item-alice"),
    "version of another agent": _set("version", agent_id="alice"),
    "two versions in one position": _append(
        {
            "type": "version",
            "props": {
                "item_id": ITEM,
                "memory_id": "ep1",
                "group_id": PUB,
                "agent_id": "a1",
                "version": 1,
            },
        }
    ),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_reference_outside_the_file_refuses_the_import(case: str) -> None:
    records = _file()
    BROKEN[case](records)
    with pytest.raises(InvalidRequest) as refused:
        resolve_references(records, GROUPS, "a1")
    assert "alice" not in refused.value.detail  # names the record kind, never its content


def test_stale_list_entries_are_dropped_not_followed() -> None:
    records = _file()
    _find(records, "edge")["props"]["episodes"] = ["ep1", "alice-episode", "n1"]
    _find(records, "episode")["props"]["entity_edges"] = ["e1", "alice-edge", "m1"]
    resolved = resolve_references(records, GROUPS, "a1")
    assert _find(resolved.records, "edge")["props"]["episodes"] == ["ep1"]
    assert _find(resolved.records, "episode")["props"]["entity_edges"] == ["e1"]
    assert "alice-episode" not in resolved.ids and "alice-edge" not in resolved.ids


def test_a_pending_ledger_entry_without_its_episode_is_left_out() -> None:
    pending = {
        "type": "ledger",
        "props": {"uuid": "ep9", "kind": "episode", "group_id": PUB, "state": "pending"},
    }
    resolved = resolve_references([*_file(), pending], GROUPS, "a1")
    assert pending not in resolved.records and "ep9" not in resolved.ids


def test_a_reference_list_that_is_not_a_list_keeps_nothing() -> None:
    records = _file()
    _find(records, "edge")["props"]["episodes"] = "ep1"
    resolved = resolve_references(records, GROUPS, "a1")
    assert _find(resolved.records, "edge")["props"]["episodes"] == []
