"""Reads run as auto-commit queries outside the driver's managed transactions (issue 15), so
:class:`Neo4jStore` retries them itself, as ``execute_query`` did: retryable errors only, within
the driver's window; anything else is raised at once. A fake driver: no I/O."""

from __future__ import annotations

from typing import Any

import pytest
from neo4j.exceptions import ClientError, ServiceUnavailable, TransientError

from a4s_memory.errors import StoreUnavailable
from a4s_memory.store import db
from a4s_memory.store.db import Neo4jStore


class _Result:
    def __init__(self, rows: list[dict[str, Any]]) -> None:
        self._rows = iter(rows)

    def __aiter__(self) -> _Result:
        return self

    async def __anext__(self) -> dict[str, Any]:
        try:
            return next(self._rows)
        except StopIteration:
            raise StopAsyncIteration from None


class _Session:
    def __init__(self, driver: _Driver) -> None:
        self._driver = driver

    async def __aenter__(self) -> _Session:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None

    async def run(self, query: str, params: dict[str, Any]) -> _Result:
        self._driver.runs += 1
        if self._driver.failures:
            raise self._driver.failures.pop(0)
        return _Result([{"n": 1}])


class _Driver:
    execute_query_bookmark_manager = None

    def __init__(self, failures: list[Exception]) -> None:
        self.failures = failures
        self.runs = 0
        self.sessions: list[dict[str, Any]] = []

    def session(self, **config: Any) -> _Session:
        self.sessions.append(config)
        return _Session(self)


@pytest.fixture(autouse=True)
def slept(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    delays: list[float] = []

    async def sleep(delay: float) -> None:
        delays.append(delay)

    monkeypatch.setattr(db.asyncio, "sleep", sleep)
    return delays


def _store(driver: _Driver) -> Neo4jStore:
    return Neo4jStore(driver, "neo4j")  # type: ignore[arg-type]


async def test_a_read_is_retried_on_a_retryable_error_in_read_access_mode(
    slept: list[float],
) -> None:
    driver = _Driver([TransientError("deadlock"), ServiceUnavailable("gone")])
    rows = await _store(driver).read("RETURN 1 AS n")
    assert [dict(r) for r in rows] == [{"n": 1}]
    assert driver.runs == 3
    assert len(slept) == 2 and 0.8 <= slept[0] <= 1.2 and 1.6 <= slept[1] <= 2.4
    assert all(s["default_access_mode"] == "READ" for s in driver.sessions)


async def test_a_non_retryable_error_is_raised_at_once() -> None:
    driver = _Driver([ClientError("syntax")])
    with pytest.raises(ClientError):
        await _store(driver).read("RETURN 1 AS n")
    assert driver.runs == 1


async def test_retries_stop_at_the_window_and_report_unavailable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = [0.0]
    monkeypatch.setattr(db.time, "monotonic", lambda: clock[0])
    driver = _Driver([ServiceUnavailable("gone") for _ in range(10)])

    async def sleep(delay: float) -> None:
        clock[0] += delay

    monkeypatch.setattr(db.asyncio, "sleep", sleep)
    with pytest.raises(StoreUnavailable):
        await _store(driver).read("RETURN 1 AS n")
    assert 2 <= driver.runs <= 5  # delays ~1, 2, 4 s: the window (5 s) ends it
