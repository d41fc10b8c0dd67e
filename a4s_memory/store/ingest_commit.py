"""The commit transaction of one ingestion (:mod:`a4s_memory.store.ingest`, step 3).

ONE write transaction: mark the ledger entry ``committed`` and stamp the episode (with its
vector) from the entry the ingestion wrote - not re-read: the statement returns the entry and
only a changed one costs a re-stamp -, save an item's entities and edges and link its episode
(one statement, :func:`ingest_structured.link_item_tx`), run the hook's ``prepare`` (a
version record), re-stamp ONCE every element Graphiti or the hook touched, then the hook's
``finalize`` (the audit event). Whatever the hook writes commits together with the memory
becoming visible, or not at all.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from neo4j import AsyncManagedTransaction

from a4s_memory.contract import StopReason
from a4s_memory.errors import StoreUnavailable
from a4s_memory.store.db import run_in_tx
from a4s_memory.store.ingest_structured import Touched, link_item_tx
from a4s_memory.store.ledger import StampReport, episode_stamp, restamp
from a4s_memory.store.search_channels import EPISODE_EMBEDDING, VECTOR_MODEL

__all__ = [
    "Commit",
    "CommitContext",
    "CommitHook",
    "FinalizeFn",
    "Finalizer",
    "StampTargets",
    "as_hook",
    "commit_tx",
    "finish_tx",
]


@dataclass(frozen=True, slots=True)
class CommitContext:
    """What a finalizer learns about the ingestion it completes."""

    group_id: str
    episode_uuid: str
    touched: Touched
    report: StampReport
    entry: dict[str, Any] | None = None  # the episode's ledger entry as committed (None: unknown)


@dataclass
class StampTargets:
    """More elements a hook's ``prepare`` changed: re-stamped with the ingestion's own, once."""

    episodes: set[str] = field(default_factory=set)
    entities: set[str] = field(default_factory=set)
    edges: set[str] = field(default_factory=set)


class CommitHook:
    """Work INSIDE the commit transaction: whatever it writes commits together with the memory
    becoming visible, or not at all. ``prepare`` runs before the one re-stamp (a version record
    that supersedes an older episode names it there); ``finalize`` after it (the audit event)
    and may return a StampReport of elements it re-stamped again (merged into the outcome)."""

    async def prepare(self, tx: AsyncManagedTransaction, ctx: CommitContext) -> StampTargets:
        return StampTargets()

    async def finalize(self, tx: AsyncManagedTransaction, ctx: CommitContext) -> StampReport | None:
        return None


# A plain finalizer: runs after the re-stamp (a queue job marking itself done).
FinalizeFn: TypeAlias = Callable[
    [AsyncManagedTransaction, CommitContext], Awaitable[StampReport | None]
]
Finalizer: TypeAlias = CommitHook | FinalizeFn


# Commit + the episode's stamp (computed from the entry this module wrote) + its vector; returns
# the entry as stored, so a changed one (never in practice) is re-stamped from the ledger.
_COMMIT = f"""
MATCH (s:A4SStatus {{uuid: $uuid}}) WHERE s.state = 'pending'
SET s.state = 'committed'
WITH s
MATCH (n:Episodic {{uuid: $uuid}}) WHERE n.group_id = $group_id
SET n += $stamp
FOREACH (_ IN CASE WHEN $vector IS NULL THEN [] ELSE [1] END |
  SET n.{EPISODE_EMBEDDING} = $vector, n.{VECTOR_MODEL} = $model)
RETURN properties(s) AS entry
"""
# The embedder of the vectors Graphiti (re)computed for every node and fact it saved in this
# ingestion (add_episode re-embeds all of them); its saves drop the property. A direct item write
# (``Touched.graph``) saves the name with its vectors and needs no mark.
_MARK_VECTORS = f"""
CALL () {{
  UNWIND $entities AS id
  MATCH (n:Entity {{uuid: id}}) WHERE n.group_id = $group_id AND n.name_embedding IS NOT NULL
  SET n.{VECTOR_MODEL} = $model
}}
CALL () {{
  UNWIND $edges AS id
  MATCH ()-[e:RELATES_TO {{uuid: id}}]->()
  WHERE e.group_id = $group_id AND e.fact_embedding IS NOT NULL
  SET e.{VECTOR_MODEL} = $model
}}
"""


class _AfterStamp(CommitHook):
    def __init__(self, finalize: FinalizeFn) -> None:
        self._finalize = finalize

    async def finalize(self, tx: AsyncManagedTransaction, ctx: CommitContext) -> StampReport | None:
        return await self._finalize(tx, ctx)


def as_hook(finalize: Finalizer | None) -> CommitHook:
    if finalize is None:
        return CommitHook()
    return finalize if isinstance(finalize, CommitHook) else _AfterStamp(finalize)


@dataclass(frozen=True, slots=True)
class Commit:
    entry: dict[str, Any]  # the ledger entry as written (state committed)
    hook: CommitHook


async def commit_tx(tx: AsyncManagedTransaction, ctx: CommitContext, commit: Commit) -> StampReport:
    touched = ctx.touched
    stamp, status = episode_stamp(commit.entry)
    rows = await run_in_tx(
        tx,
        _COMMIT,
        {
            "uuid": ctx.episode_uuid,
            "group_id": ctx.group_id,
            "stamp": stamp,
            "vector": touched.episode_vector,
            "model": touched.vector_model,
        },
    )
    if not rows:
        raise StoreUnavailable(
            "the pending ledger entry or its episode vanished",
            stop_reason=StopReason.INTERNAL_INCONSISTENCY,
        )
    report = StampReport(statuses={ctx.episode_uuid: status})
    episodes: set[str] = set()
    stored = dict(rows[0]["entry"])
    if episode_stamp(stored)[0] != stamp:
        # The entry changed since it was written (never in practice): stamp from the ledger.
        episodes.add(ctx.episode_uuid)
        ctx = CommitContext(ctx.group_id, ctx.episode_uuid, touched, ctx.report, stored)
    ctx = CommitContext(ctx.group_id, ctx.episode_uuid, touched, report, ctx.entry)
    return await finish_tx(tx, ctx, commit.hook, episodes)


async def finish_tx(
    tx: AsyncManagedTransaction, ctx: CommitContext, hook: CommitHook, episodes: set[str]
) -> StampReport:
    """The rest of a commit once the episode is stamped: an item's links, the hook's
    ``prepare``, ONE re-stamp of everything touched (plus ``episodes``), the hook's
    ``finalize``. ``ctx.report`` holds the episode's status and collects the others."""
    touched, report = ctx.touched, ctx.report
    await link_item_tx(tx, ctx.group_id, ctx.episode_uuid, touched)
    more = await hook.prepare(tx, ctx)
    stamped = await restamp(
        tx,
        ctx.group_id,
        episodes=episodes | more.episodes,
        entities=touched.entities | more.entities,
        edges=touched.edges | touched.invalidated | more.edges,
    )
    report.statuses.update(stamped.statuses)
    report.summaries_rebuilt = stamped.summaries_rebuilt
    edges = touched.edges | touched.invalidated
    # A direct item write saved its vectors with the embedder's name already (ingest_structured).
    if touched.vector_model and touched.graph is None and (touched.entities or edges):
        marks: dict[str, object] = {"group_id": ctx.group_id, "model": touched.vector_model}
        marks |= {"entities": sorted(touched.entities), "edges": sorted(edges)}
        await run_in_tx(tx, _MARK_VECTORS, marks)
    extra = await hook.finalize(tx, ctx)
    if extra is not None:
        report.statuses.update(extra.statuses)
    return report
