"""Pure helpers of the policy search: Lucene text and rank fusion (no I/O)."""

from __future__ import annotations

from a4s_memory.policy import MemoryKind
from a4s_memory.store.ranking import rrf as _rrf
from a4s_memory.store.search_channels import MAX_QUERY_TERMS
from a4s_memory.store.search_channels import lucene_query as _lucene

GROUPS = ["agent-a-private", "agent-a-public"]


def test_lucene_escapes_syntax_and_scopes_groups() -> None:
    # (a term of punctuation alone is left out: it has no word for the analyzer to match)
    text = _lucene('tea") OR group_id:"agent-b-public" x*:*', GROUPS)
    assert text is not None
    assert text.startswith('(group_id:"agent-a-private"^0 OR group_id:"agent-a-public"^0) AND (')
    body = text.split(" AND (", 1)[1]
    assert '\\"' in body and "\\:" in body and "\\*" in body
    # Every quote in the user's part is escaped, so it cannot close or open a phrase.
    assert body.count('"') == body.count('\\"')


def test_lucene_of_no_words_is_none() -> None:
    assert _lucene("   \n ", GROUPS) is None


def _terms(text: str | None) -> list[str]:
    assert text is not None
    return text.split(" AND (", 1)[1].rstrip(")").split()


def test_lucene_leaves_out_stop_and_question_words() -> None:
    # Neo4j's default fulltext analyzer keeps stop words: with them in the query, a short turn
    # that shares only "a" with the question came first in the episode fulltext channel and tied
    # at the top with the turn the vector channel found (tests/integration/test_embedder_onnx.py).
    assert _terms(_lucene("Does she own a dog?", GROUPS)) == ["dog\\?"]
    assert _terms(_lucene("When did Melanie paint a sunrise?", GROUPS)) == [
        "Melanie",
        "paint",
        "sunrise\\?",
    ]


def test_lucene_of_stop_words_only_is_none() -> None:
    assert _lucene("Who is she?", GROUPS) is None
    assert _lucene("what about it ?", GROUPS) is None


def test_lucene_caps_terms() -> None:
    text = _lucene("w " * 500, GROUPS)
    assert text is not None
    assert text.split(" AND (", 1)[1].count("w") == MAX_QUERY_TERMS


def test_rrf_rewards_agreement_and_dedupes() -> None:
    a = [{"uuid": "x"}, {"uuid": "y"}]
    b = [{"uuid": "y"}, {"uuid": "z"}]
    fused = _rrf([(MemoryKind.FACT, a), (MemoryKind.FACT, b)])
    assert [row["uuid"] for _, _, row in fused] == ["y", "x", "z"]
    assert len({row["uuid"] for _, _, row in fused}) == 3
