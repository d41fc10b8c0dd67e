"""The write quota (token bucket), limits from settings, and validation-error mapping (pure)."""

from __future__ import annotations

import pytest

from a4s_memory.api.errors import validation_error
from a4s_memory.api.middleware import valid_request_id
from a4s_memory.api.quota import ApiLimits, WriteQuota, WriteQuotaExceeded
from a4s_memory.api.schemas import ErrorBody
from a4s_memory.config import Settings
from a4s_memory.contract import StopReason
from a4s_memory.errors import FirewallRejected, to_wire


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_token_bucket_burst_then_refill() -> None:
    clock = Clock()
    quota = WriteQuota(ApiLimits(writes_per_minute=60, burst=3), clock=clock)
    for _ in range(3):
        quota.take("alice")
    with pytest.raises(WriteQuotaExceeded) as info:
        quota.take("alice")
    assert info.value.stop_reason is StopReason.ENTITLEMENT_CAP
    assert info.value.http_status == 429
    assert 0 < info.value.retry_after <= 1.0
    quota.take("bob")  # buckets are per requester
    clock.now += 1.0
    quota.take("alice")  # one token back after a second at 60/min


def test_quota_off_with_zero_rate() -> None:
    quota = WriteQuota(ApiLimits(writes_per_minute=0, burst=1))
    assert not quota.enabled
    for _ in range(100):
        quota.take("alice")  # never refuses
    limited = WriteQuota(ApiLimits(writes_per_minute=1, burst=1))
    limited.take("alice")
    with pytest.raises(WriteQuotaExceeded):  # the same burst with a rate does refuse
        limited.take("alice")


def test_limits_default_and_from_settings() -> None:
    limits = ApiLimits.from_settings(Settings())
    assert limits.max_body_bytes == 64 * 1024
    assert limits.writes_per_minute > 0 and limits.burst >= 1


def test_validation_error_names_fields_never_values() -> None:
    err = validation_error(
        [{"loc": ("body", "limit"), "type": "less_than_equal", "input": 1000, "msg": "x"}]
    )
    assert err.stop_reason is StopReason.BOUNDS_EXCEEDED and err.http_status == 422
    assert "body.limit" in err.detail and "1000" not in err.detail
    err = validation_error(
        [{"loc": ("body", "messages", 0, "role"), "type": "literal_error", "input": "s3cret"}]
    )
    assert err.stop_reason is StopReason.SCHEMA_INVALID
    assert "body.messages.role" in err.detail and "s3cret" not in err.detail


def test_error_body_from_wire() -> None:
    err = FirewallRejected("rejected", stop_reason=StopReason.TTL_NOT_ALLOWED, suggestion="s")
    body = ErrorBody.from_wire(to_wire(err), "rid-1").model_dump(mode="json")
    assert body == {
        "stop_reason": "TTL_NOT_ALLOWED",
        "detail": "rejected",
        "error_code": "firewall_rejected",
        "suggestion": "s",
        "request_id": "rid-1",
    }


def test_request_ids() -> None:
    assert valid_request_id("abc-123.x") == "abc-123.x"
    generated = valid_request_id("has spaces\nand newline")
    assert len(generated) == 32 and "\n" not in generated
    assert valid_request_id(None) != valid_request_id(None)
