"""Writing memory: free text / chat messages through ``Graphiti.add_episode`` and the memory contract items
as the facts ``add_triplet`` would store, written directly (:mod:`ingest_structured`), each under the
status protocol:

1. a ``pending`` ledger entry for the new episode (its status and provenance from the firewall
   decision) and the bare Episodic node are written first, in one statement;
2. Graphiti extracts and saves (new elements carry no status yet, and merged ones lose theirs:
   both are invisible to every search, which treats a missing status as never returnable); the
   episode's own vector is computed meanwhile (off the event loop). An item is only resolved
   here (one read) and its entities and edge are saved by the commit transaction of step 3;
3. ONE write transaction marks the entry ``committed`` and stamps the episode (with its vector)
   from the entry this module wrote - not re-read: the statement returns the entry and only a
   changed one costs a re-stamp -, runs the hook's ``prepare`` (a version record), then re-stamps
   ONCE every element Graphiti or the hook touched (the entities, the edges incl. invalidated
   ones, the edges' endpoints) from the ledger, then the hook's ``finalize`` (the audit event);
4. if 2 or 3 fails, the episode is removed again (:mod:`ingest_remove`, which also re-stamps
   what it touched) and the caller gets StoreUnavailable: nothing half-written stays visible.

Offline, a text in which the deterministic extractor finds no entity needs no step 2 (Graphiti's
add_episode would write nothing but the episode), so it is written in ONE transaction instead, as
a run of one (:mod:`ingest_bulk`): entry (committed), episode, stamp, vector, then the hook. A
batch's consecutive such texts of one group share that transaction (:meth:`Ingestor.add_episodes`).

Ingestions into one group are serialised (Graphiti requires episodes of a group to be added one
after another; it also keeps the re-stamps of concurrent writers from interleaving): inside a
process by an asyncio lock, across processes, for what Graphiti extracts and for items, by a lease
in Neo4j (:mod:`group_lease`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from typing import Final

from graphiti_core.nodes import EpisodeType, EpisodicNode

from a4s_memory.contract import RetrievalStatus, SecurityStatus, StopReason
from a4s_memory.errors import A4SError, StoreUnavailable
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.episode_vectors import EpisodeVectors
from a4s_memory.store.graphiti_factory import GraphitiBundle
from a4s_memory.store.group_lease import GroupLeases
from a4s_memory.store.ingest_bulk import (
    commit_run_tx,
    episode_save_props,
    new_episode,
    plain_episode,
)
from a4s_memory.store.ingest_commit import (
    Commit,
    CommitContext,
    CommitHook,
    Finalizer,
    StampTargets,
    as_hook,
    commit_tx,
)
from a4s_memory.store.ingest_models import EpisodeWrite, IngestOutcome, ItemWrite, WriteProvenance
from a4s_memory.store.ingest_remove import remove_episode
from a4s_memory.store.ingest_structured import (
    Touched,
    item_episode_body,
    link_item_tx,
    write_item,
)
from a4s_memory.store.ledger import (
    ElementKind,
    StampReport,
)
from a4s_memory.store.offline_llm import extract_entity_names

__all__ = ["CommitContext", "CommitHook", "Finalizer", "Ingestor", "StampTargets"]

logger = logging.getLogger(__name__)

_PREVIOUS_EPISODES: Final = 5
_Work = Callable[[EpisodicNode], Awaitable[Touched]]


# The pending ledger entry and the bare episode (what Graphiti's EpisodicNode.save writes, so its
# add_episode finds it by uuid) in ONE statement.
_CREATE_PENDING = """
CREATE (s:A4SStatus {uuid: $uuid, kind: $kind, group_id: $group_id, state: 'pending',
                     created_at: $now})
SET s += $props
MERGE (n:Episodic {uuid: $uuid})
SET n = $episode
"""
# Context for an LLM extractor: only committed, clean, normally retrievable earlier episodes,
# so a quarantined or suspicious text can never steer the extraction of a new one.
_CLEAN_PREVIOUS = """
MATCH (s:A4SStatus) WHERE s.group_id = $group_id AND s.kind = 'episode' AND s.state = 'committed'
  AND s.security_status = $clean AND s.retrieval_status = $normal
