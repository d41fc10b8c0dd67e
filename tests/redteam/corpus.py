"""Loader for the shared evaluation corpora (../shared/corpora, read by path, never copied).

The corpora live beside the repository: ``<repo root>/../shared/corpora``. Override with the
``A4S_CORPORA_DIR`` environment variable.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[2]
CORPORA_DIR = Path(os.environ.get("A4S_CORPORA_DIR", REPO_ROOT.parent / "shared" / "corpora"))

Item = dict[str, Any]


def corpus_path(name: str) -> Path:
    return CORPORA_DIR / (name if name.endswith(".jsonl") else f"{name}.jsonl")


@cache
def load(name: str) -> tuple[Item, ...]:
    """Every item of one corpus file (cached)."""
    with corpus_path(name).open(encoding="utf-8") as fh:
        return tuple(json.loads(line) for line in fh if line.strip())


def iter_items(name: str, label: str | None = None) -> Iterator[Item]:
    for item in load(name):
        if label is None or item["label"] == label:
            yield item


def available() -> bool:
    return corpus_path("locomo_facts").exists()
