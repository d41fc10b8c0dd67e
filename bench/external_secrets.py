"""Secret recall on a public secret-detection test set the project was not given, read from outside.

    .venv/bin/python bench/external_secrets.py PATH.jsonl [PATH.jsonl ...] [--show]

Each PATH is a JSON Lines file of ``{"id", "text", "label": "secret" | "benign",
"secret_values": [...], "rule"}`` kept outside the repository (docs/firewall.md "Secrets on public
sets never used" says where each copy came from). ``secret_values`` are exact substrings of the
text: the values that must not be stored. Nothing here is tuned on them.

Rows fall in two halves by a hash of their id, as in ``bench/external_injection.py``: the dev half
may be read (``--show`` prints its misses, and only its), the held half is only counted and is
the figure to quote. Per half, side by side on the same texts:

* ``value_absent``: secret rows where no value is left in what would be stored. For the
  firewall, the whole decision on the text written as the owner's ``user_message``: the redacted
  text when it is kept, nothing when it is refused. For detect-secrets (default plugins and
  filters, the text scanned as ``detect-secrets scan`` scans a file), the most generous reading:
  every value lies on a line it flags (a scrubber that drops flagged lines would remove it);
* ``detected``: secret rows with at least one finding (the firewall's secret layer alone);
* ``kept_redacted``: secret rows the firewall keeps with every value redacted (a secret in an
  owner's paste is redacted and the rest kept, not refused: issue 14 item 2);
* ``benign_flagged``: the set's negative examples with a finding (look-alikes: lower is better).

JSON to bench/results/external-secrets.json, one entry per file.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench.* when run as a script

from a4s_memory.firewall import Firewall, WriteRequest, detect_secrets, hsfilter
from bench.external_injection import _rate, half
from bench.external_injection import parse_rows as injection_rows
from bench.firewall_bench import detect_secrets_scanner, flagged_lines, release_detect_secrets

RESULTS = Path(__file__).resolve().parent / "results" / "external-secrets.json"
LABELS = ("secret", "benign")


def parse_rows(text: str, origin: str) -> list[dict[str, Any]]:
    """The rows of a JSON Lines text; a bad line stops with ``origin:line`` and what is wrong."""
    rows = injection_rows(text, origin, LABELS)
    for number, row in enumerate(rows, start=1):
        values = row.get("secret_values", [])
        if not isinstance(values, list) or not all(
            isinstance(v, str) and v and v in row["text"] for v in values
        ):
            raise SystemExit(
                f"{origin}: row {number}: secret_values must be substrings of its text"
            )
        if row["label"] == "secret" and not values:
            raise SystemExit(f"{origin}: row {number}: a secret row needs its secret_values")
    return rows


class Judge:
    """Both scanners' answers for one row (the firewall's decision is made once per row)."""

    def __init__(self, scan: Callable[[str], list[Any]] | None) -> None:
        self.firewall = Firewall()
        self.scan = scan

    def ours(self, row: dict[str, Any]) -> dict[str, bool]:
        decision = self.firewall.check(WriteRequest(text=row["text"], source_type="user_message"))
        stored = (decision.redacted_text or row["text"]) if decision.accepted else ""
        values = row["secret_values"]
        return {
            "detected": bool(detect_secrets(row["text"])),
            "value_absent": not any(v in stored for v in values),
            "kept_redacted": decision.accepted and not any(v in stored for v in values),
        }

    def theirs(self, row: dict[str, Any]) -> dict[str, bool] | None:
        if self.scan is None:
            return None
        flagged = flagged_lines(self.scan, row["text"])
        return {
            "detected": bool(flagged),
            "value_absent": all(any(v in line for line in flagged) for v in row["secret_values"]),
        }


def measure(rows: list[dict[str, Any]], judge: Judge, show: bool) -> dict[str, Any]:
    report: dict[str, Any] = {}
    for part in ("dev", "held", "all"):
        chosen = [r for r in rows if part == "all" or half(r["id"]) == part]
        secret = [r for r in chosen if r["label"] == "secret"]
        benign = [r for r in chosen if r["label"] == "benign"]
        ours = [judge.ours(r) for r in secret]
        entry: dict[str, Any] = {
            "a4s firewall": {
                key: _rate(sum(1 for o in ours if o[key]), len(secret))
                for key in ("value_absent", "detected", "kept_redacted")
            }
        }
        entry["a4s firewall"]["benign_flagged"] = _rate(
            sum(1 for r in benign if detect_secrets(r["text"])), len(benign)
        )
        theirs = [judge.theirs(r) for r in secret]
        if judge.scan is not None:
            entry["detect-secrets"] = {
                key: _rate(sum(1 for t in theirs if t and t[key]), len(secret))
                for key in ("value_absent", "detected")
            }
            entry["detect-secrets"]["benign_flagged"] = _rate(
                sum(1 for r in benign if judge.scan(r["text"])), len(benign)
            )
        if show and part == "dev":
            for row, o in zip(secret, ours, strict=True):
                if not o["value_absent"]:
                    print(f"MISS {row.get('rule', '?'):30.30} {row['text'][:110]!r}")
            for row in benign:
                if detect_secrets(row["text"]):
                    print(f"FP   {row.get('rule', '?'):30.30} {row['text'][:110]!r}")
        report[part] = entry
    return report


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="+", type=Path, help="JSON Lines files (see above)")
    parser.add_argument("--show", action="store_true", help="print the dev half's errors")
    parser.add_argument("--no-detect-secrets", action="store_true")
    args = parser.parse_args(argv)
    judge = Judge(None if args.no_detect_secrets else detect_secrets_scanner())
    hsfilter.wait(300)  # decide as a serving process does, with the prefilter ready
    report = {}
    for path in args.paths:
        rows = parse_rows(path.read_text(encoding="utf-8"), str(path))
        report[path.stem] = measure(rows, judge, args.show)
    release_detect_secrets()
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
