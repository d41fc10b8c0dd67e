"""Entity summaries built only from facts the default ContextPolicy admits.

Graphiti writes ``Entity.summary`` itself: it appends the facts of every edge it extracts (and an
LLM may rewrite them), whatever their status. A summary is text that the fulltext index matches
and that a reader may be shown, so a quarantined, unverified or expired fact inside a clean
entity's summary leaks what the policy hides. Two rules close that:

* stored: every re-stamp rebuilds the summary of each entity it touches (directly, or as the end
  of a re-stamped edge) from the facts around it that the default policy admits at that moment,
  at most :data:`MAX_FACTS`, oldest first. An empty summary stays empty (it leaks nothing).
* served: the search never returns the stored summary; it builds an entity's text from the facts
  the *reader's* policy admits, in the same Cypher (a4s_memory.store.search).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Final

from neo4j import AsyncManagedTransaction

from a4s_memory.policy.context_policy import ContextPolicy
from a4s_memory.policy.cypher import CypherParams, group_predicate, policy_predicate
from a4s_memory.store.db import run_in_tx

__all__ = ["MAX_FACTS", "admitted_facts_projection", "rebuild_summaries_tx"]

MAX_FACTS: Final = 10
_ENDPOINTS = """
UNWIND $uuids AS id
MATCH (a:Entity)-[e:RELATES_TO {uuid: id}]->(b:Entity)
RETURN collect(DISTINCT a.uuid) + collect(DISTINCT b.uuid) AS uuids
"""


def admitted_facts_projection(
    entity: str, groups: Iterable[str], policy: ContextPolicy, params: CypherParams, now: datetime
) -> str:
    """A COLLECT subquery: the facts around ``entity`` that ``policy`` admits, oldest first
    (``f`` is the fact alias; every value goes through ``params``)."""
    where = f"{group_predicate('f', groups, params)} AND {policy_predicate('f', policy, params, now)}"
    return (
        f"COLLECT {{ MATCH ({entity})-[f:RELATES_TO]-(:Entity) WHERE {where} "
        f"WITH DISTINCT f ORDER BY f.created_at, f.uuid LIMIT {MAX_FACTS} RETURN f.fact }}"
    )


async def rebuild_summaries_tx(
    tx: AsyncManagedTransaction,
    group_id: str,
    now: datetime,
    *,
    entities: Iterable[str] = (),
    edges: Iterable[str] = (),
) -> int:
    """Rebuild the stored summaries of ``entities`` and of the ends of ``edges``; returns how many
    non-empty summaries were rewritten."""
    ids = set(entities)
    edge_ids = sorted(set(edges))
    if edge_ids:
        rows = await run_in_tx(tx, _ENDPOINTS, {"uuids": edge_ids})
        ids.update(str(u) for u in rows[0]["uuids"])
    if not ids:
        return 0
    params = CypherParams()
    groups = params.add([group_id])
    facts = admitted_facts_projection("n", [group_id], ContextPolicy.default(), params, now)
    query = (
        f"UNWIND {params.add(sorted(ids))} AS id "
        f"MATCH (n:Entity {{uuid: id}}) WHERE n.group_id IN {groups} "
        "AND coalesce(n.summary, '') <> '' "
        f"WITH n, {facts} AS facts "
        "SET n.summary = reduce(s = '', f IN facts | s + CASE WHEN s = '' THEN '' ELSE '\\n' END + f) "
        "RETURN count(n) AS rebuilt"
    )
    rows = await run_in_tx(tx, query, params.values)
    return int(rows[0]["rebuilt"]) if rows else 0
