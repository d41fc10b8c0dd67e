"""Shared by the secret-rule tests (imported by name, as family_checks.py): what the secret layer
leaves of a text, the check every one of them makes."""

from __future__ import annotations

from a4s_memory.firewall.secrets import locate_secrets, redact


def stored(text: str) -> str:
    """``text`` with every secret the layer locates redacted (what a write would keep)."""
    return redact(text, locate_secrets(text).spans)
