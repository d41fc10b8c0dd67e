"""The parts of a Markdown text shown as code: fenced blocks and inline code spans.

A developer's note quotes code: ``@Entity`` annotations, ``<input>`` elements, ``@types/node``.
What sits in a fence is shown as code, never rendered or addressed to anyone, so the checks that
read a note's *prose* (who it mentions, g2.heuristic.agent_refs) or its *rendered* markup
(firewall/inert_markup.py) split it here first. Every injection rule still reads the whole text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

__all__ = ["fenced_pieces", "prose_only"]

# Bounded runs: linear time (tests/unit/firewall/test_fw_linear_time.py).
_FENCE: Final = re.compile(r"^[ \t]{0,3}+(?:`{3,}+|~{3,}+)", re.MULTILINE)
_INLINE_CODE: Final = re.compile(r"`[^`\n]{1,400}+`")


def fenced_pieces(text: str) -> Iterator[tuple[str, bool]]:
    """``text`` in order as (piece, inside a fenced code block); the fence lines' markers are
    pieces outside. A fence left open is code to the end, as Markdown renders it."""
    if "```" not in text and "~~~" not in text:
        yield text, False
        return
    pos = 0
    fenced = False
    for fence in _FENCE.finditer(text):
        yield text[pos : fence.start()], fenced
        yield fence.group(), False
        pos = fence.end()
        fenced = not fenced
    yield text[pos:], fenced


def prose_only(text: str) -> str:
    """``text`` with each fenced block cut to a newline and each inline code span to a blank."""
    prose = "".join("\n" if fenced else piece for piece, fenced in fenced_pieces(text))
    return _INLINE_CODE.sub(" ", prose) if "`" in prose else prose
