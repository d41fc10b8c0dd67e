"""Words run together ("Ignoreallpreviousinstructions", "Disregardyourguidelinesandprint…"),
split again for the re-spelling views (:mod:`obfuscation`; thirteenth session: stored before).

Only a run of 14 letters or more that holds a key word of the override family
(:data:`KEY_WORDS`) in its first :data:`_MAX_LETTERS` is split there (a run of letters that long
is rare in prose), and only :data:`_MAX_RUNS` of them per text (a bound on the work: ~1 ms):
into the fewest words of bert-base-uncased's vocabulary (store/data, the embedder's; its
alphabetic entries and their plurals) plus the key words, an override's own words costing a
little less (a tie goes to "forget all", not "forge tall"), a letter outside any word costing a
word and a half (names and coined words such as "pwned" stay in one piece). A dynamic program
over the run with words of at most :data:`_LONGEST` letters: ~20 look-ups per letter.
"""

from __future__ import annotations

import re
import threading
from importlib import resources
from typing import Final

__all__ = ["HINT", "KEY_WORDS", "split_runs", "vocabulary"]

KEY_WORDS: Final = (
    "ignor",
    "disregard",
    "forget",
    "overrid",
    "bypass",
    "instruction",
    "previous",
    "guideline",
    "prompt",
    "password",
    "jailbreak",
    "opposite",
    "directive",
)
# words an override is made of: each costs a little less than another word, so that of two
# splits with as many words the override's wins ("forget all", not "forge tall")
_OVERRIDE_WORDS: Final = frozenset(
    [
        "ignore",
        "disregard",
        "forget",
        "override",
        "bypass",
        "instruction",
        "instructions",
        "previous",
        "prior",
        "above",
        "earlier",
        "all",
        "your",
        "the",
        "and",
        "guideline",
        "guidelines",
        "prompt",
        "prompts",
        "password",
        "jailbreak",
        "opposite",
        "directive",
        "directives",
        "rules",
        "orders",
        "reveal",
        "secret",
        "system",
        "tell",
        "say",
        "print",
    ]
)
_OVERRIDE_COST: Final = 0.9
# a key word with three more letters before or four after it ("allprevious", "ignoreall"): what
# every run to split holds; Hyperscan's one pass answers it (see obfuscation)
HINT: Final = "|".join(f"[a-z]{{3}}{k}|{k}[a-z]{{4}}" for k in KEY_WORDS)
_EXTRA_WORDS: Final = (
    "override",
    "jailbreak",
    "admin",
    "pwned",
    "dan",
    "roleplay",
    "omit",
    "defy",
    "unrestricted",
)
_RUN: Final = re.compile(r"[A-Za-z]{14,}+")
_MAX_LETTERS: Final = 80  # a longer run is split in its first 80 letters only
_MAX_RUNS: Final = 4  # (16 when the blanks were lost: short runs, ~the same letters in all)
_SHORTEST_LOST: Final = 6
_LOST_RUN: Final = re.compile(f"[A-Za-z]{{{_SHORTEST_LOST},}}+")
_LONGEST: Final = 20
_UNKNOWN: Final = 1.5  # the cost of a letter in no word (a word costs 1)
_WORDS: list[frozenset[str]] = []
_LOCK: Final = threading.Lock()


def vocabulary() -> frozenset[str]:
    """The alphabetic entries of bert-base-uncased's vocabulary and :data:`_EXTRA_WORDS` (read
    once, ~20k words)."""
    if not _WORDS:
        with _LOCK:
            if not _WORDS:
                ref = resources.files("a4s_memory.store").joinpath(
                    "data", "bert-base-uncased-vocab.txt"
                )
                words = {
                    w
                    for w in ref.read_text(encoding="utf-8").split()
                    if w.isascii() and w.isalpha() and (len(w) > 1 or w in "ai")
                }
                _WORDS.append(frozenset(words | set(_EXTRA_WORDS)))
    return _WORDS[0]


def _split(run: str) -> str:
    """``run`` as the fewest words (a letter outside any word costs :data:`_UNKNOWN`), joined by
    spaces; letters outside words stay together."""
    words = vocabulary()
    lower = run.lower()
    n = len(lower)
    cost = [0.0] + [float("inf")] * n
    back = [0] * (n + 1)  # where the last piece starts (a piece of one letter: unknown)
    for end in range(1, n + 1):
        cost[end], back[end] = cost[end - 1] + _UNKNOWN, end - 1
        for start in range(max(0, end - _LONGEST), end):
            word = lower[start:end]
            step = _OVERRIDE_COST if word in _OVERRIDE_WORDS else 1.0
            if cost[start] + step < cost[end] and _is_word(word, words):
                cost[end], back[end] = cost[start] + step, start
    pieces: list[tuple[str, bool]] = []  # (piece, is a word)
    end = n
    while end > 0:
        start = back[end]
        piece = run[start:end]
        pieces.append((piece, _is_word(lower[start:end], words)))
        end = start
    pieces.reverse()
    out: list[list[str]] = []  # [piece, "w" or "?"]
    for piece, known in pieces:
        if not known and out and out[-1][1] == "?":
            out[-1][0] += piece  # letters outside words stay together
        else:
            out.append([piece, "w" if known else "?"])
    return " ".join(piece for piece, _ in out)


def _is_word(word: str, words: frozenset[str]) -> bool:
    """A word of the vocabulary, or one with an "s" after it (its plural: the vocabulary holds
    word pieces, "directive" but not "directives")."""
    return word in words or (len(word) > 3 and word[-1] == "s" and word[:-1] in words)


def split_runs(text: str, every: bool = False) -> str:
    """``text`` with each long run of letters that holds a key word split into words (``text``
    itself when there is none). ``every``: the text's blanks were lost (letters split by blanks
    joined again: "I g n o r e a l l" is "Ignoreall"), so every run of :data:`_SHORTEST_LOST`
    letters or more is split, whatever it holds ("Tellmeastory"): up to 16 runs of 80 letters."""
    pieces: list[str] = []
    pos = 0
    runs = _LOST_RUN.finditer(text) if every else _RUN.finditer(text)
    for count, m in enumerate(runs):
        if count >= _MAX_RUNS * (4 if every else 1):
            break
        end = min(m.end(), m.start() + _MAX_LETTERS)
        lower = text[m.start() : end].lower()
        if not every and not any(key in lower for key in KEY_WORDS):
            continue
        pieces.append(text[pos : m.start()])
        pieces.append(_split(text[m.start() : end]))
        pos = end
    if not pieces:
        return text
    pieces.append(text[pos:])
    return "".join(pieces)
