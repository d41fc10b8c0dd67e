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

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any, Final

from neo4j import AsyncManagedTransaction

from a4s_memory.policy.context_policy import ContextPolicy
from a4s_memory.policy.cypher import CypherParams, group_predicate, policy_predicate
from a4s_memory.store.db import run_in_tx

__all__ = ["MAX_FACTS", "admitted_facts_projection", "stamp_and_rebuild_tx"]

MAX_FACTS: Final = 10


def admitted_facts_projection(
    entity: str, groups: Iterable[str], policy: ContextPolicy, params: CypherParams, now: datetime
) -> str:
    """A COLLECT subquery: the facts around ``entity`` that ``policy`` admits, oldest first
    (``f`` is the fact alias; every value goes through ``params``)."""
    where = (
        f"{group_predicate('f', groups, params)} AND {policy_predicate('f', policy, params, now)}"
    )
    # The predicates come after DISTINCT (a planning barrier), so the MATCH can only expand from
    # the entity: with them inside it, the planner could seek an index of every fact in the
    # database (security_status) and join on the entity, per entity row.
    return (
        f"COLLECT {{ MATCH ({entity})-[f:RELATES_TO]-(:Entity) WITH DISTINCT f WHERE {where} "
        f"WITH f ORDER BY f.created_at, f.uuid LIMIT {MAX_FACTS} RETURN f.fact }}"
    )


async def stamp_and_rebuild_tx(
    tx: AsyncManagedTransaction,
    group_id: str,
    now: datetime,
    rows: Mapping[str, Sequence[Mapping[str, Any]]],
    summaries: Iterable[str],
) -> int:
    """ONE statement: write the stamps ``rows["entity"]`` / ``rows["edge"]`` (``{uuid, props}``;
    ``+=`` with the allow-listed keys, a None value removes the property), then rebuild the
    stored summaries of the entities ``summaries`` from the facts the default policy admits -
    reading the stamps just written. Returns how many non-empty summaries were rewritten."""
    params = CypherParams()
    groups = params.add([group_id])
    facts = admitted_facts_projection("n", [group_id], ContextPolicy.default(), params, now)
    query = (
        f"CALL () {{ UNWIND {params.add(list(rows.get('entity', [])))} AS row "
        "MATCH (n:Entity {uuid: row.uuid}) SET n += row.props } "
        f"CALL () {{ UNWIND {params.add(list(rows.get('edge', [])))} AS row "
        "MATCH ()-[e:RELATES_TO {uuid: row.uuid}]->() SET e += row.props } "
        f"CALL () {{ UNWIND {params.add(sorted(set(summaries)))} AS id "
        f"MATCH (n:Entity {{uuid: id}}) WHERE n.group_id IN {groups} "
        "AND coalesce(n.summary, '') <> '' "
        f"WITH n, {facts} AS facts "
        "SET n.summary = reduce(s = '', f IN facts | s + CASE WHEN s = '' THEN '' ELSE '\\n' END + f) "
        "RETURN count(n) AS rebuilt } "
        "RETURN rebuilt"
    )
    out = await run_in_tx(tx, query, params.values)
    return int(out[0]["rebuilt"]) if out else 0
