"""a4s-memory: a knowledge-graph memory layer for AI agents on Graphiti and Neo4j."""

from __future__ import annotations

import os

# Graphiti sends anonymous usage telemetry unless this is false; it reads the variable at call time,
# so forcing it here (before graphiti_core is imported anywhere in this package) turns it off for
# everything a4s-memory does. Documented in README.md ("Telemetry").
os.environ["GRAPHITI_TELEMETRY_ENABLED"] = "false"

__version__ = "0.1.0"
__all__ = ["__version__"]
