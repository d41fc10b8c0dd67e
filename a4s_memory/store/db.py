"""The Neo4j boundary: one async driver per process, a slim executor over it, and a Graphiti driver
that shares the same connection pool instead of opening its own.

    async with connect(settings) as store:      # opens the pool, checks Bolt answers
        rows = await store.execute("MATCH (a:Agent {agent_id: $id}) RETURN a", {"id": agent_id})

Every value goes in ``params``; queries are literal strings (the ``LiteralString`` type says so to
type-checkers). Errors are logged with parameter *names* only, never values.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import AsyncIterator, Iterator, Mapping
from contextlib import asynccontextmanager
from typing import Any, Final, LiteralString, TypeAlias

import neo4j
from neo4j import (
    AsyncDriver,
    AsyncGraphDatabase,
    AsyncManagedTransaction,
    NotificationDisabledClassification,
)
from neo4j.exceptions import DriverError, Neo4jError, ServiceUnavailable

from a4s_memory.config import Settings
from a4s_memory.errors import StoreUnavailable

__all__ = ["Neo4jStore", "Tx", "connect"]

# The transaction type callers write their Cypher against (the store's functions and the
# finalizers that run inside an ingestion's commit transaction).
Tx: TypeAlias = AsyncManagedTransaction

logger = logging.getLogger(__name__)

Params = Mapping[str, Any]

# The driver's transaction retry policy (max_transaction_retry_time below; initial delay,
# multiplier and jitter are its defaults), for the reads run outside its managed transactions.
_RETRY_WINDOW_S: Final = 5.0


def _retry_delays() -> Iterator[float]:
    delay = 1.0
    while True:
        yield delay * (0.8 + 0.4 * random.random())  # noqa: S311 (jitter, not a secret)
        delay *= 2.0


class Neo4jStore:
    """Holds the process's one :class:`neo4j.AsyncDriver`. Built by :func:`connect`, not directly."""

    def __init__(self, driver: AsyncDriver, database: str) -> None:
        self._driver = driver
        self._database = database
        self._graphiti_driver: Any = None

    @property
    def driver(self) -> AsyncDriver:
        return self._driver

    @property
    def database(self) -> str:
        return self._database

    async def execute(
        self, query: LiteralString, params: Params | None = None, *, read: bool = False
    ) -> list[neo4j.Record]:
        """Run one auto-committed query and return its records. ``read=True`` runs it as a read
        (read access mode, see :meth:`read`). A write runs in a managed transaction
        (``execute_query``): a commit whose answer was lost is reported, never retried."""
        try:
            if read:
                return await self._read_autocommit(query, dict(params or {}))
            result = await self._driver.execute_query(
                query,
                parameters_=dict(params or {}),
                database_=self._database,
                routing_=neo4j.RoutingControl.WRITE,
            )
        except (ServiceUnavailable, DriverError, OSError) as exc:
            logger.warning(
                "Neo4j unavailable: %s (parameter names: %s)",
                type(exc).__name__,
                sorted(params or {}),
            )
            raise StoreUnavailable("Neo4j is unavailable", suggestion="retry shortly") from exc
        except Neo4jError as exc:
            logger.error(
                "Neo4j query failed: %s (parameter names: %s)", exc.code, sorted(params or {})
            )
            raise
        return list(result.records)

    async def _read_autocommit(self, query: LiteralString, params: dict[str, Any]) -> list[Any]:
        """One read as an auto-commit query in read access mode: RUN + PULL in one round trip,
        where ``execute_query``'s managed transaction adds BEGIN and COMMIT (issue 15: ~0.4 ms
        of the driver's Python a statement, three statements a search). A statement is atomic
        either way, and a read has nothing to commit, so nothing is lost. Retried like
        ``execute_query`` (retryable errors only, the driver's back-off, within its retry
        window): a read changes nothing, so running it again is always safe. The driver's
        query bookmark manager keeps it causally after this process's ``execute_query`` writes."""
        delays = _retry_delays()
        started = time.monotonic()
        while True:
            try:
                async with self._driver.session(
                    database=self._database,
                    default_access_mode=neo4j.READ_ACCESS,
                    bookmark_manager=self._driver.execute_query_bookmark_manager,
                ) as session:
                    result = await session.run(query, params)
                    return [record async for record in result]
            except (DriverError, Neo4jError) as exc:
                if not exc.is_retryable() or time.monotonic() - started > _RETRY_WINDOW_S:
                    raise
                delay = next(delays)
                logger.warning(
                    "Neo4j read failed (%s); retrying in %.1f s", type(exc).__name__, delay
                )
                await asyncio.sleep(delay)

    async def read(self, query: LiteralString, params: Params | None = None) -> list[neo4j.Record]:
        """:meth:`execute` as a read: read access mode (a Neo4j cluster serves it from a follower
        or read replica, and Neo4j refuses any write inside it). The driver's bookmark manager
        keeps reads causally after this process's earlier writes, so a read never misses a write
        it follows."""
        return await self.execute(query, params, read=True)

    async def write_alone(self, query: LiteralString, params: Params) -> list[neo4j.Record]:
        """One write statement as an auto-commit query: committed (durably, like any commit)
        before its last record arrives, in one round trip where a managed transaction takes
        BEGIN, RUN + PULL and COMMIT. Never retried: a connection lost mid-statement leaves the
        outcome unknown, so it is StoreUnavailable; a Neo4j error (the statement rolled back) is
        raised for the caller to decide."""
        try:
            async with self._driver.session(
                database=self._database,
                bookmark_manager=self._driver.execute_query_bookmark_manager,
            ) as session:
                result = await session.run(query, dict(params))
                return [record async for record in result]
        except (ServiceUnavailable, DriverError, OSError) as exc:
            logger.warning("Neo4j unavailable during a write: %s", type(exc).__name__)
            raise StoreUnavailable("Neo4j is unavailable", suggestion="retry shortly") from exc

    async def write_transaction(self, work: Any, *args: Any, **kwargs: Any) -> Any:
        """Run ``work(tx, *args, **kwargs)`` in one managed write transaction (retried on transient errors)."""
        try:
            async with self._driver.session(database=self._database) as session:
                return await session.execute_write(work, *args, **kwargs)
        except (ServiceUnavailable, DriverError, OSError) as exc:
            logger.warning("Neo4j unavailable during a write transaction: %s", type(exc).__name__)
            raise StoreUnavailable("Neo4j is unavailable", suggestion="retry shortly") from exc

    async def ping(self, timeout_s: float = 2.0) -> bool:
        """True when Neo4j answers a trivial query within ``timeout_s`` (for /readyz).

        A plain session run, not ``execute_query``: the latter retries for the driver's whole retry
        window, which made /readyz take half a minute to say 503 while Neo4j was down.
        """
        try:
            async with asyncio.timeout(timeout_s):
                async with self._driver.session(database=self._database) as session:
                    result = await session.run("RETURN 1")
                    await result.consume()
        except (Neo4jError, DriverError, OSError, TimeoutError):
            return False
        return True

    async def server_version(self) -> tuple[str, str]:
        """(version, edition) as reported by ``dbms.components()``."""
        rows = await self.execute(
            "CALL dbms.components() YIELD name, versions, edition "
            "WHERE name = 'Neo4j Kernel' RETURN versions[0] AS version, edition"
        )
        return str(rows[0]["version"]), str(rows[0]["edition"])

    async def graphiti_driver(self) -> Any:
        """A graphiti-core ``Neo4jDriver`` that uses this store's pool (built once, lazily)."""
        if self._graphiti_driver is None:
            self._graphiti_driver = await _shared_graphiti_driver(self._driver, self._database)
        return self._graphiti_driver

    async def close(self) -> None:
        await self._driver.close()


