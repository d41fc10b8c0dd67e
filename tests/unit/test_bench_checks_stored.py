"""A bench that writes through ``client.add`` must look at what it answered (issue 15).

With ``A4S_INGEST_MODE=queue`` the API answers 202 with a queued job and stores later: a bench
that drops the answer would time or count the enqueue, not the write. ``load_bench.stored_id``
stops such a bench with a message; this test finds the ``await client.add(...)`` whose answer is
dropped (a statement of its own) in every bench script.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"


def _dropped_adds(source: str) -> list[int]:
    """Lines of ``await client.add(...)`` used as a statement (its answer dropped). The benches
    name their ``AsyncMemoryClient`` ``client``; ``MemoryManager.add`` stores in either mode."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Await)):
            continue
        call = node.value.value
        if (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Attribute)
            and call.func.attr == "add"
            and isinstance(call.func.value, ast.Name)
            and call.func.value.id == "client"
        ):
            lines.append(node.lineno)
    return lines


def test_the_check_finds_a_dropped_answer() -> None:
    assert _dropped_adds("async def f(client):\n    await client.add('a', 'b')\n") == [2]
    assert _dropped_adds("async def f(client):\n    out = await client.add('a', 'b')\n") == []
    assert _dropped_adds("async def f(manager):\n    await manager.add('a', 'b')\n") == []


@pytest.mark.parametrize("path", sorted(BENCH.glob("*.py")), ids=lambda p: p.name)
def test_every_bench_looks_at_what_add_answered(path: Path) -> None:
    assert _dropped_adds(path.read_text(encoding="utf-8")) == [], path.name
