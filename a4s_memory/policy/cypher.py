"""Cypher predicates for a :class:`ContextPolicy`, built so that no value is ever part of the text.

Modelled on neo4j-graphrag-python's ``filters.py`` parameter store: every value goes through
:class:`CypherParams`, which hands back a fresh ``$pN`` placeholder. The only names that reach the
query text are (a) variable aliases matching a strict pattern and (b) property names from
:data:`ALLOWED_PROPERTIES`; anything else raises before a query exists.

    params = CypherParams()
    where = policy_predicate("e", ContextPolicy.default(), params, now)
    # where == "e.truth_status IN $p0 AND e.retrieval_status IN $p1 AND ..."
    # params.values == {"p0": ["supported"], "p1": ["normal"], ...}
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime
from enum import Enum
from typing import Any, Final

from a4s_memory.contract import STATUS_PROPERTIES
from a4s_memory.policy.context_policy import ContextPolicy

__all__ = [
    "ALLOWED_PROPERTIES",
    "GRAPHITI_PROPERTIES",
    "CypherParams",
    "group_predicate",
    "policy_predicate",
    "prop",
    "status_predicate",
    "window_predicate",
]

# Graphiti's own fields a predicate may name: the space and its temporal invalidation fields.
GRAPHITI_PROPERTIES: Final[tuple[str, ...]] = (
    "group_id",
    "uuid",
    "valid_at",
    "invalid_at",
    "expired_at",
    "created_at",
)
ALLOWED_PROPERTIES: Final[frozenset[str]] = frozenset(STATUS_PROPERTIES) | frozenset(
    GRAPHITI_PROPERTIES
)

# Short lower-case identifiers only: no backticks, dots, spaces or keywords-with-punctuation.
_ALIAS: Final = re.compile(r"^[a-z][a-z0-9_]{0,15}$")
_PREFIX: Final = re.compile(r"^[a-z][a-z_]{0,7}$")


class CypherParams:
    """Collects parameter values and hands out unique placeholder names (``$p0``, ``$p1``, ...).

    An equal value added again gets the placeholder it already has: a statement that combines
    several channels (each with the same policy predicate, ``now`` and query vector) sends each
    value once - fewer values to pack and to hydrate, and a 384-float vector once, not thrice.
    """

    def __init__(self, prefix: str = "p") -> None:
        if not _PREFIX.fullmatch(prefix):
            raise ValueError("parameter prefix must be 1-8 lower-case letters or '_'")
        self._prefix = prefix
        self._values: dict[str, Any] = {}
        self._names: dict[Any, str] = {}

    def add(self, value: Any) -> str:
        """Store ``value`` and return its placeholder, ``$`` included."""
        plain = _plain(value)
        key = _key(plain)
        if key is not None and key in self._names:
            return f"${self._names[key]}"
        name = f"{self._prefix}{len(self._values)}"
        self._values[name] = plain
        if key is not None:
            self._names[key] = name
        return f"${name}"

    @property
    def values(self) -> dict[str, Any]:
        """A copy of the collected parameters, ready for the driver."""
        return dict(self._values)

    def __len__(self) -> int:
        return len(self._values)


_SCALARS: Final = frozenset({str, int, float, bool, type(None)})


def _plain(value: Any) -> Any:
    """Enums become their stored string; sets become sorted lists (stable text, stable plans)."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (set, frozenset)):
        return sorted(_plain(v) for v in value)
    if isinstance(value, (list, tuple)):
        # A query vector is 384 floats: one C-level type scan, not a recursive call each.
        if _SCALARS.issuperset(map(type, value)):
            return list(value)
        return [_plain(v) for v in value]
    return value


