"""What an import may keep from its file.

A *verified* import (signature valid under this server's key, header naming the same agent and
the same owner) restores statuses and provenance exactly: that is what a backup is for.

Any other file (unsigned, a bad signature, an export made by another owner) states its statuses
and provenance without proof, so :func:`demote` rewrites every record before it is written:

* truth is never above ``unverified``: ``supported`` (also a ledger ``override_truth`` and a
  version's status snapshot, which a rollback would restore) becomes ``unverified``; a
  ``contradicted`` or ``superseded`` value stays (never *more* trusted than the file says);
* the other axes (retrieval, security, freshness, sensitivity, expiry) stay as the file says:
  never cleaner, more visible or fresher than the file; a quarantined memory stays quarantined;
* the importer becomes the writer (``a4s_written_by``, a version's ``written_by``), the import's
  audit event the decision (``a4s_decision_id``), and a ledger entry's trust rank is the lowest.

For every file, verified or not, :func:`keep_quarantined` makes sure a quarantine survives a
restore: an element the agent's audit chain records as quarantined (by its owner, an admin or a
sentinel; no transition lifts a quarantine) is imported quarantined even when the file, e.g. a
backup taken before the quarantine, says otherwise.

For an unverified file, :func:`keep_suspicious` imports the episodes a soft screen read as
poisoning (the vector screen: lifecycle/import_vectors.py) suspicious, as a write through the API
would have been stored: lowered from clean only, the rules' ids added to ``a4s_flagged_by``.
"""

from __future__ import annotations

import json
from typing import Any, Final

from a4s_memory.contract import SecurityStatus, TruthStatus

__all__ = ["Restamp", "demote", "keep_quarantined", "keep_suspicious", "merged"]

_LOWEST_TRUST_RANK: Final = 1  # status_ledger.TRUST_RANK["low"]
_STAMPED: Final = frozenset({"episode", "entity", "edge", "ledger"})
_QUARANTINED: Final = SecurityStatus.QUARANTINED.value
_CLEAN: Final = SecurityStatus.CLEAN.value
_SUSPICIOUS: Final = SecurityStatus.SUSPICIOUS.value
_BLOCKED: Final = frozenset({SecurityStatus.QUARANTINED.value, SecurityStatus.MALICIOUS.value})
# group_id -> (episodes, entities, edges) whose stamps must be recomputed after the write.
Restamp = dict[str, tuple[set[str], set[str], set[str]]]


def _capped(truth: Any) -> Any:
    return TruthStatus.UNVERIFIED.value if truth == TruthStatus.SUPPORTED.value else truth


def _snapshot(raw: Any) -> Any:
    try:
        snap = json.loads(raw)
    except (TypeError, ValueError):
        return raw  # a damaged snapshot restores nothing (rollback fails closed on it)
    if not isinstance(snap, dict):
        return raw
    snap["truth_status"] = _capped(snap.get("truth_status"))
    return json.dumps(snap, sort_keys=True)


def demote(record: dict[str, Any], writer: str, decision_id: str | None) -> dict[str, Any]:
    """``record`` as an unverified import writes it (a new dict; the input is not changed)."""
    kind = record.get("type")
    props = dict(record.get("props") or {})
    if kind in _STAMPED:
        for field in ("truth_status", "override_truth"):
            if field in props:
                props[field] = _capped(props[field])
        episode_entry = kind == "ledger" and props.get("kind") == "episode"
        if episode_entry or "a4s_written_by" in props:
            props["a4s_written_by"] = writer
        if episode_entry or "a4s_decision_id" in props:
            props["a4s_decision_id"] = decision_id
        if "trust_rank" in props or episode_entry:
            props["trust_rank"] = _LOWEST_TRUST_RANK
    elif kind == "version":
        props["written_by"] = writer
        if "status_json" in props:
            props["status_json"] = _snapshot(props["status_json"])
    return {**record, "props": props}


