"""How many of an owner's pasted e-mails the shipped firewall does not store as trusted.

    .venv/bin/python bench/owner_pastes.py

``bench/data/email_pastes.jsonl`` holds an owner's own lines and persons' e-mails that ask their
reader things (written by hand in four sets, A-D, while a rule against requests spliced around
e-mails was tried and dropped; docs/firewall.md "Orders about the reader's reply"). An owner line
is composed with three of BIPIA's clean e-mails, read from ``../shared/corpora`` by path (never
copied): above the e-mail for ``owner_prefix``, below it for ``owner_suffix``. A
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
EMAILS_PER_LINE = 3


def _rows(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def owner_pastes(bipia: Path) -> Iterator[tuple[dict[str, Any], str]]:
    """(row of the pastes file, text) for every composed paste and personal e-mail."""
    emails = [
        r["text"] for r in _rows(bipia) if r["label"] != "injection" and r.get("task") == "email"
    ]
    for i, row in enumerate(_rows(PASTES)):
        if row["kind"] == "personal_email":
            yield row, row["text"]
            continue
        for j in range(EMAILS_PER_LINE):
            email = emails[(i * 7 + j * 31) % len(emails)]
            before = row["kind"] == "owner_prefix"
            yield row, f"{row['text']}\n{email}" if before else f"{email}\n{row['text']}"


def main() -> int:
    """Print the texts not stored as trusted, and their count per set and kind."""
    firewall = Firewall()
    total: Counter[str] = Counter()
    held: Counter[str] = Counter()
    for row, text in owner_pastes(CORPORA / "bipia.jsonl"):
        key = f"set {row['set']} {row['kind']}"
        d = firewall.check(WriteRequest(text=text, source_type="user_message"))
        total[key] += 1
        if untrusted(d):
            held[key] += 1
            print(f"not trusted: {row['id']} {[f.rule_id for f in d.findings]}")
    for key in sorted(total):
        print(f"{key}: {held[key]} / {total[key]} not trusted")
    print(f"all: {sum(held.values())} / {sum(total.values())} not trusted")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
