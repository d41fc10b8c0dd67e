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
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from typing import Any, LiteralString, TypeAlias

import neo4j
from neo4j import AsyncDriver, AsyncGraphDatabase, AsyncManagedTransaction
from neo4j.exceptions import DriverError, Neo4jError, ServiceUnavailable

from a4s_memory.config import Settings
from a4s_memory.errors import StoreUnavailable

__all__ = ["Neo4jStore", "Tx", "connect"]

# The transaction type callers write their Cypher against (the store's functions and the
# finalizers that run inside an ingestion's commit transaction).
Tx: TypeAlias = AsyncManagedTransaction

logger = logging.getLogger(__name__)

Params = Mapping[str, Any]


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
        transaction (``routing_=READ``): a Neo4j cluster serves it from a follower or read replica,
        and Neo4j refuses any write inside it. The driver's bookmark manager keeps reads causally
        after this process's earlier writes, so a read never misses a write it follows."""
        try:
            result = await self._driver.execute_query(
                query,
                parameters_=dict(params or {}),
                database_=self._database,
                routing_=neo4j.RoutingControl.READ if read else neo4j.RoutingControl.WRITE,
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

    async def read(self, query: LiteralString, params: Params | None = None) -> list[neo4j.Record]:
        """:meth:`execute` as a read transaction (see there)."""
        return await self.execute(query, params, read=True)

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
        max_transaction_retry_time=5.0,
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
