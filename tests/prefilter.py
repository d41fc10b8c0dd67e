"""How long a test waits for the firewall's Hyperscan prefilter (a4s_memory/firewall/hsfilter.py).

``make test`` runs ``a4s-memory firewall prepare`` before pytest, so every process of the run reads
the compiled databases from the cache file in about a second; a test waits long only when nothing
prepared them (pytest run by hand after a rule changed) or when it compiles on purpose
(tests/integration/test_hs_cache.py). Measured 2026-12-02 on a 2-core VM (AMD EPYC, AVX2, no
AVX-512): 174-190 s of CPU to compile alone, 331 s with a test run beside it (earlier VMs: 13-30
s). A wait returns as soon as the databases are ready, so a generous bound costs nothing on a
fast machine and keeps a slow one from failing on time alone.
"""

from __future__ import annotations

from typing import Final

COMPILE_WAIT_S: Final = 900.0
