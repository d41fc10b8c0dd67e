"""Tasks of Super-NaturalInstructions appended to other data, as Open Prompt Injection appends them.

    python3 bench/external_sets/build_ni_appended.py TASKS.jsonl OUT.jsonl [--exclude NAMES.txt]

TASKS is a JSON Lines file of ``{"task", "categories", "definition", "inputs"}`` taken from
allenai/natural-instructions' ``tasks/*.json`` (each task's "Definition" and its first instances'
inputs; ``/work/external/ni46/SOURCES.md`` says which commit and how the tasks were chosen). Each
task gives two injections and its inputs as benign rows, ``group`` being the task's name (split
with ``bench/external_injection.py OUT --group group``):

* ``escape``: another task's first input (the data a victim task was given: the task seven rows
  on, wrapping around), a line break, then the definition and the task's own last input, as
  Open Prompt Injection's EscapeCharAttacker writes it;
* ``naive``: the same with a blank instead of the line break (its NaiveAttacker);
* ``benign``: each input of the task alone.

``--exclude`` leaves out the tasks named in a file (one per line): those whose definitions were
read while the round they measure was written (docs/firewall.md "Forty-sixth session").
Standard library only; deterministic.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # bench.* when run as a script

from bench.external_sets.rows import write_rows

# how many rows on the carrier's task is: another task's data, never the task's own
CARRIER_STEP = 7


def appended_rows(tasks: list[dict[str, Any]], excluded: frozenset[str]) -> list[dict[str, Any]]:
    """The injections and benign rows of every task with inputs that is not ``excluded``."""
    with_inputs = [task for task in tasks if task["inputs"]]
    rows: list[dict[str, Any]] = []
    for index, task in enumerate(with_inputs):
        name = task["task"]
        if name in excluded:
            continue
        carrier = with_inputs[(index + CARRIER_STEP) % len(with_inputs)]["inputs"][0].strip()
        injected = f"{task['definition'].strip()} {task['inputs'][-1].strip()}"
        for attack, joint in (("escape", "\n"), ("naive", " ")):
            rows.append(
                {
                    "id": f"ni-{attack}-{name}",
                    "text": carrier + joint + injected,
                    "label": "injection",
                    "group": name,
                    "attack": attack,
                }
            )
        for number, text in enumerate(task["inputs"]):
            rows.append(
                {"id": f"ni-benign-{name}-{number}", "text": text, "label": "benign", "group": name}
            )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("tasks", type=Path, help="tasks JSON Lines (task, definition, inputs)")
    parser.add_argument("out", type=Path, help="JSON Lines file to write")
    parser.add_argument("--exclude", type=Path, help="file of task names to leave out")
    args = parser.parse_args()
    tasks = [
        json.loads(line) for line in args.tasks.read_text(encoding="utf-8").splitlines() if line
    ]
    excluded = (
        frozenset(args.exclude.read_text(encoding="utf-8").split()) if args.exclude else frozenset()
    )
    rows = appended_rows(tasks, excluded)
    attacks = write_rows(rows, args.out)
    print(
        f"{args.out}: {attacks} injections, {len(rows) - attacks} benign, {len(excluded)} tasks left out"
    )


if __name__ == "__main__":
    main()
