"""How an element's status is derived from its supporting episodes (pure, no I/O)."""

from __future__ import annotations

from datetime import UTC, datetime

from a4s_memory.contract import SecurityStatus, Sensitivity, TruthStatus
from a4s_memory.status import MemoryStatus
from a4s_memory.store.ledger import Supporter, derive_status


def _sup(uuid: str, trust: int = 3, **axes: object) -> Supporter:
    return Supporter(
        uuid=uuid,
        status=MemoryStatus(**axes),  # type: ignore[arg-type]
        trust_rank=trust,
        source_type="user_message",
        written_by="owner",
        decision_id=f"d-{uuid}",
        created_at=datetime(2025, 1, 1, tzinfo=UTC),
    )


def test_no_supporter_means_no_status() -> None:
    assert derive_status([]) is None


def test_most_trustworthy_clean_supporter_wins_truth() -> None:
    derived = derive_status([_sup("a", 1), _sup("b", 3, truth=TruthStatus.SUPPORTED)])
    assert derived is not None
    status, best = derived
    assert status.truth is TruthStatus.SUPPORTED
    assert best.uuid == "b"


def test_quarantined_supporter_does_not_poison_clean_support() -> None:
    clean = _sup("clean", truth=TruthStatus.SUPPORTED)
    bad = _sup("bad", security=SecurityStatus.QUARANTINED, truth=TruthStatus.SUPPORTED)
    derived = derive_status([clean, bad])
    assert derived is not None
    assert derived[0].security is SecurityStatus.CLEAN


def test_only_quarantined_support_is_quarantined() -> None:
    bad = _sup("bad", security=SecurityStatus.QUARANTINED, truth=TruthStatus.SUPPORTED)
    derived = derive_status([bad])
    assert derived is not None
    assert derived[0].security is SecurityStatus.QUARANTINED
    assert derived[0].truth is TruthStatus.SUPPORTED  # quarantine never changes truth


def test_sensitivity_is_the_highest_clean_one() -> None:
    derived = derive_status(
        [_sup("a", sensitivity=Sensitivity.PUBLIC), _sup("b", sensitivity=Sensitivity.CONFIDENTIAL)]
    )
    assert derived is not None
    assert derived[0].sensitivity is Sensitivity.CONFIDENTIAL


def test_overrides_and_invalidation() -> None:
    sup = _sup("a", truth=TruthStatus.SUPPORTED)
    quarantined = derive_status([sup], {"override_security": "quarantined"})
    assert quarantined is not None
    assert quarantined[0].security is SecurityStatus.QUARANTINED
    assert quarantined[0].truth is TruthStatus.SUPPORTED
    # An override never makes security better than the supporters allow.
    bad = _sup("b", security=SecurityStatus.MALICIOUS)
    still_bad = derive_status([bad], {"override_security": "suspicious"})
    assert still_bad is not None
    assert still_bad[0].security is SecurityStatus.MALICIOUS
    invalid = derive_status([sup], invalidated=True)
    assert invalid is not None
    assert invalid[0].truth is TruthStatus.CONTRADICTED
    superseded = derive_status([sup], {"override_truth": "superseded"}, invalidated=True)
    assert superseded is not None
    assert superseded[0].truth is TruthStatus.SUPERSEDED