async def _shared_graphiti_driver(driver: AsyncDriver, database: str) -> Any:
    from graphiti_core.driver.neo4j_driver import Neo4jDriver

    class SharedPoolNeo4jDriver(Neo4jDriver):
        """Graphiti's driver minus its own pool and its index build scheduled from __init__."""

        async def close(self) -> None:
            # The store owns the pool; Graphiti.close() must not close it under other users.
            return None

    graphiti_driver = SharedPoolNeo4jDriver(
        uri="bolt://127.0.0.1:1", user=None, password=None, database=database
    )
    if graphiti_driver._init_task is not None:
        # Indices are built explicitly by `a4s-memory schema apply`, never as a side effect.
        graphiti_driver._init_task.cancel()
        graphiti_driver._init_task = None
    await graphiti_driver.client.close()  # the placeholder pool never connected
    graphiti_driver.client = driver
    return graphiti_driver


@asynccontextmanager
async def connect(settings: Settings, *, verify: bool = True) -> AsyncIterator[Neo4jStore]:
    """Open the driver described by ``settings``; with ``verify``, fail fast if Neo4j does not answer."""
    driver = AsyncGraphDatabase.driver(
        settings.neo4j_uri,
        auth=(settings.neo4j_user, settings.neo4j_password.get_secret_value()),
        max_connection_pool_size=50,
        # Fail fast while Neo4j is down (the API answers 503 and recovers by itself) instead of
        # holding requests for the driver's default 30 s retry window.
        connection_acquisition_timeout=10.0,
        connection_timeout=5.0,
        max_transaction_retry_time=_RETRY_WINDOW_S,
        # A young database lacks properties Graphiti's queries name ("name_embedding" before the
        # first entity): Neo4j notes each as UNRECOGNIZED and the driver logged every one at
        # WARNING with the whole query. Only that class is turned off (server-side filtering).
        notifications_disabled_classifications=[NotificationDisabledClassification.UNRECOGNIZED],
    )
    store = Neo4jStore(driver, settings.neo4j_database)
    try:
        if verify:
            try:
                await driver.verify_connectivity()
            except (Neo4jError, DriverError, OSError) as exc:
                raise StoreUnavailable(
                    f"cannot reach Neo4j at {settings.neo4j_uri}: {type(exc).__name__}",
                    suggestion="start it with `make neo4j-up` or set NEO4J_URI/NEO4J_USER/NEO4J_PASSWORD",
                ) from exc
        yield store
    finally:
        await store.close()


async def run_in_tx(
    tx: AsyncManagedTransaction, query: LiteralString, params: Params
) -> list[neo4j.Record]:
    """Helper for transaction functions: run one query inside ``tx`` and collect its records."""
    result = await tx.run(query, dict(params))
    return [record async for record in result]
