"""ContextPolicy (the ContextPolicy rule): which memories may be loaded into an agent's context, and the
parameterised Cypher predicates that enforce it inside every retrieval query."""

from a4s_memory.policy.context_policy import ContextPolicy, MemoryKind
from a4s_memory.policy.cypher import (
    ALLOWED_PROPERTIES,
    CypherParams,
    group_predicate,
    policy_predicate,
    prop,
)

__all__ = [
    "ALLOWED_PROPERTIES",
    "ContextPolicy",
    "CypherParams",
    "MemoryKind",
    "group_predicate",
    "policy_predicate",
    "prop",
]
