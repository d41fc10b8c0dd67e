"""Read an agent's stored memories and embed them (the only I/O the detectors need)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, Final

from graphiti_core.embedder.client import EmbedderClient

from a4s_memory.contract import SecurityStatus
from a4s_memory.sentinels.models import MemoryRecord
from a4s_memory.spaces import spaces_of
from a4s_memory.store.db import Neo4jStore

__all__ = ["embed_texts", "load_memories"]

logger = logging.getLogger(__name__)

# Quarantined/malicious memories are already out of retrieval: sentinels look at the rest. An
# element without a security status is out of retrieval too (the ContextPolicy's rule: a missing
# status never matches), so it is not "clean" here either.
_WATCHED: Final = [SecurityStatus.CLEAN.value, SecurityStatus.SUSPICIOUS.value]
_MEMORIES: Final = """
MATCH (e:Episodic) WHERE e.group_id IN $groups AND e.security_status IN $watched
OPTIONAL MATCH (s:A4SStatus {uuid: e.uuid})
RETURN e.uuid AS uuid, e.group_id AS group_id, e.content AS text,
       coalesce(s.a4s_source_type, e.a4s_source_type) AS source_type,
       coalesce(s.a4s_source_ref, e.a4s_source_ref) AS source_ref,
       e.security_status AS security_status
ORDER BY e.created_at DESC LIMIT $limit
"""


async def load_memories(store: Neo4jStore, agent_id: str, limit: int) -> list[MemoryRecord]:
    """The newest ``limit`` not-yet-quarantined memories of both of the agent's spaces."""
    groups = list(spaces_of(agent_id).values())
    rows = await store.execute(_MEMORIES, {"groups": groups, "limit": limit, "watched": _WATCHED})
    records = [_record(dict(r)) for r in rows]
    logger.debug("sentinels: %d memories loaded for one agent", len(records))
    return records


def _record(row: dict[str, Any]) -> MemoryRecord:
    return MemoryRecord(
        uuid=str(row["uuid"]),
        group_id=str(row["group_id"]),
        text=str(row.get("text") or ""),
        source_type=row.get("source_type"),
        source_ref=row.get("source_ref"),
        security_status=row.get("security_status"),
    )


async def embed_texts(embedder: EmbedderClient, texts: Sequence[str]) -> list[list[float]]:
    """Vectors for ``texts`` (batched when the embedder supports it)."""
    if not texts:
        return []
    try:
        return await embedder.create_batch([t.replace("\n", " ") for t in texts])
    except NotImplementedError:
        return [await embedder.create(input_data=[t.replace("\n", " ")]) for t in texts]
