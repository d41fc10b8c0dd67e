"""Notebooks are committed without outputs: no cell output, no execution count (they run in
`make test` through tests/integration/test_notebooks.py, which discards what they print)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))


def test_there_are_notebooks() -> None:
    assert len(NOTEBOOKS) >= 3


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_committed_without_outputs(path: Path) -> None:
    book = json.loads(path.read_text())
    assert book["nbformat"] == 4
    dirty = [
        i
        for i, cell in enumerate(book["cells"])
        if cell["cell_type"] == "code" and (cell.get("outputs") or cell.get("execution_count"))
    ]
    assert dirty == [], f"{path.name}: cells {dirty} have outputs; clear them before committing"
    # A kernelspec that would need a global registration is not allowed either.
    assert book["metadata"]["kernelspec"]["name"] == "python3"
