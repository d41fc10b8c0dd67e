"""Compile rule regexes so CPython's ``re`` can scan 2-10 KB texts fast.

Two measured costs (bench/firewall_bench.py, docs/firewall.md): ``re.IGNORECASE`` makes a scan 3-20x
slower, and a pattern that *starts* with ``\\b`` cannot use ``re``'s first-character prefilter, which
costs another ~3x. So a rule written as ``\\b(?:ignore|disregard) ...`` with IGNORECASE is compiled
as ``(?:ignore|disregard) ...`` without it, run on the lower-cased text, and the word boundary at the
start of a hit is checked here. Semantics are unchanged: the boundary is only moved out of the
regex when *every* top-level branch starts with it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

__all__ = ["FastPattern", "compile_rule", "lower_regex"]


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


def _top_level_branches(regex: str) -> list[str]:
    branches: list[str] = []
    depth = 0
    in_class = False
    escaped = False
    start = 0
    for i, ch in enumerate(regex):
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = True
        elif in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            branches.append(regex[start:i])
            start = i + 1
    branches.append(regex[start:])
    return branches


def _is_word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _group_end(regex: str, start: int) -> int:
    """Index of the ``)`` closing the group opened at ``start`` (-1 if unbalanced)."""
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
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return i
    return -1


def _branches(regex: str) -> list[str]:
    """Top-level alternatives; a leading ``\\b(?:A|B)SUFFIX`` is distributed into ``\\bA SUFFIX``..."""
    top = _top_level_branches(regex)
    out: list[str] = []
    for branch in top:
        lead = "\\b" if branch.startswith("\\b") else ""
        body = branch[len(lead):]
        if body.startswith("(?:"):
            end = _group_end(body, 0)
            suffix = body[end + 1:] if end > 0 else ""
            if end > 0 and suffix[:1] not in ("?", "*", "+", "{"):
                inner = _top_level_branches(body[3:end])
                if len(inner) > 1:
                    out.extend(lead + alt + suffix for alt in inner)
                    continue
        out.append(branch)
    return out


_META = frozenset("\\.[](){}*+?|^$")


def _literal_prefix(branch: str) -> str:
    """The literal text every match of ``branch`` starts with (lower-cased; '' when none)."""
    body = branch[2:] if branch.startswith("\\b") else branch
    n = 0
    while n < len(body) and body[n] not in _META:
        n += 1
    if n < len(body) and body[n] in "?*{":
        n -= 1  # the quantifier makes the last literal optional
    return body[:max(n, 0)].lower()


@dataclass(frozen=True, slots=True)
class _Branch:
    pattern: re.Pattern[str]
    lead_boundary: bool  # a ``\b`` was moved out of the regex: check it at the hit's start
    trigger: str  # literal prefix that must occur in the lower-cased text ('' = none)


@dataclass(frozen=True, slots=True)
class FastPattern:
    """A rule regex split into top-level alternatives, each with its own literal prefilter."""

    source: str
    branches: tuple[_Branch, ...]
    on_lower: bool  # run on the lower-cased text

    def finditer(self, target: str, lower: str | None = None) -> Iterator[re.Match[str]]:
        """Matches in ``target`` (the lower-cased text when ``on_lower``); ``lower`` is the
        lower-cased text for the prefilter (defaults to ``target.lower()``)."""
        if lower is None:
            lower = target if self.on_lower else target.lower()
        for b in self.branches:
            if b.trigger and b.trigger not in lower:
                continue
            if not b.lead_boundary:
                yield from b.pattern.finditer(target)
                continue
            pos = 0
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

    def search(self, target: str, lower: str | None = None) -> bool:
        return next(self.finditer(target, lower), None) is not None


def compile_rule(regex: str, flags: int) -> FastPattern:
    on_lower = bool(flags & re.IGNORECASE)
    if on_lower:
        regex = lower_regex(regex)
        flags &= ~re.IGNORECASE
    branches: list[_Branch] = []
    for branch in _branches(regex):
        trigger = _literal_prefix(branch)
        if len(trigger) < 2:
            trigger = ""
        lead = branch.startswith("\\b")
        branches.append(_Branch(re.compile(branch[2:] if lead else branch, flags), lead, trigger))
    return FastPattern(regex, tuple(branches), on_lower)
