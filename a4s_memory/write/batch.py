"""Batch writes: ``MemoryManager.add_many``, ``POST /memories:batch``,
``AsyncMemoryClient.add_many`` and ``a4s-memory import-chat``.

Each item is one ordinary write: its own access decision, firewall decision and audit event, and
its own answer (stored with its status, or refused with its stop reason). One item's refusal or
failure never touches another item: every item is all or nothing, and the batch is not (a run of
chat turns shares one transaction, and a run that fails is written again item by item:
a4s_memory.store.ingest_bulk). Items of one agent are written in their order (a later turn never lands before an earlier
one); different agents' items are written concurrently (``BATCH_CONCURRENCY`` agents at a time).
A batch spends one write-quota token, as an import does: it is one bulk request of at most
``MAX_BATCH_ITEMS`` items.

Throughput: one agent's items run as a two-stage pipeline. The first stage
screens them in order (access, bounds, session gate, firewall: every item, as a single write
would be) and hands each accepted one to the second stage, which stores them in order; so item
k+1 is screened while item k is stored. Before handing over a chunk of ``PREFETCH_CHUNK``
accepted items, the first stage starts their episode vectors in the background (``prefetch``),
so the model runs while the second stage waits on Neo4j; its ingestions take them. The second
stage takes everything handed over so far as one run (``store``, at most ``MAX_RUN``), so
offline a run of plain chat turns commits in one transaction instead of two per turn.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Final, Generic, TypeVar

from pydantic import BaseModel, Field, ValidationError

from a4s_memory.contract import StopReason
from a4s_memory.errors import A4SError
from a4s_memory.models import AddMemory, AddResult
from a4s_memory.telemetry import count_write
from a4s_memory.types import MAX_BATCH_ITEMS as MAX_BATCH_ITEMS  # re-exported (wire models)
from a4s_memory.types import BatchItemResult as BatchItemResult
from a4s_memory.types import BatchResult as BatchResult

__all__ = [
    "BATCH_CONCURRENCY",
    "MAX_BATCH_ITEMS",
    "MAX_RUN",
    "PREFETCH_CHUNK",
    "BatchAddRequest",
    "BatchItemResult",
    "BatchResult",
    "BatchSteps",
    "one_by_one",
    "write_batch",
]

BATCH_CONCURRENCY: Final = 4  # agents written at once; Neo4j's pool and 2 cores set the bound
# Accepted items handed to the store stage at once, their vectors started ahead. Small, so the
# store stage starts early (screening takes a few ms an item).
PREFETCH_CHUNK: Final = 4
# Screened writes stored at once at most (one transaction for a run of chat turns): bounds the
# transaction and how long an item waits for the run it is in.
MAX_RUN: Final = 32

S = TypeVar("S")


class BatchAddRequest(BaseModel):
    """POST /memories:batch: up to 100 items, each exactly a POST /memories body."""

    items: list[AddMemory] = Field(min_length=1, max_length=MAX_BATCH_ITEMS)


class BatchSteps(Generic[S]):
    """The two halves of one write and the vector prefetch (the facade binds them).

    ``store`` stores several screened writes of one agent at once, in order, answering each on
    its own (a result or the error that refused it): the store stage hands it everything screened
    so far, so a run of chat turns commits in one transaction. :func:`one_by_one` makes one from
    a function that stores a single write."""

    def __init__(
        self,
        screen: Callable[[AddMemory], Awaitable[S]],
        store: Callable[[Sequence[S]], Awaitable[list[AddResult | A4SError]]],
        prefetch: Callable[[Sequence[S]], None] | None = None,
    ) -> None:
        self.screen, self.store, self.prefetch = screen, store, prefetch


def one_by_one(
    store: Callable[[S], Awaitable[AddResult]],
) -> Callable[[Sequence[S]], Awaitable[list[AddResult | A4SError]]]:
    """A ``BatchSteps.store`` that stores the writes one after another with ``store``."""

    async def each(writes: Sequence[S]) -> list[AddResult | A4SError]:
        answers: list[AddResult | A4SError] = []
        for write in writes:
            try:
                answers.append(await store(write))
            except A4SError as error:
                answers.append(error)
        return answers

    return each


def _invalid(index: int, exc: ValidationError) -> BatchItemResult:
    fields = sorted({".".join(str(p) for p in err["loc"]) for err in exc.errors()})
    return BatchItemResult(
        index=index,
        stored=False,
        stop_reason=StopReason.SCHEMA_INVALID,
        error_code="invalid_request",
        detail=f"invalid item fields: {', '.join(fields) or 'body'}",
    )


async def write_batch(
    items: Sequence[AddMemory | dict[str, Any]], steps: BatchSteps[S]
) -> BatchResult:
    """Write every item with ``steps`` (see the module docstring); answers in request order."""
    results: dict[int, BatchItemResult] = {}
    by_agent: dict[str, list[tuple[int, AddMemory]]] = {}
    for index, raw in enumerate(items):
        try:
            item = raw if isinstance(raw, AddMemory) else AddMemory.model_validate(raw)
        except ValidationError as exc:
            results[index] = _invalid(index, exc)
            continue
        by_agent.setdefault(item.agent_id, []).append((index, item))
    gate = asyncio.Semaphore(BATCH_CONCURRENCY)

    async def one_agent(queue: list[tuple[int, AddMemory]]) -> None:
        async with gate:
            await _pipeline(queue, steps, results)

    await asyncio.gather(*(one_agent(queue) for queue in by_agent.values()))
    ordered = [results[i] for i in range(len(items))]
    stored = sum(1 for r in ordered if r.stored)
    return BatchResult(results=ordered, stored=stored, refused=len(ordered) - stored)


async def _pipeline(
    queue: list[tuple[int, AddMemory]], steps: BatchSteps[S], results: dict[int, BatchItemResult]
) -> None:
    """Screen in order -> (prefetch a chunk's vectors) -> store in order."""
    handoff: asyncio.Queue[tuple[int, S, float] | None] = asyncio.Queue()

    def refused(index: int, error: A4SError, started: float) -> None:
        results[index] = BatchItemResult.of_error(index, error)
        count_write(error.stop_reason, time.perf_counter() - started)

    async def screen_all() -> None:
        chunk: list[tuple[int, S, float]] = []

        def hand_over() -> None:
            if steps.prefetch is not None and chunk:
                steps.prefetch([write for _, write, _ in chunk])
            for entry in chunk:
                handoff.put_nowait(entry)
            chunk.clear()

        try:
            for index, item in queue:
                started = time.perf_counter()
                try:
                    chunk.append((index, await steps.screen(item), started))
                except A4SError as error:
                    refused(index, error, started)
                if len(chunk) >= PREFETCH_CHUNK:
                    hand_over()
        finally:
            hand_over()
            handoff.put_nowait(None)  # the end

    async def store_run(run: list[tuple[int, S, float]]) -> None:
        answers = await steps.store([write for _, write, _ in run])
        for (index, _, started), answer in zip(run, answers, strict=True):
            if isinstance(answer, A4SError):
                refused(index, answer, started)
                continue
            results[index] = BatchItemResult.of_result(index, answer)
            count_write(answer.stop_reason, time.perf_counter() - started)

    async def store_all() -> None:
        # Everything handed over so far is stored as one run, in order.
        end = False
        while not end:
            run: list[tuple[int, S, float]] = []
            entry = await handoff.get()
            while entry is not None:
                run.append(entry)
                if handoff.empty() or len(run) >= MAX_RUN:
                    break
                entry = handoff.get_nowait()
            end = entry is None
            if run:
                await store_run(run)

    await asyncio.gather(screen_all(), store_all())
