"""Episode vectors: the episode's own embedding, for the episode vector channel of policy_search
(Graphiti embeds facts and entity names, not episodes), with the same embedder as the search's.

A batch starts its episodes' vectors ahead (:meth:`EpisodeVectors.prefetch`), one after another
in the background, while earlier items are still being stored; the ingestion of each body then
takes its own (:meth:`EpisodeVectors.take`). One text per embedder call: the MiniLM ONNX model
pads a call's texts to the longest, which made 8 chat turns in one call cost 2.6x the CPU per
text of one turn a call (bench/write_profile.py).
"""

from __future__ import annotations

import asyncio
from typing import Final

from graphiti_core.embedder.client import EmbedderClient

__all__ = ["EpisodeVectors"]

_MAX_PREFETCHED: Final = 10_000  # vectors started ahead and not yet taken (a bound, not a cache)


def _usable(vector: list[float]) -> list[float] | None:
    """None for a text with no words (no vector rather than a zero one, which cosine rejects)."""
    return list(vector) if any(vector) else None


class EpisodeVectors:
    """Vectors started ahead by a batch (body -> its vector when computed), and on demand."""

    def __init__(self, embedder: EmbedderClient) -> None:
        self._embedder = embedder
        self.ahead: dict[str, asyncio.Future[list[float]]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def prefetch(self, bodies: list[str]) -> None:
        if not bodies:
            return
        if len(self.ahead) > _MAX_PREFETCHED:  # never taken (failed batches): forget them
            self.ahead.clear()
        loop = asyncio.get_running_loop()
        futures: list[asyncio.Future[list[float]]] = []
        for body in bodies:
            future: asyncio.Future[list[float]] = loop.create_future()
            future.add_done_callback(_quiet)
            self.ahead[body] = future
            futures.append(future)
        task = asyncio.ensure_future(self._embed_each(bodies, futures))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def peek(self, body: str) -> list[float] | None:
        """The body's vector as :meth:`take` gives it, left for :meth:`take` (started now when
        it was not started ahead): the write path's vector screen reads the vector the
        ingestion then stores, computed once."""
        if body not in self.ahead:
            self.prefetch([body])
        vector = await asyncio.shield(self.ahead[body])
        return _usable(vector)

    async def take(self, body: str) -> list[float] | None:
        """The body's vector (started ahead, or computed now); None for a text with no words
        (no vector rather than a zero one, which cosine rejects)."""
        ahead = self.ahead.pop(body, None)
        vector = await ahead if ahead is not None else await self._embed(body)
        return _usable(vector)

    async def once(self, body: str) -> list[float] | None:
        """The body's vector as :meth:`take` gives it, computed now and kept nowhere (for a text
        that is screened, not ingested: an import's, whose stored vector is the file's)."""
        vector = await self._embed(body)
        return _usable(vector)

    async def _embed(self, body: str) -> list[float]:
        return await self._embedder.create(input_data=[body.replace("\n", " ")])

    async def _embed_each(
        self, bodies: list[str], futures: list[asyncio.Future[list[float]]]
    ) -> None:
        for body, future in zip(bodies, futures, strict=True):
            if future.done():
                continue
            try:
                vector = await self._embed(body)
            except Exception as exc:  # the ingestion that takes it raises it
                if not future.done():
                    future.set_exception(exc)
                continue
            if not future.done():  # cancelled meanwhile: its ingestion was
                future.set_result(vector)


def _quiet(call: asyncio.Future[list[float]]) -> None:
    """A prefetch nobody awaited must not log 'exception never retrieved'; the ingestion that
    takes it sees the error itself."""
    if not call.cancelled():
        call.exception()
