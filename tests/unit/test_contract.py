from __future__ import annotations

from a4s_memory.contract import (
    CONTRACT_VERSION,
    STOP_PRIORITY,
    Category,
    Sensitivity,
    SourceType,
    StopReason,
    highest_priority,
)


def test_thirteen_seed_stop_reasons_plus_success_read() -> None:
    assert len(StopReason) == 14
    assert CONTRACT_VERSION == "19.1.0"
    assert StopReason.SUCCESS_READ.is_success


def test_priority_order_is_seed_001_section_7() -> None:
    assert STOP_PRIORITY[0] is StopReason.INTERNAL_INCONSISTENCY
    assert STOP_PRIORITY[1] is StopReason.INJECTION_DETECTED
    assert STOP_PRIORITY[-1] is StopReason.TTL_NOT_ALLOWED
    assert len(STOP_PRIORITY) == 10


def test_highest_priority_picks_one() -> None:
    reasons = {
        StopReason.TTL_NOT_ALLOWED,
        StopReason.FORBIDDEN_CATEGORY,
        StopReason.BOUNDS_EXCEEDED,
    }
    assert highest_priority(reasons) is StopReason.FORBIDDEN_CATEGORY
    assert highest_priority([StopReason.SUCCESS_STORED]) is None


def test_enums_accept_any_case() -> None:
    assert Category("preference") is Category.PREFERENCE
    assert SourceType("WEB_FETCH") is SourceType.WEB_FETCH
    assert StopReason("success_stored") is StopReason.SUCCESS_STORED


def test_sensitivity_ceiling() -> None:
    assert Sensitivity.INTERNAL.at_most() == [Sensitivity.PUBLIC, Sensitivity.INTERNAL]