def _worsened(props: dict[str, Any], field: str) -> dict[str, Any]:
    return props if props.get(field) in _BLOCKED else {**props, field: _QUARANTINED}


def keep_quarantined(
    records: list[dict[str, Any]], quarantined: set[str]
) -> tuple[list[dict[str, Any]], Restamp]:
    """Quarantine the ledger entries of the ``quarantined`` elements (adding an override entry
    where an entity or fact has none) and say which stamps to recompute (the element and, for an
    episode, the entities it mentions and the facts it supports)."""
    elements = {
        r["props"]["uuid"]: r
        for r in records
        if r.get("type") in ("episode", "entity", "edge") and r["props"]["uuid"] in quarantined
    }
    if not elements:
        return records, {}
    out: list[dict[str, Any]] = []
    has_entry: set[str] = set()
    for record in records:
        props = record.get("props") or {}
        if record.get("type") == "ledger" and props.get("uuid") in elements:
            has_entry.add(props["uuid"])
            field = "security_status" if props.get("kind") == "episode" else "override_security"
            record = {**record, "props": _worsened(dict(props), field)}
        out.append(record)
    for uuid, element in elements.items():
        if uuid not in has_entry and element["type"] != "episode":  # an episode always has one
            out.append(
                {
                    "type": "ledger",
                    "props": {
                        "uuid": uuid,
                        "kind": element["type"],
                        "group_id": element["props"]["group_id"],
                        "state": "committed",
                        "override_security": _QUARANTINED,
                    },
                }
            )
    return out, _restamp_plan(out, elements)


def keep_suspicious(
    records: list[dict[str, Any]], flagged: dict[str, list[str]]
) -> tuple[list[dict[str, Any]], Restamp]:
    """Lower the ledger entries of the ``flagged`` episodes (uuid -> ids of the soft rules that
    read it) from clean to suspicious, naming the rules in ``a4s_flagged_by``; say which stamps to
    recompute. An entry that is not clean (suspicious already, quarantined) is left as it is."""
    out: list[dict[str, Any]] = []
    lowered: set[str] = set()
    for record in records:
        props = record.get("props") or {}
        uuid = props.get("uuid")
        if (
            record.get("type") == "ledger"
            and props.get("kind") == "episode"
            and uuid in flagged
            and props.get("security_status") == _CLEAN
        ):
            named = [str(r) for r in props.get("a4s_flagged_by") or []]
            named += [r for r in flagged[uuid] if r not in named]
            record = {
                **record,
                "props": {**props, "security_status": _SUSPICIOUS, "a4s_flagged_by": named},
            }
            lowered.add(uuid)
        out.append(record)
    elements = {
        r["props"]["uuid"]: r
        for r in out
        if r.get("type") == "episode" and r["props"].get("uuid") in lowered
    }
    return out, _restamp_plan(out, elements) if elements else {}


def merged(first: Restamp, second: Restamp) -> Restamp:
    """One plan holding both plans' elements."""
    out: Restamp = {g: (set(a), set(b), set(c)) for g, (a, b, c) in first.items()}
    for group, (episodes, entities, edges) in second.items():
        mine = out.setdefault(group, (set(), set(), set()))
        mine[0].update(episodes)
        mine[1].update(entities)
        mine[2].update(edges)
    return out


def _restamp_plan(records: list[dict[str, Any]], elements: dict[str, dict[str, Any]]) -> Restamp:
    plan: Restamp = {}
    for uuid, element in elements.items():
        group = element["props"]["group_id"]
        episodes, entities, edges = plan.setdefault(group, (set(), set(), set()))
        {"episode": episodes, "entity": entities, "edge": edges}[element["type"]].add(uuid)
    for record in records:
        props = record.get("props") or {}
        group = props.get("group_id")
        if group not in plan:
            continue
        episodes, entities, edges = plan[group]
        if record.get("type") == "mention" and record.get("source") in episodes:
            entities.add(record["target"])
        elif record.get("type") == "edge" and episodes & set(props.get("episodes") or []):
            edges.add(props["uuid"])
    return plan
