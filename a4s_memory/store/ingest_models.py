"""What the ingestion modules take and give back. Only firewall-redacted text ever enters here."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

from a4s_memory.audit.events import AuditDraft
from a4s_memory.contract import Category
from a4s_memory.firewall import FirewallDecision
from a4s_memory.status import MemoryStatus

__all__ = [
    "EpisodeWrite",
    "IngestOutcome",
    "ItemWrite",
    "ScreenedWrite",
    "WriteProvenance",
]


class WriteProvenance(BaseModel):
    """Who wrote what from where, under which firewall decision (kept in the status ledger)."""

    model_config = ConfigDict(frozen=True)

    group_id: str
    decision: FirewallDecision
    written_by: str
    source_type: str
    source_ref: str | None = None
    metadata_json: str | None = None
    # True when the metadata passed the firewall's field screening; metadata
    # stored before that is never shown to a non-owner.
    metadata_screened: bool = False
    # Lifecycle (a4s_memory.ttl): tier, TTL class, pin and the computed deadlines.
    tier: str = "episodic"
    ttl_class: str | None = None
    pinned: bool = False
    ttl_seconds: float | None = None
    stale_at: datetime | None = None
    expires_at: datetime | None = None
    session_id: str | None = None


class EpisodeWrite(BaseModel):
    """Free text or rendered chat messages -> one Graphiti episode."""

    model_config = ConfigDict(frozen=True)

    provenance: WriteProvenance
    body: str = Field(min_length=1)  # the firewall's redacted_text, nothing else
    is_message: bool = False
    reference_time: datetime | None = None  # the episode's valid_at; None = the time of writing


class ItemWrite(BaseModel):
    """A the memory contract structured item -> one fact ``subject -[CATEGORY]-> key``, text ``key: value``."""

    model_config = ConfigDict(frozen=True)

    provenance: WriteProvenance
    category: Category
    key: str = Field(min_length=1, max_length=128)
    value: str = Field(min_length=1)  # redacted
    subject: str = "User"


class IngestOutcome(BaseModel):
    """What one ingestion wrote and the status each element ended with."""

    episode_uuid: str
    group_id: str
    status: MemoryStatus
    entities: list[str] = Field(default_factory=list)
    edges: list[str] = Field(default_factory=list)
    invalidated: list[str] = Field(default_factory=list)
    statuses: dict[str, MemoryStatus | None] = Field(default_factory=dict)


class ScreenedWrite(BaseModel):
    """A write that passed access, bounds and the firewall: everything storing it needs and
    nothing unscreened (the redacted text, screened metadata, the session's hash). What the
    ingestion queue keeps for a worker (:mod:`a4s_memory.store.jobs`)."""

    model_config = ConfigDict(frozen=True)

    prov: WriteProvenance
    draft: AuditDraft
    is_message: bool
    agent_id: str
    category: Category | None = None
    key: str | None = None
    reference_time: datetime | None = None
    pinned: bool = False

    @property
    def is_text(self) -> bool:
        """Free text or chat messages, not a structured item (the firewall refused an item
        without a key)."""
        return self.category is None or not self.key
