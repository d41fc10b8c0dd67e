"""Neo4j server settings the service cares about but does not own: whether the database's own
query log would hold memory text (docs/deploy.md "Neo4j's query log").

Enterprise (so every cluster) logs each query with its parameters by default
(``db.logs.query.enabled=VERBOSE``, threshold 0, ``db.logs.query.parameter_logging_enabled=true``).
A write's parameters are the memory's text (secrets already redacted, personal facts not), so the
log would be a copy of every agent's memory outside the access rules. Community writes no query
log. The service cannot change server settings; ``a4s-memory schema apply`` and ``schema check``
(what an operator runs at deploy) say so when it is the case.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from neo4j.exceptions import Neo4jError

from a4s_memory.store.db import Neo4jStore

__all__ = ["QUERY_LOG_SETTINGS", "QueryLog", "query_log_advice", "read_query_log"]


QUERY_LOG_SETTINGS: Final = ("db.logs.query.enabled", "db.logs.query.parameter_logging_enabled")

_READ: Final = "SHOW SETTINGS YIELD name, value WHERE name IN $names RETURN name, value"


@dataclass(frozen=True)
class QueryLog:
    """The server's edition and its query-log settings (as strings, as Neo4j shows them)."""

    edition: str
    settings: Mapping[str, str]

    @property
    def exposes_parameters(self) -> bool:
        """True when the server writes query parameters to its log. A setting it did not show
        counts as Enterprise's default (on): unknown is not safe."""
        if self.edition.lower() == "community":
            return False
        enabled = self.settings.get("db.logs.query.enabled", "VERBOSE").upper()
        parameters = self.settings.get("db.logs.query.parameter_logging_enabled", "true")
        return enabled != "OFF" and parameters.lower() == "true"

    def advice(self) -> str:
        """One line for the operator, or "" when there is nothing to do."""
        if not self.exposes_parameters:
            return ""
        return (
            f"warning: this Neo4j ({self.edition}) writes query parameters, i.e. memory text, to "
            "its query log; set db.logs.query.parameter_logging_enabled=false (or "
            "db.logs.query.enabled=OFF) in neo4j.conf (docs/deploy.md)"
        )


async def read_query_log(store: Neo4jStore) -> QueryLog:
    """The server's edition and query-log settings (a read; SHOW SETTINGS needs the privilege
    to see settings: a refusal propagates as the store's error)."""
    _, edition = await store.server_version()
    rows = await store.read(_READ, {"names": list(QUERY_LOG_SETTINGS)})
    return QueryLog(edition=edition, settings={str(r["name"]): str(r["value"]) for r in rows})


async def query_log_advice(store: Neo4jStore) -> str:
    """A warning line when Neo4j's query log would hold memory text (or its settings cannot be
    read), else ""."""
    try:
        return (await read_query_log(store)).advice()
    except Neo4jError as exc:  # e.g. a user without the privilege to see settings
        return (
            f"warning: could not read Neo4j's query-log settings ({exc.code}); make sure "
            "db.logs.query.parameter_logging_enabled=false (docs/deploy.md)"
        )
