"""What the app holds for its lifetime: settings and the one Neo4j store."""

from __future__ import annotations

from dataclasses import dataclass

from a4s_memory.config import Settings
from a4s_memory.db import Neo4jStore


@dataclass(slots=True)
class AppState:
    settings: Settings
    store: Neo4jStore
