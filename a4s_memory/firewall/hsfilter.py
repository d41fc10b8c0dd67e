"""Hyperscan as a sound *superset* prefilter for the rule regexes (issue 14).

Every :class:`~a4s_memory.firewall.fastre.FastPattern` branch is :func:`register`-ed here with the
text it runs on (the lower-cased text or the text as given). One Hyperscan database per target
holds every eligible branch, compiled with ``HS_FLAG_PREFILTER``: Hyperscan then matches a
superset of what the pattern matches (lookarounds and possessive quantifiers are widened, bounded
repeats may be loosened), so *no Hyperscan match* proves that ``re`` cannot match either and the
branch is skipped. ``re`` still runs every branch that may match, and decides: the decision is the
same with or without this module, by construction. One scan of the text (per target) replaces a
``re`` search per branch whose prefilter literals occur but that does not match.

Hyperscan scans bytes with ASCII classes, Python's ``re`` scans ``str`` with Unicode ones, so the
text is scanned as a *proxy*: one byte per character, every ASCII character as itself and every
other one as a marker byte for its class in Python's ``re`` (a word character one of
``\\x84``-``\\xff`` chosen by its code point, so a pattern's letters stay apart from other letters
of their script; ``\\x81`` a decimal digit, ``\\x82`` a blank, ``\\x83`` anything else). The
patterns are widened to match (:func:`widen`): ``\\w`` also accepts the word bytes and
``\\x81``, ``\\d`` ``\\x81``, ``\\s``
``\\x82`` and U+001C..U+001F (blanks to Python only), and ``\\b``/``\\B`` are dropped (an
assertion removed only widens). A negated class, ``.``, ``\\W``, ``\\S`` and ``\\D`` already
accept every marker they should. So each ``re`` match of the text is a Hyperscan match of the
proxy. A branch written with anything this reasoning does not cover (non-ASCII, inline flags,
numeric escapes, ``{,n}``, ``[:`` inside a class (POSIX in PCRE), a ``\\S``/``\\W``/``\\D`` inside a negated class,
flags other than MULTILINE/DOTALL) is never filtered.

Without the ``hyperscan`` package (wheels exist for x86-64 Linux), before :func:`start` has
been called, and until its background compilation ends (about 5 s of CPU once per process;
Hyperscan releases the GIL meanwhile), nothing is filtered: the answers are those of the rules
alone. The compiled databases are kept in a file (:mod:`hs_cache`: checked against a digest of
every expression and flag before use), so only the first process after a change of the rules
compiles; the others read them in well under a second.
"""

from __future__ import annotations

import codecs
import importlib
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from a4s_memory.firewall import hs_cache
from a4s_memory.firewall.hs_cache import Expression
from a4s_memory.firewall.hs_widen import (
    BLANK,
    DIGIT,
    IS_BLANK,
    IS_DIGIT,
    IS_WORD,
    OTHER,
    WORDS,
    WORDS_FIRST,
    marker_of,
    widen,
)
from a4s_memory.firewall.native import SCAN

__all__ = [
    "ALL",
    "ASCII_FOLDS",
    "CASELESS",
    "LOWER",
    "TEXT",
    "available",
    "disable",
    "from_cache",
    "may_match",
    "proxy",
    "register",
    "start",
    "status",
    "use_cache",
    "wait",
]

try:  # python-hyperscan ships no type information
    _HS: Any = importlib.import_module("hyperscan")
except ImportError:  # pragma: no cover - exercised by tests through disable()
    _HS = None

ALL: Final = -1  # "every branch may match": the answer when nothing can be filtered
_FLAGS: Final = {re.MULTILINE: "HS_FLAG_MULTILINE", re.DOTALL: "HS_FLAG_DOTALL"}
_PY_FLAGS: Final = re.MULTILINE | re.DOTALL | re.UNICODE | re.IGNORECASE
_UNSAFE: Final = re.compile(r"\(\?[aiLmsux-]|\{,")  # inline flags; {,n}: a literal in PCRE
_CLASS_CACHE: Final = 8192


