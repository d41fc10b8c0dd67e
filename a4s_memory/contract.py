"""The memory contract's vocabulary: the memory contract (categories, stop reasons, priority), the poisoning model (the four
status axes) and CONTRACT.md §4-§5 (source types, sensitivity, stored property names).

Every enum accepts its values in any case (``preference`` == ``PREFERENCE``), as docs/api.md requires,
but always *stores and prints* the canonical spelling.
"""

from __future__ import annotations

from enum import Enum
from typing import Final

__all__ = [
    "CONTRACT_VERSION",
    "STATUS_PROPERTIES",
    "STOP_PRIORITY",
    "Category",
    "FreshnessStatus",
    "MemoryOp",
    "RetrievalStatus",
    "SecurityStatus",
    "Sensitivity",
    "SourceKind",
    "SourceType",
    "StopReason",
    "TTLClass",
    "TruthStatus",
    "Visibility",
    "highest_priority",
]

# 19.0.0 is the memory contract as frozen; 19.1.0 adds SUCCESS_READ for READ/LIST (docs/api.md, docs/RELEASE_LOG.md).
CONTRACT_VERSION: Final = "19.1.0"


class _CaseInsensitiveEnum(str, Enum):
    """A str enum whose lookup ignores case and surrounding blanks."""

    @classmethod
    def _missing_(cls, value: object) -> _CaseInsensitiveEnum | None:
        if isinstance(value, str):
            wanted = value.strip().casefold()
            for member in cls:
                if member.value.casefold() == wanted:
                    return member
        return None

    def __str__(self) -> str:
        return str(self.value)


class StopReason(_CaseInsensitiveEnum):
    """Seed 001 §6: every memory operation returns exactly one of these."""

    SUCCESS_STORED = "SUCCESS_STORED"
    SUCCESS_UPDATED = "SUCCESS_UPDATED"
    SUCCESS_DELETED = "SUCCESS_DELETED"
    SUCCESS_READ = "SUCCESS_READ"  # contract 19.1.0
    POLICY_DISABLED = "POLICY_DISABLED"
    ENTITLEMENT_CAP = "ENTITLEMENT_CAP"
    FORBIDDEN_CATEGORY = "FORBIDDEN_CATEGORY"
    MISSING_EXPLICIT_CONSENT = "MISSING_EXPLICIT_CONSENT"
    NO_SOURCE_DERIVED_FACT = "NO_SOURCE_DERIVED_FACT"
    INJECTION_DETECTED = "INJECTION_DETECTED"
    SCHEMA_INVALID = "SCHEMA_INVALID"
    BOUNDS_EXCEEDED = "BOUNDS_EXCEEDED"
    TTL_NOT_ALLOWED = "TTL_NOT_ALLOWED"
    INTERNAL_INCONSISTENCY = "INTERNAL_INCONSISTENCY"

    @property
    def is_success(self) -> bool:
        return self.value.startswith("SUCCESS_")


# Seed 001 §7, highest first. Successes come last and only when nothing else applies.
STOP_PRIORITY: Final[tuple[StopReason, ...]] = (
    StopReason.INTERNAL_INCONSISTENCY,
    StopReason.INJECTION_DETECTED,
    StopReason.FORBIDDEN_CATEGORY,
    StopReason.POLICY_DISABLED,
    StopReason.ENTITLEMENT_CAP,
    StopReason.MISSING_EXPLICIT_CONSENT,
    StopReason.NO_SOURCE_DERIVED_FACT,
    StopReason.SCHEMA_INVALID,
    StopReason.BOUNDS_EXCEEDED,
    StopReason.TTL_NOT_ALLOWED,
)
_RANK: Final = {reason: rank for rank, reason in enumerate(STOP_PRIORITY)}


def highest_priority(reasons: list[StopReason] | set[StopReason]) -> StopReason | None:
    """The one stop reason the stop priority order says wins among several failures (None when there are none)."""
    failures = [r for r in reasons if not r.is_success]
    if not failures:
        return None
    return min(failures, key=lambda r: _RANK[r])