def _key(plain: Any) -> Any:
    """A hashable identity for a plain value, by type and value (``1`` and ``True`` and ``1.0``
    stay apart); None for what is not worth or not able to be shared (maps, nested lists).
    Equal values are interchangeable in every statement, so one placeholder serves them all."""
    kind = type(plain)
    if kind in _SCALARS:
        return (kind, plain)
    if isinstance(plain, datetime):
        # Equal instants in two offsets compare equal: keep them apart (a SET stores the offset).
        return (datetime, plain.isoformat(), repr(plain.tzinfo))
    if kind is list and _SCALARS.issuperset(map(type, plain)):
        return (list, tuple(map(type, plain)), tuple(plain))
    return None


def prop(alias: str, name: str) -> str:
    """``alias.name`` after checking both against their allow-lists."""
    if not isinstance(alias, str) or not _ALIAS.fullmatch(alias):
        raise ValueError("invalid Cypher alias")
    if name not in ALLOWED_PROPERTIES:
        raise ValueError(f"property {name!r} is not in the allow-list")
    return f"{alias}.{name}"


def _in(alias: str, name: str, values: Iterable[Any], params: CypherParams) -> str:
    return f"{prop(alias, name)} IN {params.add(frozenset(values))}"


def group_predicate(alias: str, group_ids: Iterable[str], params: CypherParams) -> str:
    """``alias.group_id IN $pN``; refuses an empty list (Graphiti reads empty as *all groups*)."""
    groups = list(group_ids)
    if not groups:
        raise ValueError("refusing to build a predicate over an empty group list")
    return f"{prop(alias, 'group_id')} IN {params.add(groups)}"


def policy_predicate(
    alias: str,
    policy: ContextPolicy,
    params: CypherParams,
    now: datetime,
    *,
    temporal: bool = True,
) -> str:
    """The policy as one conjunction over ``alias``. ``temporal`` adds Graphiti's fact
    invalidation (``invalid_at``/``expired_at``), which only RELATES_TO edges carry.

    Every status axis is an ``IN`` over the allowed values: a missing (null) property makes the
    ``IN`` null, so the element is excluded. Never rewrite these with ``coalesce``.
    """
    if now.tzinfo is None:
        raise ValueError("now must be timezone-aware")
    clauses = [
        status_predicate(alias, policy, params),
        _in(alias, "sensitivity", policy.sensitivities, params),
    ]
    needs_now = not policy.include_expired_ttl or (temporal and policy.valid_only)
    now_param = params.add(now) if needs_now else ""
    if not policy.include_expired_ttl:
        # No expires_at means "no TTL" (MemoryStatus.expires_at defaults to None), not "unknown".
        expires = prop(alias, "expires_at")
        clauses.append(f"({expires} IS NULL OR {expires} > {now_param})")
    if temporal and policy.valid_only:
        invalid = prop(alias, "invalid_at")
        clauses.append(f"({invalid} IS NULL OR {invalid} > {now_param})")
        clauses.append(f"{prop(alias, 'expired_at')} IS NULL")
    return " AND ".join(clauses)


def status_predicate(alias: str, policy: ContextPolicy, params: CypherParams) -> str:
    """The four status axes of ``policy`` (seed 004), one ``IN`` each: the part of the policy
    that the composite ``*_status`` indexes of graph_schema/002 (after ``group_id``) can seek."""
    return " AND ".join(
        _in(alias, axis, values, params)
        for axis, values in (
            ("truth_status", policy.truth),
            ("retrieval_status", policy.retrieval),
            ("security_status", policy.security),
            ("freshness_status", policy.freshness),
        )
    )


def window_predicate(alias: str, policy: ContextPolicy, params: CypherParams) -> str | None:
    """``since <= alias.valid_at < until`` (each side only when set), or None without a window.

    An element with no ``valid_at`` (older writes, or an LLM that dated nothing) has no reference
    time, so it is outside every window: null comparisons exclude it.
    """
    clauses = []
    if policy.since is not None:
        clauses.append(f"{prop(alias, 'valid_at')} >= {params.add(policy.since)}")
    if policy.until is not None:
        clauses.append(f"{prop(alias, 'valid_at')} < {params.add(policy.until)}")
    return " AND ".join(clauses) if clauses else None
