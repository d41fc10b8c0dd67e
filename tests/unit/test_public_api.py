"""Pins the public exports of ``a4s_memory``: changing them is a deliberate, reviewed act."""

from __future__ import annotations

import a4s_memory

EXPECTED = {
    "A4SError",
    "AccessDenied",
    "AsyncMemoryClient",
    "ConfigurationError",
    "Conflict",
    "FirewallRejected",
    "InvalidRequest",
    "NotFound",
    "PayloadTooLarge",
    "QuotaExceeded",
    "StoreUnavailable",
    "Unauthenticated",
    "__version__",
}


def test_public_exports_are_pinned() -> None:
    assert set(a4s_memory.__all__) == EXPECTED
    for name in a4s_memory.__all__:
        assert hasattr(a4s_memory, name), name


def test_telemetry_is_off_after_import() -> None:
    import os

    assert os.environ["GRAPHITI_TELEMETRY_ENABLED"] == "false"


def test_errors_share_one_tree() -> None:
    for name in EXPECTED - {"__version__", "AsyncMemoryClient", "A4SError"}:
        assert issubclass(getattr(a4s_memory, name), a4s_memory.A4SError), name
