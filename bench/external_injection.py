"""The shipped firewall on a public injection set the project was not given, read from outside.

    .venv/bin/python bench/external_injection.py PATH.jsonl [PATH.jsonl ...] [--show] [--group F]

Each PATH is a JSON Lines file of ``{"id", "text", "label": "injection" | "benign"}`` kept
outside the repository (docs/firewall.md "Public sets never trained on" says which sets were
measured, where their copies came from and how the files were made). Nothing here is trained or
tuned on them: the learned layer's data are ``../shared/corpora`` and ``bench/data``.

Every row falls in one of two halves by a hash of its id (sha256, even: ``dev``, odd:
``held``); with ``--group FIELD``, by a hash of that field's value where a row has it, so the rows
that share it fall in one half (InjecAgent embeds each of its 62 attacker instructions in many
tool outputs: split by id, both halves hold every instruction, and the held figure measures
instructions a round was written on; ``--group attacker_tools`` measures new ones). The dev half may be read to find the families a round of rules should cover
(``--show`` prints its misses and false positives, and only its; the service column's too, where
the write path's screens changed the answer); the held half is only ever counted, and is the
figure to quote. Each text is written as the owner's ``user_message`` (the
worst case, as bench/injection_probes.py does), through the whole decision ("rules + model") and
with the learned layer off ("rules"), and as the service stores it ("service": then the write
path's vector screens, with the configured embedder; ``--no-vectors`` leaves it out). Recall counts injections not stored as trusted (rejected
or kept suspicious); a false positive is a benign text not stored trusted, and each column's
"..., of which forbidden category" counts those refused for a forbidden category (seed 001 §4: a
person's health said in chat is refused by design). JSON to bench/results/external-injection.json,
one entry per file.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter
from contextlib import nullcontext
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench.* when run as a script

from a4s_memory.cli.firewall_vectors import Rescreen, vector_rescreen
from a4s_memory.config import Settings
from a4s_memory.contract import StopReason
from a4s_memory.firewall import Firewall, FirewallConfig, hsfilter
from a4s_memory.firewall.learned import score
from a4s_memory.firewall.models import WriteRequest
from bench.injection_probes import untrusted

RESULTS = Path(__file__).resolve().parent / "results" / "external-injection.json"
LABELS = ("injection", "benign")
GATES = {
    "rules + model": FirewallConfig(),
    "rules": FirewallConfig.rules_only(),
}
# "rules + model", then the write path's vector screens (standing rules, injections) with the
# configured embedder: what the service stores, and what ``a4s-memory firewall check`` answers
SERVICE = "service"
# refusals for a forbidden category (seed 001 §4), told apart among the false positives
CATEGORY_STOPS = frozenset({StopReason.FORBIDDEN_CATEGORY, StopReason.MISSING_EXPLICIT_CONSENT})
CATEGORY_SUFFIX = ", of which forbidden category"


def half(row_id: str) -> str:
    """``dev`` or ``held``: fixed by the id alone, so a rerun never moves a row."""
    return "dev" if int(hashlib.sha256(row_id.encode("utf-8")).hexdigest(), 16) % 2 == 0 else "held"


def part_of(row: dict[str, Any], group: str | None) -> str:
    """The half of ``row``: by its id, or by the value of its ``group`` field when it has one
    (rows sharing the value share the half; a list or number is hashed as its JSON)."""
    if group is not None and (value := row.get(group)) is not None:
        return half(f"{group}={json.dumps(value, sort_keys=True)}")
    return half(row["id"])


def parse_rows(text: str, origin: str, labels: tuple[str, ...] = LABELS) -> list[dict[str, Any]]:
    """The rows of a JSON Lines text; a bad line stops with ``origin:line`` and what is wrong."""
    rows = []
    # split("\n"), not splitlines(): a JSON string may hold U+2028 and other line breaks
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            raise SystemExit(f"{origin}:{number}: not JSON ({error.msg})") from None
        if not isinstance(row, dict) or not all(
            isinstance(row.get(key), str) for key in ("id", "text")
        ):
            raise SystemExit(f"{origin}:{number}: every row needs a string id and text")
        if row.get("label") not in labels:
            raise SystemExit(f"{origin}:{number}: label must be one of {labels}")
        rows.append(row)
    return rows


def _rate(hits: int, n: int) -> str:
    return f"{hits}/{n} ({100.0 * hits / n:.1f} %)" if n else "0/0"


def measure(
    rows: list[dict[str, Any]],
    show: bool,
    group: str | None = None,
    rescreen: Rescreen | None = None,
) -> dict[str, Any]:
    gates = {name: Firewall(config) for name, config in GATES.items()}
    names = [*GATES, *([SERVICE] if rescreen is not None else [])]
    # decide as a serving process does, with the Hyperscan prefilter ready: it must change no
    # decision, and once did (a negated class with a non-ASCII member, fixed 2026-11-27)
    hsfilter.wait(300)
    counts: dict[tuple[str, str, str], int] = {}
    sizes: dict[tuple[str, str], int] = {}
    for row in rows:
        part = part_of(row, group)
        for where in (part, "all"):
            sizes[where, row["label"]] = sizes.get((where, row["label"]), 0) + 1
        request = WriteRequest(text=row["text"], source_type="user_message")
        decisions = {name: gate.check(request) for name, gate in gates.items()}
        if rescreen is not None:  # what the service stores: the write path's vector screens too
            decisions[SERVICE] = rescreen(decisions["rules + model"])
        for name, decision in decisions.items():
            caught = untrusted(decision)
            wrong = caught != (row["label"] == "injection")
            # a wrong answer refused for a forbidden category is always a benign text's
            by_category = wrong and decision.stop_reason in CATEGORY_STOPS
            for where in (part, "all"):
                key = (where, row["label"], name)
                counts[key] = counts.get(key, 0) + caught
                key = (where, row["label"], f"{name}{CATEGORY_SUFFIX}")
                counts[key] = counts.get(key, 0) + by_category
            # the service column prints only where the write path's screens changed the answer
            shown = name == "rules + model" or (
                name == SERVICE and caught != untrusted(decisions["rules + model"])
            )
            if show and wrong and part == "dev" and shown:
                kind = "MISS" if row["label"] == "injection" else "FP  "
                kind += " (service)" if name == SERVICE else ""
                rules = ",".join(f.rule_id for f in decision.findings)[:50]
                print(f"{kind} {score(row['text']):.2f} {rules:50s} {row['text'][:110]!r}")
    report: dict[str, Any] = {}
    for where in ("held", "dev", "all"):
        report[where] = {}
        for label in LABELS:
            n = sizes.get((where, label), 0)
            figure = "recall" if label == "injection" else "false positives"
            # benign: each column's forbidden-category refusals too (seed 001 §4: a person's
            # health or record is refused in chat as anywhere, by design)
            columns = [*names, *(f"{c}{CATEGORY_SUFFIX}" for c in names if label == "benign")]
            report[where][f"{label} {figure}"] = {
                name: _rate(counts.get((where, label, name), 0), n) for name in columns
            }
    return report


def result_names(paths: list[Path]) -> dict[str, Path]:
    """Each set's name in the results: its file's stem, or ``<folder>/<stem>`` when two files
    share a stem (sets kept as ``<set>/rows.jsonl``: one name would keep only the last)."""
    counts = Counter(p.stem for p in paths)
    return {(f"{p.parent.name}/{p.stem}" if counts[p.stem] > 1 else p.stem): p for p in paths}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="+", type=Path, help="JSON Lines files (id, text, label)")
    parser.add_argument("--show", action="store_true", help="print the dev half's errors")
    parser.add_argument(
        "--group", metavar="FIELD", help="split by this field's value (rows sharing it together)"
    )
    parser.add_argument(
        "--no-vectors", action="store_true", help="leave out the 'service' column (no embedding)"
    )
    args = parser.parse_args()
    results: dict[str, Any] = {}
    with nullcontext() if args.no_vectors else vector_rescreen(Settings()) as rescreen:
        for name, path in result_names(args.paths).items():
            if not path.is_file():
                raise SystemExit(f"{path}: no such file (the sets are kept outside the repository)")
            rows = parse_rows(path.read_text(encoding="utf-8"), str(path))
            results[name] = measure(rows, args.show, args.group, rescreen)
            if args.group is not None:
                results[name]["split"] = f"by {args.group} (rows without it: by id)"
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps(results, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
