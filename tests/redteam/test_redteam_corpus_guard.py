"""The corpus tests skip without ../shared/corpora, and fail with A4S_REQUIRE_CORPORA=1."""

from __future__ import annotations

from pathlib import Path

import corpus
import pytest


def test_missing_corpora_skip_by_default(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(corpus, "CORPORA_DIR", tmp_path)
    monkeypatch.delenv("A4S_REQUIRE_CORPORA", raising=False)
    with pytest.raises(pytest.skip.Exception):
        corpus.require_corpora()


def test_missing_corpora_fail_when_required(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(corpus, "CORPORA_DIR", tmp_path)
    monkeypatch.setenv("A4S_REQUIRE_CORPORA", "1")
    with pytest.raises(pytest.fail.Exception):
        corpus.require_corpora()
