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
import json
import subprocess
from collections.abc import Callable
from pathlib import Path

TEMPLATES = "datasets/prompts/GPTFuzzer.csv"
QUESTIONS = "datasets/questions/question_list.csv"
# gptfuzzer/utils/template.py: QUESTION_PLACEHOLDER
PLACEHOLDER = "[INSERT PROMPT HERE]"


def repo_reader(source: Path, rev: str) -> tuple[Callable[[str], str], str]:
    """A function reading one file of the repository at ``source`` (a work tree, or a bare git
    directory read at ``rev``), and the commit read ("unknown" for a tree outside git)."""
    bare = (source / "objects").is_dir() and (source / "HEAD").is_file()
    git = ["git", "--git-dir", str(source)] if bare else ["git", "-C", str(source)]
    found = subprocess.run(  # noqa: S603 - git with fixed arguments
        [*git, "rev-parse", rev], capture_output=True, text=True, check=False
    )
    commit = found.stdout.strip() if found.returncode == 0 else "unknown"
    if not bare:
        return (lambda path: (source / path).read_text(encoding="utf-8")), commit

    def read(path: str) -> str:
        shown = subprocess.run(  # noqa: S603 - git with fixed arguments
            [*git, "show", f"{rev}:{path}"], capture_output=True, check=True
        )
        return shown.stdout.decode("utf-8")

    return read, commit


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
    if len({row["id"] for row in rows}) != len(rows):
        raise SystemExit("duplicate ids")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8", newline="\n") as out:
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    templates = len({row["template"] for row in rows})
    print(f"{args.out}: {len(rows)} injections ({templates} templates), commit {commit}")


if __name__ == "__main__":
    main()
