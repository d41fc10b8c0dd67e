"""What an import may keep from its file (issue 12).

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
"""

from __future__ import annotations

import json
from typing import Any, Final

from a4s_memory.contract import TruthStatus

__all__ = ["demote"]

_LOWEST_TRUST_RANK: Final = 1  # status_ledger.TRUST_RANK["low"]
_STAMPED: Final = frozenset({"episode", "entity", "edge", "ledger"})


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
