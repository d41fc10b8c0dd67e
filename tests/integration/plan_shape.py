"""What Neo4j plans for a statement, reduced to what the isolation tests check: which index or
store each read starts from, and how many database hits it cost."""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any

from a4s_memory.store.db import Neo4jStore
from tests.integration.channel_capture import Statement

_INDEX = re.compile(r":(\w+)\((\w+)")


def operators(plan: dict[str, Any]) -> list[dict[str, Any]]:
    return [plan, *(op for child in plan.get("children", []) for op in operators(child))]


def unbounded_reads(
    plan: dict[str, Any], bounded: Collection[str], *, index_scans: bool = False
) -> list[str]:
    """Plan operators that read an index or a store without starting from a property of
    ``bounded`` (for a composite index, its first property). Every scan is one, unless
    ``index_scans``: then a scan of an index on a bounded property is not (the cost model's
    choice over a seek of that index on a small test database's statistics; what the statement
    can be answered from is what the caller checks)."""
    out = []
    for op in operators(plan):
        kind = str(op.get("operatorType", ""))
        details = str(op.get("args", {}).get("Details", ""))
        if "Scan" in kind and not (index_scans and "IndexScan" in kind):
            out.append(f"{kind} {details}")  # label, type or all-nodes scans: never bounded
        elif "Index" in kind:
            found = _INDEX.search(details)
            if found is None or found.group(2) not in bounded:
                out.append(f"{kind} {details}")
    return out


def db_hits(plan: dict[str, Any]) -> int:
    return sum(int(op.get("dbHits", 0)) for op in operators(plan))


async def planned(store: Neo4jStore, statement: Statement, *, profile: bool) -> dict[str, Any]:
    """The plan of ``statement`` for the statistics of now (``replan=force``, not one cached by
    an earlier test): ``PROFILE`` runs it, ``EXPLAIN`` only plans it (safe for writes)."""
    query, params = statement
    mode = "PROFILE" if profile else "EXPLAIN"
    async with store.driver.session(database=store.database) as session:
        result = await session.run(f"CYPHER replan=force {mode} {query}", params)  # type: ignore[arg-type]
        summary = await result.consume()
    plan = summary.profile if profile else summary.plan
    assert plan is not None
    return dict(plan)
