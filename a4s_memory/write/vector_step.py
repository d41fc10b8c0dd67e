"""The vector screen's step of the write path (:mod:`a4s_memory.firewall.vector_screen`): after the
firewall, on the vector the ingestion computes for the episode anyway.

Where: in the store half (:func:`a4s_memory.write.flow.store_write` and ``store_writes``), not in
the firewall's screening, because that is where the episode's vector exists - a batch's vectors
are computed ahead while earlier items are stored, and a queue's worker embeds what it stores -,
so the screen adds a dot product, not a model run. The vector is left for the ingestion to take.

What: a free-text write whose status is clean and whose text a screen flags (the standing-rule
screen, the injection screen) is stored **suspicious**, its decision carrying the screen's
finding (``model.standing_rule_vector``, ``model.injection_vector``; the audit event's validation
score follows). A write already suspicious, a structured item, or an embedder the weights were
not trained on: unchanged.
"""

from __future__ import annotations

import asyncio
import logging

from a4s_memory.firewall.vector_screen import (
    VectorScreen,
    load_screens,
    screenable,
    suspicious_by,
)
from a4s_memory.store.ingest import Ingestor
from a4s_memory.store.ingest_models import ScreenedWrite
from a4s_memory.write.steps import validation_score

__all__ = ["screened_by_vector", "vector_screens_for"]

logger = logging.getLogger(__name__)

_SCREENS: dict[str, tuple[VectorScreen, ...]] = {}


async def vector_screens_for(embedder_name: str) -> tuple[VectorScreen, ...]:
    """The packaged screens whose weights were trained on ``embedder_name``'s vectors (those
    left out are said once in the log); the files are read once, off the event loop."""
    if embedder_name not in _SCREENS:
        screens = await asyncio.to_thread(load_screens)
        for screen in screens:
            if not screen.applies_to(embedder_name):
                logger.info(
                    "vector screen %s off: trained on %s vectors, the store embeds with %s",
                    screen.rule_id,
                    screen.embedder,
                    embedder_name,
                )
        _SCREENS[embedder_name] = tuple(s for s in screens if s.applies_to(embedder_name))
    return _SCREENS[embedder_name]


async def screened_by_vector(ingestor: Ingestor, write: ScreenedWrite) -> ScreenedWrite:
    """``write``, stored suspicious when a vector screen flags its text (module docstring)."""
    decision = write.prov.decision
    if not write.is_text or not screenable(decision) or decision.redacted_text is None:
        return write
    screens = await vector_screens_for(ingestor.embedder_name)
    if not screens:
        return write
    body = decision.redacted_text
    vector = await ingestor.episode_vector(body)
    found = [finding for screen in screens for finding in screen.findings(body, vector)]
    if not found:
        return write
    flagged = suspicious_by(decision, found)
    return write.model_copy(
        update={
            "prov": write.prov.model_copy(update={"decision": flagged}),
            "draft": write.draft.model_copy(update={"validation_score": validation_score(flagged)}),
        }
    )
