"""ContextPolicy presets and validation (no I/O)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from pydantic import ValidationError

from a4s_memory.contract import (
    FreshnessStatus,
    RetrievalStatus,
    SecurityStatus,
    Sensitivity,
    TruthStatus,
    Visibility,
)
from a4s_memory.policy import ContextPolicy, MemoryKind
from a4s_memory.status import MemoryStatus

NOW = datetime(2025, 6, 1, tzinfo=UTC)
TRUSTED = MemoryStatus(truth=TruthStatus.SUPPORTED)


def test_default_is_contract_section_5() -> None:
    policy = ContextPolicy.default()
    assert policy.truth == {TruthStatus.SUPPORTED}
    assert policy.retrieval == {RetrievalStatus.NORMAL}
    assert policy.security == {SecurityStatus.CLEAN}
    assert policy.freshness == {FreshnessStatus.FRESH}
    assert policy.sensitivities == {Sensitivity.PUBLIC, Sensitivity.INTERNAL}
    assert policy.valid_only
    assert not policy.include_expired_ttl
    assert policy.visibilities is None
    assert policy.kinds == set(MemoryKind)


def test_default_admits_exactly_what_memory_status_calls_trusted() -> None:
    policy = ContextPolicy.default()
    assert policy.admits(TRUSTED, NOW)
    assert TRUSTED.trusted


@pytest.mark.parametrize(
    "status",
    [
        MemoryStatus(truth=TruthStatus.UNVERIFIED),
        MemoryStatus(truth=TruthStatus.CONTRADICTED),
        MemoryStatus(truth=TruthStatus.SUPERSEDED),
        MemoryStatus(truth=TruthStatus.SUPPORTED, retrieval=RetrievalStatus.HIDDEN),
        MemoryStatus(truth=TruthStatus.SUPPORTED, retrieval=RetrievalStatus.BLOCKED),
        MemoryStatus(truth=TruthStatus.SUPPORTED, retrieval=RetrievalStatus.PRIVILEGED_ONLY),
        MemoryStatus(truth=TruthStatus.SUPPORTED, security=SecurityStatus.QUARANTINED),
        MemoryStatus(truth=TruthStatus.SUPPORTED, security=SecurityStatus.MALICIOUS),
        MemoryStatus(truth=TruthStatus.SUPPORTED, freshness=FreshnessStatus.STALE),
        MemoryStatus(truth=TruthStatus.SUPPORTED, sensitivity=Sensitivity.CONFIDENTIAL),
        MemoryStatus(truth=TruthStatus.SUPPORTED, expires_at=NOW - timedelta(seconds=1)),
    ],
    ids=lambda s: "-".join(str(v) for v in s.to_properties().values() if v is not None),
)
def test_default_rejects(status: MemoryStatus) -> None:
    assert not ContextPolicy.default().admits(status, NOW)


def test_ttl_in_the_future_is_admitted() -> None:
    status = MemoryStatus(truth=TruthStatus.SUPPORTED, expires_at=NOW + timedelta(days=1))
    assert ContextPolicy.default().admits(status, NOW)


def test_including_unverified_adds_only_unverified() -> None:
    policy = ContextPolicy.including_unverified()
    assert policy.truth == {TruthStatus.SUPPORTED, TruthStatus.UNVERIFIED}
    default = ContextPolicy.default()
    assert policy.model_dump(exclude={"truth"}) == default.model_dump(exclude={"truth"})


def test_owner_review_sees_everything_but_malicious() -> None:
    policy = ContextPolicy.owner_review()
    assert SecurityStatus.MALICIOUS not in policy.security
    assert policy.truth == set(TruthStatus)
    assert policy.retrieval == set(RetrievalStatus)
    assert policy.sensitivities == set(Sensitivity)
    assert not policy.valid_only
    assert policy.include_expired_ttl
    assert not policy.admits(MemoryStatus(security=SecurityStatus.MALICIOUS), NOW)
    assert ContextPolicy.owner_review(include_malicious=True).admits(
        MemoryStatus(security=SecurityStatus.MALICIOUS), NOW
    )


@pytest.mark.parametrize(
    "field", ["truth", "retrieval", "security", "freshness", "kinds", "visibilities"]
)
def test_empty_allowed_set_is_an_error(field: str) -> None:
    with pytest.raises(ValidationError):
        ContextPolicy(**{field: frozenset()})


def test_policy_is_frozen_and_strict() -> None:
    policy = ContextPolicy.default()
    with pytest.raises(ValidationError):
        policy.truth = frozenset(TruthStatus)  # type: ignore[misc]
    with pytest.raises(ValidationError):
        ContextPolicy(unknown_axis=True)  # type: ignore[call-arg]


def test_values_accept_any_case() -> None:
    raw: dict[str, object] = {"truth": ["SUPPORTED"], "visibilities": ["Public"]}
    policy = ContextPolicy.model_validate(raw)
    assert policy.truth == {TruthStatus.SUPPORTED}
    assert policy.admits_visibility(Visibility.PUBLIC)
    assert not policy.admits_visibility(Visibility.PRIVATE)
