"""Train the injection vector screen and choose its two thresholds on public dev halves; or count
what it adds on the held halves (issue 14; a4s_memory/firewall/vector_screen.py).

    .venv/bin/python bench/train_injection_vectors.py PATH.jsonl [...] --chat STEM [...]
        [--group STEM=FIELD ...] [--half dev|held] [--no-write-model]

The screen reads a memory twice, and flags it only when both readings agree: a linear head on the
memory's MiniLM vector (what the text is about and how it is put) scores at least ``threshold``,
**and** the firewall's own n-gram model (the words of an order) scores at least ``text_floor``,
below the model's own flag threshold. Alone, the vector head read the topic (the thirty-fourth
session: "I want to delete my account" flagged; bench/vector_head_experiment.py); the n-gram model
alone below its threshold flags advice and appeals; together they flag far fewer benign texts
than either.

``--half dev`` (the default): the head is fitted as bench/vector_head_experiment.py fits it (on
``../shared/corpora`` and ``bench/data`` only, with the written benign security chat), then the
two thresholds are chosen on the **dev** halves of the public files (bench/external_injection.py's
split; every row unless ``--cap``): over a grid, the pair with the highest mean recall gain over
the attack sets such that no ``--chat`` set goes over ``max(its rate today, 0.3 %)`` (issue 14's
chat target); a tie goes to the stricter pair. "Today" is what the service stores without this
screen: the firewall, then the standing-rule vector screen; the gain is counted against it. The
model file is written (unless ``--no-write-model``) and the dev figures reported. (Capped at 400
rows a label, the dev halves chose 0.90 and 0.35, and a whole file showed the cap had hidden a
chat set's extra rows: whole halves since.)

``--half held``: the packaged model on the held halves, nothing chosen: the figures to report.
Reports go to bench/results/injection-vectors-<half>.json.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench.* when run as a script

from a4s_memory.firewall import Firewall, WriteRequest, hsfilter
from a4s_memory.firewall.learned import score as text_score
from a4s_memory.firewall.vector_screen import (
    INJECTION_MODEL_PATH,
    load_injection_screen,
    load_screen,
    screenable,
)
from a4s_memory.store.embedder_onnx import OnnxMiniLMEmbedder
from bench.external_injection import _rate
from bench.injection_probes import untrusted
from bench.train_vector_screen import _scores as scores
from bench.vector_head_experiment import CACHE, public_rows, training_items, vectors
from bench.vector_head_experiment import train as fit_head

REPO = Path(__file__).resolve().parents[1]
EXTRA_BENIGN = REPO / "bench" / "data" / "benign_security_chat.jsonl"
RESULTS = REPO / "bench" / "results"
HEAD_GRID = np.round(np.arange(0.50, 0.99, 0.02), 2)
FLOOR_GRID = np.round(np.arange(0.05, 0.70, 0.025), 3)
# a chat set may reach this rate, or stay at its rate today when over it: issue 14's chat target
CHAT_LIMIT = 0.003
MIN_ROWS = 20  # a set with fewer rows on a half is not averaged (one row would move it 5 points)

Bools = npt.NDArray[np.bool_]
F32 = npt.NDArray[np.float32]
Floats = npt.NDArray[np.float64]


class Half:
    """One half of the public files, read by the firewall and by both of the screen's models."""

    def __init__(self, public: list[tuple[str, str, int]], x: F32, head: Floats) -> None:
        self.stem = np.array([s for s, _, _ in public])
        self.label = np.array([y for _, _, y in public])
        self.head = head
        self.text = np.array([text_score(t) for _, t, _ in public])
        firewall = Firewall()
        hsfilter.wait(300)
        decisions = [
            firewall.check(WriteRequest(text=t, source_type="user_message")) for _, t, _ in public
        ]
        # what the service stores today: the firewall, then the standing-rule vector screen
        standing = load_screen()
        self.firewall = np.array(
            [
                untrusted(d)
                or (screenable(d) and bool(standing.findings(d.redacted_text or "", v.tolist())))
                for d, v in zip(decisions, x, strict=True)
            ]
        )

    def flagged(self, threshold: float, floor: float) -> Bools:
        """Not stored as trusted by the write path with the injection screen at these
        thresholds (``self.firewall``: without it)."""
        screen: Bools = (self.head >= threshold) & (self.text >= floor)
        return self.firewall | screen

    def rows(self, stem: str, label: int) -> Bools:
        at: Bools = (self.stem == stem) & (self.label == label)
        return at

    def mean_gain(self, flagged: Bools) -> float:
        gains = [
            float(flagged[at].mean() - self.firewall[at].mean())
            for s in dict.fromkeys(self.stem.tolist())
            if (at := self.rows(s, 1)).sum() >= MIN_ROWS
        ]
        return 100.0 * float(np.mean(gains)) if gains else 0.0

    def report(self, flagged: Bools) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for stem in dict.fromkeys(self.stem.tolist()):
            for label, name in ((1, "attacks"), (0, "benign")):
                at = self.rows(stem, label)
                if at.any():
                    out[f"{stem} {name}"] = {
                        "today": _rate(int(self.firewall[at].sum()), int(at.sum())),
                        "with the injection screen": _rate(int(flagged[at].sum()), int(at.sum())),
                    }
        return out


