"""The ContextPolicy of the ContextPolicy rule: what may be loaded into a model's context.

A policy lists, per status axis, the values it *admits*; everything else is excluded, and so is an
element whose status property is missing (fail closed: a policy can only name enum values, and a
missing property equals none of them). The policy is data only; :mod:`a4s_memory.policy.cypher`
turns it into Cypher predicates and :meth:`ContextPolicy.admits` is the same rule in Python (used
as a defence-in-depth re-check on every hit and in tests).
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, field_validator

from a4s_memory.contract import (
    FreshnessStatus,
    RetrievalStatus,
    SecurityStatus,
    Sensitivity,
    TruthStatus,
    Visibility,
)
from a4s_memory.status import MemoryStatus

__all__ = ["ContextPolicy", "MemoryKind"]


class MemoryKind(StrEnum):
    """What a search hit is: a RELATES_TO fact, an Entity node or an Episodic node."""

    FACT = "fact"
    ENTITY = "entity"
    EPISODE = "episode"

    def __str__(self) -> str:
        return self.value


_ALL_KINDS = frozenset(MemoryKind)
_NOT_MALICIOUS = frozenset(SecurityStatus) - {SecurityStatus.MALICIOUS}


class ContextPolicy(BaseModel):
    """Allowed values per axis plus a sensitivity ceiling, space and temporal rules.

    ``visibilities=None`` means "every space the access decision allowed"; a set narrows it further
    (it can never widen access: the group ids come from the access decision, not from here).
    ``valid_only`` drops facts Graphiti has invalidated (``invalid_at <= now``) or expired
    (``expired_at`` set). ``include_expired_ttl=False`` drops anything past its ``expires_at``.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    truth: frozenset[TruthStatus] = frozenset({TruthStatus.SUPPORTED})
    retrieval: frozenset[RetrievalStatus] = frozenset({RetrievalStatus.NORMAL})
    security: frozenset[SecurityStatus] = frozenset({SecurityStatus.CLEAN})
    freshness: frozenset[FreshnessStatus] = frozenset({FreshnessStatus.FRESH})
    sensitivity_ceiling: Sensitivity = Sensitivity.INTERNAL
    visibilities: frozenset[Visibility] | None = None
    valid_only: bool = True
    include_expired_ttl: bool = False
    kinds: frozenset[MemoryKind] = _ALL_KINDS
    # A window on reference time (an episode's or fact's valid_at; docs/retrieval.md): since is
    # inclusive, until exclusive. Entities carry no time, so a window leaves them out.
    since: datetime | None = None
    until: datetime | None = None

    @field_validator("truth", "retrieval", "security", "freshness", "kinds")
    @classmethod
    def _not_empty(cls, value: frozenset[object]) -> frozenset[object]:
        # An empty allow-list would silently admit nothing; that is always a caller bug.
        if not value:
            raise ValueError("an allowed set must name at least one value")
        return value

    @field_validator("visibilities")
    @classmethod
    def _visibilities_not_empty(
        cls, value: frozenset[Visibility] | None
    ) -> frozenset[Visibility] | None:
        if value is not None and not value:
            raise ValueError("visibilities must be None (all allowed spaces) or name at least one")
        return value

    @field_validator("since", "until")
    @classmethod
    def _aware(cls, value: datetime | None) -> datetime | None:
        if value is not None and value.tzinfo is None:
            raise ValueError("since/until must carry a time zone")
        return value

    @property
    def windowed(self) -> bool:
        return self.since is not None or self.until is not None

    # ---- presets -------------------------------------------------------------------------

    @classmethod
    def default(cls) -> ContextPolicy:
        """docs/rules.md: supported, normal, clean, fresh, sensitivity at most internal."""
        return cls()

    @classmethod
    def including_unverified(cls) -> ContextPolicy:
        """The default plus unverified beliefs (e.g. to show candidates awaiting promotion)."""
        return cls(truth=frozenset({TruthStatus.SUPPORTED, TruthStatus.UNVERIFIED}))

    @classmethod
    def owner_review(cls, *, include_malicious: bool = False) -> ContextPolicy:
        """Everything in the owner's spaces, for audit and review UIs - never for model context.

        Every truth/retrieval/freshness value, every sensitivity, invalidated and TTL-expired
        elements too; ``security=malicious`` only when explicitly asked for.
        """
        return cls(
            truth=frozenset(TruthStatus),
            retrieval=frozenset(RetrievalStatus),
            security=frozenset(SecurityStatus) if include_malicious else _NOT_MALICIOUS,
            freshness=frozenset(FreshnessStatus),
            sensitivity_ceiling=Sensitivity.RESTRICTED,
            valid_only=False,
            include_expired_ttl=True,
        )

    # ---- derived views -------------------------------------------------------------------

    @property
    def sensitivities(self) -> frozenset[Sensitivity]:
        return frozenset(self.sensitivity_ceiling.at_most())

    def admits_visibility(self, visibility: Visibility) -> bool:
        return self.visibilities is None or visibility in self.visibilities

    def admits(self, status: MemoryStatus, now: datetime) -> bool:
        """The status part of the policy in Python (Graphiti's temporal fields: Cypher only)."""
        expires = status.expires_at
        if not self.include_expired_ttl and expires is not None and expires <= now:
            return False
        return (
            status.truth in self.truth
            and status.retrieval in self.retrieval
            and status.security in self.security
            and status.freshness in self.freshness
            and status.sensitivity in self.sensitivities
        )