LOWER: Final = 0  # a pattern run on the lower-cased text
TEXT: Final = 1  # run on the text as given
CASELESS: Final = 2  # run with re.IGNORECASE on the text as given
_KINDS: Final = (LOWER, TEXT, CASELESS)
# Python's IGNORECASE equates these non-ASCII letters with an ASCII one (lower-case mapping or
# re's case fixes; tests/unit/firewall/test_fw_hyperscan.py derives the list from re itself):
# in a CASELESS proxy they stand for that letter.
ASCII_FOLDS: Final = {"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"}


@dataclass(frozen=True, slots=True)
class _Entry:
    regex: str
    flags: int
    kind: int


@dataclass(frozen=True, slots=True)
class _Ready:
    dbs: tuple[Any, ...]  # one hyperscan.Database (or None) per kind
    unfiltered: int  # bits of every branch the databases do not answer for (a negative int)


_LOCK: Final = threading.Lock()
_entries: list[_Entry] = []
_ready: _Ready | None = None
_started = False
_disabled = False
_cache_path: Path | None = hs_cache.DEFAULT_PATH
_from_cache = False
_done = threading.Event()
_LOCAL: Final = threading.local()


def register(pattern: re.Pattern[str], on_lower: bool) -> int:
    """The bit (``1 << id``) of a branch in :func:`may_match` answers; 0 when it is never
    filtered (an ineligible pattern, no Hyperscan, or registered after :func:`start`).
    ``on_lower``: the pattern runs on the lower-cased text; an IGNORECASE pattern is of kind
    :data:`CASELESS` (it must run on the text as given)."""
    if _HS is None or pattern.flags & ~_PY_FLAGS:
        return 0
    kind = CASELESS if pattern.flags & re.IGNORECASE else LOWER if on_lower else TEXT
    wide = None if _UNSAFE.search(pattern.pattern) else widen(pattern.pattern, kind != CASELESS)
    if wide is None or (kind == CASELESS and on_lower):
        return 0
    with _LOCK:
        if _started:
            return 0
        _entries.append(_Entry(wide, pattern.flags, kind))
        return 1 << (len(_entries) - 1)


def _expression(i: int) -> Expression:
    """Entry ``i`` as Hyperscan compiles it: id, ASCII expression, flags."""
    hs, e = _HS, _entries[i]
    flags = int(hs.HS_FLAG_PREFILTER | hs.HS_FLAG_SINGLEMATCH | hs.HS_FLAG_ALLOWEMPTY)
    if e.kind == CASELESS:
        flags |= int(hs.HS_FLAG_CASELESS)
    for py, name in _FLAGS.items():
        if e.flags & py:
            flags |= int(getattr(hs, name))
    return i, e.regex.encode("ascii"), flags


def _compile(expressions: list[Expression]) -> tuple[Any, set[int]]:
    """A prefilter database of ``expressions`` and the ids it could not take (compiled alone
    to find them: Hyperscan refuses the whole set for one bad expression)."""
    hs = _HS

    def build(chosen: list[Expression]) -> Any:
        db = hs.Database()
        db.compile(
            expressions=[regex for _, regex, _ in chosen],
            ids=[i for i, _, _ in chosen],
            elements=len(chosen),
            flags=[flags for _, _, flags in chosen],
        )
        return db

    if not expressions:
        return None, set()
    try:
        return build(expressions), set()
    except Exception:
        bad: set[int] = set()
        for expression in expressions:
            try:
                build([expression])
            except Exception:
                bad.add(expression[0])
        good = [x for x in expressions if x[0] not in bad]
        return (build(good) if good else None), bad


