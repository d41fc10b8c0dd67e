"""GPTFuzz's human-written jailbreak templates, each filled with its first harmful questions.

    python3 bench/external_sets/build_gptfuzz.py SOURCE OUT.jsonl [--rev REV] [--questions 8]

SOURCE is a copy of sherdencooper/GPTFuzz: a work tree, or a bare git directory (as the search
tool's ``fetch`` leaves it), read at ``--rev`` (default HEAD). Every template of
``datasets/prompts/GPTFuzzer.csv`` (77) is filled with each of the first ``--questions`` questions
of ``datasets/questions/question_list.csv`` by replacing its placeholder, as GPTFuzz's own
``gptfuzzer/utils/template.py`` (``synthesis_message``) does: 77 x 8 = 616 rows, all injections.

Each row: ``{"id": "gptfuzz-<template>-<question>", "text", "label": "injection", "template",
"question"}``; ``template`` is the template's id as the csv gives it (a string), the field to split
on (``bench/external_injection.py --group template``). Standard library only; nothing of the set
is kept in this repository.
"""

from __future__ import annotations

import argparse
import csv
import io
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # bench.* when run as a script

from bench.external_sets.rows import repo_reader, write_rows

TEMPLATES = "datasets/prompts/GPTFuzzer.csv"
QUESTIONS = "datasets/questions/question_list.csv"
# gptfuzzer/utils/template.py: QUESTION_PLACEHOLDER
PLACEHOLDER = "[INSERT PROMPT HERE]"


def csv_rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text, newline="")))


def build(read: Callable[[str], str], questions: int) -> list[dict[str, object]]:
    templates = csv_rows(read(TEMPLATES))
    asked = csv_rows(read(QUESTIONS))[:questions]
    rows: list[dict[str, object]] = []
    for template in templates:
        if template["text"].count(PLACEHOLDER) != 1:
            raise SystemExit(f"template {template['id']}: not one {PLACEHOLDER}")
        for question in asked:
            rows.append(
                {
                    "id": f"gptfuzz-{template['id']}-{question['index']}",
                    "text": template["text"].replace(PLACEHOLDER, question["text"]),
                    "label": "injection",
                    "template": template["id"],
                    "question": int(question["index"]),
                }
            )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "source", type=Path, help="sherdencooper/GPTFuzz: work tree or bare git dir"
    )
    parser.add_argument("out", type=Path, help="JSON Lines file to write")
    parser.add_argument("--rev", default="HEAD", help="revision of a git source (default HEAD)")
    parser.add_argument("--questions", type=int, default=8, help="first N questions (default 8)")
    args = parser.parse_args()
    read, commit = repo_reader(args.source, args.rev)
    rows = build(read, args.questions)
    write_rows(rows, args.out)
    templates = len({row["template"] for row in rows})
    print(f"{args.out}: {len(rows)} injections ({templates} templates), commit {commit}")


if __name__ == "__main__":
    main()
