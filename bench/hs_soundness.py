"""Is the firewall's Hyperscan prefilter a superset on every text we hold? (issue 14)

    .venv/bin/python bench/hs_soundness.py                      # corpora, probes, hand-written
    .venv/bin/python bench/hs_soundness.py /work/external/*.jsonl   # and public sets kept outside
    .venv/bin/python bench/hs_soundness.py --generated 100     # and 100 texts per expression

For every text and every rule branch Hyperscan filters, whenever the branch's regex matches the
text (the lower-cased text or the text as written, as the branch runs), Hyperscan's answer for
that text must have the branch's bit; a branch it rules out is never searched, so a violation
is a text the rule would catch without the prefilter and lets through with it. One such class
was found on 2026-11-27 (a negated class with a non-ASCII member: Hindi and Bengali overrides
stored; docs/firewall.md "Latency"). ``--generated N`` also asks it of N texts drawn from
each filtered expression's own parse tree (:func:`check_generated`): a rule in a script no held
text uses is covered too. Prints the counts as JSON and every violation (rule id and
the text's first 120 characters); exits 1 when there is one. Not in ``make bench`` (a check,
not a timing; ~40 s over the ~19k texts on 2 vCPUs); tests/unit/firewall/test_fw_hyperscan.py
runs :func:`check` over the shared corpora, the probes and the hand-written data on every
``make test``.
"""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
CORPORA = Path(os.environ.get("A4S_CORPORA_DIR", REPO.parent / "shared" / "corpora"))
OURS = (
    REPO / "bench" / "data" / "injection_probes.jsonl",
    REPO / "bench" / "data" / "injection_handwritten.jsonl",
)

sys.path.insert(0, str(REPO))
from a4s_memory.firewall import (  # noqa: E402
    CATEGORY_RULES,
    INJECTION_RULES,
    SECRET_RULES,
    Firewall,
    hsfilter,
)
from a4s_memory.firewall.fastre import FastPattern  # noqa: E402
from a4s_memory.firewall.triggers import _HEAD_RUN, _RUN_BIT, TextScan  # noqa: E402
from bench.regex_sampler import samples  # noqa: E402


def _texts(paths: list[Path]) -> Iterator[str]:
    for path in paths:
        with path.open(encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    yield str(json.loads(line)["text"])


def filtered_branches() -> list[tuple[str, re.Pattern[str], int, bool]]:
    """(rule id, regex, bit, runs on the lower-cased text) of every filtered branch."""
    tables = [
        *((r.id, r.pattern) for r in INJECTION_RULES),
        *((r.id, r.pattern) for r in CATEGORY_RULES),
        *((r.id, r.fast) for r in SECRET_RULES),
    ]
    return [
        (rule_id, b.pattern, b.hs_bit, fast.on_lower)
        for rule_id, fast in tables
        for b in fast.branches
        if b.hs_bit
    ]


def every_filtered() -> list[tuple[str, re.Pattern[str], int, int]]:
    """(name, regex, bit, hsfilter kind) of every expression Hyperscan answers for: the rule
    branches, the secret rules' case-insensitive originals and the long-run gate."""
    kinds = [
        (rule_id, pattern, bit, hsfilter.LOWER if on_lower else hsfilter.TEXT)
        for rule_id, pattern, bit, on_lower in filtered_branches()
    ]
    kinds += [(r.id, r.pattern, r.hs_bit, hsfilter.CASELESS) for r in SECRET_RULES if r.hs_bit]
    if _RUN_BIT:
        kinds.append(("triggers.long_run", _HEAD_RUN, _RUN_BIT, hsfilter.TEXT))
    for name, fast in module_gates():
        kinds += [
            (name, b.pattern, b.hs_bit, hsfilter.LOWER if fast.on_lower else hsfilter.TEXT)
            for b in fast.branches
            if b.hs_bit
        ]
    return kinds


def module_gates() -> list[tuple[str, FastPattern]]:
    """Every FastPattern held at module level (also inside tuples) by a firewall module: the
    gates of the deobfuscated and cipher views ("obfuscation._LEET_HINT", ...)."""
    import a4s_memory.firewall as package

    out: list[tuple[str, FastPattern]] = []
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        for attr, value in vars(module).items():
            for item in value if isinstance(value, tuple) else (value,):
                if isinstance(item, FastPattern):
                    out.append((f"{info.name}.{attr}", item))
    return out


def check_generated(per_expression: int, seed: int = 0) -> dict[str, Any]:
    """:func:`check`'s question on texts drawn from each filtered expression's own parse tree
    (:mod:`bench.regex_sampler`: random paths, class members from many scripts), each text
    asked of its own expression only; covers a rule in a script no held text uses."""
    Firewall()
    if not hsfilter.wait(300) or not hsfilter.available():
        raise RuntimeError("the Hyperscan prefilter is not available here")
    matched = unmatched = 0
    violations: list[str] = []
    for name, pattern, bit, kind in every_filtered():
        for text in samples(pattern, per_expression, seed):
            target = text.lower() if kind == hsfilter.LOWER else text
            if pattern.search(target) is None:
                unmatched += 1  # a path through a lookaround or an anchor
                continue
            matched += 1
            if not hsfilter.may_match(target, kind) & bit:
                violations.append(f"{name}: {text[:120]!r}")
    return {
        "expressions": len(every_filtered()),
        "texts matched": matched,
        "texts not matched": unmatched,
        "violations": violations,
    }


def default_paths() -> list[Path]:
    """The shared corpora and this repository's probes and hand-written data."""
    return [*sorted(CORPORA.glob("*.jsonl")), *OURS]


def check(paths: list[Path]) -> dict[str, Any]:
    """Counts and every violation (rule id, the text's first 120 characters) over ``paths``;
    needs the Hyperscan prefilter (``hsfilter.available()``)."""
    Firewall()  # starts the prefilter
    if not hsfilter.wait(300) or not hsfilter.available():
        raise RuntimeError("the Hyperscan prefilter is not available here")
    branches = filtered_branches()
    texts = 0
    violations: list[str] = []
    for text in _texts(paths):
        texts += 1
        scan = TextScan(text)
        for kind, target in ((hsfilter.LOWER, scan.lower), (hsfilter.TEXT, scan.text)):
            may = scan.may_match(target, kind)
            for rule_id, pattern, bit, on_lower in branches:
                if (
                    on_lower == (kind == hsfilter.LOWER)
                    and not may & bit
                    and pattern.search(target)
                ):
                    violations.append(f"{rule_id}: {text[:120]!r}")
        # a secret rule's case-insensitive original (run when lower-casing moved characters)
        may = scan.may_match(text, hsfilter.CASELESS)
        for rule in SECRET_RULES:
            if rule.hs_bit and not may & rule.hs_bit and rule.pattern.search(text):
                violations.append(f"{rule.id}: {text[:120]!r}")
    return {
        "files": len(paths),
        "texts": texts,
        "branches": len(branches),
        "violations": violations,
    }


def main(argv: list[str]) -> int:
    generated = 0
    if argv[:1] == ["--generated"]:
        generated, argv = int(argv[1]), argv[2:]
    reports = [check([*default_paths(), *(Path(p) for p in argv)])]
    if generated:
        reports.append(check_generated(generated))
    bad = 0
    for report in reports:
        for line in report["violations"]:
            print(f"VIOLATION {line}")
        bad += len(report["violations"])
        print(json.dumps({**report, "violations": len(report["violations"])}, indent=1))
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