RETURN s.uuid AS uuid ORDER BY s.created_at DESC LIMIT $limit
"""


class Ingestor:
    """The write path. Built from a store and the Graphiti bundle; no I/O until called."""

    def __init__(self, store: Neo4jStore, bundle: GraphitiBundle) -> None:
        self._store = store
        self._bundle = bundle
        self._locks: dict[str, asyncio.Lock] = {}
        self._leases = GroupLeases(store)  # the same turn-taking across processes
        # Episode vectors started ahead by a batch: body -> its vector, when computed.
        self._vectors = EpisodeVectors(bundle.embedder)

    def _lock(self, group_id: str) -> asyncio.Lock:
        return self._locks.setdefault(group_id, asyncio.Lock())

    async def add_episode(
        self, write: EpisodeWrite, finalize: Finalizer | None = None
    ) -> IngestOutcome:
        """Free text or rendered messages -> an episode extracted by Graphiti's add_episode."""
        if self._bundle.offline and (await asyncio.to_thread(_plain, [write.body]))[0]:
            # Offline and nothing to extract: written as a run of one (ingest_bulk), the entry,
            # episode, stamp, vector and the hook's writes in ONE transaction.
            return await self._add_plain(write, finalize)
        return await self._add_extracted(write, finalize)

    async def _add_extracted(
        self, write: EpisodeWrite, finalize: Finalizer | None
    ) -> IngestOutcome:
        """An episode Graphiti extracts from (online, or offline with entities in the text)."""
        prov = write.provenance
        source = EpisodeType.message if write.is_message else EpisodeType.text

        # The episode's vector (CPU, in a thread) while the pending entry is written and Graphiti
        # extracts.
        vector = asyncio.ensure_future(self._vectors.take(write.body))

        async def extract(episode: EpisodicNode) -> Touched:
            try:
                previous = await self._previous_episodes(prov.group_id)
                result = await self._bundle.extractor.add_episode(
                    name=episode.name,
                    episode_body=write.body,
                    source_description=episode.source_description,
                    reference_time=episode.valid_at,
                    source=source,
                    group_id=prov.group_id,
                    uuid=episode.uuid,
                    previous_episode_uuids=previous,
                )
            except BaseException:
                vector.cancel()
                raise
            touched = Touched(episode_vector=await vector)
            kept = {e.uuid for e in result.edges if episode.uuid in e.episodes}
            for edge in result.edges:
                touched.edges.add(edge.uuid)
                touched.entities.update({edge.source_node_uuid, edge.target_node_uuid})
                if edge.uuid not in kept:
                    touched.invalidated.add(edge.uuid)
            touched.entities.update(node.uuid for node in result.nodes)
            return touched

        try:
            return await self._ingest(
                prov, write.body, (source, extract), finalize, when=write.reference_time
            )
        finally:
            if not vector.done():
                vector.cancel()

    async def add_episodes(
        self, writes: Sequence[tuple[EpisodeWrite, Finalizer | None]]
    ) -> list[IngestOutcome | A4SError]:
        """A batch's free-text episodes, in order, each answered on its own (an outcome or the
        error that refused it). Offline, a run of consecutive plain episodes (no entity found)
        of one group commits in one transaction (:mod:`ingest_bulk`); any other episode is
        extracted on its own, and each episode of a run whose transaction failed is written
        again as a run of one. Whether a text is plain is decided once, here."""
        bodies = [write.body for write, _ in writes]
        offline = self._bundle.offline
        plain = await asyncio.to_thread(_plain, bodies) if offline else [False] * len(bodies)
        out: list[IngestOutcome | A4SError] = []
        start = 0
        while start < len(writes):
            end, group = start + 1, writes[start][0].provenance.group_id
            if not plain[start]:
                out.append(await _answered(self._add_extracted(*writes[start])))
                start = end
                continue
            while end < len(writes) and plain[end] and writes[end][0].provenance.group_id == group:
                end += 1
            out.extend(await self._add_run(writes[start:end]))
            start = end
        return out

    async def _add_run(
        self, run: Sequence[tuple[EpisodeWrite, Finalizer | None]]
    ) -> list[IngestOutcome | A4SError]:
        try:
            outcomes = await self._commit_run(run)
        except Exception as exc:  # the run wrote nothing: each item again, on its own
            logger.warning(
                "a run of %d episodes into %s failed (%s); writing them one at a time",
                len(run),
                run[0][0].provenance.group_id,
                type(exc).__name__,
            )
            return [await _answered(self._add_plain(*pair)) for pair in run]
        return list(outcomes)

    async def _add_plain(self, write: EpisodeWrite, finalize: Finalizer | None) -> IngestOutcome:
        try:
            return (await self._commit_run([(write, finalize)]))[0]
        except A4SError:
            raise
        except Exception as exc:  # the transaction wrote nothing
            logger.error(
                "ingestion into %s failed (%s); nothing was kept",
                write.provenance.group_id,
                type(exc).__name__,
            )
            raise StoreUnavailable(
                "the memory could not be stored; nothing was kept",
                suggestion="retry; if it persists, check the Neo4j logs",
                stop_reason=StopReason.INTERNAL_INCONSISTENCY,
            ) from None

    async def _commit_run(
        self, run: Sequence[tuple[EpisodeWrite, Finalizer | None]]
    ) -> list[IngestOutcome]:
        vectors = [await self._vectors.take(write.body) for write, _ in run]
        model = self._bundle.embedder_name
        items = [
            plain_episode(write, (vector, model), as_hook(finalize))
            for (write, finalize), vector in zip(run, vectors, strict=True)
        ]
        group = run[0][0].provenance.group_id
        async with self._lock(group):
            outcomes: list[IngestOutcome] = await self._store.write_transaction(
                commit_run_tx, group, items
            )
        logger.info("ingested %d plain episodes into %s in one transaction", len(run), group)
        return outcomes

    def prefetch_vectors(self, bodies: list[str]) -> None:
        """Start the vectors of episodes about to be added (a batch's): see episode_vectors."""
        self._vectors.prefetch(bodies)

    async def episode_vector(self, body: str) -> list[float] | None:
        """The vector the episode of ``body`` will be stored with, computed now or ahead and left
        for its ingestion (None: a text without words)."""
        return await self._vectors.peek(body)

    async def text_vector(self, body: str) -> list[float] | None:
        """The vector an episode of ``body`` would be stored with, computed now and not kept
        (None: a text without words)."""
        return await self._vectors.once(body)

    @property
    def embedder_name(self) -> str:
        """The name of the embedder episode vectors come from."""
        return self._bundle.embedder_name

    async def add_item(self, item: ItemWrite, finalize: Finalizer | None = None) -> IngestOutcome:
        """A memory contract item -> the fact add_triplet would store (written directly, with its
        episode, in the commit transaction: :mod:`ingest_structured`)."""

        async def store_item(episode: EpisodicNode) -> Touched:
            return await write_item(self._store, self._bundle, item, episode)

        return await self._ingest(
            item.provenance, item_episode_body(item), (EpisodeType.json, store_item), finalize
        )

    async def _previous_episodes(self, group_id: str) -> list[str]:
        if self._bundle.offline:
            return []  # the offline extractor reads only the current episode
        rows = await self._store.execute(
            _CLEAN_PREVIOUS,
            {
                "group_id": group_id,
                "limit": _PREVIOUS_EPISODES,
                "clean": SecurityStatus.CLEAN.value,
                "normal": RetrievalStatus.NORMAL.value,
            },
        )
        return [str(r["uuid"]) for r in rows]

    async def _ingest(
        self,
        prov: WriteProvenance,
        body: str,
        how: tuple[EpisodeType, _Work],
        finalize: Finalizer | None,
        *,
        when: datetime | None = None,
    ) -> IngestOutcome:
        source, work = how
        new = new_episode(prov, body, source, when)
        episode, episode_uuid, entry = new.node, new.node.uuid, new.entry
        await self._store.execute(
            _CREATE_PENDING,
            {
                "uuid": episode_uuid,
                "kind": ElementKind.EPISODE.value,
                "group_id": prov.group_id,
                "now": new.now,
                "props": new.props,
                "episode": episode_save_props(episode),
            },
        )
        touched: Touched | None = None
        async with self._lock(prov.group_id), self._leases.hold(prov.group_id):
            try:
                touched = await work(episode)
                touched.vector_model = self._bundle.embedder_name
                report: StampReport = await self._store.write_transaction(
                    commit_tx,
                    CommitContext(prov.group_id, episode_uuid, touched, StampReport(), entry),
                    Commit(entry, as_hook(finalize)),
                )
            except Exception as exc:
                await self._discard(prov.group_id, episode_uuid, exc, touched)
                raise StoreUnavailable(
                    "the memory could not be stored; nothing was kept",
                    suggestion="retry; if it persists, check the Neo4j and extractor logs",
                    stop_reason=StopReason.INTERNAL_INCONSISTENCY,
                ) from None
        status = report.statuses.get(episode_uuid)
        if status is None:
            await self._discard(prov.group_id, episode_uuid, None)
            raise StoreUnavailable(
                "the stored episode has no status", stop_reason=StopReason.INTERNAL_INCONSISTENCY
            )
        logger.info(
            "ingested episode %s into %s: %d entities, %d edges, %d invalidated",
            episode_uuid,
            prov.group_id,
            len(touched.entities),
            len(touched.edges),
            len(touched.invalidated),
        )
        return IngestOutcome(
            episode_uuid=episode_uuid,
            group_id=prov.group_id,
            status=status,
            entities=sorted(touched.entities),
            edges=sorted(touched.edges - touched.invalidated),
            invalidated=sorted(touched.invalidated),
            statuses=report.statuses,
        )

    async def _discard(
        self,
        group_id: str,
        episode_uuid: str,
        exc: BaseException | None,
        touched: Touched | None = None,
    ) -> None:
        # Log the exception type only: Graphiti's messages can quote the episode text.
        logger.error(
            "ingestion of episode %s into %s failed (%s); removing it",
            episode_uuid,
            group_id,
            type(exc).__name__ if exc else "no status",
        )
        try:
            if touched is not None and touched.links is not None and touched.graph is None:
                # The links the commit would have written: the removal finds the item's
                # entities through them (an entity only this episode mentions goes with it).
                # A direct item write (``graph``) saved nothing outside the commit: no links.
                await self._store.write_transaction(link_item_tx, group_id, episode_uuid, touched)
            await remove_episode(self._store, group_id, episode_uuid)
        except Exception as cleanup_exc:
            logger.error(
                "could not remove failed episode %s (%s); it stays unstamped (invisible)",
                episode_uuid,
                type(cleanup_exc).__name__,
            )


async def _answered(call: Awaitable[IngestOutcome]) -> IngestOutcome | A4SError:
    """The outcome, or the error that refused the write (a batch answers each item)."""
    try:
        return await call
    except A4SError as exc:
        return exc


def _plain(bodies: list[str]) -> list[bool]:
    """Offline: which texts the extractor finds no entity in (Graphiti would write nothing)."""
    return [not extract_entity_names(body) for body in bodies]
