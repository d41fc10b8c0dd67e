"""What the set builders share: reading a source repository, writing the rows.

Standard library only (``build_promptinject.py`` imports this from its own virtual environment).
"""

from __future__ import annotations

import argparse
import json
import subprocess
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any


def _git(source: Path) -> tuple[list[str], bool]:
    """The git command for the repository at ``source``, and whether it is a bare git dir."""
    bare = (source / "objects").is_dir() and (source / "HEAD").is_file()
    return (["git", "--git-dir", str(source)] if bare else ["git", "-C", str(source)]), bare


def repo_reader(source: Path, rev: str) -> tuple[Callable[[str], str], str]:
    """A function reading one file of the repository at ``source`` (a work tree, or a bare git
    directory read at ``rev``), and the commit read ("unknown" for a tree outside git)."""
    git, bare = _git(source)
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


def repo_files(source: Path, rev: str) -> list[str]:
    """The paths of the files of the repository at ``source`` at ``rev``, sorted."""
    listed = subprocess.run(  # noqa: S603 - git with fixed arguments
        [*_git(source)[0], "ls-tree", "-r", "--name-only", rev],
        capture_output=True,
        text=True,
        check=True,
    )
    return sorted(listed.stdout.split())


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


def chat_set_main(
    doc: str,
    source_help: str,
    member: str,
    set_name: str,
    turns: Callable[[str], Iterable[tuple[str, str]]],
) -> None:
    """A chat builder's command line, ``SOURCE OUT [--rev REV] [--limit N]``: the test split
    (SOURCE itself, or ``member`` of a repository copy), its first N distinct ``turns`` written
    as benign rows of ``set_name``; ``doc``'s first line describes the command."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("source", type=Path, help=source_help)
    parser.add_argument("out", type=Path, help="JSON Lines file to write")
    parser.add_argument("--rev", default="HEAD", help="revision of a git source (default HEAD)")
    parser.add_argument("--limit", type=int, default=6000, help="first N rows (default 6000)")
    args = parser.parse_args()
    text, origin = read_source(args.source, args.rev, member)
    rows = distinct_benign(turns(text), set_name)
    kept = rows[: args.limit]
    write_rows(kept, args.out)
    print(f"{args.out}: {len(kept)} benign turns of {len(rows)} distinct, from {origin}")
