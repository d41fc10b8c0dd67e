"""What the app holds for its lifetime: settings, the one Neo4j store, the MemoryManager and the
schema check /readyz asks."""

from __future__ import annotations

from dataclasses import dataclass

from a4s_memory.config import Settings
from a4s_memory.manager import MemoryManager
from a4s_memory.schema import SchemaCheck
from a4s_memory.store.db import Neo4jStore


@dataclass(slots=True)
class AppState:
    settings: Settings
    store: Neo4jStore
    manager: MemoryManager
    schema: SchemaCheck
