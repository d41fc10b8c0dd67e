"""The ``deobfuscated`` view of a text: the injection rules read it when the text spells words
in leetspeak ("1gn0re pr3v10us 1nstruct10ns") or splits them into separated letters ("i g n o r
e", "I-g-n-o-r-e") or joins words with hyphens or underscores
("ignore_all_previous_instructions"). Found by bench/injection_probes.py set 4 (fourth round of
family rules); undone here once, so that every rule reads through it instead of each rule
learning the spellings.

The view holds only the lines that changed (joined by newlines): the injection rules look within
a line, so the unchanged lines were already read in the original view, and a 10 KB document with
two version strings costs a rule pass over two lines, not over 10 KB. Every pattern is linear (no
nested quantifier can retry a character more than a bounded number of times).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["deobfuscated"]

# Leetspeak digits and signs for the letters they stand for (one reading each: "1" is read "i",
# the commonest in injection texts: "1gn0re", "1nstruct10ns").
_LEET: Final = str.maketrans("013457@$", "oieastas")
# A cheap gate: a letter next to one of those digits or signs.
_LEET_HINT: Final = re.compile(r"[A-Za-z][013457@$]|[013457@$][A-Za-z]")
# A token of 3-20 letters, those digits and signs, holding at least one of each kind (the
# lookaheads stay inside the token: the possessive run is at most 20 characters).
_LEET_TOKEN: Final = re.compile(
    r"(?<![\w@$])(?=[A-Za-z013457@$]{0,19}[A-Za-z])(?=[A-Za-z013457@$]{0,19}[013457@$])"
    r"[A-Za-z013457@$]{3,20}+(?![\w@$])"
)
# Three or more single letters joined by one kind of separator (space, dot, hyphen, underscore,
# star): "i g n o r e   a l l", "I.g.n.o.r.e.", "I-g-n-o-r-e" (the gate below wants four).
_SPLIT_LETTERS: Final = re.compile(
    r"(?<![\w.*-])[A-Za-z](?:(?: [A-Za-z]){2,}+|(?:\.[A-Za-z]){2,}+\.?|(?:-[A-Za-z]){2,}+"
    r"|(?:_[A-Za-z]){2,}+|(?:\*[A-Za-z]){2,}+)"
)
_SPLIT_HINT: Final = re.compile(
    r"(?<![\w.*-])[A-Za-z][ .*_-][A-Za-z][ .*_-][A-Za-z][ .*_-][A-Za-z]"
)
# Three or more words joined by hyphens or underscores.
_JOINED: Final = re.compile(r"\b[A-Za-z]{2,}+(?:[-_][A-Za-z]{2,}+){2,}+")
# Neither pattern asserts what follows its possessive run: a failing assertion would make every
# later letter of the run a new start (quadratic); the callbacks check it instead.
_MIN_LEET_TOKENS: Final = 2  # one "mp3" or "win10" is a name, not a spelling


def _unleet(text: str) -> str:
    if not _LEET_HINT.search(text):
        return text
    tokens = [m for m in _LEET_TOKEN.finditer(text) if m.group(0).translate(_LEET).isalpha()]
    if len(tokens) < _MIN_LEET_TOKENS:
        return text
    pieces: list[str] = []
    pos = 0
    for m in tokens:
        pieces.append(text[pos : m.start()])
        pieces.append(m.group(0).translate(_LEET))
        pos = m.end()
    pieces.append(text[pos:])
    return "".join(pieces)


def _runs_on(m: re.Match[str]) -> bool:
    """Does the word go on after the match (``a b cd``: the last letter starts a word)?"""
    end = m.end()
    text = m.string
    return end < len(text) and (text[end].isalnum() or text[end] in "_*-")


def _unsplit(m: re.Match[str]) -> str:
    if _runs_on(m):
        return m.group(0)
    return "".join(c for c in m.group(0) if c.isalpha())


def _unjoin(m: re.Match[str]) -> str:
    if _runs_on(m):
        return m.group(0)
    return m.group(0).replace("-", " ").replace("_", " ")


def deobfuscated(text: str) -> str | None:
    """The lines of ``text`` changed by undoing leetspeak, split letters and joined words, or
    None when no line changes. Runs of blanks between split-letter words become one space."""
    out = _unleet(text)
    if _SPLIT_HINT.search(out):
        out = _SPLIT_LETTERS.sub(_unsplit, out)
        out = re.sub(r"(?<=\w) {2,}(?=\w)", " ", out) if "  " in out else out
    if "-" in out or "_" in out:
        out = _JOINED.sub(_unjoin, out)
    if out == text:
        return None
    old = text.split("\n")
    new = out.split("\n")
    if len(old) != len(new):  # the substitutions never add or remove a newline
        return out
    changed = [b for a, b in zip(old, new, strict=True) if a != b]
    return "\n".join(changed)
