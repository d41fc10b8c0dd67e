"""A fixed CPU workload, timed beside a benchmark's figures so that runs on different machines
can be compared.

The VM of 2026-11-27 ran the firewall 2-4x slower than the one of 2026-11-26 for the same code
(and compiled its Hyperscan databases in 13 s instead of ~5), and nothing in the saved results
said so. ``python_loop_ms`` is the best of a few timings of one million integer additions in pure
Python (one core, no I/O): a coarse guide, not a conversion factor. On that VM it read 37-58 ms
within minutes, while the firewall, whose time goes to memory-bound table lookups and native
scans more than to the interpreter, stayed 2-4x slower throughout; so a figure from another run
is comparable only when the loop reads alike, and ratios only within one run.
"""

from __future__ import annotations

import time

__all__ = ["LOOP", "python_loop_ms"]

LOOP = 1_000_000


def python_loop_ms(repeats: int = 5) -> float:
    """Milliseconds for ``LOOP`` additions in a Python loop, the fastest of ``repeats`` runs
    (the fastest is the least disturbed by other work on the machine)."""
    best = float("inf")
    for _ in range(max(1, repeats)):
        started = time.perf_counter()
        total = 0
        for i in range(LOOP):
            total += i
        best = min(best, time.perf_counter() - started)
    return round(best * 1000, 1)
