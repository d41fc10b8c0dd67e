"""No rule holds a word run that can never end: a possessive ``\\w`` repeat followed by a
letter (``дел\\w++ся``) never gives back the letter the pattern needs next, so that part of the
rule matches nothing ("делятся", "делится" were never read as "shared" by
inj.inverted_world_scripts, 2026-12-01). A static walk of every rule's parsed regex, as re
compiles it; no text is searched.
"""

from __future__ import annotations

import re
from re import _parser as _sre  # type: ignore[attr-defined]
from typing import Any

from a4s_memory.firewall import CATEGORY_RULES, INJECTION_RULES, SECRET_RULES

_WORD = _sre.CATEGORY_WORD


def _word_run(op: Any, av: Any) -> bool:
    """A possessive repeat whose body is one class holding ``\\w``."""
    if op is not _sre.POSSESSIVE_REPEAT:
        return False
    body = list(av[2])
    if len(body) != 1 or body[0][0] is not _sre.IN:
        return False
    members = list(body[0][1])
    return (_sre.CATEGORY, _WORD) in members and (_sre.NEGATE, None) not in members


def _letters_only(op: Any, av: Any) -> bool:
    """A literal letter or digit, or a class of them only (a folded letter: ``[сc]``)."""
    if op is _sre.LITERAL:
        return chr(av).isalnum() or chr(av) == "_"
    if op is _sre.IN:
        return all(o is _sre.LITERAL and (chr(a).isalnum() or chr(a) == "_") for o, a in av)
    return False


def _dead(items: list[tuple[Any, Any]], out: list[str]) -> None:
    for i, (op, av) in enumerate(items):
        nxt = items[i + 1] if i + 1 < len(items) else (None, None)
        if nxt[0] is not None and _word_run(op, av) and _letters_only(*nxt):
            out.append(f"{op}{av} then {nxt}")
        if op is _sre.SUBPATTERN:
            _dead(list(av[3]), out)
        elif op is _sre.ATOMIC_GROUP:
            _dead(list(av), out)
        elif op is _sre.BRANCH:
            for alt in av[1]:
                _dead(list(alt), out)
        elif op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT, _sre.POSSESSIVE_REPEAT):
            _dead(list(av[2]), out)
        elif op in (_sre.ASSERT, _sre.ASSERT_NOT):
            _dead(list(av[1]), out)


def _patterns() -> list[tuple[str, re.Pattern[str]]]:
    out: list[tuple[str, re.Pattern[str]]] = []
    for rule in INJECTION_RULES:
        out += [(rule.id, b.pattern) for b in rule.pattern.branches]
    for cat in CATEGORY_RULES:
        out += [(cat.id, b.pattern) for b in cat.pattern.branches]
    for secret in SECRET_RULES:
        out.append((secret.id, secret.pattern))
    return out


def test_the_walk_finds_a_word_run_that_cannot_end() -> None:
    found: list[str] = []
    _dead(list(_sre.parse(r"\bдел\w++ся|делят").data), found)
    assert len(found) == 1
    _dead(list(_sre.parse(r"\bдел\w{1,3}ся|дел\w++\s|\w++[.]").data), found)
    assert len(found) == 1  # a bounded greedy run gives letters back; a blank or a dot ends it


def test_no_rule_holds_a_word_run_that_cannot_end() -> None:
    dead = {}
    for rule_id, pattern in _patterns():
        found: list[str] = []
        _dead(list(_sre.parse(pattern.pattern, pattern.flags).data), found)
        if found:
            dead[rule_id] = found
    assert dead == {}
