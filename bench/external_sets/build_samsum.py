"""SAMSum's test dialogues, one benign row per chat message (false positives on messenger chat).

    python3 bench/external_sets/build_samsum.py SOURCE OUT.jsonl [--rev REV] [--limit 6000]

SAMSum (Gliwa et al. 2019, CC BY-NC-ND 4.0): messenger-style dialogues written by linguists, each
a run of ``Speaker: message`` lines. SOURCE is either the test split as a csv file (columns ``id``,
``summary``, ``dialogue``, as the Hugging Face copy of the corpus exports it) or a copy of
BinWang28/LA-BART (a work tree, or a bare git directory as the search tool's ``fetch`` leaves
it), whose ``data/samsum/test.csv`` is that file (819 dialogues), read at ``--rev`` (default HEAD).

Choices:
- one row per line of a dialogue, in the file's order; the text is what follows the line's first
  colon (the speaker's name and the colon dropped), stripped of surrounding white space. Every
  line of the test split has a colon, and no name before it is longer than 30 characters; a line
  without one is kept whole;
- a message that is empty after that is dropped, and so is any message whose exact text came
  before (the first is kept): "ok", "Thanks!" and the like recur across dialogues;
- ``id`` is ``samsum-<dialogue id>-<line index>``, the index counted from 0 over all the
  dialogue's lines (dropped ones too), so it points back at the line in the source;
- the first ``--limit`` rows (default 6,000) of what is left, in that order.

Each row: ``{"id", "text", "label": "benign", "source": "samsum"}``. Standard library and git
only; nothing of the set is kept in this repository.
"""

from __future__ import annotations

import csv
import io
import re
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # bench.* when run as a script

from bench.external_sets.rows import chat_set_main

TEST_CSV = "data/samsum/test.csv"
LINE_BREAK = re.compile(r"\r?\n")


def turns(text: str) -> Iterator[tuple[str, str]]:
    """``(id, message)`` of every line of every dialogue, in the file's order."""
    for dialogue in csv.DictReader(io.StringIO(text, newline="")):
        for index, line in enumerate(LINE_BREAK.split(dialogue["dialogue"])):
            speaker, colon, message = line.partition(":")
            yield f"samsum-{dialogue['id']}-{index}", message if colon else speaker


def main() -> None:
    chat_set_main(
        __doc__,
        "test.csv, or BinWang28/LA-BART (work tree or bare git dir)",
        TEST_CSV,
        "samsum",
        turns,
    )


if __name__ == "__main__":
    main()
