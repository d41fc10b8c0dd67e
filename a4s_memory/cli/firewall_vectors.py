"""The write path's vector screens for ``a4s-memory firewall check`` (issue 14).

A memory the firewall stores clean is read once more by the write path on its sentence vector
(:mod:`a4s_memory.firewall.vector_screen`: standing rules that lower a control, injections read by
the vector and the n-gram model together), and kept suspicious when a screen flags it. So that the
CLI answers what the service would store, ``firewall check`` does the same, with the embedder the
service is configured with (``A4S_EMBEDDER``; a screen applies only to the embedder its weights
were trained on, MiniLM, so with another one nothing changes and nothing is embedded).

A line is embedded only when its text passes a screen's text gate (a permission worded, the n-gram
model's floor): a few lines in a hundred, so a corpus is not embedded line by line.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from a4s_memory.config import Settings
from a4s_memory.firewall import FirewallDecision
from a4s_memory.firewall.vector_screen import (
    VectorScreen,
    load_screens,
    screenable,
    suspicious_by,
)
from a4s_memory.store.embedder import build_embedder
from a4s_memory.store.episode_vectors import EpisodeVectors

__all__ = ["Rescreen", "VectorRescreen", "vector_rescreen"]

# a decision -> the decision the write path would store (what VectorRescreen is)
Rescreen = Callable[[FirewallDecision], FirewallDecision]


class VectorRescreen:
    """A decision -> the decision the write path would store after its vector screens."""

    def __init__(
        self, vectors: EpisodeVectors, screens: tuple[VectorScreen, ...], runner: asyncio.Runner
    ) -> None:
        self._vectors = vectors
        self._screens = screens
        self._runner = runner

    def __call__(self, decision: FirewallDecision) -> FirewallDecision:
        body = decision.redacted_text
        if not screenable(decision) or body is None:
            return decision
        gated = [screen for screen in self._screens if screen.gate(body)]
        if not gated:
            return decision
        vector = self._runner.run(self._vectors.once(body))
        found = [finding for screen in gated for finding in screen.vector_findings(vector)]
        return suspicious_by(decision, found) if found else decision


@contextmanager
def vector_rescreen(settings: Settings) -> Iterator[VectorRescreen | None]:
    """The screens that apply to ``settings``' embedder, or None when none does."""
    embedder = build_embedder(settings)  # a client only: nothing loads before the first vector
    screens = tuple(s for s in load_screens() if s.applies_to(embedder.name))
    if not screens:
        yield None
        return
    with asyncio.Runner() as runner:
        yield VectorRescreen(EpisodeVectors(embedder), screens, runner)
