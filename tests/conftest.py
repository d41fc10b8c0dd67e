"""Shared fixtures. Integration tests get a real Neo4j 5.26, found as docs/deploy.md says:

1. ``NEO4J_URI`` (+ ``NEO4J_USER``, ``NEO4J_PASSWORD``) when set;
2. else a testcontainers ``Neo4jContainer("neo4j:5.26-community")`` when a Docker daemon answers;
3. else the local server of ``deploy/neo4j-local`` (started here if it is not running, and stopped
   again at the end if this session started it).

With ``A4S_REQUIRE_NEO4J=1`` (``make test`` and CI set it) an unreachable Neo4j fails the run
instead of skipping the integration tests.
"""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import AsyncIterator, Iterator

import pytest

from a4s_memory.config import Settings
from a4s_memory.schema import apply_schema
from a4s_memory.store.db import Neo4jStore, connect
from tests.prefilter import COMPILE_WAIT_S

# The suite's seeds (tests/integration/seed.py, bench/seeding.py) write HashingEmbedder vectors
# and many assertions are about lexical matches, so every test runs with the hashing embedder
# unless it asks for another (tests/integration/test_embedder_onnx.py does). An explicit
# A4S_EMBEDDER in the environment still wins. Subprocesses (notebooks, the CLI) inherit this.
os.environ.setdefault("A4S_EMBEDDER", "hashing")

_DOCKER_IMAGE = "neo4j:5.26-community"


def _require_neo4j() -> bool:
    return os.environ.get("A4S_REQUIRE_NEO4J", "") == "1"


def _unreachable(reason: str) -> None:
    if _require_neo4j():
        pytest.fail(
            f"Neo4j is required (A4S_REQUIRE_NEO4J=1) but unreachable: {reason}", pytrace=False
        )
    pytest.skip(f"no Neo4j reachable: {reason}")


def _docker_answers() -> bool:
    try:
        import docker

        client = docker.from_env(timeout=3)
        client.ping()
        client.close()
    except Exception:
        return False
    return True


@pytest.fixture(scope="session")
def neo4j_settings() -> Iterator[Settings]:
    """Settings pointing at a real Neo4j, or a failure/skip saying why there is none."""
    if os.environ.get("NEO4J_URI"):
        yield Settings.from_env()
        return
    if _docker_answers():
        from testcontainers.neo4j import Neo4jContainer

        with Neo4jContainer(_DOCKER_IMAGE) as container:
            yield Settings(
                neo4j_uri=container.get_connection_url(),
                neo4j_user="neo4j",
                neo4j_password=container.password,
            )
        return
    from a4s_memory.errors import LocalNeo4jError
    from a4s_memory.neo4j_local import LocalNeo4j

    settings = Settings.from_env()
    server = LocalNeo4j(settings)
    started_here = not server.status().running
    try:
        server.start()
    except LocalNeo4jError as err:
        _unreachable(f"the local Neo4j could not be started: {err.detail}")
    try:
        yield settings
    finally:
        if started_here:
            server.stop()


@pytest.fixture(scope="session")
async def store(neo4j_settings: Settings) -> AsyncIterator[Neo4jStore]:
    """One connected store for the whole session, with the schema applied, and the firewall's
    prefilter compiled (once per process, ~5 s of CPU): /readyz answers 503 until it is, and an
    app started by a test must not depend on how far that compilation got."""
    from a4s_memory.errors import StoreUnavailable
    from a4s_memory.firewall import Firewall, hsfilter

    Firewall()  # every rule table registered, then the compilation starts
    await asyncio.to_thread(hsfilter.wait, COMPILE_WAIT_S)

    try:
        async with connect(neo4j_settings) as connected:
            await apply_schema(connected)
            yield connected
    except StoreUnavailable as err:
        _unreachable(err.detail)


@pytest.fixture
def unique_id() -> str:
    """A short unique suffix: integration tests share one database, so each test names its own agents."""
    return uuid.uuid4().hex[:10]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/integration" in str(item.path).replace(os.sep, "/"):
            item.add_marker(pytest.mark.integration)
