"""Misspelt key words of the instruction-override family, read as the words they miss.

Typing errors evade word-based rules: players of Lakera's password game wrote "Ignore all
instrucions", "ignore the previous indtructions", "Disregard previous directoins" (the dev half
of gandalf_ignore_instructions, docs/firewall.md "Public sets never trained on"). Part of the
``deobfuscated`` view (:mod:`obfuscation`): a token within a small edit distance of a key word
(optimal string alignment: a swap of two neighbours is one edit) is replaced by that word, in the
token's case, so every injection rule reads through the misspelling instead of each rule
learning it.

Only tokens that are not words themselves: the real words of bert-base-uncased's vocabulary
within that distance of a key word ("instructor", "construction", "directors", "precious", ...)
are listed in :data:`_REAL_WORDS` and stay as written, with the key words' own inflections. A
token is first found by a cheap shape (:data:`_CANDIDATE`: its first two letters and about its
length), then it must keep enough of the key word's letter pairs before the distance is
computed. Only the stretches around a verb of the override family are read (:data:`VERBS`).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["VERBS", "in_case_of", "respelled"]

# Misspellings are looked for only near a verb of the override family (lower case, as prefixes):
# finding every word of a key word's shape costs ~70 us of ``re`` per 2 KB, and an override names
# its verb ("ignore all instrucions", "repeat your instuction", "do the oppisite of ...").
VERBS: Final = (
    "ignor",
    "disregard",
    "forget",
    "skip",
    "bypass",
    "overrid",
    "neglect",
    "omit",
    "defy",
    "dismiss",
    "repeat",
    "reveal",
    "rephrase",
    "opposite",
    "oppisite",
    "oposite",
)
# Characters read before and after a verb: its object follows it within a few words ("ignore
# all of the previous instrucions"), or precedes it ("the instrucions above: ignore them").
_BEFORE: Final = 120
_AFTER: Final = 160
# Distinct candidate tokens looked at per text; later ones stay as written (an override names
# its key word once or twice; a text with more candidates than this is built to cost time).
_MAX_DISTINCT: Final = 32

# key word -> the largest edit distance read as it (2 for the long words, 1 for "previous":
# "precious" and "previews" are one and two edits away)
_KEY_WORDS: Final[dict[str, int]] = {
    "instructions": 2,
    "instruction": 2,
    "directions": 2,
    "guidelines": 2,
    "previous": 1,
}
# The words of bert-base-uncased's vocabulary (store/data/bert-base-uncased-vocab.txt) within
# those distances of a key word, found once offline, and the key words' inflections.
_REAL_WORDS: Final = frozenset(
    {
        "instruction",
        "instructions",
        "instructor",
        "instructors",
        "instructional",
        "instructed",
        "instructing",
        "construction",
        "constructions",
        "destruction",
        "obstruction",
        "direction",
        "directions",
        "directors",
        "directing",
        "directional",
        "guideline",
        "guidelines",
        "previous",
        "previously",
        "precious",
    }
)
# A word that starts like a key word, of about its length: "instrucions", "intsructions",
# "directoins", "guidlines", "prevoius". Possessive runs: linear.
_CANDIDATE: Final = re.compile(
    r"(?<![A-Za-z])(?:[Ii][Nn][A-Za-z]{7,12}+|[Dd][Ii][A-Za-z]{6,10}+|[Gg][Uu][A-Za-z]{6,10}+"
    r"|[Pp][RrEe][A-Za-z]{5,7}+)(?![A-Za-z])"
)


def _bigrams(word: str) -> frozenset[str]:
    return frozenset(word[i : i + 2] for i in range(len(word) - 1))


# (key word, distance, its bigrams, the fewest of them a token within that distance keeps: an
# edit changes at most three neighbouring pairs). The bigram count rejects most candidates
# ("different" shares 2 of "directions"' 9) before the distance is computed.
_KEYS: Final = tuple(
    (word, limit, _bigrams(word), len(_bigrams(word)) - 3 * limit)
    for word, limit in _KEY_WORDS.items()
)


def _distance(a: str, b: str, limit: int) -> int:
    """Optimal string alignment distance of ``a`` and ``b``, or ``limit + 1`` once above it."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    older: list[int] = []
    before = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            best = min(before[j] + 1, row[j - 1] + 1, before[j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                best = min(best, older[j - 2] + 1)
            row[j] = best
        if min(row) > limit:
            return limit + 1
        older, before = before, row
    return before[len(b)]


def _key_word(token: str) -> str | None:
    """The key word ``token`` misspells, if any (the nearest when two are near)."""
    lower = token.lower()
    if lower in _REAL_WORDS:
        return None
    grams = _bigrams(lower)
    best: tuple[int, str] | None = None
    for word, limit, word_grams, fewest in _KEYS:
        if lower[0] != word[0] or abs(len(lower) - len(word)) > limit:
            continue
        if len(grams & word_grams) < fewest:
            continue
        # a substitution changes two letter counts, an insertion or deletion one, a swap none
        letters = set(lower) | set(word)
        if sum(abs(lower.count(c) - word.count(c)) for c in letters) > 2 * limit:
            continue
        distance = _distance(lower, word, limit)
        if distance <= limit and (best is None or distance < best[0]):
            best = (distance, word)  # "instrcution" is "instruction", not the plural
    return best[1] if best is not None else None


def in_case_of(word: str, token: str) -> str:
    """``word`` in ``token``'s case: upper case, capitalised or as it is (a one-letter capital,
    "Y", is capitalised: "You")."""
    if token.isupper() and len(token) > 1:
        return word.upper()
    return word.capitalize() if token[0].isupper() else word


def _windows(text: str, lower: str | None = None) -> list[tuple[int, int]]:
    """The stretches of ``text`` around each override verb (:data:`VERBS`), merged, widened to
    whole words. ``lower``: ``text.lower()`` when the caller has it."""
    lower = text.lower() if lower is None else lower
    if len(lower) != len(text):  # a letter whose lower case is longer ("İ"): offsets differ
        return [(0, len(text))] if any(v in lower for v in VERBS) else []
    spans: list[tuple[int, int]] = []
    for verb in VERBS:
        at = lower.find(verb)
        while at >= 0:
            spans.append((max(0, at - _BEFORE), min(len(text), at + _AFTER)))
            at = lower.find(verb, at + 1)
    spans.sort()
    merged: list[tuple[int, int]] = []
    for a, b in spans:
        while a > 0 and text[a - 1].isalpha():
            a -= 1
        while b < len(text) and text[b].isalpha():
            b += 1
        if merged and a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(b, merged[-1][1]))
        else:
            merged.append((a, b))
    return merged


def respelled(text: str, lower: str | None = None) -> str | None:
    """``text`` with each misspelt key word near an override verb replaced by the key word, or
    None when none is. ``lower``: ``text.lower()`` when the caller has it."""
    windows = _windows(text, lower)
    if not windows:
        return None
    changed = False
    known: dict[str, str | None] = {}

    def fix(m: re.Match[str]) -> str:
        nonlocal changed
        token = m.group(0)
        if token not in known:
            # A bound on the work one text can ask for: distinct near-misses cost an edit
            # distance each (~0.1 ms), so a text made of thousands would cost seconds.
            known[token] = _key_word(token) if len(known) < _MAX_DISTINCT else None
        word = known[token]
        if word is None:
            return token
        changed = True
        return in_case_of(word, token)

    pieces: list[str] = []
    pos = 0
    for a, b in windows:
        pieces.append(text[pos:a])
        pieces.append(_CANDIDATE.sub(fix, text[a:b]))
        pos = b
    pieces.append(text[pos:])
    return "".join(pieces) if changed else None
