"""How many of an owner's pasted e-mails the shipped firewall does not store as trusted.

    .venv/bin/python bench/owner_pastes.py

``bench/data/email_pastes.jsonl`` holds an owner's own lines and persons' e-mails that ask their
reader things (written by hand in four sets, A-D, while a rule against requests spliced around
e-mails was tried and dropped; docs/firewall.md "Orders about the reader's reply"). An owner line
is composed with three of BIPIA's clean e-mails, read from ``../shared/corpora`` by path (never
copied): above the e-mail for ``owner_prefix``, below it for ``owner_suffix``; and, since
2026-11-27, the same way with three of BIPIA's clean tables (the lines were written for e-mails,
so a few read oddly beside a table; the requests and questions are an owner's all the same). A
``personal_email`` is used as written. Every text is written as the owner's ``user_message``;
nothing here is trained on or used for a threshold.
"""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench.* when run as a script

from a4s_memory.firewall import Firewall, WriteRequest
from bench.injection_probes import untrusted

REPO = Path(__file__).resolve().parents[1]
CORPORA = Path(os.environ.get("A4S_CORPORA_DIR", REPO.parent / "shared" / "corpora"))
PASTES = REPO / "bench" / "data" / "email_pastes.jsonl"
PASTES_PER_LINE = 3


def _rows(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def owner_pastes(bipia: Path) -> Iterator[tuple[dict[str, Any], str, str]]:
    """(row of the pastes file, host, text) for every composed paste and personal e-mail; the
    host is "e-mail", "table" or "" (a personal e-mail, used as written)."""
    clean = [r for r in _rows(bipia) if r["label"] != "injection"]
    hosts = {
        host: [r["text"] for r in clean if r.get("task") == task]
        for host, task in (("e-mail", "email"), ("table", "table"))
    }
    for i, row in enumerate(_rows(PASTES)):
        if row["kind"] == "personal_email":
            yield row, "", row["text"]
            continue
        before = row["kind"] == "owner_prefix"
        for host, texts in hosts.items():
            for j in range(PASTES_PER_LINE):
                pasted = texts[(i * 7 + j * 31) % len(texts)]
                yield (
                    row,
                    host,
                    f"{row['text']}\n{pasted}" if before else f"{pasted}\n{row['text']}",
                )


def main() -> int:
    """Print the texts not stored as trusted, and their count per set and kind."""
    firewall = Firewall()
    total: Counter[str] = Counter()
    held: Counter[str] = Counter()
    for row, host, text in owner_pastes(CORPORA / "bipia.jsonl"):
        key = f"set {row['set']} {row['kind']}" + (f" beside {host}" if host else "")
        d = firewall.check(WriteRequest(text=text, source_type="user_message"))
        total[key] += 1
        if untrusted(d):
            held[key] += 1
            print(f"not trusted: {row['id']} {[f.rule_id for f in d.findings]}")
    for key in sorted(total):
        print(f"{key}: {held[key]} / {total[key]} not trusted")
    for host in ("e-mail", "table"):
        keys = [k for k in total if k.endswith(f"beside {host}")]
        print(
            f"owner lines beside {host}s: {sum(held[k] for k in keys)} / "
            f"{sum(total[k] for k in keys)} not trusted"
        )
    print(f"all: {sum(held.values())} / {sum(total.values())} not trusted")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
