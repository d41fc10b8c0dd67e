"""Which literals can a regex match start with? A prefilter computed from the parsed pattern.

:func:`prefixes` returns lower-cased strings such that *every* match of the pattern starts with one
of them (after lower-casing), or ``()`` when it cannot tell (a class such as ``\\d``, an empty
match, anything unusual). A branch whose prefixes occur nowhere in the lower-cased text cannot
match, so it is skipped; otherwise its search starts at the first occurrence. The analysis only
has to be *sound* (never leave out a possible start); ``()`` is always a safe answer.
"""

from __future__ import annotations

import re
from typing import Any, Final

__all__ = ["prefixes"]

_MAX_LEN: Final = 16  # longer literals add nothing to the filter
_MAX_SET: Final = 32  # beyond this many alternatives the filter is not worth it
_MAX_CLASS: Final = 10  # a class with up to this many literal characters is expanded
_UNSURE: Final = frozenset({""})  # "" = a match may start with anything
_SIGMA: Final = frozenset("Σσς")  # lower() depends on context: never use as a literal

try:  # CPython's own regex parser (re._parser in 3.11+)
    from re import _parser as _sre  # type: ignore[attr-defined]

    _C: Any = _sre
except ImportError:  # pragma: no cover
    _sre = None


def _class_chars(items: list[tuple[Any, Any]]) -> list[str] | None:
    chars: list[str] = []
    for op, av in items:
        if op is _C.LITERAL:
            chars.append(chr(av))
        elif op is _C.RANGE and av[1] - av[0] < _MAX_CLASS:
            chars.extend(chr(c) for c in range(av[0], av[1] + 1))
        else:
            return None
        if len(chars) > _MAX_CLASS:
            return None
    return chars


def _join(heads: list[str], rest: frozenset[str]) -> frozenset[str]:
    if "" in rest:
        return frozenset(heads)
    return frozenset((h + r)[:_MAX_LEN] for h in heads for r in rest)


def _starts(items: list[tuple[Any, Any]], need: int = _MAX_LEN, depth: int = 0) -> frozenset[str]:
    """Prefix set of the sequence ``items`` (``{""}`` = unconstrained), each at most ``need``
    characters: once a prefix is that long, what follows cannot change it, so the rest of the
    sequence is not read. (The larger saving is the repeat's early return below: an unsure
    optional run such as ``[^.\n]{0,40}?`` had the rest read for every alternative after it,
    most of the firewall's import on a slow VM, 2026-12-02.)"""
    if need <= 0:
        return _UNSURE  # long enough: _join keeps the heads as they are
    if depth > 40 or not items:
        return _UNSURE
    op, av = items[0]
    rest = items[1:]
    if op is _C.LITERAL:
        return _join([chr(av)], _starts(rest, need - 1, depth + 1))
    if op is _C.IN:
        chars = _class_chars(list(av))
        return _UNSURE if chars is None else _join(chars, _starts(rest, need - 1, depth + 1))
    if op in (_C.AT, _C.ASSERT, _C.ASSERT_NOT):  # zero width
        return _starts(rest, need, depth + 1)
    if op is _C.SUBPATTERN:
        _group, add_flags, del_flags, sub = av
        if (add_flags | del_flags) & re.IGNORECASE:
            return _UNSURE
        return _starts(list(sub.data) + rest, need, depth + 1)
    if op is _C.BRANCH:
        out: set[str] = set()
        for alt in av[1]:
            out |= _starts(list(alt.data) + rest, need, depth + 1)
            if "" in out or len(out) > _MAX_SET:
                return _UNSURE
        return frozenset(out)
    if op in (_C.MAX_REPEAT, _C.MIN_REPEAT, _C.POSSESSIVE_REPEAT):
        lo, _hi, sub = av
        body = _starts(list(sub.data), need, depth + 1)  # prefix of one iteration only
        if lo >= 1 or "" in body:  # an unsure body makes the union unsure: rest need not be read
            return body
        return body | _starts(rest, need, depth + 1)
    return _UNSURE


def prefixes(regex: str, flags: int = 0) -> tuple[str, ...]:
    """Lower-cased literals one of which every match of ``regex`` starts with; () = unknown."""
    if _sre is None or flags & re.IGNORECASE:
        return ()
    try:
        parsed = _sre.parse(regex, flags)
        if parsed.state.flags & re.IGNORECASE:  # an inline (?i)
            return ()
        found = _starts(list(parsed.data))
    except Exception:
        return ()
    if "" in found or len(found) > _MAX_SET or any(_SIGMA & set(s) for s in found):
        return ()
    lowered = {s.lower() for s in found}
    # drop a literal another one starts with: "ab" and "abc" -> "ab" is enough
    return tuple(sorted(s for s in lowered if not any(s != t and s.startswith(t) for t in lowered)))
