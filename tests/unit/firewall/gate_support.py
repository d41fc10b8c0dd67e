"""Shared by the firewall tests that ask the whole gate (imported by name, as secret_support.py:
this directory is on ``sys.path`` under pytest's default import mode)."""

from __future__ import annotations

from a4s_memory.contract import StopReason
from a4s_memory.firewall import Firewall, WriteRequest


def stop_reason(text: str) -> StopReason:
    """The stop reason of ``text`` written by the owner as a message (rules and model)."""
    return Firewall().check(WriteRequest(text=text)).stop_reason
