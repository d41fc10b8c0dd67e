"""One writer per group across processes: a lease on a ``(:A4SGroupLock {space: group_id})`` node.

The :class:`~a4s_memory.store.ingest.Ingestor` serialises the ingestions of a group inside one
process (an asyncio lock). Several API workers or queue workers are several processes: two
extractions into one group at the same time each looked for an entity, found none, and each
created it (two "Jonas Weber" in one space; tests/integration/test_group_lease.py). Graphiti
requires a group's episodes to be added one after another, so the extraction and commit of an
episode or item now also hold this lease.

* Acquire: ``MERGE`` the group's node (unique on ``space``: graph_schema/009; not ``group_id``:
  it is not memory of the space, and clearing a space leaves nothing that has one), write-lock it,
  and take it when it is free or its lease ran out, in one statement; the node's write lock makes
  concurrent acquirers take turns. Times are Neo4j's clock, never a process's, so hosts' clocks do not
  matter. A busy lease is retried with jittered back-off up to ``wait_s``, then StoreUnavailable
  (nothing was written: the caller may retry).
* Hold: a write that takes longer than a third of ``ttl_s`` (a slow LLM extraction) renews the
  lease every third of it, so it never runs out under a live holder.
* Release: only by its holder. A crashed holder's lease runs out after ``ttl_s`` (a queue job's
  lease is 300 s too).

Plain offline chat turns (no entity: nothing to deduplicate) do not take it.
"""

from __future__ import annotations

import asyncio
import logging
import random
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Final

from a4s_memory.errors import StoreUnavailable
from a4s_memory.store.db import Neo4jStore

__all__ = ["LEASE_TTL_S", "LEASE_WAIT_S", "GroupLeases"]

logger = logging.getLogger(__name__)

LEASE_TTL_S: Final = 300.0
LEASE_WAIT_S: Final = 60.0
_FIRST_DELAY_S: Final = 0.005
_MAX_DELAY_S: Final = 0.25

# The SET before the check takes the node's write lock first: a check made before it read the
# state of before a concurrent acquirer's commit, and two writers both took a free lease (seen in
# tests/integration/test_group_lease.py). Once the lock is ours, the check reads the latest holder.
_ACQUIRE = """
MERGE (l:A4SGroupLock {space: $group_id})
SET l.asked_at = datetime()
WITH l WHERE l.holder IS NULL OR l.until < datetime()
SET l.holder = $holder, l.until = datetime() + duration({milliseconds: $ttl_ms})
RETURN l.holder AS holder
"""
_RENEW = """
MATCH (l:A4SGroupLock {space: $group_id}) WHERE l.holder = $holder
SET l.until = datetime() + duration({milliseconds: $ttl_ms})
"""
_RELEASE = """
MATCH (l:A4SGroupLock {space: $group_id}) WHERE l.holder = $holder
REMOVE l.holder, l.until
"""


class GroupLeases:
    """``async with leases.hold(group_id): ...`` - this process's turn to write into the group."""

    def __init__(
        self, store: Neo4jStore, *, ttl_s: float = LEASE_TTL_S, wait_s: float = LEASE_WAIT_S
    ) -> None:
        self._store = store
        self._ttl_ms = int(ttl_s * 1000)
        self._wait_s = wait_s

    @asynccontextmanager
    async def hold(self, group_id: str) -> AsyncIterator[None]:
        holder = uuid.uuid4().hex
        await self._acquire(group_id, holder)
        renewal = asyncio.create_task(self._renew(group_id, holder))
        try:
            yield
        finally:
            renewal.cancel()
            # shielded: a request cancelled (its deadline, a client gone) while writing must
            # still give the lease back, or the space waits for it to run out
            await asyncio.shield(self._release(group_id, holder))

    async def _renew(self, group_id: str, holder: str) -> None:
        params = {"group_id": group_id, "holder": holder, "ttl_ms": self._ttl_ms}
        while True:
            await asyncio.sleep(self._ttl_ms / 3000)
            try:
                await self._store.execute(_RENEW, params)
            except StoreUnavailable:  # the next renewal (or the write itself) will tell
                logger.warning("could not renew the write lease of %s", group_id)

    async def _acquire(self, group_id: str, holder: str) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self._wait_s
        delay = _FIRST_DELAY_S
        params = {"group_id": group_id, "holder": holder, "ttl_ms": self._ttl_ms}
        while not await self._store.execute(_ACQUIRE, params):
            if loop.time() > deadline:
                raise StoreUnavailable(
                    "another process has been writing into this memory space for too long",
                    suggestion="retry shortly; nothing was stored",
                )
            await asyncio.sleep(delay * (0.5 + random.random()))  # noqa: S311 - jitter only
            delay = min(delay * 2, _MAX_DELAY_S)

    async def _release(self, group_id: str, holder: str) -> None:
        try:
            await self._store.execute(_RELEASE, {"group_id": group_id, "holder": holder})
        except Exception:  # the lease runs out by itself; the write itself is done
            logger.warning(
                "could not release the write lease of %s; it expires by itself", group_id
            )
