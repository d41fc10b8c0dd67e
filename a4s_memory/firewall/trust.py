"""Source → trust → source kind → initial four-axis status (the design documents).

Trust table (the memory spec "Trust Levels", docs/api.md source types)::

    source_type    trust   derived source_kind                      accepted writes start as
    -------------  ------  ---------------------------------------  --------------------------
    user_message   high    USER_EXPLICIT (owner)                    truth=supported
    explicit_save  high    USER_EXPLICIT                            truth=supported
    system         high    SYSTEM_KNOWN                             truth=supported
    file_read      medium  CITED_SOURCE with source_ref,            truth=unverified
                           else DERIVED_UNVERIFIED → NO_SOURCE_DERIVED_FACT
    web_fetch      low     CITED_SOURCE with source_ref,            truth=unverified
                           else DERIVED_UNVERIFIED → NO_SOURCE_DERIVED_FACT
    ai_inference   low     DERIVED_UNVERIFIED → NO_SOURCE_DERIVED_FACT (INV-3, INV-5)
    tool_output    medium  (any) → FORBIDDEN_CATEGORY (the forbidden categories, INV-4)

Decisions where the seeds are silent:

* No ``source_type`` and no ``source_kind``: the write is the owner's own message (the API default),
  i.e. ``user_message``. ``source_kind`` without ``source_type``: the type is implied by the kind
  (USER_EXPLICIT → user_message, SYSTEM_KNOWN → system, CITED_SOURCE → file_read, DERIVED_UNVERIFIED
  → ai_inference).
* A caller may *lower* the kind (e.g. ``user_message`` + DERIVED_UNVERIFIED → rejected) but never
  claim a kind the source type cannot produce (``web_fetch`` + USER_EXPLICIT): that is
  self-promotion (the poisoning model) and yields SCHEMA_INVALID with finding ``trust.kind_mismatch``.
* A non-owner requester gets POLICY_DISABLED (the isolation design: only the owner writes); its trust would be
  medium (the memory spec "User message (non-owner)").
* High-trust accepted writes start ``truth_status=supported``: the owner's explicit statement is the
  user confirmation the poisoning model asks for. Everything else starts ``unverified`` and can only be
  promoted later with evidence (never by the agent itself). ``user_confirmed`` lets a medium/low
  trust *structured* item through the memory spec semantic-write restriction but does not make it
  trusted: it stays unverified.
* Sensitivity: public space → public, private space → internal. Retrieval starts normal, freshness
  fresh; security clean unless a soft rule or heuristic flagged the text (then suspicious, which the
  default ContextPolicy never loads).
* CITED_SOURCE ``source_ref`` must be a structure id: ``^[A-Za-z0-9_.:/#-]{1,256}$`` (no spaces, no
  raw excerpts); longer than 256 → BOUNDS_EXCEEDED, otherwise malformed → SCHEMA_INVALID. The same
  check applies to a ``source_ref`` given with any other kind.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

from a4s_memory.contract import (
    SecurityStatus,
    Sensitivity,
    SourceKind,
    SourceType,
    StopReason,
    TruthStatus,
    Visibility,
)
from a4s_memory.firewall.models import Finding, Layer, TrustLevel, WriteRequest
from a4s_memory.status import MemoryStatus

__all__ = [
    "SOURCE_REF_PATTERN",
    "TRUST_TABLE",
    "TrustAssessment",
    "assess",
    "initial_status",
]

SOURCE_REF_PATTERN: Final = re.compile(r"^[A-Za-z0-9_.:/#-]{1,256}$")
_UE, _SK, _CS, _DU = (
    SourceKind.USER_EXPLICIT,
    SourceKind.SYSTEM_KNOWN,
    SourceKind.CITED_SOURCE,
    SourceKind.DERIVED_UNVERIFIED,
)


@dataclass(frozen=True, slots=True)
class _Row:
    trust: TrustLevel
    kinds: frozenset[SourceKind]  # kinds this source type may carry


TRUST_TABLE: Final[dict[SourceType, _Row]] = {
    SourceType.USER_MESSAGE: _Row(TrustLevel.HIGH, frozenset({_UE, _DU})),
    SourceType.EXPLICIT_SAVE: _Row(TrustLevel.HIGH, frozenset({_UE, _DU})),
    SourceType.SYSTEM: _Row(TrustLevel.HIGH, frozenset({_SK, _DU})),
    SourceType.FILE_READ: _Row(TrustLevel.MEDIUM, frozenset({_CS, _DU})),
    SourceType.WEB_FETCH: _Row(TrustLevel.LOW, frozenset({_CS, _DU})),
    SourceType.AI_INFERENCE: _Row(TrustLevel.LOW, frozenset({_DU})),
    SourceType.TOOL_OUTPUT: _Row(TrustLevel.MEDIUM, frozenset(SourceKind)),
}
_TYPE_FOR_KIND: Final = {
    _UE: SourceType.USER_MESSAGE,
    _SK: SourceType.SYSTEM,
    _CS: SourceType.FILE_READ,
    _DU: SourceType.AI_INFERENCE,
}


@dataclass(slots=True)
class TrustAssessment:
    source_type: SourceType
    trust: TrustLevel
    source_kind: SourceKind
    findings: list[Finding] = field(default_factory=list)


def _derived_kind(source_type: SourceType, has_ref: bool) -> SourceKind:
    if source_type in (SourceType.USER_MESSAGE, SourceType.EXPLICIT_SAVE):
        return _UE
    if source_type is SourceType.SYSTEM:
        return _SK
    if source_type in (SourceType.FILE_READ, SourceType.WEB_FETCH):
        return _CS if has_ref else _DU
    return _DU


def _f(rule_id: str, reason: str, stop: StopReason) -> Finding:
    return Finding(rule_id=rule_id, layer=Layer.TRUST, reason=reason, stop_reason=stop)


def assess(req: WriteRequest) -> TrustAssessment:
    """Trust level, effective source kind and the trust-layer stop findings of one request."""
    source_type = req.source_type
    if source_type is None:
        source_type = (
            _TYPE_FOR_KIND[req.source_kind] if req.source_kind else SourceType.USER_MESSAGE
        )
    row = TRUST_TABLE[source_type]
    trust = row.trust
    if source_type is SourceType.USER_MESSAGE and not req.requester_is_owner:
        trust = TrustLevel.MEDIUM
    has_ref = bool(req.source_ref)
    kind = req.source_kind or _derived_kind(source_type, has_ref)
    out = TrustAssessment(source_type, trust, kind)

    if req.source_kind is not None and req.source_kind not in row.kinds:
        out.findings.append(
            _f(
                "trust.kind_mismatch",
                f"source kind not producible by source type {source_type.value}",
                StopReason.SCHEMA_INVALID,
            )
        )
    if source_type is SourceType.TOOL_OUTPUT:
        out.findings.append(
            _f(
                "trust.tool_output",
                "memory write from tool output (the forbidden categories)",
                StopReason.FORBIDDEN_CATEGORY,
            )
        )
    if kind is _DU:
        out.findings.append(
            _f(
                "trust.no_source",
                "derived/unverified fact without a source (INV-5)",
                StopReason.NO_SOURCE_DERIVED_FACT,
            )
        )
    if kind is _CS and not has_ref:
        out.findings.append(
            _f(
                "trust.cited_without_ref",
                "CITED_SOURCE needs a source_ref",
                StopReason.NO_SOURCE_DERIVED_FACT,
            )
        )
    if req.source_ref is not None:
        if len(req.source_ref) > 256:
            out.findings.append(
                _f(
                    "trust.source_ref_bounds",
                    "source_ref longer than 256 chars",
                    StopReason.BOUNDS_EXCEEDED,
                )
            )
        elif not SOURCE_REF_PATTERN.match(req.source_ref):
            out.findings.append(
                _f(
                    "trust.source_ref_format",
                    "source_ref must be a structure id, not text",
                    StopReason.SCHEMA_INVALID,
                )
            )
    if not req.requester_is_owner:
        out.findings.append(
            Finding(
                rule_id="session.not_owner",
                layer=Layer.SESSION,
                reason="only the owner writes (the isolation design)",
                stop_reason=StopReason.POLICY_DISABLED,
            )
        )
    return out


def initial_status(
    assessment: TrustAssessment, visibility: Visibility, *, suspicious: bool
) -> MemoryStatus:
    """Seed 004 axes of an accepted write (never trusted unless high trust, never self-promoted)."""
    return MemoryStatus(
        truth=(
            TruthStatus.SUPPORTED if assessment.trust is TrustLevel.HIGH else TruthStatus.UNVERIFIED
        ),
        security=SecurityStatus.SUSPICIOUS if suspicious else SecurityStatus.CLEAN,
        sensitivity=Sensitivity.PUBLIC if visibility is Visibility.PUBLIC else Sensitivity.INTERNAL,
    )
