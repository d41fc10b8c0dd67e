"""Open Prompt Injection's attacks (Liu et al., USENIX Security 2024), built by its own attackers.

    python3 bench/external_sets/build_opi.py SOURCE OUT.jsonl [--rev REV] [--model gpt4.1]
        [--per-pair 3] [--attacks escape ignore fake_comp combine]

SOURCE is a copy of sarthak-choudhary/DataFlip (which carries the OpenPromptInjection package and
the task samples it drew): a work tree, or a bare git directory (as the search tool's ``fetch``
leaves it), read at ``--rev`` (default HEAD). The upstream repository (liu00222/
Open-Prompt-Injection) could not be fetched here; the attacker code is the same package.

What it reads:
- the 7 tasks' configs, ``configs/task_configs/<dataset>_config.json`` (the task's name, e.g.
  ``hate_detection``, and its injected instruction's file);
- the injected instructions, ``data/system_prompts/<task>_inject.txt`` (first line, right-stripped,
  as ``OpenPromptInjection.utils.open_txt`` reads it for ``InjectedTask``);
- the task samples: the package builds them from Hugging Face data sets (not reachable here), and
  DataFlip's RQ2 results keep them as drawn, 100 target and 100 injected inputs per task, in
  ``results/RQ2/<model>/target_<target>_inject_<injected>.json`` (``target_data``,
  ``inject_data``; identical in all 42 files of a model, which the script checks);
- the attackers themselves, ``OpenPromptInjection/attackers/*Attacker.py``, loaded from the
  source and called: ``inject(clean_data, idx[, target_task])``.

Attacks: for each injected task, each of the 6 other target tasks (the pairs the repository runs)
and the first ``--per-pair`` target inputs i, each attack kind injects injected input i into
target input i (4 kinds x 6 targets x 3 inputs x 7 injected tasks = 504). Benign rows: the
target inputs of every task, each distinct text once (7 x 100, less one repeated summarization
text: 699).

Each row: ``{"id", "text", "label", "group", ...}``; ``group`` is the injected task's name as the
repository's configs name it (``task_info.task``: ``sentiment_analysis``, ``spam_detection``,
``hate_detection``, ``duplicate_sentence_detection``, ``natural_language_inference``,
``summarization``, ``grammar_correction``), for a benign row its own task's; split with
``bench/external_injection.py --group group``. Also ``attack``, ``target_task``, ``dataset``.
Standard library only (and git for a bare source); nothing of the set is kept in this repository.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # bench.* when run as a script

from bench.external_sets.rows import repo_reader, write_rows

# the datasets, in the order DataFlip's RQ2.ipynb lists their configs
DATASETS = ("gigaword", "hsol", "jfleg", "mrpc", "rte", "sms_spam", "sst2")
# OpenPromptInjection.attackers.create_attacker: strategy -> module (and class) name
ATTACKERS = {
    "naive": "NaiveAttacker",
    "escape": "EscapeCharAttacker",
    "ignore": "IgnoreAttacker",
    "fake_comp": "FakeCompAttacker",
    "combine": "CombineAttacker",
}
# the attackers whose inject() takes the target task (the faked answer depends on it)
NEEDS_TARGET = frozenset({"fake_comp", "combine"})
DEFAULT_ATTACKS = ("escape", "ignore", "fake_comp", "combine")


class InjectedTaskData:
    """What an attacker reads of OpenPromptInjection's ``InjectedTask``: ``get_instruction()``
    and ``task[idx]`` -> (data prompt, label)."""

    def __init__(self, instruction: str, data: list[list[str]]) -> None:
        self.instruction = instruction
        self.data = data

    def get_instruction(self) -> str:
        return self.instruction

    def __getitem__(self, idx: int) -> tuple[str, str]:
        return self.data[idx][0], self.data[idx][1]


def load_attackers(read: Callable[[str], str], names: list[str], workdir: Path) -> dict[str, Any]:
    """The repository's attacker classes, by strategy, imported from its own source files (the
    package's ``__init__`` is left out: it imports the models and their dependencies)."""
    package = workdir / "opi_attackers"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    for module in ["Attacker", *(ATTACKERS[name] for name in names)]:
        text = read(f"OpenPromptInjection/attackers/{module}.py")
        (package / f"{module}.py").write_text(text, encoding="utf-8")
    sys.path.insert(0, str(workdir))
    try:
        return {
            name: getattr(
                importlib.import_module(f"opi_attackers.{ATTACKERS[name]}"), ATTACKERS[name]
            )
            for name in names
        }
    finally:
        sys.path.remove(str(workdir))


