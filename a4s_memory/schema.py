"""Schema as code: ``graph_schema/*.cypher`` applied in file-name order, then Graphiti's own indices.

Every statement is ``IF NOT EXISTS``, so applying twice is harmless. The files are the source of
truth; this module only splits and runs them (statements are literal, they carry no values).
"""

from __future__ import annotations

import logging
import os
import re
from dataclasses import dataclass
from pathlib import Path

from a4s_memory.errors import ConfigurationError
from a4s_memory.store.db import Neo4jStore

__all__ = ["SchemaReport", "apply_schema", "load_statements", "schema_dir"]

logger = logging.getLogger(__name__)

_COMMENT = re.compile(r"^\s*//.*$", re.MULTILINE)
_IDEMPOTENT = re.compile(r"\bIF\s+NOT\s+EXISTS\b", re.IGNORECASE)


def schema_dir() -> Path:
    override = os.environ.get("A4S_SCHEMA_DIR")
    if override:
        return Path(override)
    return Path(__file__).resolve().parents[1] / "graph_schema"


@dataclass(frozen=True, slots=True)
class SchemaReport:
    files: tuple[str, ...]
    statements: int
    graphiti_indices: bool


def load_statements(directory: Path | None = None) -> list[tuple[str, str]]:
    """(file name, statement) pairs in application order; refuses non-idempotent statements."""
    folder = directory or schema_dir()
    files = sorted(folder.glob("*.cypher"))
    if not files:
        raise ConfigurationError(f"no *.cypher files in {folder}")
    statements: list[tuple[str, str]] = []
    for path in files:
        text = _COMMENT.sub("", path.read_text(encoding="utf-8"))
        for raw in text.split(";"):
            statement = " ".join(raw.split())
            if not statement:
                continue
            if not _IDEMPOTENT.search(statement):
                raise ConfigurationError(
                    f"{path.name}: every schema statement must say IF NOT EXISTS"
                )
            statements.append((path.name, statement))
    return statements


async def apply_schema(store: Neo4jStore, *, with_graphiti: bool = True) -> SchemaReport:
    """Apply our schema files, then (by default) Graphiti's range and fulltext indices."""
    statements = load_statements()
    for file_name, statement in statements:
        logger.debug("schema %s: %s", file_name, statement[:60])
        # The statements come from the repository's own files, never from a request.
        await store.execute(statement)
    if with_graphiti:
        driver = await store.graphiti_driver()
        await driver.build_indices_and_constraints()
    files = tuple(sorted({name for name, _ in statements}))
    logger.info("schema applied: %d statements from %d files", len(statements), len(files))
    return SchemaReport(files=files, statements=len(statements), graphiti_indices=with_graphiti)
