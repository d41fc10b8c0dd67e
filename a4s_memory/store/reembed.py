"""Re-embedding: every stored vector made again by the running embedder (``a4s-memory reembed``).

Vectors of two embedders are not comparable, so the search compares a query only with vectors
written under the running embedder's name (``search_channels.VECTOR_MODEL``); after a change of
``A4S_EMBEDDER`` the older vectors are left aside, and the memories they belong to are found by
the fulltext channels alone. This module finds those vectors (another name, or none: written
before names were recorded) and computes each again from the text it was made from, as the write
path embeds it: an episode's content, an entity's name, a fact's text, newlines as blanks.

Safe to stop and to run again, also beside a serving API: each chunk is one transaction that
writes a vector only where the stored name still differs (a write that stored a vector of the
running embedder meanwhile wins), and a later run takes up what is still stale. Content, statuses
and provenance are not touched; nothing of the texts is logged.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from pydantic import BaseModel, ConfigDict, Field

from a4s_memory.spaces import spaces_of
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.embedder import AnyEmbedder
from a4s_memory.store.search_channels import EPISODE_EMBEDDING, VECTOR_MODEL

__all__ = ["TARGETS", "ReembedReport", "ReembedRequest", "Reembedder", "Target"]

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Target:
    """One kind of stored vector. Every name here is a constant of this module (never input)."""

    kind: str  # the report's key
    match: str  # a pattern binding ``n``; ``{uuid}`` is where a uuid map goes
    vector: str  # the vector property
    text: str  # the property the vector was made from


TARGETS: Final = (
    Target("episodes", "(n:Episodic{uuid})", EPISODE_EMBEDDING, "content"),
    Target("entities", "(n:Entity{uuid})", "name_embedding", "name"),
    Target("facts", "()-[n:RELATES_TO{uuid}]->()", "fact_embedding", "fact"),
)


class ReembedRequest(BaseModel):
    model_config = ConfigDict(frozen=True)

    agent_id: str | None = Field(None, description="only this agent's two spaces")
    chunk: int = Field(128, ge=1, le=10_000, description="vectors per commit")
    dry_run: bool = Field(False, description="count what is stale, write nothing")


class ReembedReport(BaseModel):
    model: str  # the running embedder's name, now on every vector of the scope
    dry_run: bool
    stale: dict[str, int]  # per kind, before this run
    written: dict[str, int]  # per kind (0 on a dry run)


def _stale(target: Target, scoped: bool) -> str:
    where = f"n.{target.vector} IS NOT NULL AND coalesce(n.{VECTOR_MODEL}, '') <> $model" + (
        " AND n.group_id IN $groups" if scoped else ""
    )
    return f"MATCH {target.match.format(uuid='')} WHERE {where}"


def _count_query(target: Target, scoped: bool) -> str:
    return f"{_stale(target, scoped)} RETURN count(n) AS n"


def _chunk_query(target: Target) -> str:
    # every agent: keyset pagination in the uuid index's order, each element read once
    return (
        f"{_stale(target, False)} AND n.uuid > $after "
        f"RETURN n.uuid AS uuid, n.{target.text} AS text ORDER BY n.uuid LIMIT $limit"
    )


def _scope_query(target: Target) -> str:
    # one agent: its stale elements once, from the group_id index (paging there would sort the
    # agent's elements for every chunk: n^2 / chunk reads)
    return f"{_stale(target, True)} RETURN n.uuid AS uuid"


def _texts_query(target: Target) -> str:
    return (
        f"UNWIND $uuids AS u MATCH {target.match.format(uuid=' {uuid: u}')} "
        f"WHERE n.group_id IN $groups RETURN n.uuid AS uuid, n.{target.text} AS text"
    )


def _write_query(target: Target) -> str:
    return (
        f"UNWIND $rows AS r MATCH {target.match.format(uuid=' {uuid: r.uuid}')} "
        f"WHERE coalesce(n.{VECTOR_MODEL}, '') <> $model "
        f"SET n.{target.vector} = r.vector, n.{VECTOR_MODEL} = $model RETURN count(n) AS n"
    )


class Reembedder:
    """``run`` re-embeds one scope with the running embedder (its CPU work runs off the event
    loop inside it: the ONNX model in a worker thread, the OpenAI one over HTTP)."""

    def __init__(self, store: Neo4jStore, embedder: AnyEmbedder) -> None:
        self._store = store
        self._embedder = embedder
        self._model = embedder.name

    @property
    def model(self) -> str:
        """The running embedder's name, which every re-embedded vector carries."""
        return self._model

    async def count(self, request: ReembedRequest) -> dict[str, int]:
        params = self._params(request)
        out: dict[str, int] = {}
        for target in TARGETS:
            rows = await self._store.read(_count_query(target, "groups" in params), params)
            out[target.kind] = int(rows[0]["n"])
        return out

    async def run(
        self,
        request: ReembedRequest,
        advance: Callable[[int], None] = lambda _n: None,
        stale: dict[str, int] | None = None,
    ) -> ReembedReport:
        """Re-embed the scope; ``advance(n)`` after each chunk; ``stale``: this scope's
        :meth:`count`, when the caller has it already (for a progress bar's total)."""
        stale = stale if stale is not None else await self.count(request)
        written = dict.fromkeys(stale, 0)
        if not request.dry_run:
            for target in TARGETS:
                written[target.kind] = await self._target(target, request, advance)
        logger.info("reembed %s: stale %s, written %s", self._model, stale, written)
        return ReembedReport(
            model=self._model, dry_run=request.dry_run, stale=stale, written=written
        )

    def _params(self, request: ReembedRequest) -> dict[str, Any]:
        params: dict[str, Any] = {"model": self._model}
        if request.agent_id is not None:
            params["groups"] = list(spaces_of(request.agent_id).values())
        return params

    async def _target(
        self, target: Target, request: ReembedRequest, advance: Callable[[int], None]
    ) -> int:
        params = self._params(request)
        write, total = _write_query(target), 0
        async for rows in self._chunks(target, request, params):
            vectors = await self._vectors([str(r["text"] or "") for r in rows])
            batch = [{"uuid": r["uuid"], "vector": v} for r, v in zip(rows, vectors, strict=True)]
            done = await self._store.execute(write, {**params, "rows": batch})
            total += int(done[0]["n"])
            advance(len(rows))
        return total

    async def _chunks(
        self, target: Target, request: ReembedRequest, params: dict[str, Any]
    ) -> AsyncIterator[list[Any]]:
        """The stale elements' (uuid, text) rows, ``request.chunk`` at a time."""
        if "groups" in params:
            found = await self._store.read(_scope_query(target), params)
            uuids = sorted(str(r["uuid"]) for r in found)
            for at in range(0, len(uuids), request.chunk):
                part = uuids[at : at + request.chunk]
                yield await self._store.read(_texts_query(target), {**params, "uuids": part})
            return
        after = ""
        while rows := await self._store.read(
            _chunk_query(target), {**params, "after": after, "limit": request.chunk}
        ):
            yield rows
            after = str(rows[-1]["uuid"])

    async def _vectors(self, texts: Sequence[str]) -> list[list[float] | None]:
        # One text per call, as the write path embeds an episode: the int8 MiniLM quantises a
        # call's activations together, so a text embedded beside others comes out different
        # (an entity name beside a longer one: cosine 0.984 with its vector alone).
        out: list[list[float] | None] = []
        for text in texts:
            vector = await self._embedder.create(input_data=[text.replace("\n", " ")])
            # a text with no words gets no vector (cosine rejects a zero one), as at write time
            out.append(list(vector) if any(vector) else None)
        return out
