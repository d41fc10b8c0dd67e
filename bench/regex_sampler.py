"""Random texts a regex matches, drawn from its own parse tree (issue 14, Hyperscan soundness).

:func:`samples` walks ``re``'s parse of a pattern and builds strings along random paths: a
random alternative of each branch, a random count for each repeat, and for each character class
a member drawn from :data:`POOL`, characters of many scripts and of every class Python's ``re``
tells apart (word, digit, blank, other; marks, joiners, look-alikes, astral letters and digits,
the letters IGNORECASE equates with ASCII ones). A negated class, ``.`` and ``\\W``/``\\S``/``\\D``
are where a prefilter that reasons about classes can be wrong (2026-11-27: a negated class with a
non-ASCII member ruled Hindi overrides out), so they draw from every pool character they accept.
Lookarounds and anchors are not generated: a sample the pattern does not match is simply left
out by the caller. Deterministic for a given seed.
"""

from __future__ import annotations

import random
import re
from re import _parser as _sre  # type: ignore[attr-defined]
from typing import Any, Final

__all__ = ["POOL", "in_class", "samples"]

_NON_ASCII: Final = (
    "éßñçøÅİıſKﬁσςΣµ"  # Latin, Greek; İ ı ſ K: IGNORECASE equates them with i, i, s, k
    "аоеіАО"  # Cyrillic look-alikes
    "कि\u0901\u093c३"  # Devanagari: letter, vowel sign, candrabindu, nukta (marks), digit
    "কা\u09bc"  # Bengali
    "عّ٣\u200c\u200d"  # Arabic letter, shadda (a mark), digit; zero-width non-joiner / joiner
    "กั"  # Thai letter and vowel mark
    "中。、の"  # CJK and its punctuation
    "ＡＺ！１"  # fullwidth
    "²Ⅻ\u00ad·\u0301\ufeff"  # superscript two, Roman numeral, soft hyphen, middle dot, marks
    "\u00a0\u2003\u2028\u2029\u3000\x85"  # blanks and line breaks to Python
    "\U0001f600\U0001d400\U0001d7ce"  # emoji, mathematical bold A, mathematical bold zero
)
POOL: Final = (
    "".join(chr(c) for c in range(0x20, 0x7F)) + "\t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x00" + _NON_ASCII
)
_CATEGORY: Final = {
    "CATEGORY_DIGIT": re.compile(r"\d"),
    "CATEGORY_NOT_DIGIT": re.compile(r"\D"),
    "CATEGORY_SPACE": re.compile(r"\s"),
    "CATEGORY_NOT_SPACE": re.compile(r"\S"),
    "CATEGORY_WORD": re.compile(r"\w"),
    "CATEGORY_NOT_WORD": re.compile(r"\W"),
}
_FOLDS: Final = {"i": "İı", "s": "ſ", "k": "K"}
_MAX_EXTRA: Final = 3  # a repeat runs its minimum plus up to this many turns


def in_class(items: list[tuple[Any, Any]], ch: str, ignorecase: bool = False) -> bool:
    """Whether ``ch`` is in the parsed class ``items`` (``re``'s IN operands)."""
    if ignorecase:
        return any(in_class(items, c) for c in {ch, ch.lower(), ch.upper()} if len(c) == 1)
    c = ord(ch)
    hit = negate = False
    for op, av in items:
        if op is _sre.NEGATE:
            negate = True
        elif op is _sre.LITERAL:
            hit |= av == c
        elif op is _sre.RANGE:
            hit |= av[0] <= c <= av[1]
        elif op is _sre.CATEGORY:
            pattern = _CATEGORY.get(str(av))
            hit |= pattern is not None and pattern.fullmatch(ch) is not None
    return hit != negate


