"""One pass over a text finds every rule literal, instead of one ``str.__contains__`` per literal.

Every rule table keeps its prefilter literals as data (``Rule.triggers``, ``SecretRule.hints`` and
each :class:`~a4s_memory.firewall.fastre.FastPattern` branch's literal prefix). They are all
:func:`register`-ed here, and one Aho-Corasick automaton (``pyahocorasick``) over all of them finds,
in a single scan of the lower-cased text, which literals occur and where each first starts. A rule
then asks :meth:`TextScan.any_of` (a set operation) instead of scanning the text once per literal,
and a branch's regex starts at the first occurrence of its literal prefix.

Without ``pyahocorasick`` the same answers come from ``str.find`` per literal (slower, identical).
A literal that was never registered (a rule table built by a caller) is looked up with ``in``, so
the answer never depends on what the index holds.
"""

from __future__ import annotations

import importlib
import re
import threading
from collections.abc import Iterable
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from a4s_memory.firewall import hsfilter
from a4s_memory.firewall.native import SCAN

__all__ = ["TextScan", "backend", "long_runs", "prefilter_together", "register"]

try:  # pyahocorasick ships no type information
    _AHO: Any = importlib.import_module("ahocorasick")
except ImportError:  # pragma: no cover - exercised by tests through _build(use_automaton=False)
    _AHO = None


_AC_MIN: Final = 3  # shorter literals occur everywhere: str.find (memoised) beats the automaton


class _Index:
    """An immutable snapshot: the literals and, when available, the automaton of the long ones.

    Every literal the automaton answers for has a bit; a text's *present* mask
    (:meth:`TextScan.present`) holds the bits of those that occur in it, and a literal tuple's
    mask (:meth:`mask`, memoised per tuple object) the bits of its members, so "does one of these
    occur" is one integer AND instead of a loop over the tuple. The other members (short
    literals, and every literal without the automaton) are looked up with ``str.find``,
    memoised per text, only when asked."""

    __slots__ = ("automaton", "bit", "literals", "long", "masks")

    def __init__(self, literals: frozenset[str], use_automaton: bool) -> None:
        self.literals = literals
        self.automaton: Any = None
        long = frozenset(lit for lit in literals if len(lit) >= _AC_MIN)
        if use_automaton and _AHO is not None and long:
            automaton = _AHO.Automaton()
            for lit in sorted(long):
                automaton.add_word(lit, lit)
            automaton.make_automaton()
            self.automaton = automaton
        else:
            long = frozenset()
        self.long = long  # the literals the automaton answers for
        self.bit = {lit: 1 << i for i, lit in enumerate(sorted(long))}
        # id(tuple) -> (the tuple, the mask of its automaton members, the other members);
        # bounded (callers may pass fresh tuples; the rule tables hold a few hundred)
        self.masks: dict[int, tuple[tuple[str, ...], int, tuple[str, ...]]] = {}

    def first_starts(self, lower: str) -> dict[str, int]:
        """Each automaton literal occurring in ``lower`` -> index of its first occurrence."""
        first: dict[str, int] = {}
        if self.automaton is not None:
            # matches come in order of their end, so the first one seen per literal is the first
            for end, lit in self.automaton.iter(lower):
                if lit not in first:
                    first[lit] = end - len(lit) + 1
        return first

    def mask(self, literals: tuple[str, ...]) -> tuple[int, tuple[str, ...]]:
        """(mask of the members of ``literals`` the automaton answers for, the other members)."""
        entry = self.masks.get(id(literals))
        if entry is not None and entry[0] is literals:
            return entry[1], entry[2]
        bit = self.bit
        mask = 0
        for lit in literals:
            mask |= bit.get(lit, 0)
        others = tuple(lit for lit in literals if lit not in bit)
        if len(self.masks) < _MASK_CACHE:
            self.masks[id(literals)] = (literals, mask, others)
        return mask, others


_MASK_CACHE: Final = 8192


_LOCK: Final = threading.Lock()
_pending: set[str] = set()
_index: _Index = _Index(frozenset(), use_automaton=False)
_use_automaton = True


def register(literals: Iterable[str]) -> None:
    """Add lower-case prefilter literals to the shared index (rebuilt lazily on next use)."""
    new = {lit for lit in literals if lit and lit not in _index.literals}
    if new:
        with _LOCK:
            _pending.update(new)


def _current() -> _Index:
    global _index
    if _pending:
        with _LOCK:
            if _pending:
                _index = _Index(_index.literals | _pending, _use_automaton)
                _pending.clear()
    return _index


def _build(*, use_automaton: bool) -> None:
    """Rebuild the index with or without the automaton (tests compare the two back ends)."""
    global _index, _use_automaton
    with _LOCK:
        _use_automaton = use_automaton
        _index = _Index(_index.literals | _pending, use_automaton)
        _pending.clear()


