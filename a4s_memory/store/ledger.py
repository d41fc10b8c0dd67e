"""The status ledger: the authoritative four-axis status of every graph element, kept in
``(:A4SStatus)`` nodes that Graphiti never reads or writes, and copied ("stamped") onto the
Episodic/Entity/RELATES_TO elements that searches filter on.

Why a ledger. Graphiti rewrites the elements it saves with ``SET n = map`` / ``SET e = map`` and
resets a merged edge's attributes, so any property we put on its elements can vanish at the next
ingestion (tests/integration/test_graphiti_hazards.py). The ledger holds:

* for an episode: its own status from the firewall decision plus its provenance (source type and
  ref, writer, decision id, metadata) and a ``state`` (``pending`` until its ingestion committed);
* for an entity or edge: only what a transition decided about that element (overrides: truth,
  security, retrieval, the reason and the evidence).

Derivation (:func:`derive_status`, pure): an entity's supporters are the committed episodes that
MENTION it, an edge's are the committed episodes in its ``episodes`` list. Among the clean
(not quarantined/malicious) supporters the most trustworthy wins truth, security, retrieval and
provenance; sensitivity is the highest among them and expiry the longest-lived. A quarantined
supporter never poisons other support, but a fact supported ONLY by quarantined episodes is
quarantined. Overrides apply last; an edge Graphiti invalidated is ``contradicted`` (unless a
transition said ``superseded``). No committed supporter -> no status -> never returnable.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, Final

from neo4j import AsyncManagedTransaction
from pydantic import BaseModel, ConfigDict

from a4s_memory.contract import (
    STATUS_PROPERTIES,
    FreshnessStatus,
    RetrievalStatus,
    SecurityStatus,
    Sensitivity,
    TruthStatus,
)
from a4s_memory.status import MemoryStatus
from a4s_memory.store.db import run_in_tx
from a4s_memory.store.summaries import stamp_and_rebuild_tx

__all__ = [
    "ElementKind",
    "StampReport",
    "Supporter",
    "derive_status",
    "episode_dependents",
    "episode_stamp",
    "restamp",
    "stamp_properties",
]

TRUST_RANK: Final = {"high": 3, "medium": 2, "low": 1}
_TRUTH_RANK: Final = {
    TruthStatus.SUPPORTED: 3,
    TruthStatus.UNVERIFIED: 2,
    TruthStatus.SUPERSEDED: 1,
    TruthStatus.CONTRADICTED: 0,
}
_SECURITY_RANK: Final = {  # higher = safer
    SecurityStatus.CLEAN: 3,
    SecurityStatus.SUSPICIOUS: 2,
    SecurityStatus.QUARANTINED: 1,
    SecurityStatus.MALICIOUS: 0,
}
_FRESH_RANK: Final = {
    FreshnessStatus.FRESH: 2,
    FreshnessStatus.STALE: 1,
    FreshnessStatus.EXPIRED: 0,
}
_BLOCKING: Final = frozenset({SecurityStatus.QUARANTINED, SecurityStatus.MALICIOUS})
_NO_STAMP: Final[dict[str, Any]] = {name: None for name in STATUS_PROPERTIES}


class ElementKind(StrEnum):
    EPISODE = "episode"
    ENTITY = "entity"
    EDGE = "edge"


class Supporter(BaseModel):
    """One committed episode's ledger entry, as derivation needs it."""

    model_config = ConfigDict(frozen=True)

    uuid: str
    status: MemoryStatus
    trust_rank: int = 1
    source_type: str | None = None
    written_by: str | None = None
    decision_id: str | None = None
    created_at: datetime | None = None

    @classmethod
    def from_entry(cls, entry: Mapping[str, Any]) -> Supporter:
        props = dict(entry)
        props["expires_at"] = _as_datetime(props.get("expires_at"))
        return cls(
            uuid=str(entry["uuid"]),
            status=MemoryStatus.from_properties(props),
            trust_rank=int(entry.get("trust_rank") or 1),
            source_type=entry.get("a4s_source_type"),
            written_by=entry.get("a4s_written_by"),
            decision_id=entry.get("a4s_decision_id"),
            created_at=_as_datetime(entry.get("created_at")),
        )


def _as_datetime(value: Any) -> datetime | None:
    if value is None:
        return None
    if isinstance(value, datetime):
        return value
    to_native = getattr(value, "to_native", None)
    return to_native() if callable(to_native) else None


def _rank(s: Supporter) -> tuple[int, int, int, int, float]:
    created = s.created_at.timestamp() if s.created_at else 0.0
    return (
        _SECURITY_RANK[s.status.security],
        _TRUTH_RANK[s.status.truth],
        s.trust_rank,
        _FRESH_RANK[s.status.freshness],
        created,  # the newer statement wins a tie
    )


