"""Issue 13, item 3: the offline extractor makes no memory out of questions, greetings,
interjections or unnamed pronouns, and writes the speaker's first person as the speaker's name.
Lines are LoCoMo chat turns (conversations 26, 42, 43), rendered as ``Name (user): text``."""

from __future__ import annotations

import pytest

from a4s_memory.store.offline_llm import extract_entity_names, extract_triples


@pytest.mark.parametrize(
    "line",
    [
        "Nate (user): What is his name?",
        "Jon (user): Why is he your favorite?",
        "Caroline (user): Family is everything.",
        "Melanie (user): This is gonna be great!",
        "Joanna (user): Cooking is a great way to chill and be creative.",
        "Nate (user): And LeBron is the man - love his skills and leadership.",
        "Tim (user): Nate loves it.",
        "Tim (user): Joanna knows you must have been buzzing.",
        "Gina (user): The Eiffel Tower is so cool.",
    ],
)
def test_no_fact_from_questions_opinions_or_vague_pronouns(line: str) -> None:
    assert extract_triples(line) == []


@pytest.mark.parametrize(
    "line",
    [
        "Melanie (user): Hey Caroline! Good to see you!",
        "John (user): Wow Jon, that's great!",
        "Maria (user): Thanks Nate, see you soon.",
        "Tim (user): Hi Maria! Yeah Maria, for sure.",
    ],
)
def test_greetings_make_no_entities(line: str) -> None:
    assert extract_entity_names(line) == []


def test_speaker_first_person_is_named() -> None:
    [triple] = extract_triples("Tim (user): Harry Potter is my favorite book.")
    assert triple.fact == "Harry Potter is Tim's favorite book"
    [mine] = extract_triples("Gina (user): I love finding new trends for my store.")
    assert mine.fact == "Gina loves finding new trends for Gina's store"
    # Without a named speaker, "my" has no referent: no fact rather than a wrong one.
    assert extract_triples("Harry Potter is my favorite book.") == []


def test_real_facts_and_names_survive() -> None:
    facts = [
        t.fact
        for t in extract_triples(
            "Tim (user): Tim wants to visit The Cliffs of Moher. I like to collect jerseys."
        )
    ]
    assert facts == ["Tim wants to visit The Cliffs of Moher", "Tim likes to collect jerseys"]
    assert "Rocky Mountains" in extract_entity_names("Jon (user): We hiked in the Rocky Mountains.")
    assert "Acme Corp" in extract_entity_names("Alice works at Acme Corp.")
