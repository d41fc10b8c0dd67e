"""The four-axis status of the poisoning model plus sensitivity and expiry: what the firewall assigns to a write
and what the graph layer stores, as docs/rules.md properties, on every node and edge it creates.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Final

from pydantic import AliasChoices, BaseModel, ConfigDict, Field

from a4s_memory.contract import (
    FreshnessStatus,
    RetrievalStatus,
    SecurityStatus,
    Sensitivity,
    TruthStatus,
)

__all__ = ["SECURITY_SEVERITY", "MemoryStatus", "most_severe"]

# Higher = more severe. A restore (rollback, import) may never move security down this scale.
SECURITY_SEVERITY: Final = {
    SecurityStatus.CLEAN: 0,
    SecurityStatus.SUSPICIOUS: 1,
    SecurityStatus.QUARANTINED: 2,
    SecurityStatus.MALICIOUS: 3,
}


def most_severe(first: SecurityStatus, *others: SecurityStatus) -> SecurityStatus:
    return max((first, *others), key=lambda value: SECURITY_SEVERITY[value])


class MemoryStatus(BaseModel):
    """Four orthogonal axes: quarantine (security) never changes truth, and so on.

    In Python the axes are ``status.truth`` etc.; every serialized form (REST, A2A, MCP, CLI,
    Neo4j) uses the stored property names ``truth_status`` ... ``freshness_status``, so there is
    one vocabulary on the outside. Input accepts both (bodies from older clients used the short
    keys)."""

    model_config = ConfigDict(frozen=True, validate_by_name=True, serialize_by_alias=True)

    truth: TruthStatus = Field(
        TruthStatus.UNVERIFIED,
        validation_alias=AliasChoices("truth_status", "truth"),
        serialization_alias="truth_status",
    )
    retrieval: RetrievalStatus = Field(
        RetrievalStatus.NORMAL,
        validation_alias=AliasChoices("retrieval_status", "retrieval"),
        serialization_alias="retrieval_status",
    )
    security: SecurityStatus = Field(
        SecurityStatus.CLEAN,
        validation_alias=AliasChoices("security_status", "security"),
        serialization_alias="security_status",
    )
    freshness: FreshnessStatus = Field(
        FreshnessStatus.FRESH,
        validation_alias=AliasChoices("freshness_status", "freshness"),
        serialization_alias="freshness_status",
    )
    sensitivity: Sensitivity = Sensitivity.INTERNAL
    expires_at: datetime | None = None

    def to_properties(self) -> dict[str, Any]:
        """The docs/rules.md property map (names from contract.STATUS_PROPERTIES)."""
        return {
            "truth_status": self.truth.value,
            "retrieval_status": self.retrieval.value,
            "security_status": self.security.value,
            "freshness_status": self.freshness.value,
            "sensitivity": self.sensitivity.value,
            "expires_at": self.expires_at,
        }

    @classmethod
    def from_properties(cls, props: dict[str, Any]) -> MemoryStatus:
        """Read the status back; raises on any missing axis (callers fail closed)."""
        return cls(
            truth=TruthStatus(props["truth_status"]),
            retrieval=RetrievalStatus(props["retrieval_status"]),
            security=SecurityStatus(props["security_status"]),
            freshness=FreshnessStatus(props["freshness_status"]),
            sensitivity=Sensitivity(props["sensitivity"]),
            expires_at=props.get("expires_at"),
        )

    @property
    def trusted(self) -> bool:
        """True for what the default ContextPolicy would load."""
        return (
            self.truth is TruthStatus.SUPPORTED
            and self.retrieval is RetrievalStatus.NORMAL
            and self.security is SecurityStatus.CLEAN
            and self.freshness is FreshnessStatus.FRESH
        )