def first_line(text: str) -> str:
    """``open_txt(path)[0]``: the first line, right-stripped."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")[0].rstrip()


def build(
    read: Callable[[str], str], model: str, per_pair: int, attacks: list[str], workdir: Path
) -> list[dict[str, Any]]:
    configs = {
        dataset: json.loads(read(f"configs/task_configs/{dataset}_config.json"))
        for dataset in DATASETS
    }
    task = {dataset: config["task_info"]["task"] for dataset, config in configs.items()}
    # the samples as drawn: the same in every result file of the model (checked)
    targets: dict[str, list[list[str]]] = {}
    injected: dict[str, list[list[str]]] = {}
    for t in DATASETS:
        for i in DATASETS:
            if t == i:
                continue
            path = f"results/RQ2/{model}/target_{task[t]}_inject_{task[i]}.json"
            result = json.loads(read(path))
            for store, key, value in ((targets, t, "target_data"), (injected, i, "inject_data")):
                if store.setdefault(key, result[value]) != result[value]:
                    raise SystemExit(f"{path}: {value} differs from the other files'")
    attacker_classes = load_attackers(read, attacks, workdir)
    rows: list[dict[str, Any]] = []
    for i in DATASETS:
        instruction = first_line(
            read(f"data/system_prompts/{configs[i]['task_info']['injected_instruction']}.txt")
        )
        data = InjectedTaskData(instruction, injected[i])
        attackers = {name: cls(name, data) for name, cls in attacker_classes.items()}
        for t in DATASETS:
            if t == i:
                continue
            for idx in range(per_pair):
                clean = targets[t][idx][0]
                for name, attacker in attackers.items():
                    if name in NEEDS_TARGET:
                        text = attacker.inject(clean_data=clean, idx=idx, target_task=task[t])
                    else:
                        text = attacker.inject(clean_data=clean, idx=idx)
                    rows.append(
                        {
                            "id": f"opi-{name}-{task[t]}-{task[i]}-{idx}",
                            "text": text,
                            "label": "injection",
                            "group": task[i],
                            "attack": name,
                            "target_task": task[t],
                            "dataset": i,
                        }
                    )
    seen: set[str] = set()
    for t in DATASETS:
        for idx, (text, _label) in enumerate(targets[t]):
            if text in seen:
                continue
            seen.add(text)
            rows.append(
                {
                    "id": f"opi-clean-{task[t]}-{idx}",
                    "text": text,
                    "label": "benign",
                    "group": task[t],
                    "dataset": t,
                }
            )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "source", type=Path, help="sarthak-choudhary/DataFlip: tree or bare git dir"
    )
    parser.add_argument("out", type=Path, help="JSON Lines file to write")
    parser.add_argument("--rev", default="HEAD", help="revision of a git source (default HEAD)")
    parser.add_argument(
        "--model", default="gpt4.1", help="results/RQ2/<model> to read samples from"
    )
    parser.add_argument(
        "--per-pair", type=int, default=3, help="target inputs per pair (default 3)"
    )
    parser.add_argument(
        "--attacks", nargs="+", choices=sorted(ATTACKERS), default=list(DEFAULT_ATTACKS)
    )
    args = parser.parse_args()
    read, commit = repo_reader(args.source, args.rev)
    with tempfile.TemporaryDirectory() as workdir:
        rows = build(read, args.model, args.per_pair, args.attacks, Path(workdir))
    attacks = write_rows(rows, args.out)
    print(
        f"{args.out}: {attacks} injections, {len(rows) - attacks} benign "
        f"(attacks {' '.join(args.attacks)}), commit {commit}"
    )


if __name__ == "__main__":
    main()
