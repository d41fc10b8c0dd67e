"""The durable ingestion queue, kept in the Neo4j the service already runs.

``A4S_INGEST_MODE=queue`` splits a write in two. The request runs access, bounds, the G5 gate and
the firewall (:func:`~a4s_memory.write.flow.screen_write`) and answers **202** with a job
id; only the screened write (redacted text, screened metadata, the session's hash: never the raw
request) is kept, as one ``:A4SJob`` node. A refusal is still answered at once (422/403), and
nothing is queued. Workers (``a4s-memory worker``) do the slow half, Graphiti's extraction.

* **Durable:** a job is a node, committed before the 202 is sent.
* **Per-group order:** a job is claimable only when it is the oldest unfinished job of its space
  (group_id), so one agent's writes land in the order they were accepted, whatever the number of
  workers; different spaces run in parallel.
* **Exactly once visible:** the job is marked ``done`` inside the ingestion's commit transaction
  (the same one that makes the memory visible). A worker killed before that commit leaves an
  unstamped, invisible episode at most; the job's lease expires and another worker runs it again.
* **Claims** take the job node's write lock and re-check its state, so two workers never run one
  job. A running job holds a lease (``A4S_JOB_LEASE_S``, default 300 s).
* **Retries:** a failure puts the job back with a backoff of 2, 4, 8, ... s (up to 5 attempts);
  then it is ``failed``, with its error code, and the space's later jobs go on.
* ``GET /jobs/{id}``: its requester (or an admin) sees the state, attempts, and the memory id
  once done. A done job keeps no payload.
"""

from __future__ import annotations

import time
import uuid
from typing import Any, Final

from neo4j import AsyncManagedTransaction
from pydantic import BaseModel

from a4s_memory.store.db import Neo4jStore, run_in_tx
from a4s_memory.store.ingest import CommitContext, Finalizer
from a4s_memory.store.ingest_models import ScreenedWrite
from a4s_memory.store.ledger import StampReport
from a4s_memory.store.memory_view import status_or_none
from a4s_memory.types import JobAccepted as JobAccepted  # re-exported (wire models)
from a4s_memory.types import JobView as JobView

__all__ = ["MAX_ATTEMPTS", "ClaimedJob", "JobAccepted", "JobQueue", "JobView"]

MAX_ATTEMPTS: Final = 5

_ENQUEUE: Final = """
CREATE (j:A4SJob {job_id: $job_id, group_id: $group_id, agent_id: $agent_id,
                  requester_id: $requester_id, seq: $seq, state: 'queued', attempts: 0,
                  not_before: $now, created_at: $now, payload: $payload})
"""
# The oldest unfinished job of each space is its head; the oldest claimable head is the candidate.
_CANDIDATE: Final = """
MATCH (j:A4SJob) WHERE j.state IN ['queued', 'running']
WITH j ORDER BY j.seq
WITH j.group_id AS g, collect(j)[0] AS head
WHERE (head.state = 'queued' AND head.not_before <= $now)
   OR (head.state = 'running' AND head.lease_until < $now)
RETURN head.job_id AS job_id ORDER BY head.seq LIMIT 1
"""
# A second query in the same transaction: take the node's write lock first, then read its state
# (a fresh read: within one query Neo4j may reuse a property value read before the lock), so two
# workers racing for one head serialise on the node and the second finds it taken.
_CLAIM: Final = """
MATCH (j:A4SJob {job_id: $job_id})
SET j.lock = $now
WITH j
WHERE (j.state = 'queued' AND j.not_before <= $now)
   OR (j.state = 'running' AND j.lease_until < $now)
SET j.state = 'running', j.claimed_by = $worker, j.lease_until = $now + $lease,
    j.attempts = j.attempts + 1
RETURN j.job_id AS job_id, j.requester_id AS requester_id, j.payload AS payload,
       j.attempts AS attempts
"""
_DONE: Final = """
MATCH (j:A4SJob {job_id: $job_id}) WHERE j.state = 'running' AND j.claimed_by = $worker
SET j.state = 'done', j.memory_id = $memory_id, j.finished_at = $now, j.payload = null
RETURN j.job_id AS job_id
"""
_RETRY: Final = """
MATCH (j:A4SJob {job_id: $job_id}) WHERE j.state = 'running' AND j.claimed_by = $worker
SET j.state = CASE WHEN j.attempts >= $max THEN 'failed' ELSE 'queued' END,
    j.not_before = $now + $backoff, j.error_code = $error_code,
    j.payload = CASE WHEN j.attempts >= $max THEN null ELSE j.payload END
"""
# Once the job is done, the stored memory's status comes along: stamped on its episode, and its
# ledger entry's soft rules.
_STATUS: Final = """
MATCH (j:A4SJob {job_id: $job_id})
OPTIONAL MATCH (e:Episodic {uuid: j.memory_id})
OPTIONAL MATCH (s:A4SStatus {uuid: j.memory_id})
RETURN j.job_id AS job_id, j.state AS state, j.attempts AS attempts, j.memory_id AS memory_id,
       j.error_code AS error_code, j.requester_id AS requester_id, j.agent_id AS agent_id,
       properties(e) AS episode, s.a4s_flagged_by AS flagged_by
"""
_DEPTH: Final = "MATCH (j:A4SJob) WHERE j.state IN ['queued', 'running'] RETURN count(j) AS n"


