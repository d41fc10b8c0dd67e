"""Record the statements a search sends through :meth:`Channel.run`, or that the driver runs
(text and parameters), for tests that count them or ask Neo4j how it plans them."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import neo4j
import pytest

from a4s_memory.policy.cypher import CypherParams
from a4s_memory.store.search_channels import Channel

Statement = tuple[str, dict[str, Any]]


@contextmanager
def channel_statements(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Statement]]:
    """Inside the block every channel statement still runs, and is appended to the list."""
    statements: list[Statement] = []
    run = Channel.run

    async def recorded(self: Channel, query: str, params: CypherParams) -> Any:
        statements.append((query, dict(params.values)))
        return await run(self, query, params)

    with monkeypatch.context() as patch:
        patch.setattr(Channel, "run", recorded)
        yield statements


@contextmanager
def driver_statements(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Statement]]:
    """Every statement the Neo4j driver runs inside the block (auto-commit, explicit and managed
    transactions alike: ``execute_query`` runs through a managed transaction), text and
    parameters; each still runs."""
    statements: list[Statement] = []

    def recording(run: Any) -> Any:
        async def recorded(self: Any, query: Any, parameters: Any = None, **kwargs: Any) -> Any:
            statements.append((str(query), {**(parameters or {}), **kwargs}))
            return await run(self, query, parameters, **kwargs)

        return recorded

    with monkeypatch.context() as patch:
        for cls in (neo4j.AsyncSession, neo4j.AsyncTransaction, neo4j.AsyncManagedTransaction):
            patch.setattr(cls, "run", recording(cls.run))
        yield statements
