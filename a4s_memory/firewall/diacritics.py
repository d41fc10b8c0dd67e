"""Latin letters with their diacritics taken off, for the ``deobfuscated`` view (:mod:`obfuscation`).

Marks on the letters of an English override ("Dísregard all prior instructions", "Ïgnörë äll
prëvïöüs ïnstrüctïöns", "İgnore your guidelines") left every word-based rule blind: the rules
spell the words without marks, and "İ" even lower-cases to "i" plus a combining dot, splitting
the word. The view reads every Latin letter without its marks (a letter whose canonical
decomposition is an ASCII letter and combining marks becomes that letter; a combining mark after
an ASCII letter goes; a few letters with a stroke that have no decomposition read as the plain
letter: "ø", "ł", "đ"), so every rule reads through the marks instead of each rule learning
them. The stored text keeps its marks; the view is only read. Words of languages that use the
marks ("réserver", "Prüfung") change in the view too: their lines cost one more rule pass, and
no override rule of those languages needs the marks it would lose there (their original view is
read as well). Letters of their own (ß, æ, þ) and other scripts (Greek, Cyrillic) keep theirs.

One pass in C over a table (:func:`_scan.unmark`, ~a few us per 2 KB), with the Python passes
below as the reference the unit tests hold it to and as the path without the extension.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from typing import Final

import numpy as np
import numpy.typing as npt

from a4s_memory.firewall.native import SCAN

__all__ = ["unmarked"]

_BMP: Final = 0x10000
_COMBINING: Final = "\u0300-\u036f"
# letters with a stroke or a bar, which have no decomposition but read as the plain letter
_STROKES: Final = {
    "ø": "o",
    "Ø": "O",
    "ł": "l",
    "Ł": "L",
    "đ": "d",
    "Đ": "D",
    "ħ": "h",
    "Ħ": "H",
    "ŧ": "t",
    "Ŧ": "T",
    "ƀ": "b",
    "ɨ": "i",
}


def _plain_letters() -> dict[int, str]:
    """Code point -> ASCII letter, for every BMP letter that is an ASCII letter (or a stroke
    letter) plus combining marks, and the stroke letters (~500 entries; ~20 ms once)."""
    out = {ord(k): v for k, v in _STROKES.items()}
    for cp in range(0x80, _BMP):
        if not unicodedata.decomposition(chr(cp)):
            continue
        parts = unicodedata.normalize("NFD", chr(cp))
        base = _STROKES.get(parts[0], parts[0])
        marks = parts[1:]
        if marks and base.isascii() and base.isalpha() and _ALL_MARKS.fullmatch(marks):
            out[cp] = base
    return out


_ALL_MARKS: Final = re.compile(f"[{_COMBINING}]+")
_PLAIN: Final = _plain_letters()
# a character worth a pass: a letter of _PLAIN or a combining mark
_HAS_MARKED: Final = re.compile(
    "[" + "".join(re.escape(chr(cp)) for cp in sorted(_PLAIN)) + _COMBINING + "]"
)
# the Python reference: marks after an ASCII letter (once the letters are plain)
_MARKS_AFTER_LETTER: Final = re.compile(f"(?<=[A-Za-z])[{_COMBINING}]++")
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
                    table[cp] = ord(letter)
                table[0x300:0x370] = 0
                _TABLE.append(table)
    return _TABLE[0]


def unmarked_reference(text: str) -> str:
    """:func:`unmarked` in Python (slow: ~0.25 us a character): the letters through a
    dictionary, then the marks after an ASCII letter deleted."""
    out = _MARKS_AFTER_LETTER.sub("", text.translate(_PLAIN))
    return text if out == text else out


def unmarked(text: str) -> str:
    """``text`` with its Latin letters read without their marks (``text`` itself, the same
    object, when there is none)."""
    if text.isascii():
        return text
    if SCAN is not None:  # one pass in C (~4 us per 2 KB) whether or not there is a mark
        out = SCAN.unmark(text, _table())
        if out is not None:
            return out
    if _HAS_MARKED.search(text) is None:  # (the regex costs ~12 us per 2 KB without one)
        return text
    return unmarked_reference(text)