def choose(half: Half, chat: list[str]) -> tuple[float, float, float]:
    """(gain, threshold, floor): the grid pair with the best mean gain that keeps every chat set
    at or under ``max(its rate today, CHAT_LIMIT)``; the stricter pair on a tie."""
    rows = {stem: half.rows(stem, 0) for stem in chat}
    limit = {s: max(float(half.firewall[at].mean()), CHAT_LIMIT) for s, at in rows.items()}
    best = (0.0, 1.0, 1.0)
    for threshold in HEAD_GRID:
        for floor in FLOOR_GRID:
            flagged = half.flagged(float(threshold), float(floor))
            if any(float(flagged[at].mean()) > limit[s] for s, at in rows.items()):
                continue
            gain = half.mean_gain(flagged)
            if gain > best[0] or (gain == best[0] and (threshold, floor) > best[1:]):
                best = (gain, float(threshold), float(floor))
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--half", choices=("dev", "held"), default="dev")
    parser.add_argument("--group", action="append", default=[], metavar="STEM=FIELD")
    parser.add_argument("--chat", action="append", default=[], metavar="STEM")
    parser.add_argument(
        "--cap", type=int, default=1_000_000, help="rows per label and file (seeded sample)"
    )
    parser.add_argument("--no-write-model", action="store_true")
    args = parser.parse_args(argv)
    stems = {p.stem for p in args.paths}
    if args.half == "dev" and (not args.chat or not set(args.chat) <= stems):
        parser.error("--chat names the chat sets among the files (at least one)")
    public = public_rows(args.paths, dict(g.split("=", 1) for g in args.group), args.half, args.cap)
    x = vectors([t for _, t, _ in public], CACHE)
    report: dict[str, Any] = {"half": args.half}
    if args.half == "dev":
        items = training_items([EXTRA_BENIGN])
        w, b, _, l2 = fit_head(items, vectors([it[0] for it in items], CACHE), 0.997)
        half = Half(public, x, scores(x, w, b))
        gain, threshold, floor = choose(half, args.chat)
        report |= {"l2": l2, "chosen on": sorted(args.chat), "dev mean gain (points)": gain}
        if not args.no_write_model:
            np.savez_compressed(
                INJECTION_MODEL_PATH,
                weights=w,
                bias=np.float32(b),
                threshold=np.float32(threshold),
                text_floor=np.float32(floor),
                embedder=np.array(OnnxMiniLMEmbedder().name),
            )
    else:
        screen = load_injection_screen()
        if screen.text_floor is None:
            raise SystemExit("the packaged injection screen has no text floor: retrain it")
        threshold, floor = screen.threshold, screen.text_floor
        half = Half(public, x, scores(x, screen.weights.astype(np.float32), screen.bias))
    flagged = half.flagged(threshold, floor)
    report |= {
        "threshold": round(threshold, 3),
        "text_floor": round(floor, 3),
        "mean recall gain over the attack sets (points)": round(half.mean_gain(flagged), 2),
        "sets": half.report(flagged),
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / f"injection-vectors-{args.half}.json"
    out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