def backend() -> str:
    """``"aho-corasick"`` or ``"str.find"`` (what the bench reports)."""
    return "aho-corasick" if _current().automaton is not None else "str.find"


# Runs of characters that are not blanks, quotes, brackets or list punctuation: where base64, hex
# and high-entropy secrets can hide. A run is found from the separator before it (or the start of
# the text), so ``re`` only tries a match after separators instead of at every character of every
# short word (the same spans as ``[^...]{n,}`` with finditer, about 2x faster).
_SEP: Final = r"\s\"'`,;(){}\[\]<>|"
_HEAD_RUN: Final = re.compile(f"[^{_SEP}]{{20,}}")
_NEXT_RUN: Final = re.compile(f"[{_SEP}]([^{_SEP}]{{20,}})")
_RUN_MIN: Final = 20
# hsfilter's bit for "a run of _RUN_MIN somewhere" (0 without Hyperscan)
_RUN_BIT: Final = hsfilter.register(_HEAD_RUN, on_lower=False)


_BMP: Final = 0x10000
_TABLE_MIN: Final = 512  # from this length on, runs are cut with a table (_runs_by_table)
_SEP_TABLE: list[npt.NDArray[np.bool_]] = []  # BMP code point -> is a separator (lazy)


def _sep_table() -> npt.NDArray[np.bool_]:
    """Whether each BMP code point is one of ``_SEP`` to ``re`` (one ``re`` pass over a string
    of all of them, ~5 ms once per process; a race computes it twice, harmlessly)."""
    if not _SEP_TABLE:
        every = "".join(map(chr, range(_BMP)))  # lone surrogates included: str allows them
        table = np.zeros(_BMP, dtype=bool)
        at = [m.start() for m in re.finditer(f"[{_SEP}]", every)]
        table[np.array(at, dtype=np.int64)] = True
        _SEP_TABLE.append(table)
    return _SEP_TABLE[0]


def _runs_by_table(text: str) -> list[tuple[int, int]] | None:
    """:func:`long_runs` of a text in the BMP from a separator mask (~10 numpy calls whatever the
    text: about half the ``re`` scan's ~25 us at 2 KB); None beyond the BMP."""
    if SCAN is not None:  # one look-up per character in C
        return SCAN.separator_runs(text, _sep_table(), _RUN_MIN)
    codes = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    if int(codes.max()) >= _BMP:
        return None
    sep = np.ones(len(codes) + 2, dtype=bool)  # a separator before and after the text
    np.take(_sep_table(), codes, out=sep[1:-1])
    edges = np.flatnonzero(sep[1:] != sep[:-1])  # alternately a run's start and its end
    starts, ends = edges[0::2], edges[1::2]
    keep = ends - starts >= _RUN_MIN
    return list(zip(starts[keep].tolist(), ends[keep].tolist(), strict=True))


def long_runs(text: str, min_len: int = _RUN_MIN) -> list[tuple[int, int]]:
    """Spans of the maximal separator-free runs of at least ``min_len`` (>= 20) characters."""
    if min_len < _RUN_MIN:
        raise ValueError(f"min_len must be >= {_RUN_MIN}")
    found = _runs_by_table(text) if SCAN is not None or len(text) >= _TABLE_MIN else None
    out = _runs_by_regex(text) if found is None else found
    if min_len > _RUN_MIN:
        out = [(lo, hi) for lo, hi in out if hi - lo >= min_len]
    return out


def _runs_by_regex(text: str) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    head = _HEAD_RUN.match(text)
    if head is not None:
        out.append(head.span())
    out.extend(m.span(1) for m in _NEXT_RUN.finditer(text))
    return out


