"""The vector screen's step of the write path (:mod:`a4s_memory.firewall.vector_screen`): after the
firewall, on the vector the ingestion computes for the episode anyway.

Where: in the store half (:func:`a4s_memory.write.flow.store_write` and ``store_writes``), not in
the firewall's screening, because that is where the episode's vector exists - a batch's vectors
are computed ahead while earlier items are stored, and a queue's worker embeds what it stores -,
so the screen adds a dot product, not a model run. The vector is left for the ingestion to take.

What: a free-text write whose status is clean and whose text the screen flags is stored
**suspicious**, its decision carrying the ``model.standing_rule_vector`` finding (the audit
event's validation score follows). A write already suspicious, a structured item, or an embedder
the weights were not trained on: unchanged.
"""

from __future__ import annotations

import asyncio
import logging

from a4s_memory.contract import SecurityStatus
from a4s_memory.firewall.vector_screen import VectorScreen, load_screen
from a4s_memory.store.ingest import Ingestor
from a4s_memory.store.ingest_models import ScreenedWrite
from a4s_memory.write.steps import validation_score

__all__ = ["screened_by_vector", "vector_screen_for"]

logger = logging.getLogger(__name__)

_SCREENS: dict[str, VectorScreen | None] = {}


async def vector_screen_for(embedder_name: str) -> VectorScreen | None:
    """The packaged screen when its weights were trained on ``embedder_name``'s vectors, else
    None (said once in the log); the file is read once, off the event loop."""
    if embedder_name not in _SCREENS:
        screen = await asyncio.to_thread(load_screen)
        if not screen.applies_to(embedder_name):
            logger.info(
                "vector screen off: trained on %s vectors, the store embeds with %s",
                screen.embedder,
                embedder_name,
            )
        _SCREENS[embedder_name] = screen if screen.applies_to(embedder_name) else None
    return _SCREENS[embedder_name]


async def screened_by_vector(ingestor: Ingestor, write: ScreenedWrite) -> ScreenedWrite:
    """``write``, stored suspicious when the vector screen flags its text (module docstring)."""
    decision = write.prov.decision
    status = decision.status
    if (
        not write.is_text
        or status is None
        or status.security is not SecurityStatus.CLEAN
        or not decision.redacted_text
    ):
        return write
    screen = await vector_screen_for(ingestor.embedder_name)
    if screen is None:
        return write
    body = decision.redacted_text
    found = screen.findings(body, await ingestor.episode_vector(body))
    if not found:
        return write
    flagged = decision.model_copy(
        update={
            "findings": [*decision.findings, *found],
            "status": status.model_copy(update={"security": SecurityStatus.SUSPICIOUS}),
        }
    )
    return write.model_copy(
        update={
            "prov": write.prov.model_copy(update={"decision": flagged}),
            "draft": write.draft.model_copy(update={"validation_score": validation_score(flagged)}),
        }
    )
