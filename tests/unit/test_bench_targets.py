"""The write profiler (bench/write_profile.py) patches functions by name; a refactor that moves
one must fail here, not in the middle of a profile run (it did: ``ingest._commit_tx``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import write_profile


@pytest.mark.parametrize(("module", "path", "stage"), write_profile.MODULE_TARGETS)
def test_every_profiled_function_exists(module: str, path: str, stage: str) -> None:
    owner, attr = write_profile.resolve(module, path)
    assert callable(getattr(owner, attr)), stage
