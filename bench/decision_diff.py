"""Which firewall decisions a change moved, without reading the test split's texts.

    git worktree add /tmp/before <commit>; cp a4s_memory/firewall/_scan*.so /tmp/before/a4s_memory/firewall/
    .venv/bin/python bench/decision_diff.py record before.json --code /tmp/before
    .venv/bin/python bench/decision_diff.py record after.json
    .venv/bin/python bench/decision_diff.py compare before.json after.json
    .venv/bin/python bench/decision_diff.py record x.json --extra /work/external/*.jsonl

``record`` runs the firewall (the whole gate, each text written by the owner as
``user_message``) over every text of ``../shared/corpora`` (``A4S_CORPORA_DIR`` overrides), the
hand-written probes and examples of ``bench/data`` and any ``--extra`` JSON Lines files, and
writes one outcome per text (its stop reason; a text stored but not trusted, its security axis
``suspicious``, is ``SUCCESS_STORED:suspicious``), with the sha256 of every file it read. Run it once on each
version of the code: ``--code DIR`` runs the firewall of another checkout (a worktree of the
commit before, with the C extension copied in), which may predate this script.

``compare`` (over the files both runs read in the same version as now; any other is named and
left out) counts the changed decisions by corpus, label, split and direction (newly refused,
newly stored, another refusal, newly kept but not trusted, newly trusted) and prints the texts **only** of changed items in the train and
validation splits of ``../shared/corpora`` (``train_injection.split_of``). The test split, the
probes (never trained on) and the public sets never trained on are counted, never shown: a rule
designed after reading them would be tuned on the figures it is measured by (issue 14's
honesty rule; the fifteenth session's diff printed such texts).

A redaction is not a decision: ``record`` also keeps, for each text stored with something
redacted, a digest of what would be stored, and ``compare`` counts the texts both runs store whose
stored form differs (a secret rule's change moves those, not the outcomes; counted, never shown).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

STORED = "SUCCESS_STORED"
FORMAT = 2  # 1: stop reasons only, a text kept but not trusted read as stored
SHOWN_SPLITS = frozenset({"train", "val"})
TEXT_CHARS = 300  # enough to see what a rule read; the rest of a long e-mail adds nothing

Rows = dict[str, list[dict[str, Any]]]


def sources(extra: list[Path]) -> dict[str, Path]:
    """The files read, by a name that is the same in every checkout: ``corpora/<file>`` for
    ``../shared/corpora``, ``bench/data/<file>`` for this repository's sets, else ``extra/<file>``.
    Imported late: with ``--code`` these are the other checkout's paths."""
    from bench.train_injection import CORPORA, HANDWRITTEN, PROBES

    named = {f"corpora/{p.name}": p for p in sorted(CORPORA.glob("*.jsonl"))}
    named |= {f"bench/data/{p.name}": p for p in (PROBES, HANDWRITTEN)}
    return named | {f"extra/{p.name}": p.resolve() for p in extra}


def read_sources(named: dict[str, Path]) -> tuple[Rows, dict[str, str]]:
    """Each file's rows in order (blank lines skipped) and its sha256, by its name; one read."""
    rows: Rows = {}
    digests: dict[str, str] = {}
    for name, path in named.items():
        data = path.read_bytes()
        digests[name] = hashlib.sha256(data).hexdigest()
        lines = data.decode("utf-8").split("\n")  # not splitlines: a text may hold U+2028
        rows[name] = [json.loads(line) for line in lines if line.strip()]
    return rows, digests


def record(rows: Rows) -> tuple[dict[str, str], dict[str, str]]:
    """``name:index`` -> the outcome of that text written by the owner: its stop reason, or
    ``SUCCESS_STORED:<security>`` when it is stored with a security axis other than ``clean``;
    and, for each text stored with something redacted, ``name:index`` -> a digest of what would
    be stored (a redaction is not a decision: a secret rule moves these, not the outcomes)."""
    from a4s_memory.firewall import Firewall, WriteRequest, hsfilter

    firewall = Firewall()
    hsfilter.wait(300.0)  # the prefilter decides nothing; waiting keeps the runs comparable
    decisions: dict[str, str] = {}
    redactions: dict[str, str] = {}
    for name, items in rows.items():
        for index, row in enumerate(items):
            decision = firewall.check(WriteRequest(text=row["text"]))
            outcome = decision.stop_reason.value
            if decision.status is not None and decision.status.security.value != "clean":
                outcome = f"{outcome}:{decision.status.security.value}"
            decisions[f"{name}:{index}"] = outcome
            kept = decision.redacted_text
            if decision.accepted and kept is not None and kept != row["text"]:
                digest = hashlib.sha256(kept.encode("utf-8")).hexdigest()[:16]
                redactions[f"{name}:{index}"] = digest
    return decisions, redactions


def _direction(before: str, after: str) -> str:
    was_kept, kept = before.startswith(STORED), after.startswith(STORED)
    if was_kept and kept:
        return "newly trusted" if after == STORED else "newly kept, not trusted"
    if was_kept:
        return "newly refused"
    if kept:
        return "newly stored" if after == STORED else "newly stored, not trusted"
    return "refused otherwise"


