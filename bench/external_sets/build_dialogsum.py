"""DialogSum's test dialogues, one benign row per turn (false positives on everyday chat).

    python3 bench/external_sets/build_dialogsum.py SOURCE OUT.jsonl [--rev REV] [--limit 6000]

DialogSum (Chen et al. 2021, CC BY-NC-SA 4.0): 13,460 everyday spoken dialogues (school, work,
shopping, travel, doctors) drawn from DailyDialog, DREAM, MuTual and an English-practice site,
each a run of ``#Person1#: ...`` / ``#Person2#: ...`` turns. SOURCE is either the test split
``dialogsum.test.jsonl`` (500 dialogues, fields ``fname``, ``dialogue``, three summaries and
topics) or a copy of cylnlp/dialogsum (a work tree, or a bare git directory as the search tool's
``fetch`` leaves it) holding it as ``DialogSum_Data/dialogsum.test.jsonl``, read at ``--rev``
(default HEAD). It stands in for EmpatheticDialogues, whose test.csv no reachable repository
holds.

Choices:
- one row per line of a dialogue, in the file's order; the text is what follows the
  ``#PersonN#:`` tag, stripped of surrounding white space. Every line of the test split has the
  tag; a line without one is kept whole;
- an empty turn is dropped, and so is any turn whose exact text came before (the first is kept);
- ``id`` is ``dialogsum-<fname>-<line index>`` (``fname`` as the file gives it, ``test_0`` ...;
  the index counted from 0 over all the dialogue's lines), so it points back at the line;
- the first ``--limit`` rows (default 6,000) of what is left, in that order (the test split has
  fewer, so none is cut).

Each row: ``{"id", "text", "label": "benign", "source": "dialogsum"}``. Standard library and git
only; nothing of the set is kept in this repository.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # bench.* when run as a script

from bench.external_sets.rows import chat_set_main

TEST_JSONL = "DialogSum_Data/dialogsum.test.jsonl"
LINE_BREAK = re.compile(r"\r?\n")
SPEAKER = re.compile(r"#Person\d+#:")


def turns(text: str) -> Iterator[tuple[str, str]]:
    """``(id, turn)`` of every line of every dialogue, in the file's order."""
    for record in text.split("\n"):
        if not record.strip():
            continue
        dialogue = json.loads(record)
        for index, line in enumerate(LINE_BREAK.split(dialogue["dialogue"])):
            tag = SPEAKER.match(line)
            yield f"dialogsum-{dialogue['fname']}-{index}", line[tag.end() :] if tag else line


def main() -> None:
    chat_set_main(
        __doc__,
        "dialogsum.test.jsonl, or cylnlp/dialogsum (work tree or bare git dir)",
        TEST_JSONL,
        "dialogsum",
        turns,
    )


if __name__ == "__main__":
    main()
