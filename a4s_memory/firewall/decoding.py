"""Encoded parts of a text decoded for the injection rules: the ``base64`` / ``hex`` / ``escape``
views (candidate runs decoded in place, kept only when the result is mostly printable text, so
random secrets are not decoded into noise), the ``percent`` / ``entity`` views (the whole text
decoded), and the bytes of emoji smuggling (:func:`selector_payload`). Used by
:func:`a4s_memory.firewall.normalize.views`; pure functions, no I/O.
"""

from __future__ import annotations

import base64
import binascii
import html
import re
from collections.abc import Callable
from itertools import islice
from typing import Final
from urllib.parse import unquote

from a4s_memory.firewall.native import SCAN
from a4s_memory.firewall.triggers import long_runs

__all__ = ["WHOLE_TEXT_DECODED", "decoded_views", "has_selector_run", "selector_payload"]

_B64_RUN: Final = re.compile(r"(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{20,}={0,2}")
_HEX_RUN: Final = re.compile(r"(?<![0-9A-Fa-f])(?:[0-9A-Fa-f]{2}){10,}(?![0-9A-Fa-f])")
_ESC_RUN: Final = re.compile(r"(?:\\x[0-9A-Fa-f]{2}|\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8}){3,}")
# Percent escapes and numeric HTML entities: a text with three or more (or with one encoded blank,
# "%20": short overrides hold two) is decoded whole, wherever
# they sit ("Ignore%20all%20previous%20instructions", "&#73;g&#110;o&#114;e": a model reads both;
# runs of them only were decoded before the fourteenth session). Decoding benign text (a URL's
# query, "&#8211;") only adds a view the rules read; it is never stored.
_PCT_ESCAPE: Final = re.compile(r"%[0-9A-Fa-f]{2}")
_ENTITY: Final = re.compile(r"&#(?:[xX][0-9A-Fa-f]{1,6}|\d{1,7});")
_MIN_ESCAPES: Final = 3
# decodings of the whole text: the re-spelling steps read them as well
WHOLE_TEXT_DECODED: Final = frozenset({"percent", "entity"})
# Emoji smuggling: bytes written as variation selectors after an emoji (VS1-VS16 for 0-15,
# VS17-VS256 for 16-255; Hackett et al., LLMSec 2025). An emoji or an ideograph takes one
# selector; two or more in a row have no use but to carry hidden bytes.
_MIN_SELECTORS: Final = 2
_SELECTOR_RUN: Final = re.compile(f"[\ufe00-\ufe0f\U000e0100-\U000e01ef]{{{_MIN_SELECTORS},}}")
_MAX_DECODED_RUNS: Final = 16


def _printable(decoded: str) -> bool:
    if len(decoded) < 6:
        return False
    good = sum(1 for c in decoded if c.isprintable() or c in "\n\r\t")
    letters = sum(1 for c in decoded if c.isalpha() or c == " ")
    return good / len(decoded) >= 0.95 and letters / len(decoded) >= 0.6


def _b64(run: str) -> str | None:
    s = run.rstrip("=")
    if len(s) % 4 == 1:
        return None
    # a real base64 payload mixes cases; a long identifier in one case is not worth decoding
    if s.isalpha() and (s.islower() or s.isupper()):
        return None
    padded = s + "=" * (-len(s) % 4)
    try:
        alt = b"-_" if ("-" in s or "_" in s) else None
        raw = base64.b64decode(padded, altchars=alt, validate=True)
        return raw.decode("utf-8")
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return None


def _hex(run: str) -> str | None:
    try:
        return bytes.fromhex(run).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return None


def _escape(run: str) -> str | None:
    try:
        return run.encode("ascii").decode("unicode_escape")
    except (UnicodeDecodeError, UnicodeEncodeError):
        return None


def decoded_views(text: str, runs: list[tuple[int, int]] | None = None) -> list[tuple[str, str]]:
    """Decode candidate runs; each decoded run is substituted back in place so the words around it
    are checked together with it (one view per encoding found). base64 and hex candidates are
    looked for only inside long non-blank runs (one scan), escapes only when a backslash occurs."""
    out: list[tuple[str, str]] = []
    budget = _MAX_DECODED_RUNS
    runs = long_runs(text, 20) if runs is None else runs
    candidates: list[tuple[str, re.Pattern[str], Callable[[str], str | None], bool]] = [
        ("base64", _B64_RUN, _b64, True),
        ("hex", _HEX_RUN, _hex, True),
        ("escape", _ESC_RUN, _escape, False),
    ]
    for kind, regex, decoder, in_runs in candidates:
        if in_runs:
            if not runs:
                continue
            matches = [m for lo, hi in runs for m in regex.finditer(text, lo, hi)]
        elif "\\" in text:
            matches = list(regex.finditer(text))
        else:
            continue
        pieces: list[str] = []
        pos = 0
        for m in matches:
            if budget <= 0:
                break
            budget -= 1
            decoded = decoder(m.group(0))
            if decoded is not None and _printable(decoded):
                pieces.append(text[pos : m.start()])
                pieces.append(decoded)
                pos = m.end()
        if pieces:
            pieces.append(text[pos:])
            out.append((kind, "".join(pieces)))
    if "%" in text and ("%20" in text or _at_least(_PCT_ESCAPE, text, _MIN_ESCAPES)):
        out.append(("percent", unquote(text)))
    if "&#" in text and _at_least(_ENTITY, text, _MIN_ESCAPES):
        out.append(("entity", html.unescape(text)))
    return out


def _at_least(pattern: re.Pattern[str], text: str, count: int) -> bool:
    """Does ``pattern`` occur ``count`` times in ``text`` (stops at the count)?"""
    return next(islice(pattern.finditer(text), count - 1, None), None) is not None


def has_selector_run(text: str) -> bool:
    """True when two or more variation selectors follow one another (emoji smuggling). One pass
    in C (~5 us per 10 KB); the regex, the path without the extension, costs ~200 us."""
    if SCAN is not None:
        return SCAN.selector_run(text, _MIN_SELECTORS)
    return _SELECTOR_RUN.search(text) is not None


def selector_payload(text: str) -> str:
    """The bytes carried by runs of variation selectors, decoded as UTF-8 (invalid bytes
    replaced)."""
    data = bytearray()
    for m in _SELECTOR_RUN.finditer(text):
        for ch in m.group(0):
            cp = ord(ch)
            data.append(cp - 0xFE00 if cp < 0x10000 else cp - 0xE0100 + 16)
        data.append(0x0A)
    return data.decode("utf-8", errors="replace")
