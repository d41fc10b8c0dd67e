"""A firewall decision's CPU time per text, robust to a drifting machine (issue 14).

    taskset -c 1 .venv/bin/python bench/decision_cpu.py [--runs 7] [--out F]

For the latency bench's texts (``firewall_bench.build_texts``, same seed: 200 texts of 200 B and
2 KB, 100 of 10 KB), each text is decided ``--runs`` times in a row and the least thread CPU time
counts; the mean of those minimums per size is printed as JSON. On a shared VM whose speed moves
by half within minutes, the minimum per text drops the slow phases that p50/p99 over one pass
keep, so two checkouts run alternately (worktree A, B, A, B ...) compare within a few percent;
``bench/firewall_bench.py`` stays the latency figure. Not in ``make bench``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from a4s_memory.firewall import Firewall, WriteRequest, hsfilter  # noqa: E402
from bench.firewall_bench import build_texts  # noqa: E402

SIZES = ((200, 200), (2048, 200), (10240, 100))  # (characters, texts)
SEED = 20261120  # firewall_bench's default


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    fw = Firewall()
    if not hsfilter.wait(300):
        raise SystemExit("the Hyperscan prefilter did not compile")
    report: dict[str, float] = {}
    for size, count in SIZES:
        texts = build_texts(size, count, random.Random(SEED))
        total = 0.0
        for text in texts:
            best = float("inf")
            for _ in range(args.runs):
                start = time.thread_time()
                fw.check(WriteRequest(text=text))
                best = min(best, time.thread_time() - start)
            total += best
        report[f"{size}_chars_mean_min_us"] = round(total / len(texts) * 1e6, 1)
    print(json.dumps(report))
    if args.out:
        args.out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
