"""Request limits: the body bound, and the settings of the per-requester write quota
(429 ENTITLEMENT_CAP). The quota itself is :mod:`a4s_memory.quota`: the MemoryManager spends it on
every requester-facing write, so REST, MCP and the client share one bucket per requester.

Configuration comes from the one Settings object when it has the fields (``max_body_bytes``,
``write_quota_per_minute``, ``write_quota_burst``; env ``A4S_MAX_BODY_BYTES``,
``A4S_WRITE_QUOTA_PER_MINUTE``, ``A4S_WRITE_QUOTA_BURST``), else the defaults below; or it is passed
explicitly to ``create_app(settings, limits=ApiLimits(...))``.
"""

from __future__ import annotations

from typing import Final

from pydantic import BaseModel, ConfigDict, Field

from a4s_memory.config import Settings
from a4s_memory.quota import (
    DEFAULT_BURST,
    DEFAULT_WRITES_PER_MINUTE,
    WriteQuota,
    WriteQuotaExceeded,
)

__all__ = ["ApiLimits", "WriteQuota", "WriteQuotaExceeded"]

DEFAULT_MAX_BODY_BYTES: Final = 64 * 1024


class ApiLimits(BaseModel):
    """The API's bounds. ``writes_per_minute=0`` turns the write quota off."""

    model_config = ConfigDict(frozen=True)

    max_body_bytes: int = Field(DEFAULT_MAX_BODY_BYTES, ge=1024, le=16 * 1024 * 1024)
    writes_per_minute: float = Field(DEFAULT_WRITES_PER_MINUTE, ge=0)
    burst: int = Field(DEFAULT_BURST, ge=1)

    @classmethod
    def from_settings(cls, settings: Settings) -> ApiLimits:
        return cls(
            max_body_bytes=settings.max_body_bytes,
            writes_per_minute=settings.write_quota_per_minute,
            burst=settings.write_quota_burst,
        )
