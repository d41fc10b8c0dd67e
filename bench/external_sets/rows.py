"""What the set builders share: reading a source repository, writing the rows.

Standard library only (``build_promptinject.py`` imports this from its own virtual environment).
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any


def repo_reader(source: Path, rev: str) -> tuple[Callable[[str], str], str]:
    """A function reading one file of the repository at ``source`` (a work tree, or a bare git
    directory read at ``rev``), and the commit read ("unknown" for a tree outside git)."""
    bare = (source / "objects").is_dir() and (source / "HEAD").is_file()
    git = ["git", "--git-dir", str(source)] if bare else ["git", "-C", str(source)]
    found = subprocess.run(  # noqa: S603 - git with fixed arguments
        [*git, "rev-parse", rev], capture_output=True, text=True, check=False
    )
    commit = found.stdout.strip() if found.returncode == 0 else "unknown"
    if not bare:
        return (lambda path: (source / path).read_text(encoding="utf-8")), commit

    def read(path: str) -> str:
        shown = subprocess.run(  # noqa: S603 - git with fixed arguments
            [*git, "show", f"{rev}:{path}"], capture_output=True, check=True
        )
        return shown.stdout.decode("utf-8")

    return read, commit


def write_rows(rows: Sequence[dict[str, Any]], out: Path) -> int:
    """``rows`` as JSON Lines into ``out`` (ids must be unique); the number of injections."""
    if len({row["id"] for row in rows}) != len(rows):
        raise SystemExit("duplicate ids")
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8", newline="\n") as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    return sum(row["label"] == "injection" for row in rows)


def read_source(source: Path, rev: str, path: str) -> tuple[str, str]:
    """The text of ``path`` in the repository at ``source`` (or of ``source`` itself, a file), and
    where it came from (the commit read, or "file")."""
    if source.is_file():
        return source.read_text(encoding="utf-8"), "file"
    read, commit = repo_reader(source, rev)
    return read(path), commit


def distinct_benign(turns: Iterable[tuple[str, str]], source: str) -> list[dict[str, object]]:
    """Benign rows of ``(id, text)`` turns, in order: texts stripped, empty ones and exact
    repeats of an earlier text dropped (the first is kept)."""
    rows: list[dict[str, object]] = []
    seen: set[str] = set()
    for row_id, raw in turns:
        text = raw.strip()
        if text and text not in seen:
            seen.add(text)
            rows.append({"id": row_id, "text": text, "label": "benign", "source": source})
    return rows
