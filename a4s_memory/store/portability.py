"""Export and import of one agent's memory (backup), as JSONL records.

Everything needed to rebuild the agent's spaces exactly: Episodic nodes (text, times), Entity
nodes (labels, summary, ``name_embedding``), RELATES_TO facts (``fact_embedding``, validity
times, supporting episodes), MENTIONS links, the status ledger (statuses and provenance), the
structured items and their versions, then a signature record (export_signing.py). Embeddings are **included**, not recomputed: a different
(or since-changed) embedder would change cosine scores, and the round trip must give the same
search results. Temporal values are tagged ``{"$datetime": iso}``.

Import goes into a registered agent whose spaces are empty (export -> wipe -> import), in
dependency order, in ONE transaction with the ``import`` audit event (all or nothing). Its records
were checked first (import_screen.py, import_refs.py); none of their ids may exist anywhere yet.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Final, LiteralString

from neo4j import AsyncManagedTransaction

from a4s_memory.audit.events import AuditDraft, iso_ms
from a4s_memory.errors import Conflict, InvalidRequest
from a4s_memory.store.audit_log import AuditLog
from a4s_memory.store.db import Neo4jStore, run_in_tx
from a4s_memory.store.export_signing import SIGNATURE, ExportMac
from a4s_memory.store.import_trust import Restamp, demote
from a4s_memory.store.ledger import restamp

__all__ = [
    "FORMAT",
    "RECORD_ORDER",
    "ImportJob",
    "check_header",
    "decode",
    "encode",
    "export_records",
    "import_records",
]

FORMAT: Final = "a4s-memory-export/1"
BATCH: Final = 200

# Every read starts from the agent's spaces. A ledger entry is found through the (group_id, kind)
# index, which Neo4j reads only with a predicate on both properties (`kind` is always set); an
# edge from the RELATES_TO(group_id) index, its ends taken from it (matching `(a:Entity)-[e]->`
# let the planner start from a scan of every Entity). The mentions seek the episodes' group_id
# index by name: on some statistics the planner started from a scan of every Entity instead.
_EXPORT: Final[dict[str, LiteralString]] = {
    "ledger": "MATCH (s:A4SStatus) WHERE s.group_id IN $groups AND s.kind IS NOT NULL "
    "RETURN properties(s) AS props",
    "entity": "MATCH (n:Entity) WHERE n.group_id IN $groups "
    "RETURN properties(n) AS props, labels(n) AS labels",
    "episode": "MATCH (n:Episodic) WHERE n.group_id IN $groups RETURN properties(n) AS props",
    "mention": "MATCH (ep:Episodic) USING INDEX SEEK ep:Episodic(group_id) "
    "WHERE ep.group_id IN $groups MATCH (ep)-[m:MENTIONS]->(n:Entity) "
    "RETURN properties(m) AS props, ep.uuid AS source, n.uuid AS target",
    "edge": "MATCH ()-[e:RELATES_TO]->() WHERE e.group_id IN $groups "
    "WITH e, startNode(e) AS a, endNode(e) AS b WHERE a:Entity AND b:Entity "
    "RETURN properties(e) AS props, a.uuid AS source, b.uuid AS target",
    "item": "MATCH (i:A4SItem) WHERE i.group_id IN $groups RETURN properties(i) AS props",
    "version": "MATCH (v:A4SVersion) WHERE v.group_id IN $groups RETURN properties(v) AS props",
}
RECORD_ORDER: Final = tuple(_EXPORT)
_IMPORT: Final[dict[str, LiteralString]] = {
    "ledger": "UNWIND $rows AS r CREATE (s:A4SStatus) SET s = r.props",
    "entity": "UNWIND $rows AS r CREATE (n:Entity) SET n = r.props SET n:$(r.labels)",
    "episode": "UNWIND $rows AS r CREATE (n:Episodic) SET n = r.props",
    # The endpoints were resolved inside the file (import_refs.py); the group guard makes sure.
    "mention": "UNWIND $rows AS r MATCH (ep:Episodic {uuid: r.source}), (n:Entity {uuid: r.target}) "
    "WHERE ep.group_id = r.props.group_id AND n.group_id = r.props.group_id "
    "CREATE (ep)-[m:MENTIONS]->(n) SET m = r.props",
    "edge": "UNWIND $rows AS r MATCH (a:Entity {uuid: r.source}), (b:Entity {uuid: r.target}) "
    "WHERE a.group_id = r.props.group_id AND b.group_id = r.props.group_id "
    "CREATE (a)-[e:RELATES_TO]->(b) SET e = r.props",
    "item": "UNWIND $rows AS r CREATE (i:A4SItem) SET i = r.props",
    "version": "UNWIND $rows AS r CREATE (v:A4SVersion) SET v = r.props",
}
_OCCUPIED = """
CALL () {
  MATCH (n:Episodic) WHERE n.group_id IN $groups RETURN count(n) AS c
  UNION ALL
  MATCH (n:Entity) WHERE n.group_id IN $groups RETURN count(n) AS c
  UNION ALL
  MATCH (s:A4SStatus) WHERE s.group_id IN $groups AND s.kind IS NOT NULL RETURN count(s) AS c
}
RETURN sum(c) AS n
"""
# Any id the import would create that already exists anywhere (another agent's element, ledger
# entry, item or version): reads find these by id alone, so a reused id would reach its owner.
_TAKEN = """
CALL () {
  MATCH (n:Episodic) WHERE n.uuid IN $ids RETURN count(n) AS c
  UNION ALL
  MATCH (n:Entity) WHERE n.uuid IN $ids RETURN count(n) AS c
  UNION ALL
  MATCH (n:Community) WHERE n.uuid IN $ids RETURN count(n) AS c
  UNION ALL
  MATCH ()-[e:RELATES_TO]->() WHERE e.uuid IN $ids RETURN count(e) AS c
  UNION ALL
  MATCH ()-[m:MENTIONS]->() WHERE m.uuid IN $ids RETURN count(m) AS c
  UNION ALL
  MATCH (s:A4SStatus) WHERE s.uuid IN $ids RETURN count(s) AS c
  UNION ALL
  MATCH (i:A4SItem) WHERE i.item_id IN $ids RETURN count(i) AS c
  UNION ALL
  MATCH (v:A4SVersion) WHERE v.memory_id IN $ids RETURN count(v) AS c
  UNION ALL
  MATCH (v:A4SVersion) WHERE v.item_id IN $ids AND v.version IS NOT NULL RETURN count(v) AS c
}
RETURN sum(c) AS n
"""


def encode(value: Any) -> Any:
    """Neo4j values -> JSON (temporal values tagged)."""
    iso = getattr(value, "iso_format", None)
    if callable(iso) and hasattr(value, "to_native"):
        return {"$datetime": value.to_native().isoformat()}
    if isinstance(value, datetime):
        return {"$datetime": value.isoformat()}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {k: encode(v) for k, v in value.items()}
    return value


def decode(value: Any) -> Any:
    if isinstance(value, dict):
        if set(value) == {"$datetime"}:
            return datetime.fromisoformat(str(value["$datetime"]))
        return {k: decode(v) for k, v in value.items()}
    if isinstance(value, list):
        return [decode(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class ExportScope:
    """Whose records: the agent, the owner named in the header ("" when an admin exports) and
    the agent's group ids."""

    agent_id: str
    owner_id: str
    groups: list[str]


