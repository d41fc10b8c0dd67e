"""A young database lacks properties that Graphiti's queries name (``name_embedding`` before the
first entity, ``episodes`` / ``reference_time`` on edges ...). Neo4j answers each such query with
an UNRECOGNIZED notification, and the driver logs every one at WARNING with the whole query text:
a fresh deployment's first searches and imports filled the log with them (seen in
bench/batch_bench.py's output, ~10 lines of Cypher per search). The store turns that class off
in the driver's configuration; notifications of every other class (deprecations, performance,
security) still reach the log."""

from __future__ import annotations

import logging

import pytest

from a4s_memory.store.db import Neo4jStore

# A property no code of this project or of graphiti-core writes.
_NEVER_SET = "MATCH (n:Entity) WHERE n.a4s_probe_never_set = $v RETURN count(n) AS n"


async def test_unknown_property_names_are_not_logged(
    store: Neo4jStore, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="neo4j.notifications")
    for read in (True, False):
        rows = await store.execute(_NEVER_SET, {"v": 1}, read=read)
        assert rows[0]["n"] == 0
    noted = [r for r in caplog.records if r.name.startswith("neo4j.notifications")]
    assert noted == []
