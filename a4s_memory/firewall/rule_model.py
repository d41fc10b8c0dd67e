"""The shape of a content rule (:class:`Rule`) and the constructor of injection rules, shared by
the rule tables (:mod:`a4s_memory.firewall.rules`, :mod:`a4s_memory.firewall.family_rules`)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from a4s_memory.contract import StopReason
from a4s_memory.firewall.fastre import FastPattern, compile_rule
from a4s_memory.firewall.models import Layer
from a4s_memory.firewall.triggers import TextScan

__all__ = ["Rule", "injection_rule", "triggered"]


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    pattern: FastPattern
    reason: str
    stop_reason: StopReason | None = StopReason.INJECTION_DETECTED
    layer: Layer = Layer.REGEX
    # Lower-case literals of which at least one must occur in the lower-cased text for the pattern
    # to possibly match: a cheap prefilter (``str.__contains__``) so most rules never run their
    # regex. Empty = always run. tests/unit/firewall checks every example still fires.
    triggers: tuple[str, ...] = ()

    def search(self, text: str, lower: str, scan: TextScan | None = None) -> bool:
        """Does the rule match ``text`` (``lower`` is its lower-cased form; ``scan``, when given,
        is the :class:`TextScan` of ``text`` and answers the prefilters in one pass)?"""
        if scan is not None:
            target = lower if self.pattern.on_lower else text
            if self.pattern.excluded(target, scan):  # hsfilter: no branch can match
                return False
            if self.triggers and not scan.any_of(self.triggers):
                return False
            return self.pattern.search(target, lower, scan)
        if self.triggers and not triggered(self.triggers, lower):
            return False
        return self.pattern.search(lower if self.pattern.on_lower else text, lower)


def triggered(triggers: tuple[str, ...], lower: str) -> bool:
    """True when one trigger occurs in ``lower`` (a plain loop: cheaper than any() + genexpr)."""
    for t in triggers:  # noqa: SIM110 - measured faster than any() with a generator
        if t in lower:
            return True
    return False


def injection_rule(
    rule_id: str, regex: str, reason: str, flags: int = re.IGNORECASE, *, soft: bool = False
) -> Rule:
    # injection rules are only asked whether they match: leading groups can be distributed
    return Rule(
        rule_id,
        compile_rule(regex, flags, search_only=True),
        reason,
        None if soft else StopReason.INJECTION_DETECTED,
    )