async def export_records(
    store: Neo4jStore, scope: ExportScope, key: bytes
) -> AsyncIterator[dict[str, Any]]:
    """Header, every record type in :data:`RECORD_ORDER`, then the signature record (HMAC with
    the server ``key`` over everything before it)."""
    groups = scope.groups
    from a4s_memory.store.ledger import now_utc

    mac = ExportMac(key)
    header = {
        "type": "header",
        "format": FORMAT,
        "agent_id": scope.agent_id,
        "owner_id": scope.owner_id,
        "groups": groups,
        "exported_at": iso_ms(now_utc()),
    }
    mac.add(header)
    yield header
    for kind, query in _EXPORT.items():
        for row in await store.execute(query, {"groups": groups}):
            record: dict[str, Any] = {"type": kind, "props": encode(dict(row["props"]))}
            for extra in ("labels", "source", "target"):
                if extra in row.keys():  # noqa: SIM118 - a Record, not a dict
                    record[extra] = encode(row[extra])
            mac.add(record)
            yield record
    yield mac.record()


def check_header(records: list[dict[str, Any]], agent_id: str, groups: list[str]) -> dict[str, Any]:
    """The header of an export for ``agent_id``; refuses other formats, agents and record types."""
    header = next((r for r in records if r.get("type") == "header"), None)
    if header is None or header.get("format") != FORMAT:
        raise InvalidRequest(f"not an a4s-memory export (expected a {FORMAT} header)")
    if header.get("agent_id") != agent_id or sorted(header.get("groups") or []) != sorted(groups):
        raise InvalidRequest("the export belongs to another agent; import it into that agent")
    for r in records:
        if r.get("type") not in (*RECORD_ORDER, "header", SIGNATURE):
            raise InvalidRequest("unknown record type in the export")
    return header


@dataclass(frozen=True, slots=True)
class ImportJob:
    """What to write: checked element records (no header/signature), the ids they create, and
    whether the file was verified (else every record is demoted, import_trust.py)."""

    draft: AuditDraft
    groups: list[str]
    records: list[dict[str, Any]]
    ids: list[str]
    verified: bool
    restamp: Restamp = field(default_factory=dict)  # import_trust.keep_quarantined


def _batches(records: list[dict[str, Any]]) -> Iterable[tuple[str, list[dict[str, Any]]]]:
    for kind in RECORD_ORDER:
        rows = [r for r in records if r.get("type") == kind]
        for start in range(0, len(rows), BATCH):
            yield kind, rows[start : start + BATCH]


async def import_records(
    store: Neo4jStore, audit: AuditLog, job: ImportJob
) -> tuple[dict[str, int], str | None]:
    """Write ``job`` into its (empty) spaces in ONE transaction with the ``import`` audit event:
    all or nothing. Returns counts per record type and the event id."""

    async def work(tx: AsyncManagedTransaction) -> tuple[dict[str, int], str | None]:
        if int((await run_in_tx(tx, _OCCUPIED, {"groups": job.groups}))[0]["n"]):
            raise Conflict("the agent's memory is not empty; clear it before importing")
        if int((await run_in_tx(tx, _TAKEN, {"ids": job.ids}))[0]["n"]):
            raise InvalidRequest("the export reuses ids that already exist outside the agent")
        event = await audit.append_tx(tx, job.draft.model_copy(update={"count": len(job.records)}))
        writer = job.draft.requester_id or ""
        rows = job.records if job.verified else [demote(r, writer, event) for r in job.records]
        counts: dict[str, int] = {}
        for kind, batch in _batches(rows):
            payload = [{**decode(r), "props": decode(r["props"])} for r in batch]
            await run_in_tx(tx, _IMPORT[kind], {"rows": payload})
            counts[kind] = counts.get(kind, 0) + len(batch)
        for group, (episodes, entities, edges) in job.restamp.items():
            await restamp(tx, group, episodes=episodes, entities=entities, edges=edges)
        return counts, event

    result: tuple[dict[str, int], str | None] = await store.write_transaction(work)
    return result
