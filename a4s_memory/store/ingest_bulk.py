"""The rows one ingestion writes, and a *run* of plain episodes committed in ONE transaction.

A plain episode is free text in which nothing is extracted: offline, the deterministic extractor
finds no entity, so :mod:`ingest` skips Graphiti and writes only the ledger entry, the bare
episode, its stamp and its vector (98% of LoCoMo's chat turns). There is then no extraction
step between "pending" and "committed" that could fail, so a run of consecutive plain episodes
of one group (a batch's chat turns) is written committed straight away: one statement for the
whole run writes each entry, episode, stamp and vector, then each item's hook runs in the same
transaction, its audit event chained in memory and the run's events written by one more statement
(``audit_log.deferred_appends``). The whole run commits or none of it; the caller writes a failed
run again one item at a time, so one item's own failure never touches another (batch items are
all or nothing each). What a run stores is what single adds store
(tests/integration/test_batch_commit.py compares them property by property).
"""

from __future__ import annotations

import uuid as uuidlib
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graphiti_core.nodes import EpisodeType, EpisodicNode
from graphiti_core.utils.datetime_utils import utc_now
from neo4j import AsyncManagedTransaction

from a4s_memory.contract import StopReason
from a4s_memory.errors import StoreUnavailable
from a4s_memory.status import MemoryStatus
from a4s_memory.store.audit_log import deferred_appends
from a4s_memory.store.db import run_in_tx
from a4s_memory.store.ingest_commit import CommitContext, CommitHook, finish_tx
from a4s_memory.store.ingest_models import EpisodeWrite, IngestOutcome, WriteProvenance
from a4s_memory.store.ingest_structured import Touched
from a4s_memory.store.ledger import TRUST_RANK, ElementKind, StampReport, episode_stamp
from a4s_memory.store.search_channels import EPISODE_EMBEDDING, VECTOR_MODEL

__all__ = [
    "NewEpisode",
    "PlainEpisode",
    "commit_run_tx",
    "episode_save_props",
    "ledger_props",
    "new_episode",
    "plain_episode",
]

# Every entry of the run written committed, with its episode (what Graphiti's EpisodicNode.save
# writes), the episode's stamp and its vector: the single path's pending statement and commit
# statement in one, for the whole run.
_CREATE_COMMITTED = f"""
UNWIND $rows AS r
CREATE (s:A4SStatus {{uuid: r.uuid, kind: $kind, group_id: $group_id, state: 'committed',
                     created_at: r.now}})
SET s += r.props
MERGE (n:Episodic {{uuid: r.uuid}})
SET n = r.episode
SET n += r.stamp
FOREACH (_ IN CASE WHEN r.vector IS NULL THEN [] ELSE [1] END |
  SET n.{EPISODE_EMBEDDING} = r.vector, n.{VECTOR_MODEL} = r.model)
RETURN count(*) AS written
"""


def ledger_props(prov: WriteProvenance) -> dict[str, object]:
    """The ledger entry's properties: the status of the firewall decision and the provenance."""
    status = prov.decision.status
    if status is None:  # a rejected decision must never reach ingestion
        raise StoreUnavailable("refusing to store without an accepted firewall decision")
    props: dict[str, object] = status.to_properties()
    props.update(
        {
            "a4s_source_type": prov.source_type,
            "a4s_written_by": prov.written_by,
            "a4s_decision_id": prov.decision.decision_id,
            # the soft rules that kept it suspicious (rule ids only): why, for whoever reviews it
            "a4s_flagged_by": prov.decision.flagged_by() or None,
            "a4s_source_ref": prov.source_ref,
            "a4s_metadata": prov.metadata_json,
            "a4s_metadata_screened": prov.metadata_screened,
            "trust_rank": TRUST_RANK.get(prov.decision.trust.value, 1),
            "a4s_source_kind": prov.decision.source_kind.value,
            "expires_at": prov.expires_at,
            "a4s_stale_at": prov.stale_at,
            "a4s_ttl_seconds": prov.ttl_seconds,
            "a4s_ttl_class": prov.ttl_class,
            "a4s_tier": prov.tier,
            "a4s_pinned": prov.pinned,
            "a4s_session_id": prov.session_id,
        }
    )
    return props


