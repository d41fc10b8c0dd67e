"""Pure helpers of the policy search: Lucene text and rank fusion (no I/O)."""

from __future__ import annotations

from a4s_memory.policy import MemoryKind
from a4s_memory.store.ranking import rrf as _rrf
from a4s_memory.store.search_channels import MAX_QUERY_TERMS
from a4s_memory.store.search_channels import lucene_query as _lucene

GROUPS = ["agent-a-private", "agent-a-public"]


def test_lucene_escapes_syntax_and_scopes_groups() -> None:
    text = _lucene('tea") OR group_id:"agent-b-public" *:*', GROUPS)
    assert text is not None
    assert text.startswith('(group_id:"agent-a-private"^0 OR group_id:"agent-a-public"^0) AND (')
    body = text.split(" AND (", 1)[1]
    assert '\\"' in body and "\\:" in body and "\\*" in body
    # Every quote in the user's part is escaped, so it cannot close or open a phrase.
    assert body.count('"') == body.count('\\"')


def test_lucene_of_no_words_is_none() -> None:
    assert _lucene("   \n ", GROUPS) is None


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