def _databases(kinds: list[list[Expression]]) -> hs_cache.Compiled:
    """The databases of ``kinds``: from the cache file when it holds them for exactly these
    expressions, else compiled (and the file written for the next process)."""
    global _from_cache
    path = _cache_path
    key = hs_cache.cache_key(_HS, kinds) if path is not None else b""
    if path is not None and (kept := hs_cache.load(path, key, _HS)) is not None:
        _from_cache = True
        return kept
    dbs: list[Any] = []
    refused: set[int] = set()
    for expressions in kinds:
        db, bad = _compile(expressions)
        dbs.append(db)
        refused |= bad
    compiled = hs_cache.Compiled(tuple(dbs), frozenset(refused))
    if path is not None:
        hs_cache.save(path, key, compiled, _HS)
    return compiled


def _build() -> None:
    global _ready
    try:
        count = len(_entries)
        unfiltered = ~((1 << count) - 1)  # registered later: never filtered
        compiled = _databases(
            [[_expression(i) for i in range(count) if _entries[i].kind == kind] for kind in _KINDS]
        )
        for i in compiled.refused:
            unfiltered |= 1 << i
        _proxy_tables()
        with _LOCK:
            if not _disabled:
                _ready = _Ready(compiled.dbs, unfiltered)
    finally:
        _done.set()


def use_cache(path: Path | None) -> None:
    """Where :func:`start` looks for and keeps the compiled databases (:mod:`hs_cache`; the
    package's ``model/hyperscan.cache`` unless set; None: always compile, write nothing).
    Effective only before :func:`start`."""
    global _cache_path
    with _LOCK:
        _cache_path = path


def from_cache() -> bool:
    """True when this process's databases were read from the cache file, not compiled."""
    return _from_cache


def start() -> None:
    """Build the databases of every branch registered so far, on a background thread (once per
    process; later registrations are never filtered): read from the cache file when it holds
    them, else compiled."""
    global _started
    with _LOCK:
        if _started:
            return
        _started = True
    if _HS is None:
        _done.set()
        return
    threading.Thread(target=_build, name="a4s-firewall-hyperscan", daemon=True).start()


def wait(timeout: float | None = None) -> bool:
    """Block until the databases are compiled (True) or ``timeout`` passes (False)."""
    return _done.wait(timeout) and _ready is not None


def available() -> bool:
    """True when answers may filter (the package imported, the databases compiled)."""
    return _ready is not None


def status() -> str:
    """``"ready"`` (answers filter), ``"compiling"`` (:func:`start` ran, the databases are not
    done yet: the rules answer alone, several times slower) or ``"rules-only"`` (no Hyperscan,
    :func:`disable`-d, never started, or the compilation failed). For /readyz."""
    if _ready is not None:
        return "ready"
    return "compiling" if _started and not _done.is_set() else "rules-only"


def disable() -> None:
    """Never filter again in this process (tests: the pure-``re`` path, as without Hyperscan)."""
    global _ready, _started, _disabled
    with _LOCK:
        _started = _disabled = True
        _ready = None
    _done.set()


class _Markers(dict[int, str]):
    """``str.translate`` table: a non-ASCII character -> its marker (filled lazily, at most
    ``_CLASS_CACHE`` entries so a flood of distinct code points cannot grow it)."""

    def __init__(self, folds: dict[str, str]) -> None:
        super().__init__()
        self.folds = {ord(k): v for k, v in folds.items()}

    def __missing__(self, cp: int) -> str:
        got = self.folds[cp] if cp in self.folds else marker_of(chr(cp))
        if len(self) < _CLASS_CACHE:
            self[cp] = got
        return got


_MARKERS: Final = (_Markers({}), _Markers({}), _Markers(ASCII_FOLDS))  # per kind


def _marker_handler(table: _Markers) -> Callable[[UnicodeError], tuple[bytes, int]]:
    def handler(exc: UnicodeError) -> tuple[bytes, int]:
        if not isinstance(exc, UnicodeEncodeError):
            raise exc
        run = exc.object[exc.start : exc.end]  # a run of consecutive non-ASCII characters
        return run.translate(table).encode("latin-1"), exc.end  # markers are below U+0084

    return handler


