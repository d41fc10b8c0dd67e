"""HTTP request and response models (docs/api.md). Facade models from :mod:`a4s_memory.models` are
reused where the wire shape is the same (``AddMemory``, ``MemoryView``, ``TransitionResult``,
``DeleteResult``); the rest are defined here. Shared by the server and :mod:`a4s_memory.client`.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Final

from pydantic import BaseModel, ConfigDict, Field, field_validator

from a4s_memory.contract import StopReason
from a4s_memory.errors import WireError
from a4s_memory.policy import ContextPolicy
from a4s_memory.types import AddMemoryOut as AddMemoryOut  # re-exported (wire models)
from a4s_memory.types import AgentOut as AgentOut
from a4s_memory.types import Evidence
from a4s_memory.types import GroupIds as GroupIds
from a4s_memory.types import SearchResponse as SearchResponse

__all__ = [
    "MAX_LIMIT",
    "MAX_QUERY_CHARS",
    "AddMemoryOut",
    "AgentOut",
    "ErrorBody",
    "GroupIds",
    "PromoteRequest",
    "ReasonRequest",
    "RegisterAgentRequest",
    "SearchRequest",
    "SearchResponse",
    "SupersedeRequest",
]

MAX_LIMIT: Final = 100
MAX_QUERY_CHARS: Final = 2000
_ID = r"^[A-Za-z0-9][A-Za-z0-9_.@:-]{0,127}$"


class ErrorBody(BaseModel):
    """Every error answer: docs/api.md's ``{stop_reason, detail}`` plus program and people hints."""

    stop_reason: StopReason
    detail: str
    error_code: str
    suggestion: str | None = None
    request_id: str | None = None

    @classmethod
    def from_wire(cls, wire: WireError, request_id: str | None) -> ErrorBody:
        return cls.model_validate(wire.body(request_id))


class RegisterAgentRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    agent_id: str = Field(min_length=1, max_length=63, examples=["assistant-001"])
    owner_id: str = Field(min_length=1, max_length=128, pattern=_ID, examples=["alice"])


class SearchRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    query: str = Field(min_length=1, max_length=MAX_QUERY_CHARS)
    agent_id: str = Field(min_length=1, max_length=63)
    limit: int = Field(10, ge=1, le=MAX_LIMIT)
    # A window on reference time (when the remembered thing happened): since inclusive, until
    # exclusive; naive times are UTC. Entities (which carry no time) are left out under a window.
    since: datetime | None = None
    until: datetime | None = None
    recency_half_life_days: float | None = Field(
        None, gt=0, le=36500, description="optional recency weighting; off when absent"
    )

    @field_validator("since", "until")
    @classmethod
    def _aware(cls, value: datetime | None) -> datetime | None:
        return value.replace(tzinfo=UTC) if value is not None and value.tzinfo is None else value

    def policy(self) -> ContextPolicy:
        """The default ContextPolicy, narrowed to the requested window (never widened)."""
        return ContextPolicy(since=self.since, until=self.until)


class PromoteRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    evidence: Evidence


class ReasonRequest(BaseModel):
    """Body of quarantine and contradict: why (kept in the status ledger's evidence log)."""

    model_config = ConfigDict(extra="forbid")

    reason: str = Field(min_length=1, max_length=512)


class SupersedeRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    superseded_by: str | None = Field(default=None, min_length=1, max_length=64)
