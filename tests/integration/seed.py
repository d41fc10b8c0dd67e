"""Seed Graphiti-shaped data straight into Neo4j with parameterised Cypher (no LLM, no Graphiti
write path): Entities, RELATES_TO facts and Episodic nodes carrying the docs/rules.md properties and
HashingEmbedder vectors, so retrieval can be tested on exactly the statuses a test needs.
"""

from __future__ import annotations

import uuid as uuidlib
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any, Final

from a4s_memory.contract import (
    FreshnessStatus,
    RetrievalStatus,
    SecurityStatus,
    Sensitivity,
    TruthStatus,
)
from a4s_memory.status import MemoryStatus
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.embedder import HashingEmbedder

MISSING: Final = object()
"""An override value meaning "do not write this property at all"."""

EMBEDDER: Final = HashingEmbedder()


def new_uuid() -> str:
    return str(uuidlib.uuid4())


def props(**overrides: Any) -> dict[str, Any]:
    """The §5 properties of an element the default policy admits, with ``overrides`` applied.

    An override of :data:`MISSING` leaves the property out (Neo4j drops null-valued properties).
    """
    status = MemoryStatus(
        truth=TruthStatus.SUPPORTED,
        retrieval=RetrievalStatus.NORMAL,
        security=SecurityStatus.CLEAN,
        freshness=FreshnessStatus.FRESH,
        sensitivity=Sensitivity.INTERNAL,
    )
    values: dict[str, Any] = {
        **status.to_properties(),
        "a4s_source_type": "user_message",
        "a4s_written_by": "seed",
        "a4s_decision_id": "dec-seed",
    }
    for key, value in overrides.items():
        values[key] = None if value is MISSING else value
    return values


_ENTITIES = """
UNWIND $rows AS row
CREATE (n:Entity {uuid: row.uuid, group_id: row.group_id, name: row.name, summary: row.summary,
                  name_embedding: row.embedding, created_at: row.created_at, labels: ['Entity']})
SET n += row.props
"""

_FACTS = """
UNWIND $rows AS row
MATCH (s:Entity {uuid: row.source}), (t:Entity {uuid: row.target})
CREATE (s)-[e:RELATES_TO {uuid: row.uuid, group_id: row.group_id, name: row.name, fact: row.fact,
                          fact_embedding: row.embedding, episodes: row.episodes,
                          created_at: row.created_at, valid_at: row.created_at,
                          invalid_at: row.invalid_at, expired_at: row.expired_at}]->(t)
SET e += row.props
"""

_EPISODES = """
UNWIND $rows AS row
CREATE (ep:Episodic {uuid: row.uuid, group_id: row.group_id, name: row.name, content: row.content,
                     source: 'message', source_description: 'seed', created_at: row.created_at,
                     valid_at: row.created_at, entity_edges: [],
                     a4s_content_embedding: row.embedding})
SET ep += row.props
WITH ep, row
UNWIND row.mentions AS mentioned
MATCH (n:Entity {uuid: mentioned})
CREATE (ep)-[:MENTIONS {uuid: randomUUID(), group_id: row.group_id,
                        created_at: row.created_at}]->(n)
"""


async def add_entities(
    store: Neo4jStore,
    group_id: str,
    entities: Sequence[tuple[str, dict[str, Any]]],
    uuids: Sequence[str] | None = None,
) -> list[str]:
    """Create ``(name, props)`` entities; returns their uuids in order (``uuids`` when given)."""
    now = datetime.now(UTC)
    ids = list(uuids) if uuids is not None else [new_uuid() for _ in entities]
    rows = [
        {
            "uuid": ids[i],
            "group_id": group_id,
            "name": name,
            "summary": "",
            "embedding": EMBEDDER.embed(name),
            "created_at": now,
            "props": p,
        }
        for i, (name, p) in enumerate(entities)
    ]
    await store.execute(_ENTITIES, {"rows": rows})
    return [str(r["uuid"]) for r in rows]


async def add_facts(store: Neo4jStore, group_id: str, facts: Sequence[dict[str, Any]]) -> list[str]:
    """Create facts from dicts with keys source, target, fact, props and optionally invalid_at,
    expired_at, episodes, uuid. Returns their uuids in order."""
    now = datetime.now(UTC)
    rows = [
        {
            "uuid": f.get("uuid") or new_uuid(),
            "group_id": group_id,
            "name": "RELATES_TO",
            "fact": f["fact"],
            "embedding": EMBEDDER.embed(f["fact"]),
            "episodes": list(f.get("episodes", [])),
            "created_at": now,
            "invalid_at": f.get("invalid_at"),
            "expired_at": f.get("expired_at"),
            "source": f["source"],
            "target": f["target"],
            "props": f["props"],
        }
        for f in facts
    ]
    for start in range(0, len(rows), 500):
        await store.execute(_FACTS, {"rows": rows[start : start + 500]})
    return [str(r["uuid"]) for r in rows]


async def add_episodes(
    store: Neo4jStore,
    group_id: str,
    episodes: Sequence[tuple[str, dict[str, Any], Iterable[str]]],
    uuids: Sequence[str] | None = None,
) -> list[str]:
    """Create ``(content, props, mentioned entity uuids)`` episodes; returns their uuids
    (``uuids`` when given)."""
    now = datetime.now(UTC)
    ids = list(uuids) if uuids is not None else [new_uuid() for _ in episodes]
    rows = [
        {
            "uuid": ids[i],
            "group_id": group_id,
            "name": "seed",
            "content": content,
            "created_at": now,
            "props": p,
            "mentions": list(mentions),
            "embedding": EMBEDDER.embed(content),  # as ingestion writes it (episode vector channel)
        }
        for i, (content, p, mentions) in enumerate(episodes)
    ]
    await store.execute(_EPISODES, {"rows": rows})
    return [str(r["uuid"]) for r in rows]


async def snapshot(store: Neo4jStore, group_ids: Sequence[str]) -> tuple[int, int, int]:
    """(nodes, relationships, sum of property counts) in the groups: detects any change."""
    rows = await store.execute(
        "MATCH (n) WHERE n.group_id IN $g "
        "OPTIONAL MATCH (n)-[r]->() "
        "WITH count(DISTINCT n) AS nodes, collect(DISTINCT r) AS rels, "
        "     sum(size(keys(n))) AS node_props "
        "RETURN nodes, size(rels) AS rels, node_props",
        {"g": list(group_ids)},
    )
    return int(rows[0]["nodes"]), int(rows[0]["rels"]), int(rows[0]["node_props"])


async def cleanup(store: Neo4jStore, group_ids: Sequence[str]) -> None:
    """DETACH DELETE everything in the groups, in batches (execute() runs in a transaction)."""
    while True:
        rows = await store.execute(
            "MATCH (n) WHERE n.group_id IN $g WITH n LIMIT 5000 DETACH DELETE n "
            "RETURN count(*) AS c",
            {"g": list(group_ids)},
        )
        if int(rows[0]["c"]) == 0:
            return
