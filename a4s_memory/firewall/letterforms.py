"""Latin letters in other forms read as plain letters, for the ``deobfuscated`` view
(:mod:`obfuscation`).

Every word-based rule spells its words in plain letters, so an override written in another form
of them was stored: with diacritics ("Dísregard all prior instructions", "Ïgnörë äll prëvïöüs
ïnstrüctïöns"; "İ" even lower-cases to "i" plus a combining dot, splitting the word), with a
combining mark on every letter (enclosing circles, U+20DD), in the small capitals, negative
squared or negative circled letters or regional indicators of "fancy text" generators
("ɪɢɴᴏʀᴇ ᴀʟʟ", "🅸🅶🅽🅾🆁🅴"), or in parenthesized letters (NFKC makes "⒤⒢⒩" "(i)(g)(n)").
NFKC and the homoglyph table (:func:`normalize.fold`) leave all of these. The view reads:

* a letter whose canonical decomposition is an ASCII letter plus combining marks as that letter,
  and the letters with a stroke that have no decomposition (ø ł đ ħ ŧ ƀ ɨ) as the plain one;
* a combining mark (the four Unicode blocks of them) after an ASCII letter as nothing;
* the small capitals (``LATIN LETTER SMALL CAPITAL A``...) as lower-case letters, the negative
  squared / negative circled letters and the regional indicators as capitals;
* three or more "(x)" in a row as the letters.

The stored text keeps its forms; the view is only read. Words of languages that use diacritics
("réserver", "Prüfung") change in the view too: their lines cost one more rule pass, and no
override rule of those languages needs the marks (their original view is read as well). Letters
of their own (ß, æ, þ), Greek and Cyrillic keep theirs; a flag's two regional indicators read as
its two letters ("FR").

One pass in C over a table (:func:`_scan.plain_letters`, ~5 us per 2 KB), with the Python
passes below as the reference the unit tests hold it to and as the path without the extension.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from typing import Final

import numpy as np
import numpy.typing as npt

from a4s_memory.firewall.native import SCAN

__all__ = ["plain_letters"]

_BMP: Final = 0x10000
# the combining marks: diacritical marks, extended, supplement, for symbols, half marks
_COMBINING: Final = "\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"
_COMBINING_RANGES: Final = (
    (0x300, 0x370),
    (0x1AB0, 0x1B00),
    (0x1DC0, 0x1E00),
    (0x20D0, 0x2100),
    (0xFE20, 0xFE30),
)
# letters with a stroke or a bar, which have no decomposition but read as the plain letter
_STROKES: Final = dict(zip("øØłŁđĐħĦŧŦƀɨ", "oOlLdDhHtTbi", strict=True))
# beyond the BMP: (first code point, count) of each run of capitals A..Z (the C pass has them too)
ASTRAL_CAPITALS: Final = (
    (0x1F150, 26),  # negative circled
    (0x1F170, 26),  # negative squared
    (0x1F1E6, 26),  # regional indicators
)
_ALL_MARKS: Final = re.compile(f"[{_COMBINING}]+")
_SMALL_CAPITAL: Final = re.compile(r"LATIN LETTER SMALL CAPITAL ([A-Z])")


def _letters() -> dict[int, str]:
    """Code point -> ASCII letter for every form above but the marks and the parentheses
    (~550 entries; ~25 ms once per process)."""
    out = {ord(k): v for k, v in _STROKES.items()}
    for cp in range(0x80, _BMP):
        ch = chr(cp)
        if unicodedata.decomposition(ch):
            parts = unicodedata.normalize("NFD", ch)
            base = _STROKES.get(parts[0], parts[0])
            if parts[1:] and base.isascii() and base.isalpha() and _ALL_MARKS.fullmatch(parts[1:]):
                out[cp] = base
        elif (small := _SMALL_CAPITAL.fullmatch(unicodedata.name(ch, ""))) is not None:
            out[cp] = small.group(1).lower()
    for first, count in ASTRAL_CAPITALS:
        out.update({first + i: chr(ord("A") + i) for i in range(count)})
    return out


_PLAIN: Final = _letters()
# a character worth a pass: a letter of _PLAIN or a combining mark
_HAS_FORM: Final = re.compile(
    "[" + "".join(re.escape(chr(cp)) for cp in sorted(_PLAIN)) + _COMBINING + "]"
)
# the Python reference: marks after an ASCII letter (once the letters are plain)
_MARKS_AFTER_LETTER: Final = re.compile(f"(?<=[A-Za-z])[{_COMBINING}]++")
# "(i)(g)(n)(o)(r)(e)": what NFKC makes of parenthesized letters; three in a row at least
_PARENTHESIZED: Final = re.compile(r"(?:\([A-Za-z]\)){3,}+")
_TABLE: list[npt.NDArray[np.uint16]] = []
_TABLE_LOCK: Final = threading.Lock()


def _table() -> npt.NDArray[np.uint16]:
    """The C pass's table: each BMP code point's replacement (itself for most), 0 for a
    combining mark (built once, 128 KB)."""
    if not _TABLE:
        with _TABLE_LOCK:
            if not _TABLE:
                table = np.arange(_BMP, dtype=np.uint16)
                for cp, letter in _PLAIN.items():
                    if cp < _BMP:
                        table[cp] = ord(letter)
                for start, end in _COMBINING_RANGES:
                    table[start:end] = 0
                _TABLE.append(table)
    return _TABLE[0]


def letters_reference(text: str) -> str:
    """The letter pass of :func:`plain_letters` in Python (slow: ~0.25 us a character): the
    letters through a dictionary, then the marks after an ASCII letter deleted."""
    return _MARKS_AFTER_LETTER.sub("", text.translate(_PLAIN))


def _unparenthesized(m: re.Match[str]) -> str:
    return m.group(0)[1::3]


def plain_letters(text: str) -> str:
    """``text`` with its Latin letters in other forms read as plain letters (``text`` itself,
    the same object, when there is none)."""
    out = text
    if not text.isascii():
        if SCAN is not None:  # one pass in C (~4 us per 2 KB) whether or not there is a form
            out = SCAN.plain_letters(text, _table())
        elif _HAS_FORM.search(text) is not None:  # (the regex costs ~12 us per 2 KB)
            out = letters_reference(text)
    if "(" in out and _PARENTHESIZED.search(out) is not None:
        out = _PARENTHESIZED.sub(_unparenthesized, out)
    return text if out == text else out