def _split(name: str, row: dict[str, Any]) -> str:
    """The row's split when it comes from ../shared/corpora, else "unseen" (never shown)."""
    from bench.train_injection import split_of

    folder, _, file = name.partition("/")
    return split_of(Path(file).stem, row) if folder == "corpora" else "unseen"


def compare(before: dict[str, str], after: dict[str, str], rows: Rows) -> Iterator[str]:
    """Report lines: each shown change, then the counts."""
    counts: Counter[tuple[str, str, str, str]] = Counter()
    for key, old in before.items():
        new = after.get(key, old)
        if new == old:
            continue
        name, index = key.rsplit(":", 1)
        row = rows[name][int(index)]
        split, direction = _split(name, row), _direction(old, new)
        corpus = Path(name).stem
        counts[(corpus, str(row.get("label")), split, direction)] += 1
        if split in SHOWN_SPLITS:
            text = " / ".join(row["text"][:TEXT_CHARS].splitlines())
            yield f"{split} {corpus} {row.get('label')}: {old} -> {new} | {text}"
    for (corpus, label, split, direction), n in sorted(counts.items()):
        yield f"{n:5d}  {corpus} {label} ({split}): {direction}"
    yield f"changed {sum(counts.values())} of {len(before)} decisions"


def compare_redactions(before: dict[str, str], after: dict[str, str], rows: Rows) -> Iterator[str]:
    """Texts stored by both runs whose stored form differs (one more or one less redaction, or
    another span), counted by corpus, label and split; texts never shown (secrets)."""
    counts: Counter[tuple[str, str, str]] = Counter()
    for key in before.keys() | after.keys():
        if before.get(key) != after.get(key):
            name, index = key.rsplit(":", 1)
            row = rows[name][int(index)]
            counts[(Path(name).stem, str(row.get("label")), _split(name, row))] += 1
    for (corpus, label, split), n in sorted(counts.items()):
        yield f"{n:5d}  {corpus} {label} ({split}): stored with other redactions"
    yield f"redacted differently: {sum(counts.values())} texts"


def comparable(
    before: dict[str, str], after: dict[str, str], now: dict[str, str]
) -> tuple[set[str], list[str]]:
    """The files both runs read in the version there is now (by sha256), and a line for each
    other file: a change of the hand-written training data leaves every other file comparable."""
    names = {name for name, digest in before.items() if after.get(name) == now.get(name) == digest}
    skipped = [
        f"not compared: {name} ({'changed between the runs' if before.get(name) != after.get(name) else 'changed since the runs'})"
        for name in sorted((before.keys() | after.keys()) - names)
    ]
    return names, skipped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    rec = commands.add_parser("record", help="write every text's decision to a JSON file")
    rec.add_argument("out", type=Path)
    rec.add_argument("--extra", type=Path, nargs="*", default=[])
    rec.add_argument("--code", type=Path, help="another checkout whose firewall decides")
    cmp = commands.add_parser("compare", help="count (and show) the decisions two runs differ on")
    cmp.add_argument("before", type=Path)
    cmp.add_argument("after", type=Path)
    args = parser.parse_args()
    if args.command == "record":
        if args.code is not None:  # before anything imports a4s_memory or bench
            sys.path.insert(0, str(args.code.resolve()))
        rows, digests = read_sources(sources(args.extra))
        decisions, redactions = record(rows)
        report = {
            "format": FORMAT,
            "sources": digests,
            "extra": [str(p.resolve()) for p in args.extra],
            "decisions": decisions,
            "redactions": redactions,
        }
        args.out.write_text(json.dumps(report) + "\n", encoding="utf-8")
        print(f"{len(decisions)} decisions -> {args.out}")
        return
    before, after = (json.loads(p.read_text(encoding="utf-8")) for p in (args.before, args.after))
    if before.get("format") != FORMAT or after.get("format") != FORMAT:
        raise SystemExit("a run recorded by an older decision_diff.py: record both again")
    rows, digests = read_sources(sources([Path(p) for p in after["extra"]]))
    names, skipped = comparable(before["sources"], after["sources"], digests)
    for line in skipped:
        print(line)
    if not names:
        raise SystemExit("no file was read in the same version by both runs and now")
    kept = [
        {k: v for k, v in run["decisions"].items() if k.rsplit(":", 1)[0] in names}
        for run in (before, after)
    ]
    for line in compare(kept[0], kept[1], rows):
        print(line)
    stored_both = {k for k, v in kept[0].items() if v.startswith(STORED)} & {
        k for k, v in kept[1].items() if v.startswith(STORED)
    }
    if "redactions" in before and "redactions" in after:  # older recordings have none
        redacted = [
            {k: v for k, v in run["redactions"].items() if k in stored_both}
            for run in (before, after)
        ]
        for line in compare_redactions(redacted[0], redacted[1], rows):
            print(line)


if __name__ == "__main__":
    main()
