"""a4s-memory: a knowledge-graph memory layer for AI agents on Graphiti and Neo4j."""

from __future__ import annotations

import os

# Graphiti sends anonymous usage telemetry unless this is false; it reads the variable at call time,
# so forcing it here (before graphiti_core is imported anywhere in this package) turns it off for
# everything a4s-memory does. Documented in README.md ("Telemetry").
os.environ["GRAPHITI_TELEMETRY_ENABLED"] = "false"

__version__ = "0.1.0"

from a4s_memory.api.auth import PayloadTooLarge, Unauthenticated
from a4s_memory.client import AsyncMemoryClient
from a4s_memory.errors import (
    A4SError,
    AccessDenied,
    ConfigurationError,
    Conflict,
    FirewallRejected,
    InvalidRequest,
    NotFound,
    QuotaExceeded,
    StoreUnavailable,
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
