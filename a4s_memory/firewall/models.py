"""The firewall's data types: what a caller asks (:class:`WriteRequest`), what it gets back
(:class:`FirewallDecision`) and how the firewall is configured (:class:`FirewallConfig`).

Nothing here ever carries memory content except ``WriteRequest.text`` (the input) and
``FirewallDecision.redacted_text`` (the text to store, secrets already replaced). Findings and
redactions name rules and offsets, never the matched content.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from enum import StrEnum
from typing import Any, Final

from pydantic import BaseModel, ConfigDict, Field

from a4s_memory.contract import (
    Category,
    SourceKind,
    SourceType,
    StopReason,
    TTLClass,
    Visibility,
)
from a4s_memory.status import MemoryStatus
from a4s_memory.types import Redaction as Redaction  # re-exported (wire models)
from a4s_memory.types import SecretLevel as SecretLevel

__all__ = [
    "REDACTION_TOKEN",
    "ExtraCheck",
    "Finding",
    "FirewallConfig",
    "FirewallDecision",
    "HeuristicAction",
    "Layer",
    "Redaction",
    "SecretLevel",
    "TrustLevel",
    "WriteRequest",
]

REDACTION_TOKEN: Final = "[SECRET_REDACTED]"  # noqa: S105 - a placeholder, not a secret


class TrustLevel(StrEnum):
    """Seed 003 "Trust Levels"."""

    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"


class Layer(StrEnum):
    """Which part of the firewall produced a finding."""

    SCHEMA = "schema"
    TRUST = "trust"
    SESSION = "session"
    REGEX = "regex"  # G2 layer 1
    HEURISTIC = "heuristic"  # G2 layer 2
    EVASION = "evasion"  # a rule hit only after normalising / decoding the text
    SECRET = "secret"  # noqa: S105 - the memory spec layer name
    CATEGORY = "category"  # the forbidden categories
    MODEL = "model"  # the learned layer (learned.py)
    INTERNAL = "internal"


class HeuristicAction(StrEnum):
    """What a G2 layer-2 flag alone does (see docs/firewall.md "Measured" for the choice)."""

    REJECT = "reject"  # INJECTION_DETECTED
    SUSPICIOUS = "suspicious"  # accept, security_status=suspicious (not loaded by ContextPolicy)


class WriteRequest(BaseModel):
    """One memory write as the firewall sees it. Enum fields accept any case."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    text: str
    source_type: SourceType | None = None
    source_kind: SourceKind | None = None  # derived from source_type when absent
    source_ref: str | None = None
    category: Category | None = (
        None  # None: a free-text episode, not a memory-contract structured item
    )
    key: str | None = None
    ttl_class: TTLClass | None = None
    requester_is_owner: bool = True
    user_confirmed: bool = False
    # The gate's key for this session (callers scope it by requester and agent).
    session_id: str | None = None
    visibility: Visibility = Visibility.PUBLIC
    metadata: dict[str, Any] | None = None  # screened key by key (firewall/fields.py)


class Finding(BaseModel):
    """Why a rule fired. Never holds the matched content."""

    model_config = ConfigDict(frozen=True)

    rule_id: str
    layer: Layer
    reason: str
    stop_reason: StopReason | None = None  # None: informational (e.g. a redaction, a soft flag)


# A finding of these layers without a stop reason keeps an accepted write suspicious (the regex
# rules' soft ones, the heuristics, an evasion marker, the learned layer and the vector screen).
SOFT_LAYERS: Final = frozenset({Layer.REGEX, Layer.HEURISTIC, Layer.EVASION, Layer.MODEL})


class FirewallDecision(BaseModel):
    """The firewall's answer: exactly one stop reason (INV-7)."""

    model_config = ConfigDict(frozen=True)

    decision_id: str = Field(default_factory=lambda: str(uuid.uuid4()))
    accepted: bool
    stop_reason: StopReason
    status: MemoryStatus | None = None
    redactions: list[Redaction] = Field(default_factory=list)
    redacted_text: str | None = None
    findings: list[Finding] = Field(default_factory=list)
    trust: TrustLevel = TrustLevel.LOW
    source_kind: SourceKind = SourceKind.DERIVED_UNVERIFIED
    metadata: dict[str, Any] | None = None  # what may be stored: secrets in values redacted
    metadata_redactions: int = 0

    def flagged_by(self) -> list[str]:
        """The rule ids that keep an accepted write suspicious (soft findings), in order, once
        each; stored with the memory's provenance (``a4s_flagged_by``), never any content."""
        return list(dict.fromkeys(f.rule_id for f in self.findings if f.layer in SOFT_LAYERS))


ExtraCheck = Callable[[WriteRequest], list[Finding]]
"""A pluggable check: returns findings (those with a stop_reason reject). May raise: the firewall
then fails closed with INTERNAL_INCONSISTENCY."""


class FirewallConfig(BaseModel):
    """Knobs. Defaults are the measured choices documented in docs/firewall.md."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    # Seed 003 failOnSecret: reject (FORBIDDEN_CATEGORY) instead of redacting any secret.
    fail_on_secret: bool = False
    # Seed 000 G2 layer 2: what a heuristic flag alone does.
    heuristic_action: HeuristicAction = HeuristicAction.REJECT
    # Seed 003 Rule 3: free-text episode bound.
    max_episode_chars: int = 10_000
    # Seed 000 G5: this many rejections in a session disable writes for the session.
    session_rejection_limit: int = 3
    # Heuristic thresholds (G2 layer 2).
    entropy_threshold: float = 4.5
    entropy_min_token: int = 32
    max_agent_refs: int = 2
    imperative_threshold: float = 0.6
    imperative_min_sentences: int = 3
    # Learned layer (learned.py): injection-model score at or above which a free text or value is
    # rejected / marked suspicious; above 1 turns the model off. None (the default): the
    # thresholds the model file carries (learned.thresholds), chosen by bench/train_injection.py
    # on its validation split only (docs/firewall.md "Learned layer"): above every validation
    # hand-written owner note, 99.9 % of the validation LoCoMo chat (persona facts and the turns
    # of the tuning dialogs 26 and 30, each as a named, an unnamed and a bare message), 99 % of
    # the validation clean e-mails, tables and code, and 99.5 % of the other benign validation
    # texts; reported on the test split and dialogs 41-43 only (the shipped model: 0.69 both).
    # Shorter texts are not scored.
    model_reject_threshold: float | None = None
    model_flag_threshold: float | None = None
    model_min_chars: int = 24
    # Extra checks run after the built-in ones (tests use this to inject a raising rule).
    extra_checks: tuple[ExtraCheck, ...] = ()

    @classmethod
    def rules_only(cls) -> FirewallConfig:
        """The defaults with the learned layer off (both thresholds above any score): what the
        rules alone decide, the benches' "rules" column and the family tests' gate."""
        return cls(model_reject_threshold=2.0, model_flag_threshold=2.0)
