"""Schema as code: ``graph_schema/*.cypher`` applied in file-name order, then Graphiti's own indices.

Every statement is ``IF NOT EXISTS``, so applying twice is harmless. The files are the source of
truth; this module only splits and runs them (statements are literal, they carry no values), and
says which of the indexes and constraints they name a database lacks (:class:`SchemaCheck`: an
upgrade started without ``a4s-memory schema apply`` runs without them, slower, and without the
uniqueness the audit chain relies on; /readyz and ``a4s-memory schema check`` say so).
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from a4s_memory.errors import ConfigurationError
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.graphiti_factory import graphiti_index_statements

__all__ = [
    "SchemaCheck",
    "SchemaReport",
    "apply_schema",
    "declared_names",
    "load_statements",
    "schema_dir",
]

logger = logging.getLogger(__name__)

_COMMENT = re.compile(r"^\s*//.*$", re.MULTILINE)
_IDEMPOTENT = re.compile(r"\bIF\s+NOT\s+EXISTS\b", re.IGNORECASE)
_NAMED = re.compile(
    r"\bCREATE\s+(?:\w+\s+)?(?:INDEX|CONSTRAINT)\s+(\w+)\s+IF\s+NOT\s+EXISTS", re.IGNORECASE
)
# SHOW commands do not combine with UNION: two reads.
_INDEXES = "SHOW INDEXES YIELD name RETURN name"
_CONSTRAINTS = "SHOW CONSTRAINTS YIELD name RETURN name"


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


def declared_names(directory: Path | None = None) -> list[str]:
    """The names of every index and constraint :func:`apply_schema` creates: our files' and
    Graphiti's (Neo4j provider), sorted."""
    ours = [statement for _, statement in load_statements(directory)]
    graphiti = graphiti_index_statements()
    return sorted({m.group(1) for text in (*ours, *graphiti) if (m := _NAMED.search(text))})


class SchemaCheck:
    """Which of the ``declared`` indexes and constraints a database lacks. Once none is missing
    it stops asking (the service never drops one): /readyz costs one ``SHOW`` per call only
    while the schema is incomplete."""

    def __init__(self, declared: Sequence[str]) -> None:
        self.declared = tuple(declared)
        self._complete = False

    @classmethod
    def of_release(cls) -> SchemaCheck:
        """The check of this release's schema files (:func:`schema_dir`). Without them (a bare
        wheel install; the image sets ``A4S_SCHEMA_DIR``) nothing can be checked: the API still
        starts, and says so once."""
        try:
            return cls(declared_names())
        except ConfigurationError as err:
            logger.warning("schema check off: %s", err.detail)
            return cls(())

    async def missing(self, store: Neo4jStore) -> list[str]:
        if self._complete:
            return []
        rows = [*await store.read(_INDEXES), *await store.read(_CONSTRAINTS)]
        present = {str(row["name"]) for row in rows}
        absent = [name for name in self.declared if name not in present]
        self._complete = not absent
        return absent
