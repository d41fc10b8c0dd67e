"""Property-based fuzzing of the API against its own OpenAPI schema (schemathesis), bounded in
time: a few examples per operation, served by uvicorn on loopback over the real Neo4j, token mode.
No answer may be a 5xx (Neo4j is up, so not even 503)."""

from __future__ import annotations

import asyncio
import time
import uuid
from pathlib import Path
from typing import Any

import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

from a4s_memory.api.quota import ApiLimits
from a4s_memory.config import Settings
from a4s_memory.store.db import Neo4jStore
from tests.integration.test_api_support import api_settings, served

FUZZ_REQUESTER = f"fuzz-{uuid.uuid4().hex[:8]}"
FUZZ_KEY = f"fuzz-key-{uuid.uuid4().hex}"
MAX_EXAMPLES = 25
TIME_BUDGET_S = 60.0


async def test_api_never_answers_5xx(
    neo4j_settings: Settings, store: Neo4jStore, tmp_path: Path
) -> None:
    base = api_settings(neo4j_settings, tmp_path)
    assert base.api_keys_file is not None
    with base.api_keys_file.open("a", encoding="utf-8") as handle:
        handle.write(f"{FUZZ_REQUESTER}:{FUZZ_KEY}\n")
    started = time.monotonic()
    try:
        # quota off: the fuzzer writes far faster than any real requester
        with served(base, ApiLimits(writes_per_minute=0)) as base_url:
            schema = schemathesis.openapi.from_url(f"{base_url}/openapi.json")
            failures = await asyncio.to_thread(_fuzz, schema, started)
    finally:
        await _cleanup(store)
    elapsed = time.monotonic() - started
    assert not failures, "\n".join(failures)
    assert elapsed < TIME_BUDGET_S + 15, f"fuzzing took {elapsed:.0f} s"


def _fuzz(schema: Any, started: float) -> list[str]:
    """Run every operation's strategy for a bounded number of examples; collect failures."""
    failures: list[str] = []
    headers = {"X-Requester-Id": FUZZ_REQUESTER, "Authorization": f"Bearer {FUZZ_KEY}"}
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 10, "the schema lost operations"
    for operation in operations:
        if time.monotonic() - started > TIME_BUDGET_S:
            failures.append(f"time budget spent before {operation.label}")
            break

        @given(case=operation.as_strategy())
        @settings(
            max_examples=MAX_EXAMPLES,
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        def check(case: schemathesis.Case) -> None:
            case.call_and_validate(
                headers=headers,
                checks=[not_a_server_error],
                additional_checks=[response_schema_conformance],
            )

        try:
            check()
        except Exception as exc:
            failures.append(f"{operation.label}: {str(exc)[:1500]}")
    return failures


async def _cleanup(store: Neo4jStore) -> None:
    rows = await store.execute(
        "MATCH (a:Agent) WHERE a.owner_id = $owner RETURN a.agent_id AS agent_id",
        {"owner": FUZZ_REQUESTER},
    )
    groups = [f"agent-{r['agent_id']}-{v}" for r in rows for v in ("private", "public")]
    await store.execute("MATCH (n) WHERE n.group_id IN $groups DETACH DELETE n", {"groups": groups})
    await store.execute(
        "MATCH (a:Agent) WHERE a.owner_id = $owner DETACH DELETE a", {"owner": FUZZ_REQUESTER}
    )
