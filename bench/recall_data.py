"""LoCoMo data and scoring for bench/recall_bench.py (no I/O beyond reading the corpus file).

The corpus (``../shared/corpora/locomo_dev_conversations.json``) holds LoCoMo conversations 26,
30, 41, 42 and 43, in that order, as the upstream objects: ``speaker_a``/``speaker_b``,
``session_N`` turn lists (``dia_id``, ``speaker``, ``text``, optional ``blip_caption``),
``session_N_date_time`` and ``qa`` (question, ``evidence`` dia_ids, ``category`` 1-5).
"""

from __future__ import annotations

import re
import statistics
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from rank_bm25 import BM25Okapi

CORPUS: Final = (
    Path(__file__).resolve().parents[1].parent / "shared/corpora/locomo_dev_conversations.json"
)
CONVERSATION_IDS: Final = (26, 30, 41, 42, 43)  # file order (corpora/README.md)
TUNE: Final = (26, 30)  # the only conversations ranking was tuned on
HOLDOUT: Final = (41, 42, 43)
CATEGORIES: Final = frozenset({1, 2, 3, 4})  # 5 is adversarial (no evidence to find)
_SESSION: Final = re.compile(r"^session_(\d+)$")
_TOKEN: Final = re.compile(r"\w+")


@dataclass(frozen=True, slots=True)
class Turn:
    dia_id: str
    speaker: str
    text: str  # the turn as written (image caption appended, as a user would describe it)
    when: datetime | None

    @property
    def rendered(self) -> str:
        return f"{self.speaker}: {self.text}"


@dataclass(frozen=True, slots=True)
class Question:
    text: str
    evidence: frozenset[str]
    category: int


@dataclass(frozen=True, slots=True)
class Conversation:
    cid: int
    turns: list[Turn]
    questions: list[Question]


def session_time(raw: str | None) -> datetime | None:
    """``"1:56 pm on 8 May, 2023"`` -> an aware datetime (LoCoMo gives no zone: UTC)."""
    if not raw:
        return None
    try:
        return datetime.strptime(raw.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)
    except ValueError:
        return None


def _turn_text(turn: dict[str, Any]) -> str:
    text = " ".join(str(turn.get("text") or "").split())
    caption = turn.get("blip_caption")
    return f"{text} [shares a photo: {caption}]" if caption else text


def _evidence(raw: list[Any]) -> frozenset[str]:
    # A few upstream entries hold several ids in one string ("D8:6; D9:17").
    return frozenset(part for item in raw for part in re.split(r"[;,\s]+", str(item)) if part)


def parse(raw: dict[str, Any], cid: int) -> Conversation:
    sessions = sorted(int(m.group(1)) for k in raw if (m := _SESSION.match(k)))
    turns = [
        Turn(
            str(t["dia_id"]),
            str(t["speaker"]),
            _turn_text(t),
            session_time(raw.get(f"session_{n}_date_time")),
        )
        for n in sessions
        for t in raw[f"session_{n}"]
        if _turn_text(t)
    ]
    questions = [
        Question(str(q["question"]), _evidence(q.get("evidence") or []), int(q["category"]))
        for q in raw["qa"]
        if int(q.get("category", 0)) in CATEGORIES and q.get("evidence")
    ]
    return Conversation(cid, turns, questions)


def tokens(text: str) -> list[str]:
    return _TOKEN.findall(text.casefold())


def bm25_rankings(conv: Conversation, k: int) -> list[list[set[str]]]:
    """For every question, the dia_ids of BM25's top ``k`` turns (one set per rank)."""
    bm25 = BM25Okapi([tokens(t.rendered) for t in conv.turns])
    out = []
    for q in conv.questions:
        scores = bm25.get_scores(tokens(q.text))
        best = sorted(range(len(scores)), key=lambda i: -scores[i])[:k]
        out.append([{conv.turns[i].dia_id} for i in best])
    return out


@dataclass
class Scores:
    """Recall@k (any evidence turn behind a hit), mean evidence coverage, MRR."""

    hits: int = 0
    coverage: list[float] = field(default_factory=list)
    reciprocal: list[float] = field(default_factory=list)

    def add(self, ranked: list[set[str]], evidence: frozenset[str]) -> None:
        seen: set[str] = set()
        first = 0
        for rank, dias in enumerate(ranked, start=1):
            if not first and dias & evidence:
                first = rank
            seen |= dias
        self.hits += bool(first)
        self.coverage.append(len(seen & evidence) / len(evidence))
        self.reciprocal.append(1.0 / first if first else 0.0)

    def merged(self, other: Scores) -> Scores:
        return Scores(
            self.hits + other.hits,
            self.coverage + other.coverage,
            self.reciprocal + other.reciprocal,
        )

    def summary(self) -> dict[str, float]:
        n = len(self.coverage)
        if not n:
            return {"questions": 0}
        return {
            "questions": n,
            "recall_at_10": round(self.hits / n, 4),
            "coverage": round(statistics.fmean(self.coverage), 4),
            "mrr": round(statistics.fmean(self.reciprocal), 4),
        }


def percentiles(ms: list[float]) -> dict[str, float]:
    if len(ms) < 2:
        return {"n": len(ms)}
    cuts = statistics.quantiles(ms, n=100, method="inclusive")
    return {"n": len(ms), "p50_ms": round(statistics.median(ms), 1), "p95_ms": round(cuts[94], 1)}
