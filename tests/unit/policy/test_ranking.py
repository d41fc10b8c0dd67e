"""Issue 13, item 1 (no I/O): fusion weights kinds, not channel counts; the lexical reranker
prefers the candidate with the question's content words; dedupe demotes what adds no episode;
the reference-time window is parameters only."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from a4s_memory.policy import ContextPolicy, MemoryKind
from a4s_memory.policy.cypher import CypherParams, window_predicate
from a4s_memory.store.ranking import (
    NEIGHBOR_SHARE,
    Candidate,
    LexicalReranker,
    bm25_scores,
    dedupe,
    fuse,
    rerank,
    with_neighbors,
)


def _describe(kind: MemoryKind, row: dict[str, Any]) -> tuple[str, list[str], datetime | None]:
    return str(row["uuid"]), list(row.get("episodes", [])), None


def test_a_kind_does_not_win_by_having_more_channels() -> None:
    # The same rank in every channel: the episode (two channels) must not lose to a fact just
    # because facts are looked up three times (fulltext, vector, expansion).
    fact = {"uuid": "fact"}
    episode = {"uuid": "episode"}
    fused = fuse(
        [
            (MemoryKind.FACT, "a", [fact]),
            (MemoryKind.FACT, "b", [fact]),
            (MemoryKind.FACT, "c", [fact]),
            (MemoryKind.EPISODE, "d", [episode]),
            (MemoryKind.EPISODE, "e", [episode]),
        ],
        _describe,
    )
    assert [c.row["uuid"] for c in fused] == ["episode", "fact"]


def test_lexical_rerank_prefers_content_words_over_names() -> None:
    texts = [
        "Caroline (user): Hey Mel! Good to see you, Caroline here!",
        "Caroline (user): I went to a LGBTQ support group yesterday.",
    ]
    scores = bm25_scores("When did Caroline go to the LGBTQ support group?", texts)
    assert scores[1] > scores[0]
    assert bm25_scores("what is the", texts) == [0.0, 0.0]  # stop words only: no evidence


def test_dedupe_demotes_hits_whose_episodes_are_shown() -> None:
    def cand(kind: MemoryKind, uuid: str, episodes: list[str], score: float) -> Candidate:
        return Candidate(kind, {"uuid": uuid}, uuid, episodes, None, score=score)

    ranked = dedupe(
        [
            cand(MemoryKind.EPISODE, "e1", ["e1"], 1.0),
            cand(MemoryKind.ENTITY, "greeting", ["e1"], 0.9),
            cand(MemoryKind.FACT, "f2", ["e2"], 0.5),
        ]
    )
    assert [c.row["uuid"] for c in ranked] == ["e1", "f2", "greeting"]


def test_window_predicate_is_parameters_only() -> None:
    since, until = datetime(2023, 5, 1, tzinfo=UTC), datetime(2023, 6, 1, tzinfo=UTC)
    params = CypherParams()
    text = window_predicate("x", ContextPolicy(since=since, until=until), params)
    assert text == "x.valid_at >= $p0 AND x.valid_at < $p1"
    assert params.values == {"p0": since, "p1": until}
    assert window_predicate("x", ContextPolicy(), CypherParams()) is None
    with pytest.raises(ValueError, match="time zone"):
        ContextPolicy(since=datetime(2023, 5, 1))  # a naive time is ambiguous


def test_session_neighbours_join_below_their_seed() -> None:
    seed = Candidate(MemoryKind.EPISODE, {"uuid": "q"}, "question turn", ["q"], None, score=1.0)
    other = Candidate(MemoryKind.EPISODE, {"uuid": "o"}, "other", ["o"], None, score=0.9)
    answer = {"uuid": "a", "content": "the answer turn", "valid_at": None}
    ranked = with_neighbors([seed, other], {"q": [answer], "o": [{"uuid": "q"}]})
    assert [c.row["uuid"] for c in ranked] == ["q", "o", "a"]
    assert ranked[2].score == pytest.approx(NEIGHBOR_SHARE)
    assert ranked[2].text == "the answer turn" and ranked[2].episodes == ["a"]
    assert ranked[0].score == 1.0  # a present candidate keeps its better score


async def test_recency_weighting_is_off_unless_asked() -> None:
    old = Candidate(
        MemoryKind.EPISODE,
        {"uuid": "old"},
        "painted a sunrise",
        ["old"],
        datetime(2023, 1, 1, tzinfo=UTC),
        fused=0.02,
    )
    new = Candidate(
        MemoryKind.EPISODE,
        {"uuid": "new"},
        "painted a sunrise again",
        ["new"],
        datetime(2023, 7, 1, tzinfo=UTC),
        fused=0.01,
    )
    plain = await rerank("painted sunrise", [old, new], LexicalReranker())
    assert [c.row["uuid"] for c in plain] == ["old", "new"]
    recent = await rerank("painted sunrise", [old, new], LexicalReranker(), half_life_days=30)
    assert [c.row["uuid"] for c in recent] == ["new", "old"]
