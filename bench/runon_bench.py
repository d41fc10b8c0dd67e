"""Run-together words: the firewall's split (``a4s_memory.firewall.runon``) against the dynamic
program it replaced, on the same runs, in one run.

    .venv/bin/python bench/runon_bench.py            # 3,000 runs of up to 80 letters
    .venv/bin/python bench/runon_bench.py --runs 500

Until the twenty-eighth session the split computed every substring's cost (a rank look-up and a
logarithm) and then asked whether it was a word; it now looks each piece up once in a table of
the costs of the words it accepts. The runs are words of the vocabulary with a few letters of
no word between them, in lower, upper and title case, cut at 80 letters (the longest run the
firewall splits). Both splits must give the same answer on every run (the bench stops
otherwise); reported: microseconds of CPU a run for each and the ratio. JSON to
bench/results/runon.json.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from a4s_memory.firewall import runon

RESULTS = Path(__file__).resolve().parent / "results" / "runon.json"


def reference_split(run: str) -> str:
    """The split as it was written before (every substring costed, then checked)."""
    words, rank = runon.vocabulary(), runon.ranks()
    lower = run.lower()
    n = len(lower)
    cost = [0.0] + [math.inf] * n
    back = [0] * (n + 1)
    for end in range(1, n + 1):
        cost[end], back[end] = cost[end - 1] + runon._UNKNOWN, end - 1
        for start in range(max(0, end - runon._LONGEST), end):
            word = lower[start:end]
            step = (
                runon._OVERRIDE_COST
                if word in runon._OVERRIDE_WORDS
                else runon._word_cost(word, rank)
            )
            if cost[start] + step < cost[end] and runon.is_word(word, words):
                cost[end], back[end] = cost[start] + step, start
    pieces: list[tuple[str, bool]] = []
    end = n
    while end > 0:
        start = back[end]
        pieces.append((run[start:end], runon.is_word(lower[start:end], words)))
        end = start
    pieces.reverse()
    out: list[list[str]] = []
    for piece, known in pieces:
        if not known and out and out[-1][1] == "?":
            out[-1][0] += piece
        else:
            out.append([piece, "w" if known else "?"])
    return " ".join(piece for piece, _ in out)


def make_runs(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    vocab = sorted(runon.vocabulary())
    letters = "abcdefghijklmnopqrstuvwxyz"
    runs = []
    for _ in range(count):
        parts = [
            rng.choice(vocab)
            if rng.random() < 0.85
            else "".join(rng.choice(letters) for _ in range(rng.randint(1, 5)))
            for _ in range(rng.randint(2, 14))
        ]
        run = "".join(parts)[:80]
        shape = rng.random()
        runs.append(run.upper() if shape < 0.3 else run.title() if shape < 0.5 else run)
    return runs


def cpu_us_per_run(split: Callable[[str], str], runs: list[str]) -> float:
    start = time.process_time_ns()
    for run in runs:
        split(run)
    return (time.process_time_ns() - start) / 1000 / len(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=28)
    args = parser.parse_args()
    runs = make_runs(args.runs, args.seed)
    differ = [r for r in runs if runon._split(r) != reference_split(r)]
    if differ:
        raise SystemExit(f"the splits differ on {len(differ)} runs, first: {differ[0]!r}")
    reference, current = cpu_us_per_run(reference_split, runs), cpu_us_per_run(runon._split, runs)
    report = {
        "runs": len(runs),
        "reference_us_per_run": round(reference, 1),
        "current_us_per_run": round(current, 1),
        "ratio": round(reference / current, 2),
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
