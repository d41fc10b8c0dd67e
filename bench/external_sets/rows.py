"""What the set builders share: reading a source repository, writing the rows.

Standard library only (``build_promptinject.py`` imports this from its own virtual environment).
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable, Sequence
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
