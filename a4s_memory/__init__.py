"""a4s-memory: a knowledge-graph memory layer for AI agents on Graphiti and Neo4j."""

from __future__ import annotations

import os

# Graphiti sends anonymous usage telemetry unless this is false; it reads the variable at call time,
# so forcing it here (before graphiti_core is imported anywhere in this package) turns it off for
# everything a4s-memory does. Documented in README.md ("Telemetry").
os.environ["GRAPHITI_TELEMETRY_ENABLED"] = "false"

__version__ = "0.1.0"

from typing import TYPE_CHECKING, Any

from a4s_memory.errors import (
    A4SError,
    AccessDenied,
    ConfigurationError,
    Conflict,
    FirewallRejected,
    InvalidRequest,
    NotFound,
    PayloadTooLarge,
    QuotaExceeded,
    StoreUnavailable,
    Unauthenticated,
)

__all__ = [
    "A4SError",
    "AccessDenied",
    "AsyncMemoryClient",
    "ConfigurationError",
    "Conflict",
    "FirewallRejected",
    "InvalidRequest",
    "NotFound",
    "PayloadTooLarge",
    "QuotaExceeded",
    "StoreUnavailable",
    "Unauthenticated",
    "__version__",
]

# The client loads on first use (httpx, tenacity): ``import a4s_memory`` stays minimal. Neither
# pulls in FastAPI, Neo4j, Graphiti or numpy (tests/integration/test_import_weight.py pins it).
_LAZY = {"AsyncMemoryClient": "a4s_memory.client"}

if TYPE_CHECKING:
    from a4s_memory.client import AsyncMemoryClient


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'a4s_memory' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
