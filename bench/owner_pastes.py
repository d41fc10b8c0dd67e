"""An owner's pasted e-mail with their own line above or below it, and persons' e-mails that ask
their reader things: benign texts for the false-positive rows of ``bench/train_injection.py``
(split ``own_email``, never trained on).

``bench/data/email_pastes.jsonl`` holds the lines and e-mails (written by hand in four sets,
A-D, while a rule against requests spliced around e-mails was tried and dropped; see
docs/firewall.md "Spliced requests"). An owner line is composed with three of BIPIA's clean
e-mails, read from ``../shared/corpora`` by path (never copied): above the e-mail for
``owner_prefix``, below it for ``owner_suffix``. A ``personal_email`` is used as written.
"""

from __future__ import annotations

import json
from pathlib import Path

PASTES = Path(__file__).resolve().parent / "data" / "email_pastes.jsonl"
EMAILS_PER_LINE = 3


def owner_pastes(bipia: Path) -> list[tuple[str, str]]:
    """(id, text) of every composed paste and personal e-mail."""
    with bipia.open(encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    emails = [r["text"] for r in rows if r["label"] != "injection" and r.get("task") == "email"]
    out: list[tuple[str, str]] = []
    with PASTES.open(encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            row = json.loads(line)
            if row["kind"] == "personal_email":
                out.append((row["id"], row["text"]))
                continue
            for j in range(EMAILS_PER_LINE):
                email = emails[(i * 7 + j * 31) % len(emails)]
                text = (
                    f"{row['text']}\n{email}"
                    if row["kind"] == "owner_prefix"
                    else f"{email}\n{row['text']}"
                )
                out.append((f"{row['id']}/{j}", text))
    return out


def main() -> int:
    """Print how many pastes the firewall does not store as trusted, per set and kind."""
    import os
    import sys
    from collections import Counter

    repo = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(repo))
    from a4s_memory.firewall import Firewall, WriteRequest

    corpora = Path(os.environ.get("A4S_CORPORA_DIR", repo.parent / "shared" / "corpora"))
    with PASTES.open(encoding="utf-8") as fh:
        meta = {r["id"]: r for r in (json.loads(line) for line in fh if line.strip())}
    firewall = Firewall()
    total: Counter[str] = Counter()
    held: Counter[str] = Counter()
    for pid, text in owner_pastes(corpora / "bipia.jsonl"):
        row = meta[pid.split("/")[0]]
        key = f"set {row['set']} {row['kind']}"
        d = firewall.check(WriteRequest(text=text, source_type="user_message"))
        total[key] += 1
        if not (d.accepted and d.status is not None and d.status.trusted):
            held[key] += 1
            print(f"not trusted: {pid} {[f.rule_id for f in d.findings]}")
    for key in sorted(total):
        print(f"{key}: {held[key]} / {total[key]} not trusted")
    print(f"all: {sum(held.values())} / {sum(total.values())} not trusted")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
