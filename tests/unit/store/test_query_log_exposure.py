"""Neo4j's own query log can hold memory text (docs/deploy.md "Neo4j's query log").

Enterprise (and so a cluster) logs every query with its parameters by default
(``db.logs.query.enabled=VERBOSE``, ``threshold=0s``, ``parameter_logging_enabled=true``), and a
write's parameters are the memory's text: the service never logs it, but the database would, in a
file whose readers the memory's access rules do not govern. Community writes no query log. This
pure decision says when to warn; reading the settings is tested against the real server
(tests/integration/test_neo4j_server.py).
"""

from __future__ import annotations

import pytest

from a4s_memory.store.server_settings import QUERY_LOG_SETTINGS, QueryLog

DEFAULTS = {
    "db.logs.query.enabled": "VERBOSE",
    "db.logs.query.parameter_logging_enabled": "true",
}


def test_enterprise_defaults_expose_memory_text() -> None:
    log = QueryLog(edition="enterprise", settings=DEFAULTS)
    assert log.exposes_parameters
    assert "db.logs.query.parameter_logging_enabled=false" in log.advice()


def test_community_writes_no_query_log() -> None:
    assert not QueryLog(edition="community", settings=DEFAULTS).exposes_parameters


@pytest.mark.parametrize(
    "change",
    [
        {"db.logs.query.enabled": "OFF"},
        {"db.logs.query.parameter_logging_enabled": "false"},
        {"db.logs.query.parameter_logging_enabled": "FALSE"},
    ],
)
def test_enterprise_with_the_log_or_its_parameters_off_is_quiet(change: dict[str, str]) -> None:
    log = QueryLog(edition="enterprise", settings=DEFAULTS | change)
    assert not log.exposes_parameters
    assert log.advice() == ""


def test_unknown_settings_on_enterprise_are_reported_not_assumed_safe() -> None:
    log = QueryLog(edition="enterprise", settings={})
    assert log.exposes_parameters  # Enterprise's defaults log parameters: fail closed
    assert tuple(sorted(DEFAULTS)) == QUERY_LOG_SETTINGS
