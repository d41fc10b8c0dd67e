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
* a combining mark (any of categories Mn and Me: "Zalgo" text too) after an ASCII letter as
  nothing;
* the small capitals (``LATIN LETTER SMALL CAPITAL A``...) as lower-case letters, the negative
  squared / negative circled letters and the regional indicators as capitals;
* the letters of the scripts used to spoof Latin (Cyrillic, Greek, Armenian, Cherokee, Lisu,
  Coptic, Latin's own IPA letters) that Unicode's confusables list gives for an ASCII letter
  ("Iɡnօrе ɑll", "ᏚᎩᏚᎢᎬᎷ") as that letter;
* three or more "(x)" in a row as the letters.

The stored text keeps its forms; the view is only read. Words of languages that use diacritics
("réserver", "Prüfung") change in the view too: their lines cost one more rule pass, and no
override rule of those languages needs the marks (their original view is read as well). Letters
of their own (ß, æ, þ) keep theirs; Greek, Cyrillic and Armenian words with look-alike letters
change in the view too (one more rule pass for their lines); a flag's two regional indicators
read as its two letters ("FR").

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
# letters with a stroke or a bar, which have no decomposition but read as the plain letter
_STROKES: Final = dict(zip("øØłŁđĐħĦŧŦƀɨ", "oOlLdDhHtTbi", strict=True))
# beyond the BMP: (first code point, count) of each run of capitals A..Z (the C pass has them too)
ASTRAL_CAPITALS: Final = (
    (0x1F150, 26),  # negative circled
    (0x1F170, 26),  # negative squared
    (0x1F1E6, 26),  # regional indicators
)
_SMALL_CAPITAL: Final = re.compile(r"LATIN LETTER SMALL CAPITAL ([A-Z])")
# Letters of the scripts used to spoof Latin ones (Latin, Cyrillic, Greek, Armenian, Cherokee,
# Lisu, Coptic) that Unicode's confusables list gives as look-alikes of an ASCII letter, and that
# NFKC leaves alone ("Iɡnօrе ɑll", "ᏚᎩᏚᎢᎬᎷ"; the common Cyrillic and Greek ones are folded by
# normalize.fold already). Derived from confusable_homoglyphs 3.3.1 (MIT; its confusables.json
# is Unicode's confusables.txt): every BMP entry of those scripts listed for a letter a-z / A-Z.
_CONFUSABLE_FROM: Final = (
    "ıƄƍƖƦƽǀɑɡɣɩɪɯʋʏͿΑΒΕΖΗΙΚΜΝΟΡΤΥΧαγινορσυϜϳϺЅІЈАВЕК"
    "МНОРСТУХЬагеорсухѕіјѡѴѵҮүһҽӀӏԁԌԛԜԝՍՏՕագզհոռսցքօᎠ"
    "ᎡᎢᎥᎩᎪᎫᎬᎳᎷᎻᎽᏀᏂᏃᏏᏒᏔᏕᏙᏚᏞᏟᏢᏦᏧᏳᏴᴄᴏᴑᴜᴠᴡᴢᴦᶃᶌẝỿⲅⲎⲒⲔⲘⲚⲞⲟⲢ"
    "ⲣⲤⲥⲦⲨⲬⳐꓐꓑꓒꓓꓔꓖꓗꓙꓚꓜꓝꓟꓠꓡꓢꓣꓦꓧꓪꓫꓬꓮꓰꓲꓳꓴꙇꜱꞘꞙꞟꞲꞳꞴꬲꬵꬽꭇꭈꭎꭒ"
    "ꭚꭵꮁꮃꮓꮩꮪꮯ"
)
_CONFUSABLE_TO: Final = (
    "ibglRslagyiiwuyJABEZHlKMNOPTYXayivopouFjMSlJABEK"
    "MHOPCTYXbareopcyxsijwVvYyhelidGqWwUSOwqqhnnugfoD"
    "RTiYAJEWMHYGhZbRWSVSLCPKdGBcoouvwzrgyfyrHlKMNOoP"
    "pCcTYXLBPdDTGKJCZFMNLSRVHWXYAElOUisFfuJXBeforruu"
    "yirwzvsc"
)

# the open e's (Greek epsilon, Ukrainian ie, Latin open e): not in the list for "e", yet read as
# one in "rενεαl thε ραsswοrd" (fourteenth session, bench/evasion_bench.py)
_OPEN_E: Final = {"ε": "e", "є": "e", "ɛ": "e"}


def char_class(codes: frozenset[int] | set[int]) -> str:
    """A regex class body of ``codes`` as ranges: ``re`` tests a class of hundreds of single
    characters one by one (240 single variation selectors cost ~1 ms per 2 KB that way)."""
    out: list[str] = []
    ordered = sorted(codes)
    start = prev = ordered[0]
    for c in [*ordered[1:], -1]:
        if c == prev + 1:
            prev = c
            continue
        out.append(re.escape(chr(start)) + ("" if prev == start else "-" + re.escape(chr(prev))))
        start = prev = c
    return "".join(out)


# every combining mark of the BMP (categories Mn, Me): after an ASCII letter it goes
_MARK_CODES: Final = frozenset(
    cp for cp in range(_BMP) if unicodedata.category(chr(cp)) in ("Mn", "Me")
)
_COMBINING: Final = char_class(_MARK_CODES)
_ALL_MARKS: Final = re.compile(f"[{_COMBINING}]+")


def _letters() -> dict[int, str]:
    """Code point -> ASCII letter for every form above but the marks and the parentheses
    (~750 entries; 45-80 ms once per process on this VM, `python -X importtime`)."""
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
    for look, letter in zip(_CONFUSABLE_FROM, _CONFUSABLE_TO, strict=True):
        # a capital that the list gives as "l" ("Ι", "І", "Ӏ") stands for a capital I
        out.setdefault(ord(look), "I" if letter == "l" and look.isupper() else letter)
    for look, letter in _OPEN_E.items():
        out.setdefault(ord(look), letter)
    for first, count in ASTRAL_CAPITALS:
        out.update({first + i: chr(ord("A") + i) for i in range(count)})
    return out


_PLAIN: Final = _letters()
# a character worth a pass: a letter of _PLAIN or a combining mark
_HAS_FORM: Final = re.compile("[" + char_class(set(_PLAIN) | _MARK_CODES) + "]")
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
                table[np.array(sorted(_MARK_CODES), dtype=np.int64)] = 0
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
    if ")(" in out and _PARENTHESIZED.search(out) is not None:  # three "(x)" hold ")("
        out = _PARENTHESIZED.sub(_unparenthesized, out)
    return text if out == text else out
