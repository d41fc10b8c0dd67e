"""Shared by the family-rule tests (imported by name: this directory is on ``sys.path`` under
pytest's default import mode): the firewall with its rules alone (the learned layer off), so a
test shows that a rule, not the model, catches its attack; and :func:`not_trusted`, the whole
gate's count that the learned-layer tests bound."""

from __future__ import annotations

from a4s_memory.contract import StopReason
from a4s_memory.firewall import Firewall, FirewallConfig, FirewallDecision, WriteRequest

RULES_ONLY = FirewallConfig.rules_only()


class RulesOnly:
    """The rules-only decision for the owner's ``user_message``, and the two checks the family
    tests make of it."""

    def __init__(self) -> None:
        self.firewall = Firewall(RULES_ONLY)

    def decide(self, text: str) -> FirewallDecision:
        return self.firewall.check(WriteRequest(text=text, source_type="user_message"))

    def assert_refused_by(self, text: str, rule: str) -> None:
        decision = self.decide(text)
        assert not decision.accepted
        assert rule in [f.rule_id for f in decision.findings]

    def assert_held_back_by(self, text: str, rule: str) -> None:
        """Kept, never trusted (a soft rule) or refused; ``rule`` among the findings."""
        decision = self.decide(text)
        assert rule in [f.rule_id for f in decision.findings]
        assert decision.status is None or not decision.status.trusted

    def assert_trusted(self, text: str) -> None:
        decision = self.decide(text)
        assert decision.accepted, [f.rule_id for f in decision.findings]
        assert decision.status is not None and decision.status.trusted


def not_trusted(texts: list[str]) -> list[str]:
    """The texts the whole gate (rules and learned layer) does not store as trusted, written by
    the owner as ``user_message``."""
    firewall = Firewall()
    out = []
    for text in texts:
        d = firewall.check(WriteRequest(text=text, source_type="user_message"))
        if not (d.accepted and d.status is not None and d.status.trusted):
            out.append(text)
    return out


def owner_write(text: str) -> FirewallDecision:
    """The whole gate's decision for the owner's ``user_message``."""
    return Firewall().check(WriteRequest(text=text, source_type="user_message"))


def stored_without(text: str, rule_id: str) -> bool:
    """The owner's ``text`` is stored, and ``rule_id`` did not fire on it."""
    decision = owner_write(text)
    fired = {f.rule_id for f in decision.findings}
    return decision.stop_reason is StopReason.SUCCESS_STORED and rule_id not in fired


def refused_by(text: str, rule_id: str) -> bool:
    """The owner's ``text`` is refused as an injection, ``rule_id`` among the rules that fired."""
    decision = owner_write(text)
    fired = {f.rule_id for f in decision.findings}
    return decision.stop_reason is StopReason.INJECTION_DETECTED and rule_id in fired


# A clean pipe table with a line spliced between its rows ("{line}"), shared by the pasted-order
# tests (reply_directive, reply_form).
PASTED_TABLE = (
    "| Season | Club           | Manager       | Titles |\n"
    "| 2011   | Harbour Rovers | Ada Lindqvist | 2      |\n{line}\n"
    "| 2012   | Harbour Rovers | Ada Lindqvist | 3      |\n"
    "| 2013   | Millbrook Town | Tomas Okafor  | 1      |\n"
    "| 2014   | Millbrook Town | Tomas Okafor  | 0      |"
)
