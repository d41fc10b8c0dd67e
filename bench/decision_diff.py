"""Which firewall decisions a change moved, without reading the test split's texts.

    .venv/bin/python bench/decision_diff.py record before.json     # on the code before
    .venv/bin/python bench/decision_diff.py record after.json      # on the code after
    .venv/bin/python bench/decision_diff.py compare before.json after.json
    .venv/bin/python bench/decision_diff.py record x.json --extra /work/external/*.jsonl

``record`` runs the firewall (the whole gate, each text written by the owner as
``user_message``) over every text of ``../shared/corpora`` (``A4S_CORPORA_DIR`` overrides), the
hand-written probes and examples of ``bench/data`` and any ``--extra`` JSON Lines files, and
writes one stop reason per text. Run it once on each version of the code (a second worktree for
the old one).

``compare`` counts the changed decisions by corpus, label, split and direction (newly refused,
newly stored, another refusal) and prints the texts **only** of changed items in the train and
validation splits of ``../shared/corpora`` (``train_injection.split_of``). The test split, the
probes (never trained on) and the public sets never trained on are counted, never shown: a rule
designed after reading them would be tuned on the figures it is measured by (issue 14's
honesty rule; the fifteenth session's diff printed such texts).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.train_injection import CORPORA, HANDWRITTEN, PROBES, split_of

STORED = "SUCCESS_STORED"
SHOWN_SPLITS = frozenset({"train", "val"})
TEXT_CHARS = 300  # enough to see what a rule read; the rest of a long e-mail adds nothing

Rows = dict[str, list[dict[str, Any]]]


def sources(extra: list[Path]) -> list[Path]:
    return [*sorted(CORPORA.glob("*.jsonl")), PROBES, HANDWRITTEN, *extra]


def read_rows(paths: list[Path]) -> Rows:
    """Each file's rows in order (blank lines skipped), keyed by the file's path."""
    rows: Rows = {}
    for path in paths:
        with path.open(encoding="utf-8") as handle:
            rows[str(path)] = [json.loads(line) for line in handle if line.strip()]
    return rows


def record(rows: Rows) -> dict[str, str]:
    """``path:index`` -> the stop reason of that text written by the owner."""
    from a4s_memory.firewall import Firewall, WriteRequest, hsfilter

    firewall = Firewall()
    hsfilter.wait(300.0)  # the prefilter decides nothing; waiting keeps the runs comparable
    decisions: dict[str, str] = {}
    for path, items in rows.items():
        for index, row in enumerate(items):
            decision = firewall.check(WriteRequest(text=row["text"]))
            decisions[f"{path}:{index}"] = decision.stop_reason.value
    return decisions


def _direction(before: str, after: str) -> str:
    if before == STORED:
        return "newly refused"
    return "newly stored" if after == STORED else "refused otherwise"


def _split(path: str, row: dict[str, Any]) -> str:
    """The row's split when it comes from ../shared/corpora, else "unseen" (never shown)."""
    file = Path(path)
    if file.parent != CORPORA:
        return "unseen"
    return split_of(file.stem, row)


def compare(before: dict[str, str], after: dict[str, str], rows: Rows) -> Iterator[str]:
    """Report lines: each shown change, then the counts."""
    counts: Counter[tuple[str, str, str, str]] = Counter()
    for key, old in before.items():
        new = after.get(key, old)
        if new == old:
            continue
        path, index = key.rsplit(":", 1)
        row = rows[path][int(index)]
        split, direction = _split(path, row), _direction(old, new)
        counts[(Path(path).stem, str(row.get("label")), split, direction)] += 1
        if split in SHOWN_SPLITS:
            text = " / ".join(row["text"][:TEXT_CHARS].splitlines())
            yield f"{split} {Path(path).stem} {row.get('label')}: {old} -> {new} | {text}"
    for (corpus, label, split, direction), n in sorted(counts.items()):
        yield f"{n:5d}  {corpus} {label} ({split}): {direction}"
    yield f"changed {sum(counts.values())} of {len(before)} decisions"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    rec = commands.add_parser("record", help="write every text's decision to a JSON file")
    rec.add_argument("out", type=Path)
    rec.add_argument("--extra", type=Path, nargs="*", default=[])
    cmp = commands.add_parser("compare", help="count (and show) the decisions two runs differ on")
    cmp.add_argument("before", type=Path)
    cmp.add_argument("after", type=Path)
    args = parser.parse_args()
    if args.command == "record":
        paths = sources(args.extra)
        decisions = record(read_rows(paths))
        report = {"sources": [str(p) for p in paths], "decisions": decisions}
        args.out.write_text(json.dumps(report) + "\n", encoding="utf-8")
        print(f"{len(decisions)} decisions -> {args.out}")
        return
    before, after = (json.loads(p.read_text(encoding="utf-8")) for p in (args.before, args.after))
    if before["sources"] != after["sources"]:
        raise SystemExit("the two runs read different files: record both with the same --extra")
    rows = read_rows([Path(p) for p in before["sources"]])
    for line in compare(before["decisions"], after["decisions"], rows):
        print(line)


if __name__ == "__main__":
    main()
