"""Probe plumbing without Neo4j: checks, results, expected errors, what counts as returned."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from a4s_memory.contract import TruthStatus, Visibility
from a4s_memory.errors import AccessDenied, InvalidRequest, NotFound
from a4s_memory.policy import MemoryKind
from a4s_memory.probes import PROBES, Check, ProbeContext, ProbeResult, run_probes
from a4s_memory.probes.base import expect_error, returned
from a4s_memory.status import MemoryStatus
from a4s_memory.store.search import Provenance, SearchHit


def _hit(uuid: str, kind: MemoryKind, episodes: list[str]) -> SearchHit:
    return SearchHit(
        uuid=uuid,
        kind=kind,
        text="t",
        group_id="agent-a-public",
        visibility=Visibility.PUBLIC,
        status=MemoryStatus(truth=TruthStatus.SUPPORTED),
        valid_at=None,
        created_at=datetime.now(UTC),
        score=1.0,
        provenance=Provenance(episodes=episodes),
    )


def test_returned_counts_the_memory_and_its_facts_not_shared_entities() -> None:
    assert returned([_hit("m1", MemoryKind.EPISODE, [])], "m1")
    assert returned([_hit("f1", MemoryKind.FACT, ["m1"])], "m1")
    assert not returned([_hit("e1", MemoryKind.ENTITY, ["m1", "m2"])], "m1")
    assert not returned([], "m1")


async def _raise(exc: Exception) -> None:
    raise exc


async def _ok() -> None:
    return None


async def test_expect_error_names_only_the_expected_kind() -> None:
    assert await expect_error(_raise(InvalidRequest("x")), InvalidRequest) == "InvalidRequest"
    assert await expect_error(_raise(NotFound("x")), InvalidRequest, AccessDenied) is None
    assert await expect_error(_ok(), InvalidRequest) is None


def test_result_lists_failed_checks() -> None:
    result = ProbeResult(
        name="p",
        passed=False,
        seconds=0.1,
        checks=[Check(name="a", ok=True), Check(name="b", ok=False)],
    )
    assert result.failed_checks == ["b"]


def test_context_records_checks() -> None:
    ctx = ProbeContext(manager=None, store=None, agent_id="a", owner="o", peer="p", run_id="r")  # type: ignore[arg-type]
    assert ctx.check("x", True) and not ctx.check("y", False)
    assert [c.ok for c in ctx.checks] == [True, False]


async def test_unknown_probe_names_are_refused() -> None:
    dummy: Any = None
    with pytest.raises(ValueError, match="unknown probe"):
        await run_probes(dummy, dummy, ["nope"])


def test_the_three_seed_probes_are_registered() -> None:
    assert set(PROBES) == {"poisoning", "contradiction", "provenance"}
