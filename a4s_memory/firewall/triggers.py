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
import threading
from collections.abc import Iterable
from typing import Any, Final

__all__ = ["TextScan", "backend", "register"]

try:  # pyahocorasick ships no type information
    _AHO: Any = importlib.import_module("ahocorasick")
except ImportError:  # pragma: no cover - exercised by tests through _build(use_automaton=False)
    _AHO = None


class _Index:
    """An immutable snapshot: the literals and, when available, their automaton."""

    __slots__ = ("automaton", "literals")

    def __init__(self, literals: frozenset[str], use_automaton: bool) -> None:
        self.literals = literals
        self.automaton: Any = None
        if use_automaton and _AHO is not None and literals:
            automaton = _AHO.Automaton()
            for lit in sorted(literals):
                automaton.add_word(lit, lit)
            automaton.make_automaton()
            self.automaton = automaton

    def first_starts(self, lower: str) -> dict[str, int]:
        """Each registered literal occurring in ``lower`` -> index of its first occurrence."""
        first: dict[str, int] = {}
        if self.automaton is not None:
            # matches come in order of their end, so the first one seen per literal is the first
            for end, lit in self.automaton.iter(lower):
                if lit not in first:
                    first[lit] = end - len(lit) + 1
            return first
        for lit in self.literals:
            at = lower.find(lit)
            if at >= 0:
                first[lit] = at
        return first


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


class TextScan:
    """One text, its lower-cased form and (computed on first use) where each literal first occurs.

    ``aligned`` is True when lower-casing kept every character at its index, so a position found
    in ``lower`` is the same position in ``text``.
    """

    __slots__ = ("_first", "_index", "aligned", "lower", "text")

    def __init__(self, text: str, lower: str | None = None) -> None:
        self.text = text
        self.lower = text.lower() if lower is None else lower
        self.aligned = len(self.lower) == len(text)
        self._index: _Index | None = None
        self._first: dict[str, int] | None = None

    def _hits(self) -> tuple[_Index, dict[str, int]]:
        if self._first is None or self._index is None:
            self._index = _current()
            self._first = self._index.first_starts(self.lower)
        return self._index, self._first

    def any_of(self, literals: tuple[str, ...]) -> bool:
        """True when one of ``literals`` (lower-case) occurs in the lower-cased text."""
        index, first = self._hits()
        if index.literals.issuperset(literals):
            return not first.keys().isdisjoint(literals)
        lower = self.lower
        return any(lit in lower for lit in literals)

    def start(self, literal: str) -> int:
        """Index in ``lower`` of the first occurrence of ``literal``; -1 when absent."""
        index, first = self._hits()
        if literal in index.literals:
            return first.get(literal, -1)
        return self.lower.find(literal)
