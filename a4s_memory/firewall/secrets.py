"""Seed 003 "Secret Detection": find secrets, grade them definite / probable / possible, and redact.

The table :data:`SECRET_RULES` (:mod:`secret_rules`) is data: id, level, kind, pattern, which group is the secret value
(0 = whole match) and cheap literal *hints* (the regex only runs when one of them occurs in the
text, which keeps 10 KB writes fast). Levels follow the memory spec:

* definite — vendor key formats with a fixed prefix (AWS, GitHub, OpenAI, Slack, private keys, ...);
* probable — a credential *assigned* to a credential-like name (``fooToken = "..."``), ``Bearer``,
  ``Authorization:`` headers, passwords in URLs;
* possible — long base64 runs, long hex runs, long high-entropy tokens.

What the firewall does with each level is decided in :mod:`a4s_memory.firewall.gate` (redact, or
reject with FORBIDDEN_CATEGORY); this module only finds spans. Spans are in the ORIGINAL text and
overlapping spans are merged (the highest level wins), so redaction is a single left-to-right pass.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Final

from a4s_memory.firewall import hsfilter
from a4s_memory.firewall.fastre import FastPattern, may_run
from a4s_memory.firewall.models import REDACTION_TOKEN, Redaction, SecretLevel
from a4s_memory.firewall.normalize import fold, strip_invisible
from a4s_memory.firewall.secret_checks import plausible
from a4s_memory.firewall.secret_param_default import HINTS as PARAMETER_HINTS
from a4s_memory.firewall.secret_param_default import parameter_defaults
from a4s_memory.firewall.secret_rule_model import CREDENTIAL_HINTS
from a4s_memory.firewall.secret_rules import SECRET_RULES, SecretRule
from a4s_memory.firewall.secret_unpacked import HINTS as UNPACKED_HINTS
from a4s_memory.firewall.secret_unpacked import unpacked
from a4s_memory.firewall.triggers import TextScan, prefilter_together
from a4s_memory.firewall.typeset import typeset_only

__all__ = [
    "SECRET_RULES",
    "Located",
    "PlausibleMemo",
    "SecretRule",
    "anchored_finditer",
    "detect_secrets",
    "hides_more",
    "locate_secrets",
    "redact",
]


# Candidate runs for the shape rules (one scan of the text instead of one per shape rule): the
# separator-free runs of at least this many characters (TextScan.runs).
_LONG_TOKEN_MIN: Final = 20  # base64 of "user:password" can be 20 (the other shapes ask more)


PlausibleMemo = dict[tuple[str, str], bool]
"""``plausible(rule id, value)`` answers already computed (it is a pure function): the gate
shares one between the scan of a text and the scan of its folded form, which mostly check the
same candidates. Kept for one decision only (it holds candidate values)."""


@dataclass(slots=True)
class _Found:
    text: str
    memo: PlausibleMemo
    spans: list[Redaction] = field(default_factory=list)


def detect_secrets(
    text: str,
    rules: tuple[SecretRule, ...] = SECRET_RULES,
    scan: TextScan | None = None,
    memo: PlausibleMemo | None = None,
) -> list[Redaction]:
    """All secret spans in ``text``, merged; ordered by start. ``scan`` is the
    :class:`TextScan` of ``text`` when the caller already has one; ``memo`` a
    :data:`PlausibleMemo` to read and fill."""
    found = _Found(text, {} if memo is None else memo)
    if scan is None or scan.text is not text:
        scan = TextScan(text)
    lower = scan.lower
    tokens: list[tuple[int, int]] | None = None
    for rule in may_run(rules, _fast, scan) if scan.aligned else rules:
        if not rule.shape and _excluded(rule, scan):
            continue
        if rule.hints and not scan.any_of(rule.hints):
            continue
        if rule.shape:
            if tokens is None:
                tokens = scan.runs(_LONG_TOKEN_MIN)
            for lo, hi in tokens:
                _collect(rule, rule.pattern.finditer(text, lo, hi), found)
        elif rule.anchor is not None and not rule.pattern.flags & re.IGNORECASE:
            _collect(rule, anchored_finditer(rule.pattern, text, *rule.anchor), found)
        elif not rule.fast.on_lower:
            _collect(rule, rule.fast.finditer(text, lower, scan), found)
        elif scan.aligned:
            _collect(rule, rule.fast.finditer(lower, lower, scan), found)
        else:  # lower() changed the length: run the case-insensitive original on the text
            _collect(rule, rule.pattern.finditer(text), found)
    spans = found.spans
    if scan.any_of(UNPACKED_HINTS):  # "user, password = 'admin', '...'": read by place
        spans = unpacked(text, spans)
    if scan.any_of(PARAMETER_HINTS) and scan.any_of(CREDENTIAL_HINTS):  # DbPassword: / Default:
        spans = spans + parameter_defaults(text)
    again = _repeated(text, spans)  # each rule's own value, before merging
    return _merge(spans + again)


# A value found once is a secret wherever else it stands ("token = '<v>' | '<v>'", a password
# echoed on the next line); shorter values are too often ordinary words to chase.
_REPEAT_MIN: Final = 6


def _repeated(text: str, spans: list[Redaction]) -> list[Redaction]:
    """Every other place where a found value stands as a whole token (no word character on
    either side): the rule that found it read only its first place."""
    out: list[Redaction] = []
    seen: set[str] = set()
    found_at = {r.start for r in spans}  # places a rule already read: no second Redaction
    for r in spans:
        value = text[r.start : r.end]
        if len(value) < _REPEAT_MIN or value in seen:
            continue
        seen.add(value)
        at = text.find(value)
        while at >= 0:
            end = at + len(value)
            if (
                at not in found_at
                and (at == 0 or not _word(text[at - 1]))
                and (end == len(text) or not _word(text[end]))
            ):
                out.append(
                    Redaction(
                        kind=r.kind,
                        rule_id="secret.repeated_value",
                        start=at,
                        end=end,
                        level=r.level,
                    )
                )
            at = text.find(value, end)
    return out


def _word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def anchored_finditer(
    pattern: re.Pattern[str], text: str, literal: str, offset: int
) -> Iterator[re.Match[str]]:
    """``pattern.finditer(text)`` for a pattern without ``^``/``\\A`` whose every match is
    non-empty and holds ``literal`` exactly ``offset`` characters after its start:
    ``pattern.match`` at each such start, left to right, skipping starts inside the last match
    (finditer's leftmost, non-overlapping matches; a lookbehind still sees the text before the
    start). Linear when ``pattern`` is."""
    pos = 0  # where finditer would search next
    at = text.find(literal, offset)
    while at >= 0:
        start = at - offset
        if start >= pos and (m := pattern.match(text, start)) is not None:
            yield m
            pos = m.end()
        at = text.find(literal, at + 1)


def _fast(rule: SecretRule) -> FastPattern | None:
    return None if rule.shape else rule.fast


def _excluded(rule: SecretRule, scan: TextScan) -> bool:
    """hsfilter proves ``rule`` cannot match where :func:`detect_secrets` runs it."""
    if not rule.fast.on_lower or scan.aligned:
        return rule.fast.excluded(scan.lower if rule.fast.on_lower else scan.text, scan)
    return bool(rule.hs_bit) and not scan.may_match(scan.text, hsfilter.CASELESS) & rule.hs_bit


def _collect(rule: SecretRule, matches: Iterator[re.Match[str]], found: _Found) -> None:
    memo = found.memo
    for m in matches:
        start, end = m.span(rule.group)
        if start < 0 or end <= start:
            continue
        key = (rule.id, found.text[start:end])
        ok = memo.get(key)
        if ok is None:
            ok = memo[key] = plausible(*key)
        if ok:
            found.spans.append(
                Redaction(kind=rule.kind, rule_id=rule.id, start=start, end=end, level=rule.level)
            )


_RANK: Final = {SecretLevel.DEFINITE: 0, SecretLevel.PROBABLE: 1, SecretLevel.POSSIBLE: 2}


def _merge(found: list[Redaction]) -> list[Redaction]:
    if len(found) <= 1:
        return found
    found.sort(key=lambda r: (r.start, _RANK[r.level], -r.end))
    merged: list[Redaction] = [found[0]]
    for r in found[1:]:
        last = merged[-1]
        if r.start < last.end:  # overlap: one span, strongest level, first rule of that level
            best = last if _RANK[last.level] <= _RANK[r.level] else r
            merged[-1] = Redaction(
                kind=best.kind,
                rule_id=best.rule_id,
                start=last.start,
                end=max(last.end, r.end),
                level=best.level,
            )
        else:
            merged.append(r)
    return merged


def redact(text: str, spans: list[Redaction]) -> str:
    """Replace every span by ``[SECRET_REDACTED]`` (spans must be merged and sorted)."""
    if not spans:
        return text
    parts: list[str] = []
    pos = 0
    for r in spans:
        parts.append(text[pos : r.start])
        parts.append(REDACTION_TOKEN)
        pos = r.end
    parts.append(text[pos:])
    return "".join(parts)


def hides_more(folded: list[Redaction], original: list[Redaction]) -> bool:
    """True when normalising the text reveals secrets the original spans do not cover (more of
    them, or a stronger level): their positions in the original are unknown, so reject."""
    if not folded:
        return False
    if len(folded) > len(original):
        return True
    best = min(_RANK[r.level] for r in folded)
    return not original or best < min(_RANK[r.level] for r in original)


@dataclass(frozen=True, slots=True)
class Located:
    """The secrets of a text: ``spans`` in the text (merged, by start) and whether folding
    look-alike or invisible characters revealed more whose place in the text is unknown."""

    spans: list[Redaction]
    hidden: bool


def locate_secrets(
    text: str,
    *,
    scan: TextScan | None = None,
    folded: TextScan | None = None,
    memo: PlausibleMemo | None = None,
) -> Located:
    """The secrets of ``text`` and whether folding hides more (``scan``: its :class:`TextScan`;
    ``folded``: the one of ``fold(strip_invisible(text)[0])`` when the caller has them).

    * ASCII, or nothing to fold: the text's own spans.
    * Only typeset punctuation or spaces folded (:func:`~a4s_memory.firewall.typeset.typeset_only`:
      smart quotes, dashes, no-break spaces, one for one): the folded text's spans, which are at
      the same offsets in the text. A paste from a word processor is read as the plain text it
      stands for and redacted in place; one scan instead of two.
    * Otherwise both: the text's spans, ``hidden`` when the folded text reveals more of them or
      a stronger level (their place in the text is unknown).
    """
    memo = {} if memo is None else memo
    if text.isascii():
        return Located(detect_secrets(text, scan=scan, memo=memo), hidden=False)
    if folded is None:
        folded_text = fold(strip_invisible(text)[0])
        folded = None if folded_text == text else TextScan(folded_text)
    if folded is None or folded.text == text:
        return Located(detect_secrets(text, scan=scan, memo=memo), hidden=False)
    if typeset_only(text, folded.text):
        return Located(detect_secrets(folded.text, scan=folded, memo=memo), hidden=False)
    if scan is None or scan.text is not text:
        scan = TextScan(text)
    # each Hyperscan database scans both texts back to back, while it is in the CPU caches (the
    # answers are the ones the scans below, and the gate's later layers, would compute; memoised)
    prefilter_together((scan, folded))
    spans = detect_secrets(text, scan=scan, memo=memo)
    revealed = detect_secrets(folded.text, scan=folded, memo=memo)
    return Located(spans, hidden=hides_more(revealed, spans))