class MemoryOp(_CaseInsensitiveEnum):
    STORE = "STORE"
    UPDATE = "UPDATE"
    DELETE = "DELETE"
    READ = "READ"
    LIST = "LIST"


class Category(_CaseInsensitiveEnum):
    """Seed 001 §3: the strict allow-list."""

    PREFERENCE = "PREFERENCE"
    WORKFLOW_DEFAULT = "WORKFLOW_DEFAULT"
    PROJECT_CONFIG = "PROJECT_CONFIG"
    CONSTRAINT = "CONSTRAINT"
    REMINDER = "REMINDER"


class SourceKind(_CaseInsensitiveEnum):
    """Seed 001 §2.2."""

    USER_EXPLICIT = "USER_EXPLICIT"
    SYSTEM_KNOWN = "SYSTEM_KNOWN"
    CITED_SOURCE = "CITED_SOURCE"
    DERIVED_UNVERIFIED = "DERIVED_UNVERIFIED"


class TTLClass(_CaseInsensitiveEnum):
    SHORT = "SHORT"
    MEDIUM = "MEDIUM"
    LONG = "LONG"


class SourceType(_CaseInsensitiveEnum):
    """docs/api.md ``source.type`` (the memory spec's MemorySource.type, widened)."""

    USER_MESSAGE = "user_message"
    EXPLICIT_SAVE = "explicit_save"
    TOOL_OUTPUT = "tool_output"
    FILE_READ = "file_read"
    WEB_FETCH = "web_fetch"
    AI_INFERENCE = "ai_inference"
    SYSTEM = "system"


class Visibility(_CaseInsensitiveEnum):
    PRIVATE = "private"
    PUBLIC = "public"


class TruthStatus(_CaseInsensitiveEnum):
    UNVERIFIED = "unverified"
    SUPPORTED = "supported"
    CONTRADICTED = "contradicted"
    SUPERSEDED = "superseded"


class RetrievalStatus(_CaseInsensitiveEnum):
    HIDDEN = "hidden"
    RESTRICTED = "restricted"
    NORMAL = "normal"
    PRIVILEGED_ONLY = "privileged_only"
    BLOCKED = "blocked"


class SecurityStatus(_CaseInsensitiveEnum):
    CLEAN = "clean"
    SUSPICIOUS = "suspicious"
    QUARANTINED = "quarantined"
    MALICIOUS = "malicious"


class FreshnessStatus(_CaseInsensitiveEnum):
    FRESH = "fresh"
    STALE = "stale"
    EXPIRED = "expired"


class Sensitivity(_CaseInsensitiveEnum):
    """Ordered from least to most sensitive; ``rank`` gives the order for ceilings."""

    PUBLIC = "public"
    INTERNAL = "internal"
    CONFIDENTIAL = "confidential"
    RESTRICTED = "restricted"

    @property
    def rank(self) -> int:
        return _SENSITIVITY_RANK[self]

    def at_most(self) -> list[Sensitivity]:
        """Every level at or below this one (for a sensitivity ceiling)."""
        return list(_AT_MOST[self])


# Computed once: a policy asks for its sensitivities in every channel of every search.
_SENSITIVITY_RANK: Final[dict[Sensitivity, int]] = {s: i for i, s in enumerate(Sensitivity)}
_AT_MOST: Final[dict[Sensitivity, tuple[Sensitivity, ...]]] = {
    s: tuple(t for t in Sensitivity if _SENSITIVITY_RANK[t] <= _SENSITIVITY_RANK[s])
    for s in Sensitivity
}

# docs/rules.md: the properties this layer writes on every Episodic/Entity node and RELATES_TO edge.
# Also the allow-list of property names any generated Cypher may name.
STATUS_PROPERTIES: Final[tuple[str, ...]] = (
    "truth_status",
    "retrieval_status",
    "security_status",
    "freshness_status",
    "sensitivity",
    "expires_at",
    "a4s_source_type",
    "a4s_written_by",
    "a4s_decision_id",
)
