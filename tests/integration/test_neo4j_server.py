"""The integration suite really talks to Neo4j 5.26, with authentication on."""

from __future__ import annotations

import pytest
from neo4j import AsyncGraphDatabase
from neo4j.exceptions import AuthError

from a4s_memory.config import Settings
from a4s_memory.store.db import Neo4jStore


async def test_server_is_neo4j_5_26(store: Neo4jStore) -> None:
    version, edition = await store.server_version()
    assert version.startswith("5.26."), version
    assert edition in {"community", "enterprise"}


async def test_wrong_password_is_refused(neo4j_settings: Settings) -> None:
    driver = AsyncGraphDatabase.driver(
        neo4j_settings.neo4j_uri, auth=(neo4j_settings.neo4j_user, "wrong-password")
    )
    try:
        with pytest.raises(AuthError):
            await driver.verify_connectivity()
    finally:
        await driver.close()


async def test_schema_indexes_exist(store: Neo4jStore) -> None:
    rows = await store.execute("SHOW INDEXES YIELD name RETURN collect(name) AS names")
    names = set(rows[0]["names"])
    # ours (graph_schema/) and Graphiti's own
    assert {"agent_id_unique", "relates_to_status", "audit_event_agent_time"} <= names
    assert {"edge_name_and_fact", "node_name_and_summary", "relation_group_id"} <= names


async def test_schema_apply_is_idempotent(store: Neo4jStore) -> None:
    from a4s_memory.schema import apply_schema

    before = await store.execute("SHOW INDEXES YIELD name RETURN count(*) AS n")
    await apply_schema(store)
    after = await store.execute("SHOW INDEXES YIELD name RETURN count(*) AS n")
    assert before[0]["n"] == after[0]["n"]
