"""GET /memories/{id}: one episode, its provenance and the facts it supports, as the reader may
see it. The owner sees everything stored; anyone else sees the episode only when the default
ContextPolicy admits it, only the facts it admits, and the metadata only when it was screened by
the firewall when written (metadata stored before that was never scanned)."""

from __future__ import annotations

import json
from typing import Any

from a4s_memory.errors import NotFound
from a4s_memory.models import FactView, MemoryView
from a4s_memory.policy import ContextPolicy
from a4s_memory.status import MemoryStatus
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.ledger import ElementKind, now_utc
from a4s_memory.store.transitions import ElementRef

__all__ = ["load_memory_view"]

_GET_EPISODE = """
MATCH (ep:Episodic {uuid: $uuid}) WHERE ep.group_id = $group_id
OPTIONAL MATCH (s:A4SStatus {uuid: $uuid})
OPTIONAL MATCH ()-[e:RELATES_TO]->()
WHERE e.group_id = $group_id AND $uuid IN coalesce(e.episodes, [])
RETURN properties(ep) AS episode, properties(s) AS entry,
       collect(e {.uuid, .fact, .name, .valid_at, .invalid_at, .truth_status, .retrieval_status,
                  .security_status, .freshness_status, .sensitivity, .expires_at}) AS facts
"""


def _native(value: Any) -> Any:
    to_native = getattr(value, "to_native", None)
    return to_native() if callable(to_native) else value


def status_or_none(props: dict[str, Any]) -> MemoryStatus | None:
    """The status stamped on an element's properties; None when missing or damaged."""
    try:
        return MemoryStatus.from_properties({k: _native(v) for k, v in props.items()})
    except (KeyError, ValueError, TypeError):
        return None  # missing or damaged status: never returnable


def _fact(row: dict[str, Any]) -> FactView:
    return FactView(
        uuid=str(row["uuid"]),
        fact=str(row["fact"]),
        name=str(row["name"]),
        status=status_or_none(row),
        valid_at=_native(row.get("valid_at")),
        invalid_at=_native(row.get("invalid_at")),
    )


def _metadata(entry: dict[str, Any], owner: bool) -> dict[str, Any] | None:
    raw = entry.get("a4s_metadata")
    if not isinstance(raw, str) or not (owner or entry.get("a4s_metadata_screened") is True):
        return None
    value = json.loads(raw)
    return value if isinstance(value, dict) else None


async def load_memory_view(store: Neo4jStore, ref: ElementRef, *, owner: bool) -> MemoryView:
    """The view of ``ref`` for an owner (``owner``) or another reader; NotFound when the reader
    may not see it (never a 403 that would confirm the id)."""
    if ref.kind is not ElementKind.EPISODE:
        raise NotFound("no such memory")
    rows = await store.read(_GET_EPISODE, {"uuid": ref.uuid, "group_id": ref.group_id})
    if not rows or rows[0]["episode"] is None:
        raise NotFound("no such memory")
    episode, entry = dict(rows[0]["episode"]), dict(rows[0]["entry"] or {})
    status = status_or_none(episode)
    policy, now = ContextPolicy.default(), now_utc()
    if status is None or (not owner and not policy.admits(status, now)):
        raise NotFound("no such memory")
    facts = [_fact(dict(f)) for f in rows[0]["facts"]]
    if not owner:
        facts = [f for f in facts if f.status is not None and policy.admits(f.status, now)]
    return MemoryView(
        memory_id=ref.uuid,
        group_id=ref.group_id,
        visibility=ref.space.visibility,
        text=str(episode.get("content") or ""),
        status=status,
        created_at=_native(episode.get("created_at")),
        reference_time=_native(episode.get("valid_at")),
        source_type=entry.get("a4s_source_type"),
        source_ref=entry.get("a4s_source_ref"),
        written_by=entry.get("a4s_written_by"),
        decision_id=entry.get("a4s_decision_id"),
        metadata=_metadata(entry, owner),
        facts=facts,
        flagged_by=[str(r) for r in entry.get("a4s_flagged_by") or []],
    )