def episode_save_props(episode: EpisodicNode) -> dict[str, Any]:
    """The properties Graphiti's ``EpisodicNode.save`` sets (its Neo4j query: ``SET n = {...}``)."""
    return {
        "uuid": episode.uuid,
        "name": episode.name,
        "group_id": episode.group_id,
        "source_description": episode.source_description,
        "source": episode.source.value,
        "content": episode.content,
        "entity_edges": list(episode.entity_edges),
        "created_at": episode.created_at,
        "valid_at": episode.valid_at,
    }


@dataclass(frozen=True, slots=True)
class NewEpisode:
    """One ingestion's episode node, its ledger properties and its entry as committed."""

    node: EpisodicNode
    props: dict[str, object]
    entry: dict[str, Any]
    now: datetime


def new_episode(
    prov: WriteProvenance, body: str, source: EpisodeType, when: datetime | None
) -> NewEpisode:
    episode_uuid = str(uuidlib.uuid4())
    now = utc_now()
    props = ledger_props(prov)
    node = EpisodicNode(
        uuid=episode_uuid,
        name=f"a4s-{episode_uuid[:8]}",  # names are logged by Graphiti: never content
        group_id=prov.group_id,
        labels=[],
        source=source,
        content=body,
        source_description=f"a4s:{prov.source_type}",
        created_at=now,
        valid_at=when or now,  # Graphiti's reference_time: extraction dates facts from it
    )
    entry = {
        "uuid": episode_uuid,
        "kind": ElementKind.EPISODE.value,
        "group_id": prov.group_id,
        "state": "committed",
        "created_at": now,
        **props,
    }
    return NewEpisode(node, props, entry, now)


@dataclass(frozen=True, slots=True)
class PlainEpisode:
    """One item of a run: its episode, its vector (None: a text without words) and its hook."""

    write: EpisodeWrite
    episode: NewEpisode
    vector: list[float] | None
    hook: CommitHook
    model: str  # the embedder that made the vector


def plain_episode(
    write: EpisodeWrite, vector: tuple[list[float] | None, str], hook: CommitHook
) -> PlainEpisode:
    """One item of a run; ``vector``: the episode's vector and the name of its embedder."""
    source = EpisodeType.message if write.is_message else EpisodeType.text
    episode = new_episode(write.provenance, write.body, source, write.reference_time)
    return PlainEpisode(write, episode, vector[0], hook, vector[1])


async def commit_run_tx(
    tx: AsyncManagedTransaction, group_id: str, run: list[PlainEpisode]
) -> list[IngestOutcome]:
    """Write the run (one group's plain episodes, in order) and run each item's hook, in ``tx``."""
    rows = []
    statuses: list[MemoryStatus | None] = []
    for item in run:
        stamp, status = episode_stamp(item.episode.entry)
        statuses.append(status)
        rows.append(
            {
                "uuid": item.episode.node.uuid,
                "now": item.episode.now,
                "props": item.episode.props,
                "episode": episode_save_props(item.episode.node),
                "stamp": stamp,
                "vector": item.vector,
                "model": item.model,
            }
        )
    params = {"rows": rows, "kind": ElementKind.EPISODE.value, "group_id": group_id}
    written = await run_in_tx(tx, _CREATE_COMMITTED, params)
    if not written or written[0]["written"] != len(run):
        raise StoreUnavailable(
            "the run's episodes were not all written", stop_reason=StopReason.INTERNAL_INCONSISTENCY
        )
    outcomes = []
    async with deferred_appends(tx):  # the run's audit events: one statement, after the loop
        for item, status in zip(run, statuses, strict=True):
            uuid = item.episode.node.uuid
            if status is None:
                raise StoreUnavailable(
                    "the stored episode has no status",
                    stop_reason=StopReason.INTERNAL_INCONSISTENCY,
                )
            touched = Touched(episode_vector=item.vector)  # no entity, nothing more to mark
            report = StampReport(statuses={uuid: status})
            ctx = CommitContext(group_id, uuid, touched, report, item.episode.entry)
            report = await finish_tx(tx, ctx, item.hook, set())
            outcomes.append(
                IngestOutcome(
                    episode_uuid=uuid, group_id=group_id, status=status, statuses=report.statuses
                )
            )
    return outcomes