def stamp_properties(status: MemoryStatus, supporter: Supporter | None) -> dict[str, Any]:
    """The nine docs/rules.md properties for one element."""
    props = status.to_properties()
    props["a4s_source_type"] = supporter.source_type if supporter else None
    props["a4s_written_by"] = supporter.written_by if supporter else None
    props["a4s_decision_id"] = supporter.decision_id if supporter else None
    return props


def derive_status(
    supporters: Iterable[Supporter],
    overrides: Mapping[str, Any] | None = None,
    *,
    invalidated: bool = False,
) -> tuple[MemoryStatus, Supporter] | None:
    """The status of an entity or edge from its supporting episodes (see the module docstring).

    Returns None when nothing supports the element: it then carries no status and is never
    returned by any search."""
    pool = list(supporters)
    if not pool:
        return None
    clean = [s for s in pool if s.status.security not in _BLOCKING]
    group = clean or pool
    best = max(group, key=_rank)
    sensitivity = max((s.status.sensitivity for s in group), key=lambda v: v.rank)
    expiries = [s.status.expires_at for s in group]
    expires_at = (
        None if any(e is None for e in expiries) else max(e for e in expiries if e is not None)
    )
    freshness = max((s.status.freshness for s in group), key=lambda f: _FRESH_RANK[f])
    security = (
        best.status.security
        if clean
        else min((s.status.security for s in pool), key=lambda v: _SECURITY_RANK[v])
    )
    truth = best.status.truth
    retrieval = best.status.retrieval
    overrides = overrides or {}
    if overrides.get("override_truth"):
        truth = TruthStatus(overrides["override_truth"])
    if overrides.get("override_security"):
        forced = SecurityStatus(overrides["override_security"])
        # An override can only make security worse, never launder a quarantined support.
        security = min(security, forced, key=lambda v: _SECURITY_RANK[v])
    if overrides.get("override_retrieval"):
        retrieval = RetrievalStatus(overrides["override_retrieval"])
    # Graphiti's temporal invalidation reads as "contradicted", unless a transition on the edge
    # itself said superseded (a superseded *supporter*, e.g. an older item version, does not).
    if invalidated and overrides.get("override_truth") != TruthStatus.SUPERSEDED.value:
        truth = TruthStatus.CONTRADICTED
    status = MemoryStatus(
        truth=truth,
        retrieval=retrieval,
        security=security,
        freshness=freshness,
        sensitivity=Sensitivity(sensitivity),
        expires_at=expires_at,
    )
    return status, best


def episode_status(entry: Mapping[str, Any] | None) -> tuple[MemoryStatus, Supporter] | None:
    """An episode's own status: its committed ledger entry, else nothing (invisible)."""
    if (
        not entry
        or entry.get("state") != "committed"
        or entry.get("kind") != ElementKind.EPISODE.value
    ):
        return None
    supporter = Supporter.from_entry(entry)
    return supporter.status, supporter


# -- the stamp: read ledger + graph, derive, write, all inside the caller's transaction --------

_READ_EPISODES = """
UNWIND $uuids AS id
MATCH (n:Episodic {uuid: id}) WHERE n.group_id = $group_id
OPTIONAL MATCH (s:A4SStatus {uuid: id})
RETURN id AS uuid, properties(s) AS entry
"""

# Entities and edges in ONE read; an edge also names its endpoints (their summaries follow it).
_READ_ELEMENTS = """
CALL () {
  UNWIND $entities AS id
  MATCH (n:Entity {uuid: id}) WHERE n.group_id = $group_id
  OPTIONAL MATCH (o:A4SStatus {uuid: id})
  CALL (n) {
    MATCH (ep:Episodic)-[:MENTIONS]->(n)
    MATCH (s:A4SStatus {uuid: ep.uuid}) WHERE s.kind = 'episode' AND s.state = 'committed'
    RETURN collect(properties(s)) AS supporters
  }
  RETURN 'entity' AS kind, id AS uuid, properties(o) AS overrides, supporters,
         false AS invalidated, [] AS ends
  UNION ALL
  UNWIND $edges AS id
  MATCH (a)-[e:RELATES_TO {uuid: id}]->(b) WHERE e.group_id = $group_id
  OPTIONAL MATCH (o:A4SStatus {uuid: id})
  CALL (e) {
    UNWIND coalesce(e.episodes, []) AS ep
    MATCH (s:A4SStatus {uuid: ep}) WHERE s.kind = 'episode' AND s.state = 'committed'
    RETURN collect(properties(s)) AS supporters
  }
  RETURN 'edge' AS kind, id AS uuid, properties(o) AS overrides, supporters,
         (e.expired_at IS NOT NULL
          OR (e.invalid_at IS NOT NULL AND e.invalid_at <= datetime())) AS invalidated,
         [a.uuid, b.uuid] AS ends
}
RETURN kind, uuid, overrides, supporters, invalidated, ends
"""

# `+=` with exactly the nine allow-listed keys: a None value removes that property.
_WRITE_EPISODES = "UNWIND $rows AS row MATCH (n:Episodic {uuid: row.uuid}) SET n += row.props"


