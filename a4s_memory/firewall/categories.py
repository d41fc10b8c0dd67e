"""Seed 001 §3 (allowed categories: bounds, TTL classes, source kinds) and §4 (forbidden
categories).

Forbidden-category detection is the table :data:`~a4s_memory.firewall.rules.CATEGORY_RULES` run over
the NFKC/homoglyph-folded text. Policy on *mentions* (measured on locomo_facts, docs/firewall.md):

* a topic **mention** passes — "a book about identity", "our password policy", "ran a charity race
  for mental health", "attends an LGBTQ support group", "took the dog to the vet";
* an **assertion of a trait, condition or identifier about a person** is rejected whoever the person
  is — "I was diagnosed with diabetes", "Caroline is transgender", "my SSN is 123-45-6789". Seed 001
  §4 is a hard block and free text cannot tell the owner from a third party, so third-party
  assertions are blocked too; locomo items of that kind are reported separately as policy
  rejections.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from a4s_memory.contract import Category, SourceKind, StopReason, TTLClass
from a4s_memory.firewall.category_rules import CATEGORY_RULES, CategoryRule
from a4s_memory.firewall.fastre import FastPattern, may_run
from a4s_memory.firewall.models import Finding, Layer
from a4s_memory.firewall.triggers import TextScan

__all__ = ["CATEGORY_SPECS", "FIELD_BOUNDS", "CategorySpec", "forbidden_findings"]


@dataclass(frozen=True, slots=True)
class CategorySpec:
    """Seed 001 §3: one allowed category."""

    value_max: int
    ttl_classes: frozenset[TTLClass]
    source_kinds: frozenset[SourceKind]


_S, _M, _L = TTLClass.SHORT, TTLClass.MEDIUM, TTLClass.LONG
_UE, _SK, _CS = SourceKind.USER_EXPLICIT, SourceKind.SYSTEM_KNOWN, SourceKind.CITED_SOURCE

CATEGORY_SPECS: Final[dict[Category, CategorySpec]] = {
    Category.PREFERENCE: CategorySpec(512, frozenset({_S, _M, _L}), frozenset({_UE, _SK})),
    Category.WORKFLOW_DEFAULT: CategorySpec(512, frozenset({_M, _L}), frozenset({_UE, _SK})),
    Category.PROJECT_CONFIG: CategorySpec(1024, frozenset({_M, _L}), frozenset({_UE, _SK, _CS})),
    Category.CONSTRAINT: CategorySpec(256, frozenset({_S, _M, _L}), frozenset({_UE})),
    Category.REMINDER: CategorySpec(512, frozenset({_S, _M}), frozenset({_UE})),
}

# Seed 001 §12.
FIELD_BOUNDS: Final[dict[str, int]] = {
    "memory_id": 64,
    "category": 32,
    "key": 128,
    "value": 1024,
    "source_ref": 256,
}


def _guarded(rule: CategoryRule, target: str, scan: TextScan, start: int, end: int) -> bool:
    """``target``: the text the rule ran on (``scan.text`` or ``scan.lower``)."""
    if (
        rule.context_guard is not None
        and scan.aligned
        and rule.context_guard(scan.text, start, end)
    ):
        return True  # positions in the lower-cased text are the original's (aligned)
    if rule.guard is None:
        return False
    lo = max(0, start - rule.guard_window)
    hi = min(len(target), end + rule.guard_window)
    return rule.guard.search(target, lo, hi) is not None


def _pattern(rule: CategoryRule) -> FastPattern:
    return rule.pattern


def forbidden_findings(
    text: str, rules: tuple[CategoryRule, ...] = CATEGORY_RULES, scan: TextScan | None = None
) -> list[Finding]:
    """One finding per forbidden-category rule that fires (guards and validators applied).
    ``scan`` is the :class:`TextScan` of ``text`` when the caller already has one."""
    out: list[Finding] = []
    if scan is None or scan.text is not text:
        scan = TextScan(text)
    lower = scan.lower
    for rule in may_run(rules, _pattern, scan):  # hsfilter: the rules that may match
        if rule.triggers and not scan.any_of(rule.triggers):
            continue
        target = lower if rule.pattern.on_lower else text
        for m in rule.pattern.finditer(target, lower, scan):
            if rule.validator is not None and not rule.validator(m.group(0)):
                continue
            if _guarded(rule, target, scan, m.start(), m.end()):
                continue
            out.append(
                Finding(
                    rule_id=rule.id,
                    layer=Layer.CATEGORY,
                    reason=f"forbidden category {rule.category}: {rule.reason}",
                    stop_reason=StopReason.FORBIDDEN_CATEGORY,
                )
            )
            break
    return out
