"""The memory firewall: every memory write passes :meth:`Firewall.check` before storage.

    from a4s_memory.firewall import Firewall, WriteRequest
    decision = Firewall().check(WriteRequest(text="prefer concise answers"))
    decision.accepted, decision.stop_reason, decision.status, decision.redacted_text

See docs/firewall.md for the rule tables, the trust table and the measured figures.
"""

from __future__ import annotations

from a4s_memory.firewall.categories import CATEGORY_SPECS, CategorySpec
from a4s_memory.firewall.gate import Firewall
from a4s_memory.firewall.models import (
    REDACTION_TOKEN,
    Finding,
    FirewallConfig,
    FirewallDecision,
    HeuristicAction,
    Layer,
    Redaction,
    SecretLevel,
    TrustLevel,
    WriteRequest,
)
from a4s_memory.firewall.rules import CATEGORY_RULES, INJECTION_RULES
from a4s_memory.firewall.secrets import SECRET_RULES, detect_secrets, redact
from a4s_memory.firewall.session import SessionGate
from a4s_memory.firewall.trust import TRUST_TABLE

__all__ = [
    "CATEGORY_RULES",
    "CATEGORY_SPECS",
    "INJECTION_RULES",
    "REDACTION_TOKEN",
    "SECRET_RULES",
    "TRUST_TABLE",
    "CategorySpec",
    "Finding",
    "Firewall",
    "FirewallConfig",
    "FirewallDecision",
    "HeuristicAction",
    "Layer",
    "Redaction",
    "SecretLevel",
    "SessionGate",
    "TrustLevel",
    "WriteRequest",
    "detect_secrets",
    "redact",
]