class StampReport(BaseModel):
    """What one stamp wrote: element uuid -> its status (None: left without a status), and how
    many entity summaries it rebuilt (a4s_memory.store.summaries)."""

    statuses: dict[str, MemoryStatus | None] = {}
    summaries_rebuilt: int = 0

    @property
    def unstamped(self) -> list[str]:
        return [uuid for uuid, status in self.statuses.items() if status is None]


def episode_stamp(entry: Mapping[str, Any] | None) -> tuple[dict[str, Any], MemoryStatus | None]:
    """The stamp (properties) and status an episode gets from its ledger entry; pure."""
    return _episode_props(entry)


def _episode_props(entry: Mapping[str, Any] | None) -> tuple[dict[str, Any], MemoryStatus | None]:
    derived = episode_status(entry)
    if derived is None or entry is None:
        return dict(_NO_STAMP), None
    props = stamp_properties(*derived)
    # Provenance lives in the ledger; the episode gets a copy after Graphiti's last write.
    props["a4s_source_ref"] = entry.get("a4s_source_ref")
    props["a4s_metadata"] = entry.get("a4s_metadata")
    props["a4s_metadata_screened"] = entry.get("a4s_metadata_screened") is True
    return props, derived[0]


def _element_props(record: Mapping[str, Any]) -> tuple[dict[str, Any], MemoryStatus | None]:
    supporters = []
    for entry in record["supporters"] or []:
        try:
            supporters.append(Supporter.from_entry(entry))
        except (KeyError, ValueError):
            continue  # a damaged ledger entry supports nothing (fail closed)
    derived = derive_status(
        supporters, record["overrides"], invalidated=bool(record["invalidated"])
    )
    if derived is None:
        return dict(_NO_STAMP), None
    return stamp_properties(*derived), derived[0]


async def restamp(
    tx: AsyncManagedTransaction,
    group_id: str,
    *,
    episodes: Iterable[str] = (),
    entities: Iterable[str] = (),
    edges: Iterable[str] = (),
) -> StampReport:
    """Recompute and write the status of the given elements of one group, inside ``tx``."""
    report = StampReport()
    episode_ids, entity_ids, edge_ids = (
        sorted(set(episodes)),
        sorted(set(entities)),
        sorted(set(edges)),
    )
    if episode_ids:
        rows = []
        for rec in await run_in_tx(
            tx, _READ_EPISODES, {"uuids": episode_ids, "group_id": group_id}
        ):
            props, status = _episode_props(rec["entry"])
            rows.append({"uuid": rec["uuid"], "props": props})
            report.statuses[rec["uuid"]] = status
        await run_in_tx(tx, _WRITE_EPISODES, {"rows": rows})
    if not (entity_ids or edge_ids):
        return report
    stamps: dict[str, list[dict[str, Any]]] = {"entity": [], "edge": []}
    summaries = set(entity_ids)
    read = {"entities": entity_ids, "edges": edge_ids, "group_id": group_id}
    for rec in await run_in_tx(tx, _READ_ELEMENTS, read):
        props, status = _element_props(rec)
        stamps[str(rec["kind"])].append({"uuid": rec["uuid"], "props": props})
        report.statuses[rec["uuid"]] = status
        summaries.update(str(u) for u in rec["ends"])
    # The stamps and, in the same statement, the summaries around them: a status change can hide
    # or reveal a fact (summaries.py).
    report.summaries_rebuilt = await stamp_and_rebuild_tx(
        tx, group_id, now_utc(), stamps, summaries
    )
    return report


def now_utc() -> datetime:
    return datetime.now(UTC)


def evidence_json(existing: str | None, item: Mapping[str, Any]) -> str:
    """Append one evidence/reason record to an element's JSON log (kept as a string property)."""
    log: list[Any] = []
    if existing:
        try:
            loaded = json.loads(existing)
            log = loaded if isinstance(loaded, list) else []
        except json.JSONDecodeError:
            log = []
    log.append(dict(item))
    return json.dumps(log, default=str, sort_keys=True)


_EPISODE_DEPENDENTS = """
OPTIONAL MATCH (:Episodic {uuid: $uuid})-[:MENTIONS]->(n:Entity)
WITH collect(DISTINCT n.uuid) AS entities
OPTIONAL MATCH ()-[e:RELATES_TO]->()
WHERE e.group_id = $group_id AND $uuid IN coalesce(e.episodes, [])
RETURN entities, collect(DISTINCT e.uuid) AS edges
"""


async def episode_dependents(
    tx: AsyncManagedTransaction, episode_uuid: str, group_id: str
) -> tuple[list[str], list[str]]:
    """(entity uuids, edge uuids) an episode supports: what to re-stamp when its status changes."""
    rows = await run_in_tx(tx, _EPISODE_DEPENDENTS, {"uuid": episode_uuid, "group_id": group_id})
    return list(rows[0]["entities"]), list(rows[0]["edges"])
