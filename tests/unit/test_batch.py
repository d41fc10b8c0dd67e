"""Batch writes, the pure parts: per-item answers in request order, one item's
refusal never touching another, per-agent order kept while agents run concurrently, malformed
items answered SCHEMA_INVALID; one agent's items screened ahead of their storing with their
vectors prefetched per chunk; the client's chunking under the body bound. No I/O: the screen and
store functions are in-memory recorders standing in for the write path's two halves."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from typing import Any

from a4s_memory.client import _MAX_CHUNK_BYTES, _chunks
from a4s_memory.contract import StopReason
from a4s_memory.errors import A4SError, FirewallRejected
from a4s_memory.models import AddMemory, AddResult
from a4s_memory.status import MemoryStatus
from a4s_memory.write.batch import (
    MAX_BATCH_ITEMS,
    PREFETCH_CHUNK,
    BatchSteps,
    one_by_one,
    write_batch,
)


async def _screen(item: AddMemory) -> AddMemory:
    return item


def _result(item: AddMemory) -> AddResult:
    return AddResult(
        memory_id=f"m-{item.messages}",
        stop_reason=StopReason.SUCCESS_STORED,
        group_id=f"agent-{item.agent_id}-public",
        status=MemoryStatus(),
        decision_id="d",
    )


async def test_each_item_is_answered_on_its_own_in_request_order() -> None:
    written: list[str] = []

    async def write(item: AddMemory) -> AddResult:
        await asyncio.sleep(0)
        if "evil" in str(item.messages):
            raise FirewallRejected("rejected", stop_reason=StopReason.INJECTION_DETECTED)
        written.append(str(item.messages))
        return _result(item)

    items: list[AddMemory | dict[str, Any]] = [
        {"agent_id": "a", "messages": "one"},
        {"agent_id": "a", "messages": "evil"},
        {"agent_id": "a", "messages": ""},  # invalid: empty
        {"agent_id": "a", "messages": "four"},
    ]
    batch = await write_batch(items, BatchSteps(_screen, one_by_one(write)))
    assert [r.index for r in batch.results] == [0, 1, 2, 3]
    assert [r.stored for r in batch.results] == [True, False, False, True]
    assert batch.results[1].stop_reason is StopReason.INJECTION_DETECTED
    assert batch.results[1].error_code == "firewall_rejected"
    assert batch.results[2].stop_reason is StopReason.SCHEMA_INVALID
    assert (batch.stored, batch.refused) == (2, 2)
    assert written == ["one", "four"]


async def test_one_agents_items_keep_their_order_while_agents_interleave() -> None:
    order: list[tuple[str, int]] = []

    async def write(item: AddMemory) -> AddResult:
        agent, n = item.agent_id, int(str(item.messages))
        await asyncio.sleep(0.001 * ((n * 7) % 5))  # uneven latencies
        order.append((agent, n))
        return _result(item)

    items: list[AddMemory | dict[str, Any]] = [
        {"agent_id": agent, "messages": str(n)} for n in range(12) for agent in ("a", "b", "c")
    ]
    batch = await write_batch(items, BatchSteps(_screen, one_by_one(write)))
    assert batch.stored == len(items)
    for agent in ("a", "b", "c"):
        assert [n for a, n in order if a == agent] == list(range(12))
    assert [a for a, _ in order[:3]] != ["a", "a", "a"]  # agents ran concurrently


async def test_an_agents_next_item_is_screened_while_the_previous_one_is_stored() -> None:
    events: list[str] = []
    prefetched: list[list[str]] = []

    async def screen(item: AddMemory) -> str:
        events.append(f"screen {item.messages}")
        if item.messages == "evil":
            raise FirewallRejected("rejected", stop_reason=StopReason.INJECTION_DETECTED)
        return str(item.messages)

    async def store(text: str) -> AddResult:
        events.append(f"store {text} begins")
        await asyncio.sleep(0.005)
        events.append(f"store {text} ends")
        return _result(AddMemory(agent_id="a", messages=text))

    texts = [str(n) for n in range(PREFETCH_CHUNK + 3)]
    texts.insert(2, "evil")
    items: list[AddMemory | dict[str, Any]] = [{"agent_id": "a", "messages": t} for t in texts]
    batch = await write_batch(items, BatchSteps(screen, one_by_one(store), prefetched.append))
    accepted = [t for t in texts if t != "evil"]
    assert [e for e in events if e.startswith("store") and e.endswith("ends")] == [
        f"store {t} ends" for t in accepted
    ]  # stored in order
    # Every accepted item's vector was started, in chunks, before that item was stored.
    assert [t for chunk in prefetched for t in chunk] == accepted
    assert [len(c) for c in prefetched] == [PREFETCH_CHUNK, len(accepted) - PREFETCH_CHUNK]
    # Pipelined: the last items were screened before the first stored item was finished ...
    assert events.index(f"screen {texts[-1]}") < events.index(f"store {accepted[-2]} ends")
    # ... and every item was screened (the refusal answered on its own, in its place).
    assert [e for e in events if e.startswith("screen")] == [f"screen {t}" for t in texts]
    assert batch.results[2].stop_reason is StopReason.INJECTION_DETECTED
    assert (batch.stored, batch.refused) == (len(accepted), 1)


async def test_the_store_stage_takes_what_was_screened_as_one_run() -> None:
    runs: list[list[str]] = []

    async def store_run(texts: Sequence[str]) -> list[AddResult | A4SError]:
        runs.append(list(texts))
        await asyncio.sleep(0.001)
        return [
            FirewallRejected("failed", stop_reason=StopReason.INTERNAL_INCONSISTENCY)
            if t == "3"
            else _result(AddMemory(agent_id="a", messages=t))
            for t in texts
        ]

    texts = [str(n) for n in range(2 * PREFETCH_CHUNK + 1)]
    items: list[AddMemory | dict[str, Any]] = [{"agent_id": "a", "messages": t} for t in texts]
    batch = await write_batch(items, BatchSteps(_screen_text, store_run))
    assert [t for run in runs for t in run] == texts  # every item once, in order
    assert all(len(run) >= 1 for run in runs)
    assert runs[0] == texts[:PREFETCH_CHUNK]  # the first chunk handed over, stored together
    assert len(runs) < len(texts)
    assert [r.stored for r in batch.results] == [t != "3" for t in texts]  # answered on its own
    assert batch.results[3].stop_reason is StopReason.INTERNAL_INCONSISTENCY


async def _screen_text(item: AddMemory) -> str:
    await asyncio.sleep(0.001)  # the store stage runs meanwhile
    return str(item.messages)


def test_client_chunks_stay_under_the_item_and_byte_bounds() -> None:
    items = [{"agent_id": "a", "messages": "x" * 900} for _ in range(250)]
    chunks = list(_chunks(items))
    assert sum(len(c) for _, c in chunks) == 250
    assert [start for start, _ in chunks] == [
        0,
        *(sum(len(c) for _, c in chunks[:i]) for i in range(1, len(chunks))),
    ]
    for _, chunk in chunks:
        assert len(chunk) <= MAX_BATCH_ITEMS
        assert len(json.dumps({"items": chunk})) <= _MAX_CHUNK_BYTES + 64
    small = list(_chunks([{"agent_id": "a", "messages": "hi"}] * 230))
    assert [len(c) for _, c in small] == [100, 100, 30]
