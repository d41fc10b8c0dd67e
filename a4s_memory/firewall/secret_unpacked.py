"""A credential assigned in a tuple: ``user, password = "admin", "hunter22x"`` (Python),
``name, pwd := "root", "..."`` (Go), ``const [login, apiToken] = ["ops", "..."]`` (JavaScript).

The value of the i-th name is the i-th value; the assignment rules of :mod:`secret_rules` read a
name and the value right after it, so they took the first value for the password (and redacted
a host name in its stead) or found nothing. Here each line of that shape is read whole: the
value at a credential name's place is a secret when it passes the assignment rules' own check
(:func:`~a4s_memory.firewall.secret_checks.plausible`: not a word, a variable or a placeholder),
and a span those rules put on another value of the line, the whole value, is dropped (they
took it for the credential). Twenty-fifth session, from the dev half of whispers' fixtures
(tests/unit/firewall/test_fw_secrets_unpacked.py).
"""

from __future__ import annotations

import re
from typing import Final

from a4s_memory.firewall.models import Redaction, SecretLevel
from a4s_memory.firewall.secret_checks import plausible
from a4s_memory.firewall.secret_rule_model import CREDENTIAL_IN_NAME, STANDS_FOR_A_VALUE

__all__ = ["HINTS", "RULE_ID", "unpacked"]

RULE_ID: Final = "secret.unpacked_assignment"
# Literals one of which every credential name below holds (the caller's cheap gate).
HINTS: Final = ("pass", "pwd", "secret", "token", "key", "cred")
_CREDENTIAL: Final = re.compile(CREDENTIAL_IN_NAME, re.IGNORECASE)
_NAME: Final = r"[A-Za-z_$][\w.$]{0,60}+"
_VALUE: Final = r"\"[^\"\n]{0,200}+\"|'[^'\n]{0,200}+'|[^\s,\"'()\[\]{};]{1,80}+"
# One line: names, "=" or ":=", values; at least two of each, in brackets or not. Anchored at a
# line's start (each line is tried once) and possessive throughout: linear.
_LINE: Final = re.compile(
    r"(?m)^[ \t]*+(?:(?:const|let|var|my|local)[ \t]++)?[(\[]?+[ \t]*+"
    rf"((?:{_NAME})(?:[ \t]*+,[ \t]*+(?:{_NAME}))++)"
    r"[ \t]*+[)\]]?+[ \t]*+:?=(?!=)[ \t]*+[(\[]?+[ \t]*+"
    rf"((?:{_VALUE})(?:[ \t]*+,[ \t]*+(?:{_VALUE}))++)"
)
_ITEM: Final = re.compile(_VALUE)
# A value that stands for one (a variable, a template, a placeholder), as the format rules read it.
_NOT_A_VALUE: Final = re.compile(STANDS_FOR_A_VALUE, re.IGNORECASE)
_NAMES: Final = re.compile(_NAME)
# The rules whose span on a tuple's other values is the misreading this module mends.
_READ_BESIDE: Final = frozenset(
    {
        "secret.assignment",
        "secret.quoted_assignment",
        "secret.password_word",
        "secret.password_prose",
    }
)


def unpacked(text: str, spans: list[Redaction]) -> list[Redaction]:
    """``spans`` with the secrets of ``text``'s tuple assignments added and the assignment
    rules' spans on those tuples' other values dropped (``spans`` itself when there is none)."""
    if "," not in text or "=" not in text:
        return spans
    found: list[Redaction] = []
    beside: list[tuple[int, int]] = []  # the values at no credential's place
    for line in _LINE.finditer(text):
        credential = [_CREDENTIAL.search(n) is not None for n in _NAMES.findall(line.group(1))]
        values = list(_ITEM.finditer(text, line.start(2), line.end(2)))
        if len(credential) != len(values) or not any(credential):
            continue
        for is_credential, value in zip(credential, values, strict=True):
            start, end = value.span()
            quoted = text[start] in "\"'"
            if quoted:
                start, end = start + 1, end - 1
            if not is_credential:
                beside.append((start, end))
                continue
            secret = text[start:end]  # an unquoted one is a variable or a number
            if (
                quoted
                and secret
                and _NOT_A_VALUE.match(secret) is None
                and plausible(RULE_ID, secret)
            ):
                found.append(
                    Redaction(
                        kind="assigned_credential",
                        rule_id=RULE_ID,
                        start=start,
                        end=end,
                        level=SecretLevel.PROBABLE,
                    )
                )
    if not found and not beside:
        return spans
    # only a span that is a whole other value is dropped (the rule took that value for the
    # credential); one inside a longer value ("log, level = 'password=Hunter22x', 2") stays
    taken = set(beside)
    kept = [r for r in spans if r.rule_id not in _READ_BESIDE or (r.start, r.end) not in taken]
    return kept + found
