"""The memory firewall: one synchronous, pure decision per write.

Order does not matter: every check runs, every stop condition is collected as a finding, and the
winner is :func:`a4s_memory.contract.highest_priority` (the stop priority order). Any unexpected exception —
in a built-in check or in a configured extra check — yields INTERNAL_INCONSISTENCY with nothing to
store (INV-8, fail closed). Nothing is logged and nothing leaves the process.

Structured items (``category`` set) are the allowed categories items: key required (SCHEMA_INVALID), key ≤ 128
and value ≤ the category's bound (BOUNDS_EXCEEDED), TTL class in the category's set
(TTL_NOT_ALLOWED), source kind in the category's set and high trust or ``user_confirmed``
(MISSING_EXPLICIT_CONSENT), and no secret of any level (FORBIDDEN_CATEGORY, the memory spec
``looksLikeCredential``). Free-text episodes (``category`` None) are bounded at
``max_episode_chars`` (10,000, memory-spec rule 3) and secrets in them are redacted; with
``fail_on_secret`` any secret rejects with FORBIDDEN_CATEGORY instead.
"""

from __future__ import annotations

import asyncio
from typing import Final

from a4s_memory.contract import SourceType, StopReason, highest_priority
from a4s_memory.firewall import hsfilter
from a4s_memory.firewall.categories import CATEGORY_SPECS, FIELD_BOUNDS, forbidden_findings
from a4s_memory.firewall.config_paste import (
    STRUCTURAL_RULES,
    as_structure,
    is_config_paste,
    structural_exemption,
    uncommented,
)
from a4s_memory.firewall.fields import screen_field, screen_metadata
from a4s_memory.firewall.inert_markup import inert_markup_removed
from a4s_memory.firewall.injection import RESPELT, heuristic_findings, regex_findings, text_views
from a4s_memory.firewall.learned import model_findings
from a4s_memory.firewall.models import (
    SOFT_LAYERS,
    Finding,
    FirewallConfig,
    FirewallDecision,
    Layer,
    Redaction,
    TrustLevel,
    WriteRequest,
)
from a4s_memory.firewall.normalize import fold, strip_invisible
from a4s_memory.firewall.personal_question import personal_question
from a4s_memory.firewall.reply_directive import reply_directive_findings
from a4s_memory.firewall.reply_form import reply_form_findings
from a4s_memory.firewall.rules import INJECTION_RULES
from a4s_memory.firewall.secrets import PlausibleMemo, locate_secrets, redact
from a4s_memory.firewall.session import SessionGate
from a4s_memory.firewall.spliced import spliced_findings
from a4s_memory.firewall.spliced_email import spliced_email_findings
from a4s_memory.firewall.triggers import TextScan
from a4s_memory.firewall.trust import TrustAssessment, assess, initial_status

__all__ = ["Firewall"]

_OWNER_SOURCES: Final = frozenset({None, SourceType.USER_MESSAGE, SourceType.EXPLICIT_SAVE})
_INJECTION_BY_ID: Final = {rule.id: rule for rule in INJECTION_RULES}
_INJ: Final = StopReason.INJECTION_DETECTED


def _f(rule_id: str, layer: Layer, reason: str, stop: StopReason | None) -> Finding:
    return Finding(rule_id=rule_id, layer=layer, reason=reason, stop_reason=stop)


