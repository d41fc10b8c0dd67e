"""Loader for the shared evaluation corpora (../shared/corpora, read by path, never copied).

The corpora live beside the repository: ``<repo root>/../shared/corpora``. Override with the
``A4S_CORPORA_DIR`` environment variable. Tests that need them call :func:`require_corpora`: they
are skipped when the corpora are missing (a developer clone without ``shared/``), and FAIL instead
when ``A4S_REQUIRE_CORPORA=1`` (``make test`` sets it), so a CI run cannot pass without them.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
CORPORA_DIR = Path(os.environ.get("A4S_CORPORA_DIR", REPO_ROOT.parent / "shared" / "corpora"))

Item = dict[str, Any]


def bipia_held_out(item: Item) -> bool:
    """Is a BIPIA item in the test bucket of bench/train_injection.py's split
    (``sha256("bipia|" + attack text) mod 100`` >= 80), which no rule or model was designed on?"""
    group = str(item.get("attack_text") or item["text"])
    return int(hashlib.sha256(f"bipia|{group}".encode()).hexdigest()[:8], 16) % 100 >= 80


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


def corpora_required() -> bool:
    return os.environ.get("A4S_REQUIRE_CORPORA", "").strip() == "1"


def require_corpora() -> None:
    """Skip (default) or fail (``A4S_REQUIRE_CORPORA=1``) when the corpora are missing."""
    if available():
        return
    message = f"shared corpora not found at {CORPORA_DIR}"
    if corpora_required():
        pytest.fail(f"{message} and A4S_REQUIRE_CORPORA=1", pytrace=False)
    pytest.skip(f"{message} (set A4S_CORPORA_DIR, or A4S_REQUIRE_CORPORA=1 to fail)")