# One codec error handler per kind: ``str.encode("ascii", handler)`` copies the ASCII characters
# in C and calls the handler once per run of non-ASCII ones (a ``re.sub`` over the text to find
# those runs cost ~16 us per 2 KB text, four times the whole encode).
_HANDLERS: Final = tuple(f"a4s-firewall-hs-proxy-{kind}" for kind in range(len(_MARKERS)))
for _name, _table in zip(_HANDLERS, _MARKERS, strict=True):
    codecs.register_error(_name, _marker_handler(_table))


_BMP: Final = 0x10000
_TABLE_MIN: Final = 1024  # from this length on, a non-ASCII text is mapped by table (below)
_TABLES: list[tuple[npt.NDArray[np.uint8], ...]] = []  # per kind: BMP code point -> proxy byte


def _proxy_tables() -> tuple[npt.NDArray[np.uint8], ...]:
    """Per kind, the proxy byte of every BMP code point: the markers of :class:`_Markers`
    (one ``re`` pass per class over a string of all of them, ~20 ms once per process, on the
    compiling thread)."""
    if not _TABLES:
        every = "".join(map(chr, range(_BMP)))  # lone surrogates included: str allows them
        base = np.full(_BMP, ord(OTHER), dtype=np.uint8)
        # digits are word characters and no word character is a blank: write the wider class
        # first, the narrower over it (the order of _Markers.__missing__)
        for pattern, marker in ((IS_BLANK, BLANK), (IS_WORD, None), (IS_DIGIT, DIGIT)):
            at = np.array([m.start() for m in pattern.finditer(every, 128)], dtype=np.int64)
            # a word character's own byte (hs_widen.word_byte), the others their class's
            base[at] = ord(marker) if marker is not None else WORDS_FIRST + at % WORDS
        base[:128] = np.arange(128, dtype=np.uint8)
        tables = []
        for markers in _MARKERS:
            table = base.copy()
            for cp, folded in markers.folds.items():
                table[cp] = ord(folded)
            tables.append(table)
        _TABLES.append(tuple(tables))
    return _TABLES[0]


def proxy(target: str, kind: int) -> bytes:
    """The bytes Hyperscan scans for ``target``: one per character (see the module docstring;
    for :data:`CASELESS`, a letter IGNORECASE equates with an ASCII one is that letter)."""
    if target.isascii():
        return target.encode("ascii")
    if _TABLES and SCAN is not None:  # a text in the BMP: one table look-up per character in C
        mapped = SCAN.table_bytes(target, _TABLES[0][kind])
        if mapped is not None:
            return mapped
    # A long text in the BMP: one table gather (~8 us at 2 KB, however many non-ASCII runs; the
    # error handler costs ~1 us per run, and prose with curly quotes has dozens)
    elif _TABLES and len(target) >= _TABLE_MIN:
        codes = np.frombuffer(target.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
        if int(codes.max()) < _BMP:
            out: bytes = np.take(_TABLES[0][kind], codes).tobytes()
            return out
    return target.encode("ascii", _HANDLERS[kind])


def _on_match(expr_id: int, _start: int, _end: int, _flags: int, found: list[int]) -> None:
    found.append(expr_id)


def _scratch(db: Any) -> Any:
    """One scratch space per thread and database (Hyperscan refuses a scratch in use)."""
    cache: dict[int, Any] | None = getattr(_LOCAL, "scratch", None)
    if cache is None:
        cache = _LOCAL.scratch = {}
    scratch = cache.get(id(db))
    if scratch is None:
        scratch = cache[id(db)] = _HS.Scratch(db)
    return scratch


def may_match(target: str, kind: int) -> int:
    """Bits of the branches of ``kind`` (:data:`LOWER`, :data:`TEXT`, :data:`CASELESS`) that
    may match ``target``; :data:`ALL` when nothing can be filtered. A branch whose bit is set is
    searched with ``re``."""
    ready = _ready
    if ready is None:
        return ALL
    db = ready.dbs[kind]
    if db is None:
        return ALL
    found: list[int] = []
    db.scan(proxy(target, kind), match_event_handler=_on_match, context=found, scratch=_scratch(db))
    mask = ready.unfiltered
    for i in found:
        mask |= 1 << i
    return mask
