"""A credential given as a parameter's default: infrastructure templates name the password once,
as a parameter, and give its value a line or two below::

    DbPassword:                       "adminPassword": {            variable "db_password" {
      Type: String                      "defaultValue": "...",        default = "..."
      Default: '...'                    "type": "secureString"      }
                                      }

The assignment rules read a name and the value right after it, so the value was stored whole
(and the parameter's name, echoed as ``!Ref DbPassword``, was what they redacted). Here a line
that opens a block under a credential's name (YAML, JSON, a Terraform ``variable``) is read with
the block's own lines, up to :data:`_BLOCK_LINES` of them: the value of its ``Default`` /
``defaultValue`` / ``default`` / ``value`` key is the secret, unless it stands for one (a
reference, a template, a type, a setting: :func:`~a4s_memory.firewall.secret_checks.plausible`).
A parameter *about* the credential (``MinPasswordLength``, ``TokenExpiryHours``,
``DbSecretName``) is not one. Thirty-second session, from the dev half of KICS' plaintext-secret
query tests (tests/unit/firewall/test_fw_secrets_param_default.py).
"""

from __future__ import annotations

import re
from typing import Final

from a4s_memory.firewall.models import Redaction, SecretLevel
from a4s_memory.firewall.secret_checks import plausible
from a4s_memory.firewall.secret_rule_model import CREDENTIAL_IN_NAME, STANDS_FOR_A_VALUE

__all__ = ["HINTS", "RULE_ID", "parameter_defaults"]

RULE_ID: Final = "secret.parameter_default"
# Literals one of which every text this reads holds (the caller also asks for a credential hint).
HINTS: Final = ("default", "value")
# A line that opens a block under a name (YAML "Name:", JSON '"name": {', HCL 'variable "name" {'),
# anchored at a line's start and possessive throughout: linear.
_OPENER: Final = re.compile(
    r"(?m)^([ \t]*+)(?:-[ \t]++)?(?:variable[ \t]++)?([\"']?+)([A-Za-z_$][\w.$-]{0,80}+)\2"
    r"[ \t]*+(?::[ \t]*+\{?+|\{)[ \t]*+\r?$"
)
_CREDENTIAL: Final = re.compile(CREDENTIAL_IN_NAME, re.IGNORECASE)
# How a parameter about the credential ends: its length, policy, name, lifetime, where it is kept.
_ABOUT: Final = re.compile(
    r"(?:length|policy|name|arn|id|type|path|ttl|expiry|expiration|hours|days|minutes|seconds"
    r"|enabled|version|rotation|prefix|suffix|format|count|size|label|description|url|uri|file"
    r"|location|region|mode|header|param|parameter|ref|store|vault|hint|pattern|strength"
    r"|required|reset|age)s?\Z",
    re.IGNORECASE,
)
# The block's default: quoted, or bare after ":" (YAML); after "=" (HCL) a bare one is an
# expression ("var.generated"), never the credential. Matched at a line's start (anchored: linear
# when searched too).
_DEFAULT: Final = re.compile(
    r"(?m)^[ \t]*+([\"']?+)(?:default(?:value)?|value)\1[ \t]*+(?:[:=][ \t]*+\"([^\"\n]{1,200}+)\""
    r"|[:=][ \t]*+'([^'\n]{1,200}+)'|:[ \t]*+([^\s\"',#{}\[\]]{1,200}+))[ \t]*+,?+[ \t]*+\r?$",
    re.IGNORECASE,
)
_STANDS_FOR: Final = re.compile(STANDS_FOR_A_VALUE, re.IGNORECASE)
_BLOCK_LINES: Final = 8  # a parameter's description, type, constraints, then its default


def parameter_defaults(text: str) -> list[Redaction]:
    """The credential parameters' defaults in ``text``, one span each."""
    found: list[Redaction] = []
    for opener in _OPENER.finditer(text):
        name = opener.group(3)
        if _CREDENTIAL.search(name) is None or _ABOUT.search(name) is not None:
            continue
        span = _default_in_block(text, opener.end(), len(opener.group(1)))
        if span is not None:
            found.append(
                Redaction(
                    kind="assigned_credential",
                    rule_id=RULE_ID,
                    start=span[0],
                    end=span[1],
                    level=SecretLevel.PROBABLE,
                )
            )
    return found


def _default_in_block(text: str, at: int, indent: int) -> tuple[int, int] | None:
    """The span of the default among the block's own lines (the lines after ``at`` indented
    deeper than ``indent``, at the first one's depth), if it holds a value."""
    depth = None
    start = at + 1
    for _ in range(_BLOCK_LINES):
        if start >= len(text):
            return None
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        line = text[start:end]
        body = line.lstrip(" \t")
        if body.strip():  # a blank line neither opens nor closes
            here = len(line) - len(body)
            if here <= indent:
                return None  # the block has closed
            depth = here if depth is None else depth
            default = _DEFAULT.match(text, start, end) if here == depth else None
            if default is not None:
                group = next(g for g in (2, 3, 4) if default.group(g) is not None)
                value = default.group(group)
                return default.span(group) if _is_value(value) else None
        start = end + 1
    return None


def _is_value(value: str) -> bool:
    if _STANDS_FOR.match(value) is not None or value.startswith(("[", "!")):
        return False  # a template, a variable, an ARM expression, a YAML tag
    if value.isdigit() and len(value) < 6:
        return False  # a count or a port, not a PIN long enough to be one
    return plausible(RULE_ID, value)
