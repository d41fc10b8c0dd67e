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


async def test_the_query_log_settings_are_read_from_the_server(store: Neo4jStore) -> None:
    """docs/deploy.md "Neo4j's query log": the settings come back as the server shows them; the
    local server here is Community, which writes no query log, so there is nothing to say."""
    from a4s_memory.store.server_settings import QUERY_LOG_SETTINGS, read_query_log

    log = await read_query_log(store)
    assert set(log.settings) == set(QUERY_LOG_SETTINGS)
    assert log.settings["db.logs.query.parameter_logging_enabled"] in {"true", "false"}
    _, edition = await store.server_version()
    assert (log.edition, edition) == ("community", "community")  # deploy/neo4j-local
    assert not log.exposes_parameters
    assert log.advice() == ""


def test_schema_check_says_nothing_about_the_query_log_on_community(
    neo4j_settings: Settings,
) -> None:
    from click.testing import CliRunner

    from a4s_memory.cli.main import cli

    result = CliRunner().invoke(cli, ["schema", "check"], obj=neo4j_settings)
    assert result.exit_code == 0, result.output
    assert "schema complete" in result.output
    assert "query log" not in result.output
