"""The models that cross the wire: what the HTTP API answers and the client returns.

A leaf: it imports only the contract (enums), the four-axis status, the ContextPolicy's kinds and
the error tree, so ``AsyncMemoryClient`` loads no server stack (FastAPI, Neo4j, Graphiti, numpy;
tests/integration/test_import_weight.py). The server's modules re-export these names where they
were defined before (``a4s_memory.store.search.SearchHit``, ``a4s_memory.models.MemoryView``, ...).
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final

from pydantic import BaseModel, ConfigDict, Field, field_validator

from a4s_memory.contract import StopReason, Visibility
from a4s_memory.errors import A4SError, StoreUnavailable
from a4s_memory.policy.context_policy import MemoryKind
from a4s_memory.status import MemoryStatus

if TYPE_CHECKING:
    from a4s_memory.models import AddResult

__all__ = [
    "MAX_BATCH_ITEMS",
    "AddMemoryOut",
    "AgentOut",
    "BatchItemResult",
    "BatchResult",
    "DeleteResult",
    "Evidence",
    "EvidenceKind",
    "FactView",
    "GroupIds",
    "JobAccepted",
    "JobView",
    "MemoryView",
    "Provenance",
    "Redaction",
    "SearchHit",
    "SearchResponse",
    "SecretLevel",
    "TransitionResult",
]


class SecretLevel(StrEnum):
    """Seed 003 "What Counts as a Secret"."""

    DEFINITE = "definite"
    PROBABLE = "probable"
    POSSIBLE = "possible"


class Redaction(BaseModel):
    """One secret replaced by ``[SECRET_REDACTED]``; span is in the ORIGINAL text. No value."""

    model_config = ConfigDict(frozen=True)

    kind: str
    rule_id: str
    start: int
    end: int
    level: SecretLevel


class Provenance(BaseModel):
    model_config = ConfigDict(frozen=True)

    episodes: list[str]
    source_type: str | None = None
    written_by: str | None = None
    decision_id: str | None = None


class SearchHit(BaseModel):
    """One result, docs/api.md shape plus ``score`` (the final ranking score, higher is better)
    and ``reference_time`` (when the remembered thing happened: the episode's or fact's
    ``valid_at``; entities have none)."""

    model_config = ConfigDict(frozen=True)

    uuid: str
    kind: MemoryKind
    text: str
    group_id: str
    visibility: Visibility
    status: MemoryStatus
    valid_at: datetime | None
    created_at: datetime | None
    reference_time: datetime | None = None
    score: float
    provenance: Provenance


class GroupIds(BaseModel):
    private: str
    public: str


class AgentOut(BaseModel):
    agent_id: str
    owner_id: str
    group_ids: GroupIds
    created: bool = Field(description="false when the same owner registered the agent before")


class AddMemoryOut(BaseModel):
    memory_id: str
    stop_reason: StopReason
    group_id: str
    status: MemoryStatus
    redactions: list[Redaction] = Field(default_factory=list)
    audit_id: str = Field(description="the id of the :AuditEvent written in the same transaction")
    decision_id: str = Field(
        description="the id of the firewall decision (a4s_decision_id in Neo4j)"
    )
    flagged_by: list[str] = Field(
        default_factory=list,
        description="the soft rules that keep it suspicious (rule ids, no content)",
    )

    @classmethod
    def from_result(cls, result: AddResult) -> AddMemoryOut:
        return cls(
            memory_id=result.memory_id,
            stop_reason=result.stop_reason,
            group_id=result.group_id,
            status=result.status,
            redactions=list(result.redactions),
            # The write's audit event is appended in the transaction that makes it visible, so an
            # acknowledged write always has one; fail closed if that ever stops being true.
            audit_id=_required(result.audit_id, "audit event"),
            decision_id=result.decision_id,
            flagged_by=list(result.flagged_by),
        )


def _required(value: str | None, what: str) -> str:
    if value is None:
        raise StoreUnavailable(f"the write has no {what}; refusing to acknowledge it")
    return value


class SearchResponse(BaseModel):
    results: list[SearchHit]  # the docs/api.md result shape (plus score)
    stop_reason: StopReason = StopReason.SUCCESS_READ


class FactView(BaseModel):
    uuid: str
    fact: str
    name: str
    status: MemoryStatus | None
    valid_at: datetime | None = None
    invalid_at: datetime | None = None


class MemoryView(BaseModel):
    """GET /memories/{id}: the episode, its provenance and the facts it supports."""

    memory_id: str
    group_id: str
    visibility: Visibility
    text: str
    status: MemoryStatus
    created_at: datetime | None
    reference_time: datetime | None = None  # the episode's valid_at (AddMemory.reference_time)
    source_type: str | None
    source_ref: str | None
    written_by: str | None
    decision_id: str | None
    metadata: dict[str, Any] | None
    facts: list[FactView] = Field(default_factory=list)
    flagged_by: list[str] = Field(
        default_factory=list,
        description="the soft rules that keep this memory suspicious (rule ids, no content)",
    )
    stop_reason: StopReason = StopReason.SUCCESS_READ


class TransitionResult(BaseModel):
    uuid: str
    kind: str
    status: MemoryStatus
    stop_reason: StopReason = StopReason.SUCCESS_UPDATED


class DeleteResult(BaseModel):
    memory_id: str
    stop_reason: StopReason = StopReason.SUCCESS_DELETED
    deleted_facts: int = 0
    deleted_entities: int = 0
    scrubbed_summaries: int = 0
    audit_id: str | None = None


MAX_BATCH_ITEMS: Final = 100


class BatchItemResult(BaseModel):
    """One item's answer, at its index in the request."""

    index: int
    stored: bool
    stop_reason: StopReason
    memory_id: str | None = None
    group_id: str | None = None
    status: MemoryStatus | None = None
    redactions: list[Redaction] = Field(default_factory=list)
    audit_id: str | None = None
    decision_id: str | None = None
    flagged_by: list[str] = Field(default_factory=list)  # soft rules that keep it suspicious
    error_code: str | None = None  # set when not stored, as in an error body
    detail: str | None = None
    suggestion: str | None = None

    @classmethod
    def of_result(cls, index: int, result: AddResult) -> BatchItemResult:
        return cls(
            index=index,
            stored=True,
            stop_reason=result.stop_reason,
            memory_id=result.memory_id,
            group_id=result.group_id,
            status=result.status,
            redactions=list(result.redactions),
            audit_id=result.audit_id,
            decision_id=result.decision_id,
            flagged_by=list(result.flagged_by),
        )

    @classmethod
    def of_error(cls, index: int, error: A4SError) -> BatchItemResult:
        return cls(
            index=index,
            stored=False,
            stop_reason=error.stop_reason,
            error_code=error.error_code,
            detail=error.detail,
            suggestion=error.suggestion,
        )


