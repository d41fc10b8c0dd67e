"""Is a street address a business's (an e-mail footer, a letterhead) rather than a person's?

Seed 001 §4.5 forbids storing where a *person* lives or works, and on main every owner's paste of
a business e-mail whose footer carries the sender's address was refused whole (33 of BIPIA's 77
clean e-mails). The street and unit rules (their ``context_guard`` in
:mod:`a4s_memory.firewall.category_rules`) ask :func:`business_address` before they fire. An
address is a business's when

* a mass-mailing footer surrounds it (©, "All rights reserved", "Unsubscribe", "Privacy
  Policy", "You are receiving this") within :data:`FOOTER_WINDOW` characters, or
* the line before it, or its own line up to it, is only a company's name with its legal form
  ("Acme Widgets Inc." / "Fieldstone Corp., 9 Technology Drive"), or its own line says
  "<company> Inc office is at";

and never when a person's name stands on its own line in the window before it (a signature
block - "Ana da Silva / Northwind Traders LLC / 77 Pine Street" - gives where Ana works). A legal
form or a word such as "limited" *elsewhere* near the address proves nothing: "I work at Acme Inc.
and my flat is at 12 Baker Street" stays refused (tests/unit/firewall/test_fw_business_address.py).
Every check reads a bounded window: linear in the text.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["FOOTER_WINDOW", "business_address", "name_line"]

FOOTER_WINDOW: Final = 120  # a footer's boilerplate sits within a line or two of its address

_FOOTER: Final = re.compile(
    r"\u00a9|\(c\)\s?(?:19|20)\d\d|\bcopyright\b|\ball\s+rights\s+reserved\b|\bunsubscribe\b"
    r"|\bprivacy\s+policy\b|\byou\s+are\s+receiving\s+this\b",
    re.IGNORECASE,
)
# Legal forms as companies write them (case matters: "limited" is also an English word).
_LEGAL: Final = (
    r"(?:Inc|INC|LLC|L\.L\.C|Ltd|LTD|Limited|Corp|Corporation|GmbH|PLC|plc|Pty|B\.V|S\.A\.S)"
)
# anchored at both ends and possessive: one attempt per line, linear in it
_COMPANY_LINE: Final = re.compile(
    r"\A[^\S\n]*+(?:[A-Z0-9][\w&'.-]*+[^\S\n]++){1,5}"
    + _LEGAL
    + r"\.?[^\S\n]*+[,|\u00b7\u2022-]?[^\S\n]*+\Z"
)
_COMPANY_OFFICE: Final = re.compile(
    r"\b" + _LEGAL + r"\.?(?:'s)?\s+(?:office|offices|headquarters|HQ|store|shop|branch|factory"
    r"|warehouse|plant|studio|showroom)\s+(?:is|are)\s+(?:located\s+)?(?:at|on|in)\s*$"
)
# Lower-case particles inside a person's name ("Maika van de Noort", "Ana da Silva").
_PARTICLES: Final = frozenset(
    {"van", "von", "de", "der", "den", "da", "di", "du", "le", "la", "del", "bin", "al", "y"}
)
_LEGAL_WORDS: Final = frozenset(
    {"inc", "llc", "ltd", "limited", "corp", "corporation", "gmbh", "plc", "pty", "team"}
)


def name_line(line: str) -> bool:
    """A line that is only a person's name: 2-4 capitalised words (particles aside), no digit, no
    legal form. Fails towards "yes" ("Customer Support" counts): it keeps a hit, never drops one."""
    words = line.strip(" \t?*-\u2022>|:").split()
    names = [w for w in words if w not in _PARTICLES]
    if not 2 <= len(names) <= 4:
        return False
    for word in names:
        bare = word.rstrip(".,")
        core = bare.replace("-", "").replace("'", "")
        if not (core.isalpha() and bare[:1].isupper()) or bare.lower() in _LEGAL_WORDS:
            return False
    return True


def business_address(text: str, start: int, end: int) -> bool:
    """Is the address at ``text[start:end]`` a business's (module docstring)? ``text`` in its
    original case."""
    lo = max(0, start - FOOTER_WINDOW)
    line_start = text.rfind("\n", 0, start) + 1
    lines_before = text[lo:line_start].split("\n")[:-1]  # whole lines, the first maybe cut
    if any(name_line(line) for line in lines_before):
        return False  # a signature block: that person's work address
    if _FOOTER.search(text, lo, min(len(text), end + FOOTER_WINDOW)):
        return True
    own = text[max(line_start, lo) : start]
    if _COMPANY_LINE.search(own) or _COMPANY_OFFICE.search(own):
        return True
    previous = next((line for line in reversed(lines_before) if line.strip()), None)
    return previous is not None and _COMPANY_LINE.search(previous) is not None