class TextScan:
    """One text, its lower-cased form and (computed on first use) where each literal first occurs.

    ``aligned`` is True when lower-casing kept every character at its index, so a position found
    in ``lower`` is the same position in ``text``.
    """

    __slots__ = (
        "_first",
        "_found",
        "_index",
        "_lazy",
        "_may",
        "_present",
        "_runs",
        "aligned",
        "lower",
        "text",
    )

    def __init__(self, text: str, lower: str | None = None) -> None:
        self.text = text
        self.lower = text.lower() if lower is None else lower
        self.aligned = len(self.lower) == len(text)
        self._index: _Index | None = None
        self._first: dict[str, int] | None = None
        self._found: dict[str, int] = {}  # str.find answers, memoised
        self._runs: list[tuple[int, int]] | None = None
        self._present = -1  # mask of the registered literals that occur (-1: not computed)
        self._may: list[int | None] = [None, None, None]  # hsfilter answers per kind
        # With the Hyperscan prefilter, few rules are left to ask about their literals: one
        # memoised str.find per literal asked beats a pass over the text for all ~700.
        self._lazy = hsfilter.available()

    def may_match(self, target: str, kind: int) -> int:
        """:func:`hsfilter.may_match` of ``target`` for ``kind`` (memoised); ``hsfilter.ALL``
        unless ``target`` is this scan's lower-cased text (kind ``LOWER``) or its text."""
        if target is not (self.lower if kind == hsfilter.LOWER else self.text):
            return hsfilter.ALL
        may = self._may[kind]
        if may is None:
            may = self._may[kind] = hsfilter.may_match(target, kind)
        return may

    def answered(self, kind: int) -> bool:
        """Has :meth:`may_match` already asked the prefilter about this scan's target of
        ``kind``?"""
        return self._may[kind] is not None

    def present(self) -> int:
        """Mask (bits of :class:`_Index`) of the automaton literals occurring in the text."""
        if self._present < 0:
            index, first = self._hits()
            bit = index.bit
            mask = 0
            for lit in first:
                mask |= bit[lit]
            self._present = mask
        return self._present

    def runs(self, min_len: int = _RUN_MIN) -> list[tuple[int, int]]:
        """:func:`long_runs` of the text (computed once)."""
        if self._runs is None:
            if _RUN_BIT and not self.may_match(self.text, hsfilter.TEXT) & _RUN_BIT:
                self._runs = []  # Hyperscan found no run of 20 (a superset): there is none
            else:
                self._runs = long_runs(self.text)
        if min_len == _RUN_MIN:
            return self._runs
        return [(lo, hi) for lo, hi in self._runs if hi - lo >= min_len]

    def _hits(self) -> tuple[_Index, dict[str, int]]:
        if self._first is None or self._index is None:
            self._index = _current()
            self._first = self._index.first_starts(self.lower)
        return self._index, self._first

    def _find(self, literal: str) -> int:
        at = self._found.get(literal)
        if at is None:
            at = self._found[literal] = self.lower.find(literal)
        return at

    def any_of(self, literals: tuple[str, ...]) -> bool:
        """True when one of ``literals`` (lower-case) occurs in the lower-cased text."""
        # hot path (dozens of calls per text): every answer below is memoised
        if self._lazy:
            return self._lazy_first(literals, stop=True) >= 0
        index = self._index
        if index is None:
            index, _ = self._hits()
        mask, others = index.mask(literals)  # memoised per literal tuple
        present = self._present if self._present >= 0 else self.present()
        if mask & present:
            return True
        # the members the automaton does not answer for: memoised lookups
        found = self._found
        lower = self.lower
        for lit in others:  # a plain loop, no generator: hot path
            at = found.get(lit)
            if at is None:
                at = found[lit] = lower.find(lit)
            if at >= 0:
                return True
        return False

    def first_of(self, literals: tuple[str, ...]) -> int:
        """Index in ``lower`` of the first occurrence of any of ``literals``; -1 when none."""
        if self._lazy:
            return self._lazy_first(literals, stop=False)
        index, first = self._hits()
        mask, others = index.mask(literals)  # memoised per literal tuple
        present = self._present if self._present >= 0 else self.present()
        if not others and not mask & present:
            return -1
        long = index.long
        best = -1
        for lit in literals:
            at = first.get(lit)
            if at is None:
                if lit in long:
                    continue  # the automaton saw every occurrence: absent
                at = self._find(lit)
                if at < 0:
                    continue
            if best < 0 or at < best:
                best = at
        return best

    def _lazy_first(self, literals: tuple[str, ...], *, stop: bool) -> int:
        """:meth:`first_of` from memoised ``str.find`` answers (``stop``: any occurrence)."""
        found = self._found
        lower = self.lower
        best = -1
        for lit in literals:  # a plain loop, no generator: hot path
            at = found.get(lit)
            if at is None:
                at = found[lit] = lower.find(lit)
            if at >= 0 and (best < 0 or at < best):
                if stop:
                    return at
                best = at
        return best

    def start(self, literal: str) -> int:
        """Index in ``lower`` of the first occurrence of ``literal``; -1 when absent."""
        return self.first_of((literal,))


def prefilter_together(scans: tuple[TextScan, ...]) -> None:
    """Ask the Hyperscan prefilter about the lower-cased texts of ``scans`` one after the
    other, then about their texts: each of the two large databases (~3 MB and ~1 MB) is scanned
    for every text while it is in the CPU caches, instead of once per text between the other
    layers' work (measured: ~2-3 % of the decision on non-ASCII 2 KB texts). Only the scans whose
    lower-cased text is aligned with the text are asked: the rule layers ask those both
    questions anyway (``fastre.may_run``), so the answers are the ones they would get (memoised
    on each scan; :meth:`TextScan.may_match`)."""
    aligned = [scan for scan in scans if scan.aligned]
    for scan in aligned:
        scan.may_match(scan.lower, hsfilter.LOWER)
    for scan in aligned:
        scan.may_match(scan.text, hsfilter.TEXT)
