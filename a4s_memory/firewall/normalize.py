"""Undo the evasions attackers use so the rule tables see what a model would see.

:func:`views` turns one text into a few *views*, each tagged with how it was obtained:

* ``original`` — the text as given;
* ``normalized`` — NFKC, zero-width and bidi controls removed, Unicode tag characters removed,
  confusable letters (Cyrillic/Greek look-alikes, fullwidth, mathematical alphanumerics via NFKC)
  folded to ASCII; produced only when the text is not plain ASCII;
* ``tag_payload`` — text smuggled in Unicode tag characters (U+E0020..U+E007E map to ASCII);
* ``selector_payload`` — bytes smuggled in runs of variation selectors after an emoji;
* ``comment`` — the inside of HTML ``<!-- -->`` and markdown ``[//]: # (...)`` comments;
* ``base64`` / ``hex`` / ``escape`` — candidate runs decoded, kept only when the result is mostly
  printable text (so random secrets are not decoded into noise); ``percent`` / ``entity`` — the
  whole text decoded when it holds escapes, then read by the re-spelling steps too
  (:mod:`a4s_memory.firewall.decoding`);
* ``deobfuscated`` — the lines spelled in leetspeak (digits and symbols), split into letters,
  joined by hyphens / underscores, run together, cut in two, marked up inside words, misspelt,
  with doubled letters or without vowels, or one word per line, read plainly
  (:mod:`a4s_memory.firewall.obfuscation`);
* ``letterforms`` — the lines with Latin letters in other forms (diacritics, look-alikes of other
  scripts, small capitals, fancy-text letters, marks on every letter) read as plain letters, then
  as ``deobfuscated`` (:mod:`a4s_memory.firewall.letterforms`);
* ``reversed`` / ``rot13`` / ``upside_down`` — the lines written backwards, in ROT13 or upside
  down, when they hold a key word of an override written that way
  (:mod:`a4s_memory.firewall.ciphers`).

The learned layer reads the re-spelling views (``deobfuscated`` to ``upside_down``) too
(:data:`a4s_memory.firewall.injection.RESPELT`).

Decoding is one level deep, over candidate runs (a run must match a tight regex first) or, for
percent-encoding and HTML entities, over the whole text once: linear in the text. Pure
functions, no I/O.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from a4s_memory.firewall.ciphers import cipher_views
from a4s_memory.firewall.decoding import (
    WHOLE_TEXT_DECODED,
    decoded_views,
    has_selector_run,
    selector_payload,
)
from a4s_memory.firewall.letterforms import char_class
from a4s_memory.firewall.obfuscation import respelt_views
from a4s_memory.firewall.triggers import TextScan

__all__ = [
    "HOMOGLYPH_CODES",
    "LazyViews",
    "View",
    "either_form",
    "fold",
    "has_selector_run",
    "has_tag_chars",
    "iter_views",
    "normalized",
    "strip_invisible",
    "views",
]

# Zero-width and bidi/format controls that hide or reorder text. ZWJ (U+200D) is kept out of the
# "suspicious" count only when it sits between two emoji (emoji sequences use it legitimately).
_INVISIBLE: Final = frozenset(
    [
        0x00AD,
        0x034F,
        0x061C,
        0x115F,
        0x1160,
        0x17B4,
        0x17B5,
        0x180E,
        0x200B,
        0x200C,
        0x200D,
        0x200E,
        0x200F,
        0x202A,
        0x202B,
        0x202C,
        0x202D,
        0x202E,
        0x2060,
        0x2061,
        0x2062,
        0x2063,
        0x2064,
        0x2066,
        0x2067,
        0x2068,
        0x2069,
        0x206A,
        0x206B,
        0x206C,
        0x206D,
        0x206E,
        0x206F,
        0x3164,
        0xFEFF,
        0xFFA0,
        # variation selectors: invisible, and between the letters of a word they split it
        # ("I\ufe0fg\ufe0fn\ufe0fo\ufe0fr\ufe0fe"); an emoji without one is the same emoji
        *range(0xFE00, 0xFE10),
        *range(0xE0100, 0xE01F0),
    ]
)
_STRIP_TABLE: Final[dict[int, None]] = {cp: None for cp in _INVISIBLE}
_TAG_RANGE: Final = range(0xE0000, 0xE0080)
_BLACK_FLAG: Final = 0x1F3F4  # emoji subdivision flags legitimately use tag characters

# Confusables that NFKC leaves alone: Cyrillic and Greek letters that look Latin, plus a few
# punctuation look-alikes. (NFKC already folds fullwidth and mathematical alphanumerics.)
_HOMOGLYPHS: Final[dict[int, str]] = {
    ord(k): v
    for k, v in {
        "а": "a",
        "в": "b",
        "е": "e",
        "ё": "e",
        "к": "k",
        "м": "m",
        "н": "h",
        "о": "o",
        "р": "p",
        "с": "c",
        "т": "t",
        "у": "y",
        "х": "x",
        "ѕ": "s",
        "і": "i",
        "ї": "i",
        "ј": "j",
        "ԁ": "d",
        "ԛ": "q",
        "ԝ": "w",
        "ɡ": "g",
        "һ": "h",
        "ӏ": "l",
        "ո": "n",
        "ս": "u",
        "А": "A",
        "В": "B",
        "Е": "E",
        "К": "K",
        "М": "M",
        "Н": "H",
        "О": "O",
        "Р": "P",
        "С": "C",
        "Т": "T",
        "У": "Y",
        "Х": "X",
        "Ѕ": "S",
        "І": "I",
        "Ј": "J",
        "Ԁ": "D",
        "α": "a",
        "ο": "o",
        "ρ": "p",
        "ν": "v",
        "τ": "t",
        "ι": "i",
        "κ": "k",
        "χ": "x",
        "υ": "u",
        "Α": "A",
        "Β": "B",
        "Ε": "E",
        "Ζ": "Z",
        "Η": "H",
        "Ι": "I",
        "Κ": "K",
        "Μ": "M",
        "Ν": "N",
        "Ο": "O",
        "Ρ": "P",
        "Τ": "T",
        "Υ": "Y",
        "Χ": "X",
        "ı": "i",
        "ȷ": "j",
        "ℓ": "l",
        "‐": "-",
        "‑": "-",
        "‒": "-",
        "–": "-",
        "—": "-",
        "‘": "'",
        "’": "'",
        "‚": "'",
        "“": '"',
        "”": '"',
        "„": '"',
        "＜": "<",
        "＞": ">",
        "‹": "<",
        "›": ">",
        "«": "<",
        "»": ">",
        "⁄": "/",
        "\u2800": " ",  # the braille blank: a space to the eye, no blank to \s
    }.items()
}

HOMOGLYPH_CODES: Final = frozenset(_HOMOGLYPHS)  # the code points fold() maps by table


_INVISIBLE_RE: Final = re.compile("[" + char_class(_INVISIBLE) + "]")
_HOMOGLYPH_RE: Final = re.compile("[" + "".join(re.escape(chr(c)) for c in _HOMOGLYPHS) + "]")
_TAG_CHAR: Final = re.compile("[\U000e0000-\U000e007f]")
# either kind of hidden character: one scan says whether strip_invisible has anything to do
_HIDDEN: Final = re.compile("[" + char_class(_INVISIBLE) + "\U000e0000-\U000e007f]")
_HTML_COMMENT: Final = re.compile(r"<!--(.*?)(?:-->|$)", re.DOTALL)
# Linear on CPython's re: the blanks before "[" stay on the line (a match
# that started on an earlier blank line starts again on this line, same groups), and every blank
# run is possessive because what follows it cannot be a blank.
_MD_COMMENT: Final = re.compile(
    r"^[^\S\n]*+\[[^\]\n]*+\]:\s*+(?:#|<>)\s*+(?:\((.*?)\)|\"(.*?)\")[^\S\n]*+$", re.MULTILINE
)


@dataclass(frozen=True, slots=True)
class View:
    kind: str
    text: str
    scan: TextScan | None = None  # the view's TextScan when it was made on the way (reused)


def strip_invisible(text: str) -> tuple[str, int]:
    """Remove zero-width/bidi controls and tag characters; return the text and how many went."""
    # (re.sub deletes in one C pass; str.translate with a dict costs ~0.25 us per character of a
    # non-ASCII text)
    if _HIDDEN.search(text) is None:
        return text, 0  # most texts: one scan instead of two
    out = _INVISIBLE_RE.sub("", text) if _INVISIBLE_RE.search(text) else text
    if _TAG_CHAR.search(out):
        out = _TAG_CHAR.sub("", out)
    return out, len(text) - len(out)


def fold(text: str) -> str:
    """NFKC plus homoglyph folding (call after :func:`strip_invisible`)."""
    # most texts are NFKC already: the check is ~3x cheaper than normalising
    nfkc = unicodedata.is_normalized("NFKC", text)
    out = text if nfkc else unicodedata.normalize("NFKC", text)
    # str.translate walks every character of a non-ASCII text through a dict (~0.25 us each):
    # a few look-alikes (curly quotes, dashes) are replaced one by one instead, in one pass
    # that gives up at one look-alike per 16 characters (then translate is faster; both give
    # the same text)
    limit = len(out) // 16
    if limit:
        folded, replaced = _HOMOGLYPH_RE.subn(_fold_one, out, count=limit)
        if replaced < limit:
            return folded
    elif _HOMOGLYPH_RE.search(out) is None:
        return out
    return out.translate(_HOMOGLYPHS)


def _fold_one(m: re.Match[str]) -> str:
    return _HOMOGLYPHS[ord(m.group(0))]


def has_tag_chars(text: str) -> bool:
    """True when Unicode tag characters appear outside an emoji subdivision flag."""
    if not _TAG_CHAR.search(text):
        return False
    in_flag = False
    for ch in text:
        cp = ord(ch)
        if cp == _BLACK_FLAG:
            in_flag = True
        elif cp in _TAG_RANGE:
            if not in_flag:
                return True
            if cp == 0xE007F:  # CANCEL TAG ends the flag sequence
                in_flag = False
        else:
            in_flag = False
    return False


def _tag_payload(text: str) -> str:
    return "".join(chr(ord(c) - 0xE0000) for c in text if 0xE0020 <= ord(c) <= 0xE007E)


def either_form(alternatives: str) -> str:
    """``|``-separated words as a regex matching them as written and as :func:`fold` leaves them
    (it reads look-alike letters as Latin: "игнорируй" becomes "игhopиpyй"), so a rule for a
    non-Latin language matches in the normalised view without reporting an evasion."""

    def one(c: str) -> str:
        f = fold(c)
        if f == c:
            return re.escape(c)
        if len(f) == 1:
            return f"[{re.escape(c)}{re.escape(f)}]"
        return f"(?:{re.escape(c)}|{re.escape(f)})"  # NFKC: Thai "ำ" is "ํ" + "า"

    return "|".join("".join(one(c) for c in word) for word in alternatives.split("|"))


def normalized(text: str) -> str:
    """``fold(strip_invisible(text))``: the text the category rules and the normalised view see
    (the text itself when it is plain ASCII)."""
    return text if text.isascii() else fold(strip_invisible(text)[0])


def views(
    text: str,
    folded: str | None = None,
    runs: list[tuple[int, int]] | None = None,
    scan: TextScan | None = None,
) -> list[View]:
    """Every view of ``text`` worth checking; the first is always the original. ``folded`` is
    :func:`normalized` of ``text`` when the caller already has it, ``runs`` the
    :func:`~a4s_memory.firewall.triggers.long_runs` of ``folded`` (or of ``text``), ``scan`` its
    :class:`~a4s_memory.firewall.triggers.TextScan`."""
    return list(iter_views(text, folded, runs, scan))


def iter_views(
    text: str,
    folded: str | None = None,
    runs: list[tuple[int, int]] | None = None,
    scan: TextScan | None = None,
) -> Iterator[View]:
    """:func:`views` one at a time, each made when it is asked for: the original, then the
    normalised view (when there is one), then the rest."""
    yield View("original", text)
    if not text.isascii():
        if folded is None:
            folded = fold(strip_invisible(text)[0])
        if folded != text:
            yield View("normalized", folded)
        if _TAG_CHAR.search(text):
            payload = _tag_payload(text)
            if payload.strip():
                yield View("tag_payload", payload)
        if has_selector_run(text):
            yield View("selector_payload", selector_payload(text))
        base = folded
    else:
        base = text
    if "<!--" in base:
        yield from (View("comment", m.group(1)) for m in _HTML_COMMENT.finditer(base))
    if "]:" in base:
        for m in _MD_COMMENT.finditer(base):
            inner = m.group(1) or m.group(2) or ""
            if inner.strip():
                yield View("comment", inner)
    for kind, decoded in decoded_views(base, runs):
        yield View(kind, decoded)
        if kind in WHOLE_TEXT_DECODED:  # spelt another way too: "ignore%20your%20intructions"
            yield from (View(how, spelt) for how, spelt, _ in respelt_views(decoded))
    own_scan = scan if scan is not None and scan.text is base else None
    yield from (
        View(kind, view, view_scan) for kind, view, view_scan in respelt_views(base, own_scan)
    )
    yield from (View(kind, view) for kind, view in cipher_views(base, own_scan))


class LazyViews:
    """The views of one text (:func:`iter_views`), made the first time they are asked for and
    kept for the next reader. A text the rules refuse on its first views never pays for the
    re-spelling ones (~2-3 ms of a 10 KB text with leetspeak or letterforms in it), and every
    reader after the first gets the same views without making them twice."""

    __slots__ = ("_made", "_rest")

    def __init__(self, source: Iterator[View]) -> None:
        self._made: list[View] = []
        self._rest: Iterator[View] | None = source

    def __iter__(self) -> Iterator[View]:
        i = 0
        while True:
            if i == len(self._made):
                view = None if self._rest is None else next(self._rest, None)
                if view is None:
                    self._rest = None
                    return
                self._made.append(view)
            yield self._made[i]
            i += 1
