"""An owner's config paste is structure, not a directive.

A YAML/INI/properties file or a Jenkins/Maven XML document often carries comments such as
``# IMPORTANT: do not share this file``. The injection rule for importance escalation
(``g2.importance``) fires on those, and the whole paste used to be refused as INJECTION_DETECTED
(19% of owner config pastes with secrets, in the issue's measurement) where the secret in it should
have been redacted and the rest kept.

So, for an owner's own text (``user_message`` / ``explicit_save``, or no source given) that *is* a
config paste, a :data:`STRUCTURAL_RULES` hit that lies only inside comments is dropped (an
informational finding says so). A comment is a comment line or, since the nineteenth session, the
``# ...`` / ``// ...`` that trails a ``key: value`` line (``password: $DB_PASS  # IMPORTANT: do not
share``). The markup rule (``g2.markup``) is structural too for one element: a Jenkins
credentials file keeps its value in ``<secret>...</secret>``, a name the rule reads as a
role-bearing tag; a bare ``<secret>`` element of a config paste is data (any other tag the rule
names, ``<system>``, ``<script>``, still refuses). Every other rule still runs on the comments
too: a real directive in a comment ("# ignore previous instructions and ...") is still refused;
so is any paste from a tool, a web page or another agent. The learned layer reads an owner's
config paste without its comments (:func:`uncommented`) when it would otherwise flag it.

A text is a config paste when at least two of its lines are ``key: value`` / ``key = value`` pairs
or XML elements, and such lines are at least half of its non-comment lines.
"""

from __future__ import annotations

import re
from typing import Final

from a4s_memory.firewall.models import Finding, Layer

__all__ = [
    "STRUCTURAL_RULES",
    "as_structure",
    "is_config_paste",
    "structural_exemption",
    "uncommented",
]

STRUCTURAL_RULES: Final = frozenset({"g2.importance", "g2.markup"})
# Bounded, possessive runs: linear time (tests/unit/firewall/test_fw_linear_time.py).
_PAIR: Final = re.compile(r"^[ \t]*+(?:- )?[\w.\"'-]{1,64}+[ \t]*+[:=]", re.M)
_ELEMENT: Final = re.compile(r"^[ \t]*+</?[A-Za-z][\w.:-]{0,64}+", re.M)
_COMMENT: Final = re.compile(r"^[ \t]*+(?:#|//|;|<!--|--)", re.M)
# a lookbehind, not a leading blank run: a long run of blanks is tried once, not once per blank
_TRAILING: Final = re.compile(r"(?<=[ \t])(?:#|//)[^\n]*+")
_DATA_ELEMENT: Final = re.compile(r"</?secret>", re.I)


def _lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


def is_config_paste(text: str) -> bool:
    lines = _lines(text)
    body = [line for line in lines if not _COMMENT.match(line)]
    structured = sum(1 for line in body if _PAIR.match(line) or _ELEMENT.match(line))
    return structured >= 2 and structured * 2 >= len(body)


def as_structure(rule_id: str, text: str) -> str:
    """``text`` as the structural rule ``rule_id`` should read a config paste: for the markup
    rule, bare ``<secret>`` element tags taken out (a tag inside a comment is still markup); for
    the importance marker, every comment line blanked and the comment trailing a ``key: value``
    line cut (line count kept)."""
    if rule_id == "g2.markup":
        return _DATA_ELEMENT.sub("", text)
    return uncommented(text)


def uncommented(text: str) -> str:
    """``text`` with every comment line blanked and the comment trailing a ``key: value`` line
    cut (line count kept): what the learned layer reads of an owner's config paste, whose notes
    ("the above keys must only be used from the build server") are not directives to the
    reader."""
    return "\n".join(_line_structure(line) for line in text.split("\n"))


def _line_structure(line: str) -> str:
    if _COMMENT.match(line):
        return ""
    return _TRAILING.sub("", line) if _PAIR.match(line) else line


def structural_exemption(rule_id: str) -> Finding:
    return Finding(
        rule_id=f"{rule_id}.config_comment",
        layer=Layer.SCHEMA,
        reason="marker inside a comment of an owner's config paste: structure, not "
        "a directive (not counted)",
    )
