"""The regex side of the Hyperscan prefilter (:mod:`a4s_memory.firewall.hsfilter`): a rule's
branch rewritten for the *proxy* Hyperscan scans instead of the text (one byte per character,
every non-ASCII character as the marker byte of its class in Python's ``re``: a word character
one of ``\\x84``-``\\xff`` by its code point (:func:`word_byte`), ``\\x81`` a decimal digit,
``\\x82`` a blank, ``\\x83`` anything else).
:func:`widen` makes each escape accept the markers it must, so every ``re`` match of the text is
a Hyperscan match of the proxy; None when the branch uses anything that reasoning does not cover
(the module docstring of hsfilter lists them).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = [
    "BLANK",
    "DIGIT",
    "IS_BLANK",
    "IS_DIGIT",
    "IS_WORD",
    "OTHER",
    "WORDS",
    "WORDS_FIRST",
    "marker_of",
    "widen",
    "word_byte",
]

_NUMERIC: Final = frozenset("0123456789uUNpPXgk")  # backrefs, octal, Unicode escapes
_LOW_HEX: Final = frozenset("01234567")  # \xNN below 0x80
_BOUNDED: Final = re.compile(r"\{(\d+),(\d+)\}")
_LONG_REPEAT: Final = 16
_NOT_NL_BLANK: Final = "[^\\S\\n]"  # a blank but a newline, as Python sees it:
_NOT_NL_BLANK_WIDE: Final = "(?:[^\\S\\n]|[\\x1c-\\x1f\\x82])"
# what each escape becomes: inside a class, and alone
_WIDE: Final = {
    # every byte from 0x80: the word bytes and the digit's, and the blank and other markers too
    # (a superset; as short as the class was, so a long rule stays under Hyperscan's length limit)
    "w": ("\\w\\x80-\\xff", "[\\w\\x80-\\xff]"),
    "d": ("\\d\\x81", "[\\d\\x81]"),
    "s": ("\\s\\x1c-\\x1f\\x82", "[\\s\\x1c-\\x1f\\x82]"),
}
# \w inside a negated class: what it excludes must be exactly the word bytes and the digit's
_WORD_EXACT: Final = "\\w\\x81\\x84-\\xff"
# The proxy's marker bytes, and the classes of Python's re they stand for. A non-ASCII word
# character (a letter, a mark) is one of WORDS bytes chosen by its code point, not one byte for
# all: "игнорируй" is then a run of nine particular bytes that a Russian text rarely holds by
# chance, where one marker for every letter made each Cyrillic word of a pattern match every
# Cyrillic word of that length (a Russian text kept Hyperscan busy with every such pattern).
# Two letters may share a byte (a collision only widens the match: still a superset).
DIGIT: Final = "\x81"
BLANK: Final = "\x82"
OTHER: Final = "\x83"
WORDS_FIRST: Final = 0x84  # the word bytes: WORDS_FIRST .. 0xFF
WORDS: Final = 0x100 - WORDS_FIRST
IS_WORD: Final = re.compile(r"\w")
IS_DIGIT: Final = re.compile(r"\d")
IS_BLANK: Final = re.compile(r"\s")


def word_byte(cp: int) -> int:
    """The proxy byte of the non-ASCII word character (not a digit) ``cp``."""
    return WORDS_FIRST + cp % WORDS


def marker_of(ch: str) -> str:
    """The marker byte (as a character) of a non-ASCII character: its class in Python's ``re``
    (digits are word characters, so digits first), a word character's own byte."""
    if IS_DIGIT.match(ch):
        return DIGIT
    if IS_WORD.match(ch):
        return chr(word_byte(ord(ch)))
    return BLANK if IS_BLANK.match(ch) else OTHER


def widen(regex: str, non_ascii: bool = True) -> str | None:
    """``regex`` rewritten for the proxy (see the module docstring); None when not covered.
    ``non_ascii``: a non-ASCII character of the pattern may become its marker (not with
    IGNORECASE, where one may equal an ASCII letter)."""
    out: list[str] = []
    i, n = 0, len(regex)
    in_class = negated = at_start = False
    while i < n:
        ch = regex[i]
        if ch == "\\":
            esc = regex[i + 1 : i + 2]
            if not esc or esc in _NUMERIC or not esc.isascii():
                return None
            if esc == "x" and regex[i + 2 : i + 3] not in _LOW_HEX:
                return None  # a non-ASCII character (or no valid escape)
            i += 2
            at_start = False
            if esc == "w" and in_class and negated:
                out.append(_WORD_EXACT)  # excluded: exactly the word bytes, not the blanks' marker
            elif esc in _WIDE:
                out.append(_WIDE[esc][0 if in_class else 1])
            elif esc in "bB" and not in_class:
                pass  # dropped: the match is only widened
            elif esc in "SWD" and in_class and negated:
                return None
            else:
                out.append("\\" + esc)
            continue
        if not ch.isascii():
            if not non_ascii:
                return None
            # In a negated class a non-ASCII member (or range) is left out: excluding its marker
            # would exclude every character of its class ("[^.。]" as "[^.\x83]" refused
            # Devanagari vowel signs, which Python's class accepts, so Hyperscan ruled out Hindi
            # texts that the rule matched).
            keep = not (in_class and negated)
            if in_class and regex[i + 1 : i + 2] == "-" and regex[i + 2 : i + 3] not in ("", "]"):
                if regex[i + 2].isascii():
                    return None
                if keep:
                    out.append("\\x80-\\xff")  # a non-ASCII range: every marker
                i += 3
            elif in_class and out[-1:] == ["-"] and not at_start:
                return None  # a range from an ASCII character to this one
            else:
                if keep:
                    out.append(f"\\x{ord(marker_of(ch)):02x}")
                i += 1
            at_start = False
            continue
        if in_class:
            if ch == "]" and not at_start:
                in_class = False
                if out[-1] == "[^":  # every member left out: the class takes any byte
                    out[-1] = "[\\x00-\\xff"
            elif ch == "[" and regex[i + 1 : i + 2] in (":", "=", "."):
                return None  # a POSIX class to PCRE, three characters to Python
            at_start = False
        elif ch == "{" and (m := _BOUNDED.match(regex, i)) is not None:
            # a long bounded repeat costs Hyperscan seconds to compile: unbounded is a superset
            lo, hi = int(m.group(1)), int(m.group(2))
            out.append(m.group(0) if hi < _LONG_REPEAT else f"{{{lo},}}")
            i = m.end()
            continue
        elif regex.startswith(_NOT_NL_BLANK, i):
            out.append(_NOT_NL_BLANK_WIDE)  # Python's blanks but a newline, markers included
            i += len(_NOT_NL_BLANK)
            continue
        elif ch == "[":
            in_class = True
            negated = regex[i + 1 : i + 2] == "^"
            out.append("[^" if negated else "[")
            i += 2 if negated else 1
            at_start = True  # a "]" right after "[" or "[^" is a member
            continue
        out.append(ch)
        i += 1
    return None if in_class else "".join(out)
