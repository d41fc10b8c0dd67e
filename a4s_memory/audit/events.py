"""Audit events (G4, the memory spec "Audit Requirements"): what one event holds and how it is
hashed. Pure: no I/O.

An event never holds memory content, a secret or a query: only ids, hashes (``sha256:...``),
counts, stop reasons and rule ids. Each agent's events form a hash chain: ``seq`` 1, 2, ...;
``prev_hash`` is the previous event's ``hash`` (the genesis hash for seq 1) and ``hash`` is
``sha256`` over the canonical JSON of every other property (sorted keys, no blanks, UTF-8).
Absent (None) fields are left out before hashing, exactly as Neo4j does not store null properties,
so the hash can be recomputed from ``properties(e)`` alone.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Mapping
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, Final

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "GENESIS_HASH",
    "AuditAction",
    "AuditDraft",
    "AuditEventView",
    "ValidationResult",
    "canonical_json",
    "chain_hash",
    "content_hash",
    "iso_ms",
    "session_ref",
]

GENESIS_HASH: Final = "sha256:" + "0" * 64


def session_ref(agent_id: str, session_id: str) -> str:
    """What the audit log and the ledger store for a client-chosen session id: a hash scoped by the
    agent, never the id itself (an id may carry a secret). Deterministic, so the
    session summary and the G5 gate find the session's events again."""
    digest = hashlib.sha256(f"{agent_id}\x00{session_id}".encode()).hexdigest()
    return f"session:{digest[:40]}"


class AuditAction(StrEnum):
    """One kind per manager operation (docs/audit.md has the table)."""

    WRITE = "write"
    SECRET_REDACTED = "secret_redacted"  # noqa: S105 - accepted write, secrets redacted
    REJECT = "reject"
    POISONING_BLOCKED = "poisoning_blocked"  # a write rejected with INJECTION_DETECTED
    READ = "read"
    SEARCH = "search"
    DELETE = "delete"
    BULK_DELETE = "bulk_delete"  # clear / forget
    PROMOTE = "promote"
    QUARANTINE = "quarantine"
    CONTRADICT = "contradict"
    SUPERSEDE = "supersede"
    ROLLBACK = "rollback"
    COMPACT = "compact"
    PIN = "pin"
    TTL_TRANSITION = "ttl_transition"
    EXPORT = "export"
    IMPORT = "import"
    # sentinels and probes (a4s_memory.sentinels): anomaly alerts, incidents, probe runs
    SENTINEL_ALERT = "sentinel_alert"
    INCIDENT = "incident"
    PROBE = "probe"


class ValidationResult(StrEnum):
    PASS = "pass"  # noqa: S105 - a G4 value, not a secret
    SOFT_FAIL = "soft_fail"
    HARD_FAIL = "hard_fail"


def iso_ms(moment: datetime) -> str:
    """G4 timestamp: UTC, millisecond precision, ``Z`` (fixed width, so it sorts as text)."""
    return (
        moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"
    )


def content_hash(text: str) -> str:
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


class _G4Metadata(BaseModel):
    """G4 metadata an event may carry: ids, hashes, counts and codes, never text."""

    requester_id: str | None = None
    session_id: str | None = None
    memory_id: str | None = None
    field: str | None = None
    content_hash: str | None = None
    validation_result: str | None = None
    rejection_reason: str | None = None  # a rule id, never text
    stop_reason: str | None = None
    version_before: int | None = None
    version_after: int | None = None
    validation_score: float | None = None
    visibility: str | None = None
    tier: str | None = None
    source_type: str | None = None
    size: int | None = None
    count: int | None = None
    query_hash: str | None = None
    decision_id: str | None = None
    details: dict[str, bool | int] = Field(default_factory=dict)  # named counts and flags only


class AuditDraft(_G4Metadata):
    """What a caller states about one operation; the chain adds event_id, seq and the hashes.
    Field names follow G4 (``field`` = the memory contract category of a structured item)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    agent_id: str
    action: AuditAction
    validation_result: ValidationResult | None = None  # narrowed: a caller states a G4 value
    timestamp: datetime | None = None  # defaults to now; the sweeper passes its clock

    def properties(self, event_id: str, now: datetime) -> dict[str, Any]:
        """The stored properties before seq/prev_hash/hash (None fields dropped)."""
        props: dict[str, Any] = {
            "event_id": event_id,
            "timestamp": iso_ms(self.timestamp or now),
        }
        for name, value in self.model_dump(exclude={"timestamp", "details"}).items():
            if value is None:
                continue
            props[name] = value.value if isinstance(value, StrEnum) else value
        if self.details:
            props["details"] = json.dumps(self.details, sort_keys=True, separators=(",", ":"))
        return props


def new_event_id() -> str:
    return str(uuid.uuid4())


def canonical_json(props: Mapping[str, Any]) -> str:
    """Sorted keys, no blanks, non-ASCII kept: the bytes the chain hash covers."""
    clean = {k: v for k, v in props.items() if k != "hash" and v is not None}
    return json.dumps(clean, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def chain_hash(props: Mapping[str, Any]) -> str:
    """The event hash: over the canonical JSON of every property but ``hash`` (incl. prev_hash)."""
    return "sha256:" + hashlib.sha256(canonical_json(props).encode("utf-8")).hexdigest()


class AuditEventView(_G4Metadata):
    """GET /audit: one event as stored. Metadata only, by construction."""

    event_id: str
    agent_id: str
    seq: int
    timestamp: str
    action: str
    prev_hash: str
    hash: str

    @classmethod
    def from_properties(cls, props: Mapping[str, Any]) -> AuditEventView:
        data = dict(props)
        raw = data.get("details")
        data["details"] = json.loads(raw) if isinstance(raw, str) else {}
        return cls.model_validate(data)
