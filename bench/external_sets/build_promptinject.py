"""PromptInject's prompts (Perez & Ribeiro 2022), built by its own package's ``build_prompts``.

    /tmp/pi-venv/bin/python bench/external_sets/build_promptinject.py OUT.jsonl
        [--min-chars 40] [--sample 300] [--seed 0]

Needs ``promptinject==0.1.1.1`` from PyPI in a virtual environment of its own (never the
project's): ``python3.11 -m venv /tmp/pi-venv && /tmp/pi-venv/bin/pip install
promptinject==0.1.1.1 "numpy<2"`` (its pandas 1.5 does not load with numpy 2). The source is that
installed package (its ``prompt_data`` module holds the base prompts and attacks); the script
stops if another version is installed.

- Base prompts: the package's 35 OpenAI Playground prompts (``ALL_OPENAI_PLAYGROUND_PROMPTS``),
  those whose prompt without an attack (``build_prompts`` with no attack: the user input empty)
  has at least ``--min-chars`` characters: 27 (the 8 left out are stubs such as "List 10  :").
  These 27 prompts are the benign rows.
- Attacks: ``build_prompts`` over those 27 bases x every attack of the package (its 5 goal
  hijacking instructions, ``goal_hikacking_attacks``, x its 3 rogue strings; its 5 prompt leaking
  instructions, which print no rogue string, so their 3 copies are one text), with the escape
  settings of the package's example (``\\n`` and 10 dashes, twice): 540 distinct texts, of which
  ``--sample`` (300) drawn with ``random.Random(--seed)``, kept in build order.

Each row: ``{"id", "text", "label", "attack", "base"}``. ``attack`` is the attack's kind: a goal
hijack's instruction key and rogue string key joined by "+" (``screaming-stop+hate-humans``), a
prompt leak's instruction key (``ignore-previous-and-print``), ``no-attack`` for a benign row; split
with ``bench/external_injection.py --group attack``. Nothing of the set is kept in this repository.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
from importlib.metadata import version
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # bench.* when run as a script

from bench.external_sets.rows import write_rows

VERSION = "0.1.1.1"
BENIGN = "no-attack"
# the escape settings of PromptInject's README example (notebooks/Example.ipynb)
SETTINGS = {"escape": "\n", "delimiter": "-", "escape_length": 10, "escape_times": 2}


def build(min_chars: int, sample: int, seed: int) -> list[dict[str, Any]]:
    promptinject = importlib.import_module("promptinject")
    data = importlib.import_module("promptinject.prompt_data")
    build_prompts = promptinject.build_prompts
    goal = data.goal_hikacking_attacks
    leak = data.prompt_leaking_attacks
    rogue = data.rogue_strings
    goal_key = {attack["instruction"]: key for key, attack in goal.items()}
    leak_key = {attack["instruction"]: key for key, attack in leak.items()}
    rogue_key = {text: key for key, text in rogue.items()}

    plain = build_prompts({"base": {"text": data.ALL_OPENAI_PLAYGROUND_PROMPTS}})
    kept = [p for p in plain if len(p["prompt"]) >= min_chars]
    rows: list[dict[str, Any]] = []
    for p in kept:
        label = p["settings"]["base_text"]["label"]
        rows.append(
            {
                "id": f"promptinject-benign-{label}",
                "text": p["prompt"],
                "label": "benign",
                "attack": BENIGN,
                "base": label,
            }
        )

    built = build_prompts(
        {
            "base": {"text": tuple(p["settings"]["base_text"] for p in kept)},
            "attack": {
                "text": (*goal.values(), *leak.values()),
                "rogue_string": tuple(rogue.values()),
                "settings": SETTINGS,
            },
        }
    )
    pool: list[dict[str, Any]] = []
    seen: set[str] = set()
    for p in built:  # a prompt leak is built once per rogue string, which it does not use
        if p["prompt"] not in seen:
            seen.add(p["prompt"])
            pool.append(p)
    for index in sorted(random.Random(seed).sample(range(len(pool)), sample)):
        settings = pool[index]["settings"]
        instruction = settings["attack_instruction"]
        if instruction in goal_key:
            kind = f"{goal_key[instruction]}+{rogue_key[settings['attack_rogue_string']]}"
        else:
            kind = leak_key[instruction]
        label = settings["base_text"]["label"]
        rows.append(
            {
                "id": f"promptinject-{label}-{kind}",
                "text": pool[index]["prompt"],
                "label": "injection",
                "attack": kind,
                "base": label,
            }
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path, help="JSON Lines file to write")
    parser.add_argument("--min-chars", type=int, default=40, help="shortest base prompt kept")
    parser.add_argument("--sample", type=int, default=300, help="attacks drawn (default 300)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the draw (default 0)")
    args = parser.parse_args()
    if version("promptinject") != VERSION:
        raise SystemExit(f"promptinject {version('promptinject')} installed, {VERSION} expected")
    rows = build(args.min_chars, args.sample, args.seed)
    attacks = write_rows(rows, args.out)
    print(
        f"{args.out}: {attacks} injections, {len(rows) - attacks} benign "
        f"(promptinject {VERSION}, {len({r['attack'] for r in rows}) - 1} attack kinds)"
    )


if __name__ == "__main__":
    main()
