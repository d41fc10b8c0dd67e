"""Response models of the lifecycle operations: audit, versions, rollback, sweep,
session summary, bulk deletion and import. None of them carries memory content."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from a4s_memory.audit.events import AuditEventView
from a4s_memory.contract import StopReason
from a4s_memory.status import MemoryStatus

__all__ = [
    "AuditEventView",
    "AuditVerification",
    "BulkDeleteResult",
    "ImportReport",
    "RollbackResult",
    "SessionRejection",
    "SessionSummary",
    "SweepReport",
    "VersionView",
]


class RollbackResult(BaseModel):
    memory_id: str  # the new current episode holding the restored value
    item_id: str
    restored_version: int
    version_before: int
    version_after: int
    content_hash: str
    status: MemoryStatus
    audit_id: str | None = None
    stop_reason: StopReason = StopReason.SUCCESS_UPDATED


class SessionRejection(BaseModel):
    seq: int
    timestamp: str
    action: str
    stop_reason: str | None
    rule_id: str | None
    field: str | None


class SessionSummary(BaseModel):
    """Seed 000 G5: the rejections of one session and the session-end notification text."""

    agent_id: str
    session_id: str
    rejections: list[SessionRejection] = Field(default_factory=list)
    writes_disabled: bool
    notification: str
    stop_reason: StopReason = StopReason.SUCCESS_READ


class SweepReport(BaseModel):
    now: datetime
    staled: int = 0
    expired: int = 0
    purged: int = 0
    orphans_removed: int = 0  # crashed ingestions' never-visible leftovers (sweeper.ORPHAN_AGE)
    agents: list[str] = Field(default_factory=list)


class BulkDeleteResult(BaseModel):
    agent_id: str
    deleted: int
    deleted_facts: int = 0
    deleted_entities: int = 0
    audit_id: str | None = None
    stop_reason: StopReason = StopReason.SUCCESS_DELETED


class ImportReport(BaseModel):
    agent_id: str
    records: int
    counts: dict[str, int] = Field(default_factory=dict)
    audit_id: str | None = None
    # False: the file was not signed by this server for this agent and owner, so every record
    # was imported as unverified, written by the importer (store/import_trust.py).
    verified: bool = False
    stop_reason: StopReason = StopReason.SUCCESS_STORED


class VersionView(BaseModel):
    """GET /memories/{id}/versions: G3 metadata, never the content."""

    version: int
    timestamp: str
    agent_id: str
    content_hash: str
    validation_score: float
    pinned: bool
    memory_id: str
    written_by: str | None = None
    current: bool = False
    status: MemoryStatus | None = None


class AuditVerification(BaseModel):
    agent_id: str
    ok: bool
    events_checked: int
    first_seq: int | None = None
    last_seq: int | None = None
    anchor_seq: int = 0
    problems: list[str] = Field(default_factory=list)
