"""Key words of the override family cut in two ("Ign ore all pre vious ins tructions",
"pass-word"), joined again for the ``deobfuscated`` view (:mod:`obfuscation`), and the trie
:mod:`typos` builds its misspellings with.
"""

from __future__ import annotations

import re
from typing import Final

from a4s_memory.firewall.runon import UNRANKED, is_word, ranks, vocabulary

__all__ = ["HINT", "WORDS", "trie", "unbroken"]

# Key words of the override family cut in two by one blank, hyphen, dot or underscore ("Ign ore
# all pre vious ins tructions", "pass-word"): each is joined again (a split that is two real words,
# "pass word", reads the same joined). Both halves at least two letters; what follows the second
# is not asserted, so "ins tructions" reads "instructions".
WORDS: Final = [
    "ignore",
    "disregard",
    "forget",
    "override",
    "bypass",
    "previous",
    "instruction",
    "guideline",
    "directive",
    "restriction",
    "system",
    "prompt",
    "reveal",
    "password",
    "secret",
    "jailbreak",
    "confidential",
    "credential",
    "unrestricted",
    "exfiltrate",
    "direction",
    "above",
    "opposite",
    "repeat",
    "order",
    "command",
    "everything",
    "before",
    "rules",
    "respond",
    "response",
    "limitation",
    "conversation",
]
_SEPARATORS: Final = "[ .\\-_\u00a0]"
_CUT: Final = "\x00"  # where a separator goes, in the trie below


def trie(words: list[str]) -> str:
    """An alternation of ``words`` as a trie (a shared prefix written once: ``re`` tries a few
    branches at each position instead of every word); :data:`_CUT` stands for a separator."""
    root: dict[str, dict] = {}  # type: ignore[type-arg]
    for word in words:
        node = root
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict) -> str:  # type: ignore[type-arg]
        parts = [
            (_SEPARATORS if ch == _CUT else re.escape(ch)) + emit(child)
            for ch, child in sorted(node.items())
            if ch
        ]
        if not parts:
            return ""
        body = parts[0] if len(parts) == 1 else "(?:" + "|".join(parts) + ")"
        return f"(?:{body})?" if "" in node else body

    return emit(root)


_CUTS: Final = [w[:k] + _CUT + w[k:] for w in WORDS for k in range(2, len(w) - 1)]
# the firewall's Hyperscan gate (obfuscation compiles it, case-insensitive): any cut key word
HINT: Final = "|".join(c.replace(_CUT, _SEPARATORS) for c in _CUTS)
# searched in the lower-cased text (case-sensitive ``re`` skips ahead fast; IGNORECASE costs ~25x)
_BROKEN: Final = re.compile(trie(_CUTS))
# Two cut key words and the text is written cut: other words cut by one blank are joined too.
_MIN_CUT_KEY_WORDS: Final = 2
_RUN: Final = re.compile(r"[A-Za-z]{2,}+")


def unbroken(text: str) -> str:
    """``text`` with the cut key words (:data:`_BROKEN`) joined again; a cut must start a word.
    Once :data:`_MIN_CUT_KEY_WORDS` were, the text is written that way: every other word cut in
    two by a blank is joined too (:func:`_joined_pairs`)."""
    lower = text.lower()
    if len(lower) != len(text):  # lower-casing moved characters: positions would not hold
        return text
    pieces: list[str] = []
    pos = 0
    for m in _BROKEN.finditer(lower):
        start = m.start()
        if start > 0 and lower[start - 1].isascii() and lower[start - 1].isalpha():
            continue
        pieces.append(text[pos:start])
        pieces.append("".join(c for c in text[start : m.end()] if c.isalpha()))
        pos = m.end()
    if not pieces:
        return text
    pieces.append(text[pos:])
    out = "".join(pieces)
    cut = (len(pieces) - 1) // 2  # (two pieces a cut word, and the rest)
    return _joined_pairs(out) if cut >= _MIN_CUT_KEY_WORDS else out


def _joined_pairs(text: str) -> str:
    """``text`` with two neighbouring words joined where together they are a vocabulary word (or
    its plural) and one of them is not a word or is rarer than the join ("tec hniques", "pro
    vide", "sen tences"; not "in to", "can not", "a part": each part is commoner than the join)."""
    words, rank = vocabulary(), ranks()
    last = UNRANKED
    runs = [m.span() for m in _RUN.finditer(text)]
    pieces: list[str] = []
    pos = i = 0
    while i + 1 < len(runs):
        (a0, a1), (b0, b1) = runs[i], runs[i + 1]
        if b0 != a1 + 1 or text[a1] != " ":
            i += 1
            continue
        a, b = text[a0:a1].lower(), text[b0:b1].lower()
        ab = a + b
        if not is_word(ab, words):
            i += 1
            continue
        if (
            a in words
            and b in words
            and rank.get(ab, rank.get(ab[:-1], last)) > max(rank.get(a, last), rank.get(b, last))
        ):
            i += 1
            continue
        pieces.extend((text[pos:a1], text[b0:b1]))
        pos = b1
        i += 2
    if not pieces:
        return text
    pieces.append(text[pos:])
    return "".join(pieces)