class _Walk:
    def __init__(self, rng: random.Random, flags: int) -> None:
        self.rng = rng
        self.ignorecase = bool(flags & re.IGNORECASE)
        self.dotall = bool(flags & re.DOTALL)
        self.groups: dict[int, str] = {}
        self.members: dict[str, str] = {}  # a class (its parse, as text) -> its pool members

    def pick(self, choices: str) -> str:
        return self.rng.choice(choices) if choices else ""

    def literal(self, ch: str) -> str:
        if not self.ignorecase or self.rng.random() < 0.5:
            return ch
        low = ch.lower()
        return self.pick(_FOLDS[low]) if low in _FOLDS and self.rng.random() < 0.3 else ch.upper()

    def member(self, items: list[tuple[Any, Any]]) -> str:
        negated = any(op is _sre.NEGATE for op, _ in items)
        if not negated and self.rng.random() < 0.5:  # one of the class's own members
            own = [av for op, av in items if op is _sre.LITERAL]
            own += [self.rng.randint(*av) for op, av in items if op is _sre.RANGE]
            if own:
                return self.literal(chr(self.rng.choice(own)))
        key = repr(items)
        if key not in self.members:
            self.members[key] = "".join(c for c in POOL if in_class(items, c, self.ignorecase))
        return self.pick(self.members[key])

    def gap(self, body: list[tuple[Any, Any]]) -> bool:
        """Whether a repeat of ``body`` is a gap that may hold a blank ("[^.\\n]{0,40}"): a
        ``\\b`` on either side of it then holds when its ends are blanks."""
        if len(body) != 1:
            return False
        op, av = body[0]
        return (op is _sre.IN and in_class(list(av), " ")) or (
            op in (_sre.NOT_LITERAL, _sre.ANY) and av != ord(" ")
        )

    def walk(self, items: list[tuple[Any, Any]]) -> str:
        return "".join(self.node(op, av) for op, av in items)

    def node(self, op: Any, av: Any) -> str:
        if op is _sre.LITERAL:
            return self.literal(chr(av))
        if op is _sre.NOT_LITERAL:
            return self.pick("".join(c for c in POOL if ord(c) != av))
        if op is _sre.IN:
            return self.member(list(av))
        if op is _sre.ANY:
            return self.pick("".join(c for c in POOL if self.dotall or c != "\n"))
        if op is _sre.SUBPATTERN:
            text = self.walk(list(av[3]))
            if av[0] is not None:
                self.groups[av[0]] = text
            return text
        if op is _sre.ATOMIC_GROUP:
            return self.walk(list(av))
        if op is _sre.BRANCH:
            return self.walk(list(self.rng.choice(av[1])))
        if op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT, _sre.POSSESSIVE_REPEAT):
            lo, hi, body = av
            top = lo + _MAX_EXTRA if hi is _sre.MAXREPEAT else min(hi, lo + _MAX_EXTRA)
            turns = [self.walk(list(body)) for _ in range(self.rng.randint(lo, top))]
            if turns and self.gap(list(body)):  # a gap between words: blanks at its ends, often
                for end in (0, -1):
                    if self.rng.random() < 0.6:
                        turns[end] = " "
            return "".join(turns)
        if op is _sre.GROUPREF:
            return self.groups.get(av, "")
        if op is _sre.GROUPREF_EXISTS:
            group, yes, no = av
            chosen = yes if group in self.groups else no
            return self.walk(list(chosen)) if chosen is not None else ""
        return ""  # anchors, \b, lookarounds: not generated (a sample may then not match)


def samples(pattern: re.Pattern[str], count: int, seed: int) -> list[str]:
    """``count`` random strings along random paths of ``pattern``, each between two context
    characters (a blank or any pool character; none before a pattern that starts with an
    anchor or ``\\b``), so a lookbehind or a boundary next to the match sees something."""
    rng = random.Random(f"{seed}:{pattern.pattern}")
    tree = list(_sre.parse(pattern.pattern, pattern.flags).data)
    walk = _Walk(rng, pattern.flags)
    anchored = bool(tree) and tree[0][0] is _sre.AT  # \A or ^: nothing may come before

    def context() -> str:  # a blank half the time: lookbehinds and \b want one there
        return " " if rng.random() < 0.5 else rng.choice(POOL)

    out = []
    for _ in range(count):
        walk.groups.clear()
        body = walk.walk(tree)
        out.append(("" if anchored else context()) + body + context())
    return out
