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

The rules alone are compared too: a text the model refuses hides what the rules do with it, and
round 30 stopped the rules refusing 38 of BIPIA's malicious-code attacks without moving one
decision of the whole gate (the model refused them; found sessions later by bisecting). For
each text the model's finding decided, ``record`` checks it again with the model switched off
and keeps that outcome when it differs (elsewhere the model changed nothing: it runs last and
decides only through its own finding), and ``compare`` prints a second count, "rules alone".

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
from dataclasses import asdict, dataclass, field
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
    return named | extra_names(extra)


def extra_names(extra: list[Path]) -> dict[str, Path]:
    """``extra/<file>`` for each ``--extra`` file, or ``extra/<folder>/<file>`` when two share a
    file name (sets kept as ``<set>/rows.jsonl``: one name would read only the last). The naming
    of ``external_injection.result_names``, not imported from it: with ``--code`` the ``bench``
    package must come from the other checkout, imported only after its path is set."""
    counts = Counter(p.name for p in extra)
    return {
        (
            f"extra/{p.parent.name}/{p.name}" if counts[p.name] > 1 else f"extra/{p.name}"
        ): p.resolve()
        for p in extra
    }


def corpus_name(name: str) -> str:
    """How a file is named in the report: its file name without ``.jsonl``, and its folder for
    an extra set named ``extra/<folder>/<file>``."""
    folder, _, rest = name.partition("/")
    if folder == "bench":
        rest = rest.partition("/")[2]
    return str(Path(rest).with_suffix("")) if folder == "extra" else Path(rest).stem


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


@dataclass
class Recording:
    """One run's outcomes, each by ``name:index``."""

    # the outcome of the text written by the owner: its stop reason, or
    # ``SUCCESS_STORED:<security>`` when it is stored with a security axis other than ``clean``
    decisions: dict[str, str] = field(default_factory=dict)
    # for each text stored with something redacted, a digest of what would be stored
    redactions: dict[str, str] = field(default_factory=dict)
    # the outcome with the model switched off, where it differs from ``decisions``
    rules_alone: dict[str, str] = field(default_factory=dict)


def _outcome(decision: Any) -> str:
    outcome = str(decision.stop_reason.value)
    if decision.status is not None and decision.status.security.value != "clean":
        outcome = f"{outcome}:{decision.status.security.value}"
    return outcome


def record(rows: Rows) -> Recording:
    """Every text's outcomes (:class:`Recording`), each text written by the owner."""
    from a4s_memory.firewall import Firewall, FirewallConfig, WriteRequest, hsfilter

    firewall = Firewall()
    # built on first use: a checkout from before the model has no such config (and no model
    # finding to check again)
    rules_only: Any = None
    hsfilter.wait(300.0)  # the prefilter decides nothing; waiting keeps the runs comparable
    run = Recording()
    for name, items in rows.items():
        for index, row in enumerate(items):
            key, request = f"{name}:{index}", WriteRequest(text=row["text"])
            decision = firewall.check(request)
            outcome = run.decisions[key] = _outcome(decision)
            kept = decision.redacted_text
            if decision.accepted and kept is not None and kept != row["text"]:
                run.redactions[key] = hashlib.sha256(kept.encode("utf-8")).hexdigest()[:16]
            if any(f.rule_id == "model.injection" for f in decision.findings):
                if rules_only is None:
                    rules_only = Firewall(FirewallConfig.rules_only())
                alone = _outcome(rules_only.check(request))
                if alone != outcome:
                    run.rules_alone[key] = alone
    return run


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
        corpus = corpus_name(name)
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
            counts[(corpus_name(name), str(row.get("label")), _split(name, row))] += 1
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
        run = record(rows)
        saved = {
            "format": FORMAT,
            "sources": digests,
            "extra": [str(p.resolve()) for p in args.extra],
        }
        args.out.write_text(json.dumps(saved | asdict(run)) + "\n", encoding="utf-8")
        print(f"{len(run.decisions)} decisions -> {args.out}")
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
    for line in report(before, after, rows, names):
        print(line)


def report(
    before: dict[str, Any], after: dict[str, Any], rows: Rows, names: set[str]
) -> Iterator[str]:
    """``compare``'s lines for two saved runs, over the files ``names``: the whole gate's
    decisions, the rules alone (when both runs recorded them), the redactions."""
    kept = [
        {k: v for k, v in run["decisions"].items() if k.rsplit(":", 1)[0] in names}
        for run in (before, after)
    ]
    yield from compare(kept[0], kept[1], rows)
    if "rules_alone" in before and "rules_alone" in after:  # older recordings have none
        alone = [
            {k: run["rules_alone"].get(k, v) for k, v in d.items()}
            for run, d in zip((before, after), kept, strict=True)
        ]
        yield "rules alone (the model switched off):"
        yield from compare(alone[0], alone[1], rows)
    else:
        yield "rules alone: not recorded by both runs (record them again to compare)"
    stored_both = {k for k, v in kept[0].items() if v.startswith(STORED)} & {
        k for k, v in kept[1].items() if v.startswith(STORED)
    }
    if "redactions" in before and "redactions" in after:  # older recordings have none
        redacted = [
            {k: v for k, v in run["redactions"].items() if k in stored_both}
            for run in (before, after)
        ]
        yield from compare_redactions(redacted[0], redacted[1], rows)


if __name__ == "__main__":
    main()