class ClaimedJob(BaseModel):
    job_id: str
    requester_id: str
    attempts: int
    write: ScreenedWrite


class JobQueue:
    """Enqueue, claim, finish. ``clock`` is wall-clock seconds (workers are processes)."""

    def __init__(self, store: Neo4jStore, lease_s: float = 300.0) -> None:
        self._store = store
        self._lease_s = lease_s
        self._last_seq = 0

    def _seq(self) -> int:
        # Microseconds since the epoch, strictly increasing within this process; across
        # processes, acceptance order within one space is the order the requests were answered.
        self._last_seq = max(self._last_seq + 1, time.time_ns() // 1000)
        return self._last_seq

    async def enqueue(self, requester_id: str, write: ScreenedWrite) -> str:
        job_id = str(uuid.uuid4())
        await self._store.execute(
            _ENQUEUE,
            {
                "job_id": job_id,
                "group_id": write.prov.group_id,
                "agent_id": write.agent_id,
                "requester_id": requester_id,
                "seq": self._seq(),
                "now": time.time(),
                "payload": write.model_dump_json(),
            },
        )
        return job_id

    async def claim(self, worker: str) -> ClaimedJob | None:
        params = {"worker": worker, "now": time.time(), "lease": self._lease_s}

        async def work(tx: AsyncManagedTransaction) -> list[Any]:
            found = await run_in_tx(tx, _CANDIDATE, params)
            if not found:
                return []
            return await run_in_tx(tx, _CLAIM, {**params, "job_id": found[0]["job_id"]})

        rows = await self._store.write_transaction(work)
        if not rows:
            return None
        row = rows[0]
        return ClaimedJob(
            job_id=str(row["job_id"]),
            requester_id=str(row["requester_id"]),
            attempts=int(row["attempts"]),
            write=ScreenedWrite.model_validate_json(str(row["payload"])),
        )

    def done_in_commit(self, job: ClaimedJob, worker: str) -> Finalizer:
        """Marks the job done inside the ingestion's commit transaction; if this worker lost
        the job meanwhile (its lease expired and another took it), the commit is rolled back."""

        async def finalize(tx: AsyncManagedTransaction, ctx: CommitContext) -> StampReport | None:
            rows = await run_in_tx(
                tx,
                _DONE,
                {
                    "job_id": job.job_id,
                    "worker": worker,
                    "memory_id": ctx.episode_uuid,
                    "now": time.time(),
                },
            )
            if not rows:
                raise RuntimeError("the job was claimed by another worker")
            return None

        return finalize

    async def retry_later(self, job: ClaimedJob, worker: str, error_code: str) -> None:
        await self._store.execute(
            _RETRY,
            {
                "job_id": job.job_id,
                "worker": worker,
                "max": MAX_ATTEMPTS,
                "now": time.time(),
                "backoff": float(2**job.attempts),
                "error_code": error_code,
            },
        )

    async def status(self, job_id: str) -> dict[str, Any] | None:
        """The job's row (``JobView``'s fields and its ``requester_id``), with the stored
        memory's status and ``flagged_by`` once it is done and while the memory exists."""
        rows = await self._store.read(_STATUS, {"job_id": job_id})
        if not rows:
            return None
        row = dict(rows[0])
        episode = row.pop("episode", None)
        row["status"] = status_or_none(dict(episode)) if episode else None
        row["flagged_by"] = [str(r) for r in row.get("flagged_by") or []]
        return row

    async def depth(self) -> int:
        rows = await self._store.read(_DEPTH)
        return int(rows[0]["n"]) if rows else 0
