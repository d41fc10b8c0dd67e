"""Shared seeding of Graphiti-shaped benchmark graphs (used by search_bench and write_bench).

Writes Entities and RELATES_TO facts carrying the docs/rules.md status properties and
HashingEmbedder vectors with UNWIND batches of parameterised Cypher, into ``agent-bench<run>-*``
groups spread over ``agents`` agents (both spaces each). Rows are generated and inserted chunk by
chunk, so 1M facts never sit in memory at once. ``budget_s`` stops the fact insert early (the
result then says how far it got and at what rate).
"""

from __future__ import annotations

import os
import random
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

os.environ.setdefault("GRAPHITI_TELEMETRY_ENABLED", "false")

from a4s_memory.contract import TruthStatus
from a4s_memory.status import MemoryStatus
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.embedder import HashingEmbedder

EMBEDDER = HashingEmbedder()
BATCH = 1000
BAD = [
    {"truth_status": "unverified"},
    {"truth_status": "contradicted"},
    {"security_status": "quarantined"},
    {"security_status": "suspicious"},
    {"retrieval_status": "hidden"},
    {"freshness_status": "stale"},
    {"sensitivity": "confidential"},
]
_ENTITIES = """
UNWIND $rows AS row
CREATE (n:Entity {uuid: row.uuid, group_id: row.group_id, name: row.name, summary: '',
                  created_at: row.now})
SET n += row.props
WITH n, row CALL db.create.setNodeVectorProperty(n, 'name_embedding', row.embedding)
"""
_FACTS = """
UNWIND $rows AS row
MATCH (s:Entity {uuid: row.source}), (t:Entity {uuid: row.target})
CREATE (s)-[e:RELATES_TO {uuid: row.uuid, group_id: row.group_id, name: 'RELATES_TO',
                          fact: row.fact, episodes: [], created_at: row.now,
                          valid_at: row.now}]->(t)
SET e += row.props
WITH e, row CALL db.create.setRelationshipVectorProperty(e, 'fact_embedding', row.embedding)
"""


def props(rng: random.Random, bad_share: float) -> dict[str, Any]:
    values: dict[str, Any] = {
        **MemoryStatus(truth=TruthStatus.SUPPORTED).to_properties(),
        "a4s_source_type": "user_message",
        "a4s_written_by": "bench",
        "a4s_decision_id": "bench",
    }
    if rng.random() < bad_share:
        values.update(rng.choice(BAD))
    return values


def vocabulary(rng: random.Random, size: int) -> list[str]:
    syllables = ["ka", "lo", "mi", "ne", "su", "ta", "ri", "po", "ve", "zu", "an", "el", "or"]
    words: set[str] = set()
    while len(words) < size:
        words.add("".join(rng.choice(syllables) for _ in range(rng.randint(2, 4))))
    return sorted(words)


@dataclass
class Seeded:
    groups: list[str]
    probe_group: str
    agents: int
    facts: int = 0
    seconds: float = 0.0
    entity_seconds: float = 0.0
    complete: bool = True
    texts: dict[str, list[str]] = field(default_factory=dict)  # a sample per group, for queries
    probes: dict[str, set[str]] = field(default_factory=dict)
    vocab: list[str] = field(default_factory=list)

    def summary(self, wanted: int) -> dict[str, Any]:
        fact_seconds = self.seconds - self.entity_seconds
        rate = self.facts / fact_seconds if fact_seconds > 0 else 0.0
        return {
            "facts_wanted": wanted,
            "facts_seeded": self.facts,
            "agents": self.agents,
            "complete": self.complete,
            "seed_seconds": round(self.seconds, 1),
            "entity_seed_seconds": round(self.entity_seconds, 1),
            "facts_per_second": round(rate, 1),
            # Linear projection from the measured rate (index maintenance grows with the graph,
            # so the real figure is higher).
            "projected_seconds_for_wanted": (
                round(self.entity_seconds + wanted / rate, 1) if rate else None
            ),
        }


def _entity_row(group: str, name: str, now: datetime, row_props: dict[str, Any]) -> dict[str, Any]:
    return {
        "uuid": str(uuid.uuid4()),
        "group_id": group,
        "name": name,
        "now": now,
        "props": row_props,
        "embedding": EMBEDDER.embed(name),
    }