class BatchResult(BaseModel):
    results: list[BatchItemResult]
    stored: int
    refused: int


class JobAccepted(BaseModel):
    """202 to POST /memories in queue mode: the firewall accepted the write (``stop_reason`` and
    ``status`` are its decision's) and a worker will store it; follow ``GET /jobs/{job_id}``."""

    job_id: str
    state: str = "queued"
    stop_reason: StopReason
    group_id: str
    status: MemoryStatus
    redactions: list[Redaction] = Field(default_factory=list)
    decision_id: str


class JobView(BaseModel):
    """GET /jobs/{id}: where a queued write is (never its content). Once done, the memory's
    status as stored and now (the worker's vector screen may have kept it stricter than the
    202's firewall status; a later quarantine shows too) and the soft rules that flagged it."""

    job_id: str
    state: str  # queued | running | done | failed
    attempts: int
    agent_id: str
    memory_id: str | None = None  # once done
    error_code: str | None = None  # of the last failed attempt
    status: MemoryStatus | None = None  # once done, while the memory exists
    flagged_by: list[str] = Field(default_factory=list)  # soft rules that keep it suspicious


class EvidenceKind(StrEnum):
    """Seed 004: the only things that may promote. The agent's own inference or apparent success
    is deliberately absent."""

    USER_CONFIRMATION = "user_confirmation"
    PROBE = "probe"
    POLICY = "policy"


class Evidence(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: EvidenceKind
    ref: str = Field(min_length=1, max_length=256)

    @field_validator("ref")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("evidence ref must not be blank")
        return value.strip()
