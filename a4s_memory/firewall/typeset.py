"""Typeset punctuation and spaces: smart quotes, en/em dashes, no-break and other Unicode spaces,
guillemets, fullwidth brackets. Word processors, chat apps and web pages put them in ordinary
text; :func:`~a4s_memory.firewall.normalize.fold` turns each into one ASCII character.

:func:`typeset_only` says whether a text's folded form differs from it *only* by such
characters, one for one at the same positions. Then a secret the rules find in the folded text
lies at the same offsets in the text itself, so it can be redacted where it stands
(:func:`a4s_memory.firewall.secrets.locate_secrets`). Look-alike letters or digits (Cyrillic
``а``, fullwidth ``ｇ``), invisible characters and NFKC expansions (``…``, ``ﬁ``) are not
typeset punctuation: a secret they hide is still refused. Pure functions, no I/O.
"""

from __future__ import annotations

from itertools import chain
from typing import Final

import numpy as np

from a4s_memory.firewall.normalize import HOMOGLYPH_CODES, fold

__all__ = ["TYPESET", "typeset_only"]

# Where typeset punctuation and spaces live besides the look-alike table: Latin-1 (no-break
# space, guillemets), General Punctuation (dashes, quotes, spaces), CJK punctuation (ideographic
# space), the minus sign and the fullwidth / halfwidth forms. Computed once, ~1 ms.
_CANDIDATES: Final = chain(
    range(0x80, 0x100),
    range(0x2000, 0x2070),
    range(0x3000, 0x3040),
    (0x2212,),
    range(0xFE50, 0xFE70),
    range(0xFF00, 0xFFF0),
    HOMOGLYPH_CODES,
)


def _typeset_table() -> dict[str, str]:
    """Every candidate character that folds to one ASCII character that is neither a letter nor
    a digit (what the fold makes of it)."""
    table: dict[str, str] = {}
    for cp in _CANDIDATES:
        ch = chr(cp)
        plain = fold(ch)
        if len(plain) == 1 and plain.isascii() and not plain.isalnum() and plain != ch:
            table[ch] = plain
    return table


TYPESET: Final[dict[str, str]] = _typeset_table()


def typeset_only(text: str, folded: str) -> bool:
    """True when ``folded`` (``fold(strip_invisible(text)[0])``) is ``text`` with some typeset
    punctuation or spaces replaced by their ASCII forms at the same positions, and nothing else
    changed. Linear: one comparison of the two texts' code points, then a table look-up per
    changed position."""
    if len(text) != len(folded):
        return False
    if text == folded:
        return True
    ours = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    theirs = np.frombuffer(folded.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    for at in np.flatnonzero(ours != theirs).tolist():
        if TYPESET.get(text[at]) != folded[at]:
            return False
    return True
