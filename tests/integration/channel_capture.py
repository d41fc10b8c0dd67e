"""Record the statements a search sends through :meth:`Channel.run` (text and parameters), for
tests that count them or ask Neo4j how it plans them."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

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
