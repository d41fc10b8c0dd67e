"""Batch writes (issue 15 item 1): ``MemoryManager.add_many``, ``POST /memories:batch``,
``AsyncMemoryClient.add_many`` and ``a4s-memory import-chat``.

Each item is one ordinary write: its own access decision, firewall decision, transaction and audit
event, and its own answer (stored with its status, or refused with its stop reason). One item's
refusal or failure never touches another item: every item is all or nothing, and the batch is
not. Items of one agent are written in their order (a later turn never lands before an earlier
one); different agents' items are written concurrently (``BATCH_CONCURRENCY`` agents at a time).
A batch spends one write-quota token, as an import does: it is one bulk request of at most
``MAX_BATCH_ITEMS`` items.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Final

from pydantic import BaseModel, Field, ValidationError

from a4s_memory.contract import StopReason
from a4s_memory.errors import A4SError
from a4s_memory.models import AddMemory, AddResult
from a4s_memory.types import MAX_BATCH_ITEMS as MAX_BATCH_ITEMS  # re-exported (wire models)
from a4s_memory.types import BatchItemResult as BatchItemResult
from a4s_memory.types import BatchResult as BatchResult

__all__ = [
    "BATCH_CONCURRENCY",
    "MAX_BATCH_ITEMS",
    "BatchAddRequest",
    "BatchItemResult",
    "BatchResult",
    "write_batch",
]

BATCH_CONCURRENCY: Final = 4  # agents written at once; Neo4j's pool and 2 cores set the bound


class BatchAddRequest(BaseModel):
    """POST /memories:batch: up to 100 items, each exactly a POST /memories body."""

    items: list[AddMemory] = Field(min_length=1, max_length=MAX_BATCH_ITEMS)


WriteOne = Callable[[AddMemory], Awaitable[AddResult]]


def _invalid(index: int, exc: ValidationError) -> BatchItemResult:
    fields = sorted({".".join(str(p) for p in err["loc"]) for err in exc.errors()})
    return BatchItemResult(index=index, stored=False, stop_reason=StopReason.SCHEMA_INVALID,
                           error_code="invalid_request",
                           detail=f"invalid item fields: {', '.join(fields) or 'body'}")


async def write_batch(items: Sequence[AddMemory | dict[str, Any]], write: WriteOne) -> BatchResult:
    """Write every item with ``write`` (see the module docstring); answers in request order."""
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
            for index, item in queue:  # in order: a later turn never lands first
                try:
                    results[index] = BatchItemResult.of_result(index, await write(item))
                except A4SError as error:
                    results[index] = BatchItemResult.of_error(index, error)

    await asyncio.gather(*(one_agent(queue) for queue in by_agent.values()))
    ordered = [results[i] for i in range(len(items))]
    stored = sum(1 for r in ordered if r.stored)
    return BatchResult(results=ordered, stored=stored, refused=len(ordered) - stored)
