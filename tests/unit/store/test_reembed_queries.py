"""The re-embedding's Cypher (store/reembed.py, no I/O): names from its constants only, every value
a parameter, the scope's groups in every statement that reads or counts when an agent is given."""

from __future__ import annotations

import re

import pytest
from pydantic import ValidationError

from a4s_memory.store import reembed
from a4s_memory.store.reembed import TARGETS, ReembedRequest

_PROPERTIES = {"a4s_content_embedding", "name_embedding", "fact_embedding", "a4s_embedder"}
_PARAMETERS = {"$model", "$groups", "$after", "$limit", "$rows", "$uuids"}


def _statements(scoped: bool) -> list[str]:
    return [
        q
        for t in TARGETS
        for q in (
            reembed._count_query(t, scoped),
            reembed._chunk_query(t),
            reembed._scope_query(t),
            reembed._texts_query(t),
            reembed._write_query(t),
        )
    ]


@pytest.mark.parametrize("scoped", [False, True])
def test_statements_are_built_from_constants(scoped: bool) -> None:
    for query in _statements(scoped):
        bare = query.replace("{uuid: r.uuid}", "").replace("{uuid: u}", "")
        assert "{" not in bare, query  # no template left over
        assert set(re.findall(r"\$\w+", query)) <= _PARAMETERS, query
        written = set(re.findall(r"SET n\.(\w+)", query)) | set(re.findall(r", n\.(\w+) =", query))
        assert written <= _PROPERTIES, query


def test_an_agent_scope_reaches_every_read() -> None:
    for target in TARGETS:
        assert "n.group_id IN $groups" in reembed._count_query(target, True)
        assert "n.group_id IN $groups" in reembed._scope_query(target)
        assert "n.group_id IN $groups" in reembed._texts_query(target)  # a uuid of another agent
        assert "$groups" not in reembed._count_query(target, False)


def test_a_write_never_replaces_a_vector_of_the_running_embedder() -> None:
    # a write that stored the running embedder's vector meanwhile wins over the re-embedding
    for target in TARGETS:
        assert "coalesce(n.a4s_embedder, '') <> $model" in reembed._write_query(target)


@pytest.mark.parametrize("chunk", [0, 10_001])
def test_a_chunk_out_of_bounds_is_refused(chunk: int) -> None:
    with pytest.raises(ValidationError):
        ReembedRequest(chunk=chunk)


def test_a_bad_agent_id_is_told_before_any_connection() -> None:
    from click.testing import CliRunner

    from a4s_memory.cli.main import cli
    from a4s_memory.config import Settings

    # no Neo4j at this address: the command must stop on the agent id before connecting
    settings = Settings(neo4j_uri="bolt://127.0.0.1:9")
    result = CliRunner().invoke(cli, ["reembed", "--agent", "Not An Id!"], obj=settings)
    assert result.exit_code == 1
    assert "agent_id must match" in result.output