def _fact_row(
    group: str, text: str, ends: tuple[str, str], extra: dict[str, Any]
) -> dict[str, Any]:
    return {
        "uuid": str(uuid.uuid4()),
        "group_id": group,
        "fact": text,
        "now": extra.pop("now"),
        "source": ends[0],
        "target": ends[1],
        "props": extra,
        "embedding": EMBEDDER.embed(text),
    }


async def _insert(store: Neo4jStore, query: str, rows: list[dict[str, Any]]) -> None:
    for start in range(0, len(rows), BATCH):
        await store.execute(query, {"rows": rows[start : start + BATCH]})


def _fact_rows(
    seeded: Seeded, entities: dict[str, list[str]], facts: int, rng: random.Random
) -> Iterator[dict[str, Any]]:
    vocab = seeded.vocab
    now = datetime.now(UTC)
    regular = [g for g in seeded.groups if g != seeded.probe_group]
    for i in range(facts):
        g = regular[i % len(regular)]
        text = " ".join(rng.choices(vocab[:1500], k=rng.randint(5, 9)))  # skewed: shared terms
        sample = seeded.texts.setdefault(g, [])
        if len(sample) < 20:
            sample.append(text)
        source, target = rng.sample(entities[g], 2)
        yield _fact_row(g, text, (source, target), {**props(rng, 0.25), "now": now})
    # The probe group: 20 words, each matching 100 facts of which 90 are ineligible.
    ends = (entities[seeded.probe_group][0], entities[seeded.probe_group][1])
    for p in range(20):
        word = f"probe{p}word"
        seeded.probes[word] = set()
        for k in range(100):
            text = f"{word} " + " ".join(rng.choices(vocab, k=rng.randint(4, 8)))
            row_props = props(rng, 0.0)
            if k < 90:
                row_props.update(rng.choice(BAD))
            row = _fact_row(seeded.probe_group, text, ends, {**row_props, "now": now})
            if k >= 90:
                seeded.probes[word].add(row["uuid"])
            yield row


async def seed(
    store: Neo4jStore,
    run: str,
    facts: int,
    rng: random.Random,
    *,
    agents: int = 1000,
    budget_s: float | None = None,
) -> Seeded:
    """``facts`` facts over ``agents`` agents (both spaces), 25% ineligible, plus the probe group
    whose probe words each match 100 facts of which 90 are ineligible (recall@10)."""
    groups = [f"agent-bench{run}-{i}-{v}" for i in range(agents) for v in ("public", "private")]
    probe_group = f"agent-bench{run}-probe-public"
    seeded = Seeded(groups=[*groups, probe_group], probe_group=probe_group, agents=agents)
    vocab = seeded.vocab = vocabulary(rng, 4000)
    now = datetime.now(UTC)
    entities: dict[str, list[str]] = {}
    rows: list[dict[str, Any]] = []
    for g in seeded.groups:
        names = [f"probe{j}" for j in range(2)] if g == probe_group else rng.sample(vocab, 10)
        bad = 0.0 if g == probe_group else 0.25
        group_rows = [_entity_row(g, n, now, props(rng, bad)) for n in names]
        entities[g] = [r["uuid"] for r in group_rows]
        rows += group_rows
    started = time.perf_counter()
    await _insert(store, _ENTITIES, rows)
    seeded.entity_seconds = time.perf_counter() - started
    chunk: list[dict[str, Any]] = []
    for row in _fact_rows(seeded, entities, facts, rng):
        chunk.append(row)
        if len(chunk) == BATCH:
            await store.execute(_FACTS, {"rows": chunk})
            seeded.facts += len(chunk)
            chunk = []
            if budget_s is not None and time.perf_counter() - started > budget_s:
                seeded.complete = False
                break
    if chunk:
        await store.execute(_FACTS, {"rows": chunk})
        seeded.facts += len(chunk)
    seeded.seconds = time.perf_counter() - started
    return seeded


async def cleanup(store: Neo4jStore, groups: list[str]) -> None:
    """Delete the seeded groups: facts first, then nodes, in batches small enough for the
    transaction memory pool of a small server (a 1M-fact graph has ~40 facts per entity)."""
    for query in (
        "MATCH ()-[e:RELATES_TO]->() WHERE e.group_id IN $g WITH e LIMIT 20000 DELETE e "
        "RETURN count(*) AS c",
        "MATCH (n) WHERE n.group_id IN $g WITH n LIMIT 5000 DETACH DELETE n RETURN count(*) AS c",
    ):
        while (await store.execute(query, {"g": groups}))[0]["c"]:
            pass