class Firewall:
    """``Firewall(config).check(request) -> FirewallDecision``; never raises."""

    def __init__(
        self, config: FirewallConfig | None = None, *, sessions: SessionGate | None = None
    ) -> None:
        self.config = config or FirewallConfig()
        self.sessions = sessions or SessionGate(self.config.session_rejection_limit)
        hsfilter.start()  # every rule table is registered by now (compiles in the background)

    # -- public ---------------------------------------------------------------------------------
    def check(self, request: WriteRequest) -> FirewallDecision:
        try:
            decision = self._evaluate(request)
        except Exception:  # fail closed (INV-8); never echo the exception (it may hold content)
            decision = self._internal_error("unexpected error inside the firewall")
        try:
            self.sessions.record(request.session_id, decision)
        except Exception:
            return self._internal_error("session bookkeeping failed")
        return decision

    async def check_async(self, request: WriteRequest) -> FirewallDecision:
        """:meth:`check` on a worker thread: the scan is CPU-bound (up to milliseconds for 10 KB),
        and the event loop must keep serving other requests meanwhile."""
        return await asyncio.to_thread(self.check, request)

    async def scrub_async(self, text: str) -> str:
        """:meth:`scrub` on a worker thread (see :meth:`check_async`)."""
        return await asyncio.to_thread(self.scrub, text)

    def summary(self, session_id: str) -> str:
        """G5 session-end notification for ``session_id``."""
        return self.sessions.summary(session_id)

    def scrub(self, text: str) -> str:
        """``text`` with every secret the detector finds redacted: for the short free-text fields
        that are stored beside a memory but are not memories (a quarantine reason, an evidence
        ref). When look-alike or invisible characters hide a secret whose place in the original
        is unknown, nothing of the text is kept (fail closed)."""
        found = locate_secrets(text)
        return "[REDACTED]" if found.hidden else redact(text, found.spans)

    # -- internals ------------------------------------------------------------------------------
    @staticmethod
    def _internal_error(reason: str) -> FirewallDecision:
        return FirewallDecision(
            accepted=False,
            stop_reason=StopReason.INTERNAL_INCONSISTENCY,
            findings=[
                _f("internal.exception", Layer.INTERNAL, reason, StopReason.INTERNAL_INCONSISTENCY)
            ],
        )

    def _evaluate(self, req: WriteRequest) -> FirewallDecision:
        if not isinstance(req, WriteRequest):
            raise TypeError("not a WriteRequest")
        cfg = self.config
        text = req.text
        findings: list[Finding] = []

        if self.sessions.is_disabled(req.session_id):
            findings.append(
                _f(
                    "session.disabled",
                    Layer.SESSION,
                    "writes disabled for this session after repeated rejections (G5)",
                    StopReason.POLICY_DISABLED,
                )
            )
        assessment = assess(req)
        findings.extend(assessment.findings)
        findings.extend(self._schema(req, assessment))

        # One TextScan per distinct text: the lower-cased form and the one-pass literal index are
        # shared by the secret, injection and category layers.
        scan = TextScan(text)
        folded = scan
        if not text.isascii():
            folded_text = fold(strip_invisible(text)[0])
            if folded_text != text:
                folded = TextScan(folded_text)
        memo: PlausibleMemo = {}  # the folded text's scan mostly checks the same candidates
        located = locate_secrets(
            text, scan=scan, folded=None if folded is scan else folded, memo=memo
        )
        spans = located.spans
        findings.extend(self._secret_findings(req, spans))
        if located.hidden:
            findings.append(
                _f(
                    "secret.obfuscated",
                    Layer.SECRET,
                    "secret hidden by invisible or look-alike characters",
                    StopReason.FORBIDDEN_CATEGORY,
                )
            )
        redacted = redact(text, spans)

        all_views = text_views(text, scan, folded)
        found = self._structural(
            req, regex_findings(text, scan=scan, folded=folded, all_views=all_views)
        )
        found.extend(spliced_findings(folded.text))
        # once refused as injection, the e-mail check's word counts would change no decision
        if not any(f.stop_reason is _INJ for f in found):
            found.extend(spliced_email_findings(folded.text))
        found.extend(reply_directive_findings(folded.text))
        if not any(f.stop_reason is _INJ for f in found):
            found.extend(reply_form_findings(folded.text))
        findings.extend(found)
        # INJECTION_DETECTED outranks every stop reason the content layers below can give
        # (the stop priority order; only INTERNAL_INCONSISTENCY is higher, from the extra checks, which still
        # run): once a rule refuses as injection, the heuristics, the model and the category
        # rules cannot change the decision, and the rule that refused is already named.
        if not any(f.stop_reason is _INJ for f in found):
            findings.extend(heuristic_findings(redacted, cfg))
            respelt = [(v.kind, v.text) for v in all_views if v.kind in RESPELT]
            model = model_findings(folded.text, cfg, respelt)
            if model and _owner_config_paste(req):  # its comments are notes, not directives
                model = model_findings(uncommented(folded.text), cfg)
            # a question to a person about their own life is no question to an assistant; the
            # rules above have read it all the same (personal_question.py). Every view the model
            # read must be one: "your sy5tem pr0mpt" names its words only once respelt.
            if model and all(personal_question(t) for t in (folded.text, *(v for _, v in respelt))):
                model = []
            findings.extend(model)
            findings.extend(forbidden_findings(folded.text, scan=folded))
        # Every other stored user string passes too: key, source ref, metadata.
        if req.key is not None:
            findings.extend(screen_field("key", req.key))
        if req.source_ref:
            findings.extend(screen_field("source_ref", req.source_ref))
        metadata = screen_metadata(req.metadata)
        findings.extend(metadata.findings)
        for extra in cfg.extra_checks:
            findings.extend(extra(req))

        winner = highest_priority([f.stop_reason for f in findings if f.stop_reason is not None])
        if winner is not None:
            return FirewallDecision(
                accepted=False,
                stop_reason=winner,
                redactions=spans,
                findings=findings,
                trust=assessment.trust,
                source_kind=assessment.source_kind,
            )
        suspicious = any(f.layer in SOFT_LAYERS for f in findings)
        return FirewallDecision(
            accepted=True,
            stop_reason=StopReason.SUCCESS_STORED,
            status=initial_status(assessment, req.visibility, suspicious=suspicious),
            redactions=spans,
            redacted_text=redacted,
            findings=findings,
            trust=assessment.trust,
            source_kind=assessment.source_kind,
            metadata=metadata.value,
            metadata_redactions=metadata.redactions,
        )

    @staticmethod
    def _structural(req: WriteRequest, found: list[Finding]) -> list[Finding]:
        """Drop an importance marker that sits only in the comments of an owner's config paste,
        or a ``<secret>`` element read as markup (firewall/config_paste.py), or markup of an
        owner's text that cannot act (firewall/inert_markup.py); every other finding stays."""
        hits = [f for f in found if f.rule_id in STRUCTURAL_RULES and f.stop_reason is not None]
        if not hits or not _owner_text(req):
            return found
        exemptions: dict[str, Finding] = {}
        if is_config_paste(req.text):
            for f in hits:
                if not _fires_on_structure(f.rule_id, req.text):
                    exemptions[f.rule_id] = structural_exemption(f.rule_id)
        markup = "g2.markup"
        if (
            any(f.rule_id == markup for f in hits)
            and markup not in exemptions
            and _only_inert_markup(req.text)
        ):
            exemptions[markup] = _f(
                "g2.markup.inert",
                Layer.SCHEMA,
                "only a static image or elements inside a fenced code block: markup that "
                "cannot act (not counted)",
                None,
            )
        kept = [f for f in found if f.rule_id not in exemptions]
        return kept + [exemptions[rule_id] for rule_id in sorted(exemptions)]

    def _schema(self, req: WriteRequest, a: TrustAssessment) -> list[Finding]:
        out: list[Finding] = []
        schema, bounds = StopReason.SCHEMA_INVALID, StopReason.BOUNDS_EXCEEDED
        if not req.text.strip():
            out.append(_f("schema.empty_text", Layer.SCHEMA, "empty text", schema))
        if req.key is not None and len(req.key) > FIELD_BOUNDS["key"]:
            out.append(_f("bounds.key", Layer.SCHEMA, "key longer than 128 chars", bounds))
        if req.category is None:
            if len(req.text) > self.config.max_episode_chars:
                out.append(
                    _f(
                        "bounds.episode",
                        Layer.SCHEMA,
                        f"episode longer than {self.config.max_episode_chars} chars",
                        bounds,
                    )
                )
            return out
        spec = CATEGORY_SPECS[req.category]
        if req.key is None or not req.key.strip():
            out.append(
                _f("schema.missing_key", Layer.SCHEMA, "structured item without key", schema)
            )
        if len(req.text) > spec.value_max:
            out.append(
                _f(
                    "bounds.value",
                    Layer.SCHEMA,
                    f"value longer than {spec.value_max} chars for {req.category.value}",
                    bounds,
                )
            )
        if req.ttl_class is not None and req.ttl_class not in spec.ttl_classes:
            out.append(
                _f(
                    "ttl.not_allowed",
                    Layer.SCHEMA,
                    f"TTL class not allowed for {req.category.value}",
                    StopReason.TTL_NOT_ALLOWED,
                )
            )
        consent = StopReason.MISSING_EXPLICIT_CONSENT
        if a.source_kind not in spec.source_kinds and a.source_kind.value != "DERIVED_UNVERIFIED":
            out.append(
                _f(
                    "category.kind_not_allowed",
                    Layer.TRUST,
                    f"{req.category.value} needs a stronger source kind",
                    consent,
                )
            )
        if a.trust is not TrustLevel.HIGH and not req.user_confirmed:
            out.append(
                _f(
                    "trust.semantic_needs_confirmation",
                    Layer.TRUST,
                    "structured item from a non-high-trust source needs user confirmation",
                    consent,
                )
            )
        return out

    def _secret_findings(self, req: WriteRequest, spans: list[Redaction]) -> list[Finding]:
        out: list[Finding] = []
        structured = req.category is not None
        for span in spans:
            reject = self.config.fail_on_secret or structured
            why = (
                "fail_on_secret"
                if self.config.fail_on_secret
                else "secret in a structured item"
                if structured
                else "redacted"
            )
            out.append(
                _f(
                    span.rule_id,
                    Layer.SECRET,
                    f"{span.level.value} secret ({why})",
                    StopReason.FORBIDDEN_CATEGORY if reject else None,
                )
            )
        return out


def _fires_on_structure(rule_id: str, text: str) -> bool:
    """Whether ``rule_id`` still fires on a config paste read as structure (config_paste.py)."""
    view = as_structure(rule_id, text)
    return bool(_INJECTION_BY_ID[rule_id].search(view, view.lower()))


def _only_inert_markup(text: str) -> bool:
    """Whether the markup rule finds nothing once markup that cannot act is taken out
    (firewall/inert_markup.py). Asked of the text first, then of every view: the views are the
    dearest part of a long text's check, and most texts the rule refuses hold nothing inert
    (asking the views of each cost a third of a 10 KB decision's CPU)."""
    rule = _INJECTION_BY_ID["g2.markup"]
    rest = inert_markup_removed(text)
    if rest == text or rule.search(rest, rest.lower()):
        return False
    return not regex_findings(rest, (rule,))


def _owner_text(req: WriteRequest) -> bool:
    """The owner's own text: written by the space's owner as a message or an explicit save."""
    return req.requester_is_owner and req.source_type in _OWNER_SOURCES


def _owner_config_paste(req: WriteRequest) -> bool:
    """The owner's own text (firewall/config_paste.py), and a config paste."""
    return _owner_text(req) and is_config_paste(req.text)
