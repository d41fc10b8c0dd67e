"""Compile rule regexes so CPython's ``re`` can scan 2-10 KB texts fast.

Measured costs (bench/firewall_bench.py, docs/firewall.md): ``re.IGNORECASE`` makes a scan 3-20x
slower, and a pattern that *starts* with ``\\b`` cannot use ``re``'s literal-prefix search. So a rule
written as ``\\b(?:ignore|disregard) ...`` with IGNORECASE is split into one regex per alternative
(``ignore ...``, ``disregard ...``), compiled without IGNORECASE and run on the lower-cased text.
The leading word boundary moves *behind* the literal prefix as a fixed-width lookbehind
(``ignore(?<!\\wignore) ...``): exactly ``\\b`` at the start of the match, checked by ``re`` right
after the prefix is found, before the rest of the pattern runs. Only a branch without a literal
prefix checks its boundary here, after the match. Semantics are unchanged: the boundary is only
moved out of the regex when *every* top-level branch starts with it.

Each branch keeps its literal prefix as a prefilter (registered with
:mod:`a4s_memory.firewall.triggers`): with a :class:`~a4s_memory.firewall.triggers.TextScan` the
branch is skipped when the literal does not occur and searched from its first occurrence otherwise.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any, Final, TypeVar

from a4s_memory.firewall import hsfilter
from a4s_memory.firewall.prefixes import prefixes
from a4s_memory.firewall.triggers import TextScan, register

__all__ = ["FastPattern", "compile_rule", "lower_regex", "may_run"]

_R = TypeVar("_R")


def lower_regex(regex: str) -> str:
    """Lower-case the literal letters of a regex (escapes such as ``\\S`` are kept), so a pattern
    written for ``re.IGNORECASE`` can run without it on lower-cased text."""
    out: list[str] = []
    escaped = False
    for ch in regex:
        if escaped:
            out.append(ch)
            escaped = False
        elif ch == "\\":
            out.append(ch)
            escaped = True
        else:
            out.append(ch.lower())
    return "".join(out)


def _structure(regex: str, start: int = 0) -> Iterator[tuple[int, str, int]]:
    """(index, char, group depth after it) for each ``(``, ``)`` and ``|`` that is syntax: not
    escaped and not inside a character class. The one scanner both helpers below share."""
    depth = 0
    in_class = False
    escaped = False
    for i in range(start, len(regex)):
        ch = regex[i]
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = True
        elif in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
        elif ch in "()|":
            depth += {"(": 1, ")": -1, "|": 0}[ch]
            yield i, ch, depth


def _top_level_branches(regex: str) -> list[str]:
    branches: list[str] = []
    start = 0
    for i, ch, depth in _structure(regex):
        if ch == "|" and depth == 0:
            branches.append(regex[start:i])
            start = i + 1
    branches.append(regex[start:])
    return branches


def _is_word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _group_end(regex: str, start: int) -> int:
    """Index of the ``)`` closing the group opened at ``start`` (-1 if unbalanced)."""
    for i, ch, depth in _structure(regex, start):
        if ch == ")" and depth == 0:
            return i
    return -1


def _branches(regex: str) -> list[str]:
    """Top-level alternatives; a leading ``\\b(?:A|B)SUFFIX`` is distributed into ``\\bA SUFFIX``..."""
    top = _top_level_branches(regex)
    out: list[str] = []
    for branch in top:
        lead = "\\b" if branch.startswith("\\b") else ""
        body = branch[len(lead) :]
        if body.startswith("(?:"):
            end = _group_end(body, 0)
            suffix = body[end + 1 :] if end > 0 else ""
            if end > 0 and suffix[:1] not in ("?", "*", "+", "{"):
                inner = _top_level_branches(body[3:end])
                if len(inner) > 1:
                    out.extend(lead + alt + suffix for alt in inner)
                    continue
        out.append(branch)
    return out


_META = frozenset("\\.[](){}*+?|^$")


def _expand(branch: str, budget: int = 64) -> list[str]:
    """For a search-only rule: distribute every *leading* group (``\\b(?:A|B)S`` -> ``\\bAS``,
    ``\\bBS``; ``\\b(?:X)?S`` -> ``\\bXS``, ``\\bS``), recursively. The union matches exactly the
    same texts, and each alternative gets a literal prefix. Only used where a yes/no answer is all
    that is asked (``search``): the matches *found* by ``finditer`` would differ."""
    lead = "\\b" if branch.startswith("\\b") else ""
    body = branch[len(lead) :]
    if not body.startswith("(?:"):
        return [branch]
    end = _group_end(body, 0)
    if end <= 0:
        return [branch]
    inner, suffix = body[3:end], body[end + 1 :]
    alts = _top_level_branches(inner)
    if suffix[:1] not in ("?", "*", "+", "{"):
        out = [lead + alt + suffix for alt in alts]
    elif suffix[:1] == "?" and suffix[1:2] not in ("?", "+"):
        rest = suffix[1:]
        out = [*(lead + alt + rest for alt in alts), lead + rest]
    else:
        return [branch]
    if len(out) > budget:
        return [branch]
    return [x for alt in out for x in _expand(alt, budget)]


_QUANT = re.compile(r"\{(\d+)(?:(,)(\d*))?\}|\+")


def _first_atom(body: str) -> int:
    """Length of the single-character atom ``body`` starts with (0 when it is not one)."""
    if not body:
        return 0
    if body[0] == "\\":
        # \d \w \s (and negations) or an escaped punctuation character
        return 2 if len(body) > 1 and (body[1] in "dDwWsS" or not body[1].isalnum()) else 0
    if body[0] == "[":
        i = 2 if body[1:2] == "^" else 1
        if body[i : i + 1] == "]":
            i += 1
        while i < len(body) and body[i] != "]":
            i += 2 if body[i] == "\\" else 1
        return i + 1 if i < len(body) else 0
    return 0 if body[0] in _META else 1


def _peel(body: str) -> str:
    """``A{m,n}S`` -> ``AA{m-1,n-1}S`` and ``A+S`` -> ``AA*S`` for a leading single-character atom
    ``A``: the same regex (same matches, same backtracking order), but now it starts with a
    character ``re`` can look for directly instead of trying the pattern at every position."""
    n = _first_atom(body)
    m = _QUANT.match(body, n) if n else None
    if m is None or body[m.end() : m.end() + 1] == "+":  # possessive: leave alone
        return body
    atom, rest = body[:n], body[m.end() :]
    if m.group(0) == "+":
        return atom + atom + "*" + rest
    lo = int(m.group(1))
    if lo < 1:
        return body
    if m.group(2) is None:
        quant = f"{{{lo - 1}}}"
    elif m.group(3):
        quant = f"{{{lo - 1},{int(m.group(3)) - 1}}}"
    else:
        quant = f"{{{lo - 1},}}"
    if quant in ("{0}", "{0,0}"):
        return atom + (rest[1:] if rest.startswith("?") else rest)
    return atom + atom + quant + rest


def _literal_prefix(body: str) -> str:
    """The literal text every match of ``body`` (a branch without its ``\\b``) starts with, as
    written in the regex ('' when none)."""
    n = 0
    while n < len(body) and body[n] not in _META:
        n += 1
    if n < len(body) and body[n] in "?*{":
        n -= 1  # the quantifier makes the last literal optional
    return body[: max(n, 0)]


_WORD_ATOM = re.compile(r"\\[dw]|\[(?:[A-Za-z0-9_]|[A-Za-z0-9]-[A-Za-z0-9]|\\[dw])+\]")


@dataclass(frozen=True, slots=True)
class _Branch:
    pattern: re.Pattern[str]
    lead_boundary: bool  # a ``\b`` was moved out of the regex: check it at the hit's start
    triggers: tuple[str, ...]  # every match starts with one of these (lower-cased; () = unknown)
    # A branch without a literal prefix (``\d{1,6}\s+...``) may carry *probes*: cheap patterns
    # one of which every match of the branch contains (written for the same target text); when
    # none finds anything, the branch cannot match and is skipped. ``re`` tries a digit-led
    # branch at every digit; a probe led by a literal (``-\d\d-``) is one fast scan.
    probes: tuple[re.Pattern[str], ...] = ()
    # this branch's bit in :func:`a4s_memory.firewall.hsfilter.may_match` answers (0: never
    # filtered): when a text's answer lacks it, the branch cannot match and is skipped
    hs_bit: int = 0


@dataclass(frozen=True, slots=True)
class FastPattern:
    """A rule regex split into top-level alternatives, each with its own literal prefilter."""

    source: str
    branches: tuple[_Branch, ...]
    on_lower: bool  # run on the lower-cased text
    hs_mask: int = 0  # the bits of the branches (hsfilter)
    hs_all: bool = False  # every branch has a bit: no bit set in an answer = no match

    def excluded(self, target: str, scan: TextScan) -> bool:
        """True when the Hyperscan prefilter proves no branch matches ``target`` (the text or
        the lower-cased text of ``scan``, as :attr:`on_lower` says)."""
        return (
            self.hs_all
            and not scan.may_match(target, hsfilter.LOWER if self.on_lower else hsfilter.TEXT)
            & self.hs_mask
        )

    def finditer(
        self, target: str, lower: str | None = None, scan: TextScan | None = None
    ) -> Iterator[re.Match[str]]:
        """Matches in ``target`` (the lower-cased text when ``on_lower``); ``lower`` is the
        lower-cased text for the prefilter (defaults to ``target.lower()``). ``scan``, when given,
        is the :class:`TextScan` of the text and answers the prefilter instead."""
        if scan is None and lower is None:
            lower = target if self.on_lower else target.lower()
        # a position in the lower-cased text is a position in ``target`` when ``target`` is that
        # text or lower-casing moved no character
        positions_ok = scan is not None and (self.on_lower or scan.aligned)
        may = (
            hsfilter.ALL
            if scan is None
            else scan.may_match(target, hsfilter.LOWER if self.on_lower else hsfilter.TEXT)
        )
        for b in self.branches:
            if b.hs_bit and not may & b.hs_bit:
                continue  # Hyperscan (a superset of re's matches) found none
            pos = 0
            if b.probes and not _probed(b.probes, target):
                continue
            if b.triggers:
                if scan is not None:
                    at = scan.first_of(b.triggers)
                    if at < 0:
                        continue
                    if positions_ok:
                        pos = at
                elif lower is not None and not any(t in lower for t in b.triggers):
                    continue
            if not b.lead_boundary:
                yield from b.pattern.finditer(target, pos)
                continue
            search = b.pattern.search
            while (m := search(target, pos)) is not None:
                s = m.start()
                before = s > 0 and _is_word(target[s - 1])
                after = s < len(target) and _is_word(target[s])
                if before != after:  # exactly re's \b
                    yield m
                    pos = max(m.end(), s + 1)
                else:
                    pos = s + 1

    def search(self, target: str, lower: str | None = None, scan: TextScan | None = None) -> bool:
        return next(self.finditer(target, lower, scan), None) is not None


def _probed(probes: tuple[re.Pattern[str], ...], target: str) -> bool:
    for probe in probes:  # noqa: SIM110 - a plain loop, no generator: hot path
        if probe.search(target) is not None:
            return True
    return False


def _branch(branch: str, flags: int) -> _Branch:
    lead = branch.startswith("\\b")
    body = _peel(branch[2:] if lead else branch)
    triggers = prefixes(body, flags)
    literal = _literal_prefix(body)
    if lead and literal:
        # \b before the literal == the character before it is (not) a word character
        look = "(?<!\\w" if _is_word(literal[0]) else "(?<=\\w"
        body = literal + look + literal + ")" + body[len(literal) :]
        lead = False
    elif (
        lead
        and (atom := _WORD_ATOM.match(body)) is not None
        and body[atom.end() : atom.end() + 1] not in ("?", "*", "+", "{")
    ):
        # the first character is a word character: \b == the one before it is not
        a = atom.group(0)
        body = a + "(?<!\\w" + a + ")" + body[len(a) :]
        lead = False
    return _Branch(re.compile(body, flags), lead, triggers)


def compile_rule(
    regex: str, flags: int, *, search_only: bool = False, probes: tuple[str, ...] = ()
) -> FastPattern:
    """Compile ``regex`` (see the module docstring). ``search_only``: the rule is only ever asked
    whether it matches, so leading groups may be distributed further (:func:`_expand`).
    ``probes``: regexes one of which every match of every branch *without a literal prefix*
    contains (see :attr:`_Branch.probes`; lower-case when the rule runs on the lower-cased
    text), compiled with ``flags`` minus IGNORECASE. tests/unit/firewall/test_fw_speed.py checks each probe
    skips only texts the branch does not match."""
    on_lower = bool(flags & re.IGNORECASE)
    if on_lower:
        regex = lower_regex(regex)
        flags &= ~re.IGNORECASE
    split = _branches(regex)
    if search_only:
        split = [x for b in split for x in _expand(b)]
    branches = tuple(_branch(b, flags) for b in split)
    if probes:
        compiled = tuple(re.compile(p, flags & ~re.IGNORECASE) for p in probes)
        branches = tuple(b if b.triggers else replace(b, probes=compiled) for b in branches)
    register(t for b in branches for t in b.triggers)
    branches = tuple(replace(b, hs_bit=hsfilter.register(b.pattern, on_lower)) for b in branches)
    mask = 0
    for b in branches:
        mask |= b.hs_bit
    return FastPattern(regex, branches, on_lower, mask, all(b.hs_bit for b in branches))


@dataclass(slots=True)
class _Table:
    """What :func:`may_run` keeps per rule table."""

    rules: tuple[Any, ...]
    keys: tuple[tuple[int, bool], ...]  # (mask, on_lower) per rule: mask 0 = never ruled out
    masks: tuple[int, int]  # the union of the masks run on the text, on the lower-cased text
    answers: dict[tuple[int, int], tuple[Any, ...]]  # memoised answers (bounded)


# id(rules tuple) -> its _Table; bounded
_KEYS: dict[int, _Table] = {}
_KEYS_MAX: Final = 256
_ANSWERS_MAX: Final = 4096


def may_run(
    rules: tuple[_R, ...], pattern: Callable[[_R], FastPattern | None], scan: TextScan
) -> tuple[_R, ...]:
    """``rules`` (in order) without those whose pattern (``pattern(rule)``, run on ``scan``'s
    text or lower-cased text as its ``on_lower`` says; None: always kept) the Hyperscan
    prefilter rules out. The answer depends only on the prefilter's bits for this table's
    branches, so it is memoised on them: most texts ask a question already answered (the
    comprehension over the table cost ~3 us, three tables per text and view)."""
    table = _KEYS.get(id(rules))
    if table is None or table.rules is not rules:
        keys = []
        masks = [0, 0]
        for rule in rules:
            p = pattern(rule)
            mask = p.hs_mask if p is not None and p.hs_all else 0
            low = bool(p and p.on_lower)
            keys.append((mask, low))
            masks[low] |= mask
        table = _Table(rules, tuple(keys), (masks[0], masks[1]), {})
        if len(_KEYS) < _KEYS_MAX:
            _KEYS[id(rules)] = table
    key = (
        scan.may_match(scan.text, hsfilter.TEXT) & table.masks[0],
        scan.may_match(scan.lower, hsfilter.LOWER) & table.masks[1],
    )
    answer = table.answers.get(key)
    if answer is None:
        answer = tuple(
            rule
            for rule, (mask, low) in zip(rules, table.keys, strict=True)
            if not mask or key[low] & mask
        )
        if len(table.answers) < _ANSWERS_MAX:
            table.answers[key] = answer
    return answer
