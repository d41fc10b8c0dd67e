"""A forbidden-category rule (:class:`CategoryRule`), its builder (:func:`category_rule`) and the
validators a hit must pass (Luhn, SSN ranges, IBAN mod 97); shared by the rule tables
(:mod:`category_rules`, :mod:`category_ethnicity`, :mod:`category_health_more`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from a4s_memory.contract import StopReason
from a4s_memory.firewall.fastre import FastPattern, compile_rule, lower_regex

__all__ = ["CategoryRule", "category_rule", "iban_ok", "luhn_ok", "ssn_ok"]

_I: Final = re.IGNORECASE
_FORBID: Final = StopReason.FORBIDDEN_CATEGORY


@dataclass(frozen=True, slots=True)
class CategoryRule:
    id: str
    category: str  # the forbidden categories sub-section name
    pattern: FastPattern
    reason: str
    guard: re.Pattern[str] | None = None  # a guard hit within ``guard_window`` chars cancels
    validator: Callable[[str], bool] | None = None
    guard_window: int = 40
    stop_reason: StopReason = _FORBID
    triggers: tuple[str, ...] = ()  # prefilter, as :attr:`a4s_memory.firewall.rules.Rule.triggers`
    # Asked with the original text and the hit's span; True cancels the hit. For what a window
    # regex cannot say (a company's footer or letterhead: ``business_address``).
    context_guard: Callable[[str, int, int], bool] | None = None


def luhn_ok(candidate: str) -> bool:
    """Luhn checksum over the digits of ``candidate`` (card numbers)."""
    if any(len(g) < 3 for g in re.split(r"[ -]+", candidate.strip(" -"))):
        return False  # "1 6 7 4 ..." is a list of numbers, not a card
    digits = [int(c) for c in candidate if c.isdigit()]
    if not 13 <= len(digits) <= 19 or len(set(digits)) == 1:
        return False
    total = 0
    for i, d in enumerate(reversed(digits)):
        if i % 2:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


def ssn_ok(candidate: str) -> bool:
    """US SSN area/group/serial rules, and not part of a longer digit run."""
    area, group, serial = candidate.split("-")
    return area not in ("000", "666") and area[0] != "9" and group != "00" and serial != "0000"


def iban_ok(candidate: str) -> bool:
    """ISO 13616 IBAN check (mod 97 == 1)."""
    s = "".join(c for c in candidate if c.isalnum()).upper()
    if not 15 <= len(s) <= 34:
        return False
    moved = s[4:] + s[:4]
    try:
        return int("".join(str(int(c, 36)) for c in moved)) % 97 == 1
    except ValueError:
        return False


def category_rule(
    rule_id: str,
    category: str,
    regex: str,
    reason: str,
    *,
    guard: str | None = None,
    validator: Callable[[str], bool] | None = None,
    flags: int = _I,
    probes: tuple[str, ...] = (),
    context_guard: Callable[[str, int, int], bool] | None = None,
) -> CategoryRule:
    """One rule: ``regex`` compiled for speed (case-insensitive unless ``flags`` says otherwise),
    its window ``guard`` compiled for the same text as the pattern."""
    pattern = compile_rule(regex, flags, probes=probes)
    guard_re = None
    if guard:  # the guard runs on the same text as the pattern
        guard_re = re.compile(lower_regex(guard)) if pattern.on_lower else re.compile(guard, _I)
    return CategoryRule(
        rule_id, category, pattern, reason, guard_re, validator, context_guard=context_guard
    )
