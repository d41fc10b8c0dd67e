"""The offline extractor (no I/O): rules, the prompt round trip and the answers Graphiti gets."""

from __future__ import annotations

import pytest
from graphiti_core.prompts.dedupe_edges import EdgeDuplicate
from graphiti_core.prompts.dedupe_nodes import NodeResolutions
from graphiti_core.prompts.extract_edges import ExtractedEdges
from graphiti_core.prompts.extract_nodes import ExtractedEntities
from graphiti_core.prompts.lib import get_prompt_builder

from a4s_memory.store.offline_llm import (
    OfflineExtractionError,
    OfflineLLMClient,
    answer,
    contradicts,
    extract_entity_names,
    extract_triples,
    normalize_name,
    offline_prompt_library,
    parse_fact,
)


def test_third_person_facts() -> None:
    triples = extract_triples("Alice prefers tea. Bob works at Acme Corp.")
    assert [t.fact for t in triples] == ["Alice prefers tea", "Bob works at Acme Corp"]
    assert [t.relation_type for t in triples] == ["PREFERS", "WORKS_AT"]


def test_first_person_only_for_user_lines() -> None:
    text = (
        "user: I prefer green tea.\nassistant: I am a helpful bot.\nAlice (user): I live in Paris"
    )
    facts = [t.fact for t in extract_triples(text)]
    assert facts == ["User prefers green tea", "Alice lives in Paris"]


def test_free_text_label_is_not_a_speaker() -> None:
    assert extract_triples("Note: I prefer tea.") == []


def test_long_objects_are_not_facts() -> None:
    assert (
        extract_triples("Alice is a person who once upon a time walked far across the land.") == []
    )


def test_entities_include_proper_names() -> None:
    names = extract_entity_names("The meeting with Acme Corp was long. Alice prefers tea.")
    assert "Acme Corp" in names
    assert "Alice" in names
    assert "tea" in names


def test_deterministic() -> None:
    text = "Alice prefers tea. Carol uses Neovim. Dave likes jazz."
    assert extract_triples(text) == extract_triples(text)


def test_contradiction_rules() -> None:
    assert contradicts("Alice prefers coffee", "Alice prefers tea")
    assert not contradicts("Alice likes coffee", "Alice likes tea")  # multi-valued predicate
    assert not contradicts("Bob prefers coffee", "Alice prefers tea")
    assert not contradicts("Alice prefers tea", "Alice prefers tea")
    assert contradicts("response_style: verbose", "response_style: concise")
    assert not contradicts("a free sentence", "another one")
    assert parse_fact("Alice prefers tea") == ("alice", "prefers", "tea", True)


def test_normalize_name() -> None:
    assert normalize_name("  The  Acme Corp ") == normalize_name("acme corp")


def _ctx_roundtrip(prompt_name: str, context: dict[str, object]) -> dict[str, object]:
    library = offline_prompt_library()
    messages = get_prompt_builder(library, prompt_name)(context).as_messages()
    from a4s_memory.store.offline_llm import _decode

    name, decoded = _decode(messages)
    assert name == prompt_name
    return decoded


def test_prompt_library_carries_context_as_json() -> None:
    ctx = {"episode_content": "Alice prefers tea.", "reference_time": "2025-01-01T00:00:00+00:00"}
    assert _ctx_roundtrip("extract_edges.edge", ctx) == ctx


def test_answers_validate_against_graphiti_models() -> None:
    ents = answer("extract_nodes.extract_text", {"episode_content": "Alice prefers tea."})
    ExtractedEntities.model_validate(ents)
    edges = answer(
        "extract_edges.edge", {"episode_content": "Alice prefers tea.", "reference_time": "x"}
    )
    assert ExtractedEdges.model_validate(edges).edges[0].fact == "Alice prefers tea"
    nodes = answer(
        "dedupe_nodes.nodes",
        {
            "extracted_nodes": [{"id": 0, "name": "alice"}, {"id": 1, "name": "Alicia"}],
            "existing_nodes": [{"candidate_id": 7, "name": "Alice"}],
        },
    )
    resolved = NodeResolutions.model_validate(nodes).entity_resolutions
    assert [r.duplicate_candidate_id for r in resolved] == [7, -1]  # never fuzzy
    dup = answer(
        "dedupe_edges.resolve_edge",
        {
            "new_edge": "Alice prefers coffee",
            "existing_edges": [{"idx": 0, "fact": "alice prefers coffee"}],
            "edge_invalidation_candidates": [
                {"idx": 1, "fact": "Alice prefers tea"},
                {"idx": 2, "fact": "Alice likes tea"},
            ],
        },
    )
    assert EdgeDuplicate.model_validate(dup).model_dump() == {
        "duplicate_facts": [0],
        "contradicted_facts": [1],
    }


def test_unknown_prompt_fails_closed() -> None:
    with pytest.raises(OfflineExtractionError):
        answer("summarize_sagas.summarize_saga", {})


async def test_client_answers_through_graphiti_generate_response() -> None:
    client = OfflineLLMClient()
    messages = get_prompt_builder(offline_prompt_library(), "extract_nodes.extract_text")(
        {"episode_content": "Bob works at Acme Corp."}
    ).as_messages()
    result = await client.generate_response(messages, response_model=ExtractedEntities)
    assert {e["name"] for e in result["extracted_entities"]} >= {"Bob", "Acme Corp"}


async def test_client_refuses_foreign_prompts() -> None:
    from graphiti_core.prompts.models import Message

    with pytest.raises(OfflineExtractionError):
        await OfflineLLMClient().generate_response(
            [Message(role="system", content="hi"), Message(role="user", content="x")]
        )
