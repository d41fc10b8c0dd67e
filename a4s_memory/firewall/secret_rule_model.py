"""A secret rule (:class:`SecretRule`) and its builder, shared by the rule tables
(:mod:`secret_rules`, :mod:`secret_rules_formats`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from a4s_memory.firewall import hsfilter
from a4s_memory.firewall.fastre import FastPattern, compile_rule
from a4s_memory.firewall.models import SecretLevel

__all__ = [
    "AWS_KEY_ID",
    "AWS_KEY_ID_HINTS",
    "CREDENTIAL_HINTS",
    "CREDENTIAL_IN_NAME",
    "CREDENTIAL_NAME",
    "PLACEHOLDER",
    "STANDS_FOR_A_VALUE",
    "WINDOWS_VARIABLE",
    "SecretRule",
    "secret_rule",
]

# A credential-like name (``fooToken``, ``API_KEY``): what the assignment rules read a value after.
CREDENTIAL_NAME: Final = (
    r"(?:api[_.-]?key|apikey|access[_.-]?key|secret|token|passw(?:or)?d|passwd|pwd|auth"
    r"|credential|creds|private[_.-]?key|client[_.-]?(?:id|secret)|access[_.-]?id|account[_.-]?id"
    r"|app[_.-]?(?:id|key)|signing[_.-]?key|encryption[_.-]?key|license[_.-]?key|session[_.-]?key"
    r"|webhook|dsn|login|key)"
)
# A name in code or a template that holds a credential, searched anywhere in the name (as the
# comparison rules' code names: no bare "key" or "auth", which name many other things in code):
# a tuple's names (secret_unpacked), a parameter's (secret_param_default).
CREDENTIAL_IN_NAME: Final = r"passw(?:or)?d|passwd|pwd|passphrase|secret|token|api_?key|credential"
# Literals one of which every credential name holds (the assignment rules' hints; the rules add
# the rarer names they read).
CREDENTIAL_HINTS: Final = ("key", "secret", "token", "pass", "pwd", "auth", "cred")
# How a value that stands for a credential starts when it is not one: a template, an interpolated
# variable, a placeholder, an earlier redaction (alternatives for a negative lookahead).
PLACEHOLDER: Final = r"\$\{|\{\{|%\(|xxx|your[_-]|example|changeme|redacted|secret_redacted"
# How a field value starts that stands for one: a variable, a template, a placeholder (the
# format rules' negative lookahead; the tuple reading's check).
STANDS_FOR_A_VALUE: Final = r"[$%{<]|" + PLACEHOLDER
# A Windows or batch variable, "%DEPLOY_TOKEN%": a value written that way is elsewhere.
WINDOWS_VARIABLE: Final = r"%[\w.]{1,80}+%"
# An AWS access key id (``secret.aws_access_key``; ``secret.key_id_pair`` reads its secret beside
# it) and the literals one of which every id holds.
AWS_KEY_ID: Final = r"(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}"
AWS_KEY_ID_HINTS: Final = ("A3T", "AKIA", "ASIA", "ABIA", "ACCA")


@dataclass(frozen=True, slots=True)
class SecretRule:
    id: str
    level: SecretLevel
    kind: str
    pattern: re.Pattern[str]  # as written (used inside long tokens, and when lower() moves offsets)
    fast: FastPattern  # the same rule compiled for speed (see a4s_memory.firewall.fastre)
    group: int = 0
    hints: tuple[str, ...] = ()  # lower-case literals, one must occur in the lower-cased text
    shape: bool = False  # runs only inside long tokens (TextScan.runs), not the whole text
    hs_bit: int = 0  # ``pattern``'s bit in hsfilter's CASELESS answers (0: never filtered)
    # (literal, offset): every match holds ``literal`` exactly ``offset`` characters after its
    # start, so only those starts are tried (:func:`anchored_finditer`), not every position
    anchor: tuple[str, int] | None = None


def secret_rule(
    rule_id: str,
    level: SecretLevel,
    kind: str,
    regex: str,
    *hints: str,
    group: int = 0,
    flags: int = 0,
    shape: bool = False,
    anchor: tuple[str, int] | None = None,
) -> SecretRule:
    fast_flags = flags
    if regex.startswith("(?i)"):
        regex, fast_flags = regex[4:], flags | re.IGNORECASE
        flags |= re.IGNORECASE
    pattern = re.compile(regex, flags)
    return SecretRule(
        rule_id,
        level,
        kind,
        pattern,
        compile_rule(regex, fast_flags),
        group,
        tuple(h.lower() for h in hints),
        shape,
        hsfilter.register(pattern, on_lower=False) if flags & re.IGNORECASE else 0,
        anchor,
    )
