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


def _axis(default: Any, short: str) -> Any:
    """An axis field: serialized as its stored property name ``<short>_status``, read from either."""
    stored = f"{short}_status"
    return Field(default, validation_alias=AliasChoices(stored, short), serialization_alias=stored)


class MemoryStatus(BaseModel):
    """Four orthogonal axes: quarantine (security) never changes truth, and so on.

    In Python the axes are ``status.truth`` etc.; every serialized form (REST, A2A, MCP, CLI,
    Neo4j) uses the stored property names ``truth_status`` ... ``freshness_status``, so there is
    one vocabulary on the outside. Input accepts both (bodies from older clients used the short
    keys)."""

    model_config = ConfigDict(frozen=True, validate_by_name=True, serialize_by_alias=True)

    truth: TruthStatus = _axis(TruthStatus.UNVERIFIED, "truth")
    retrieval: RetrievalStatus = _axis(RetrievalStatus.NORMAL, "retrieval")
    security: SecurityStatus = _axis(SecurityStatus.CLEAN, "security")
    freshness: FreshnessStatus = _axis(FreshnessStatus.FRESH, "freshness")
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
