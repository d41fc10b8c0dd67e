"""Code pasted without a fence: chunks of public source files that hold annotations/decorators.

    python3 bench/external_sets/build_code_pastes.py OUT.jsonl MIRROR [MIRROR ...]

Each MIRROR is a bare git directory (as the search tool's ``fetch`` leaves it, e.g.
``/work/.mirror/spring-projects+spring-petclinic/repo``), read at HEAD. Every ``.java``, ``.kt``,
``.py`` and ``.ts`` file (not ``.d.ts``, nothing under ``node_modules``) is cut into consecutive
25-line chunks; a chunk of 40 characters or more with a line that opens with ``@`` and a letter
is one row ``{"id": "<mirror>@<commit8>:<path>:<first line>", "text", "label": "benign"}``, as a
coding agent's user would paste it. Deterministic for the same commits; standard library and git
only; nothing of the code is kept in this repository. Measured with
``bench/external_injection.py OUT.jsonl`` (split by id; docs/firewall.md, forty-fourth session).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # bench.* when run as a script

from bench.external_sets.rows import repo_files, repo_reader, write_rows

EXTENSIONS = (".java", ".kt", ".py", ".ts")
CHUNK_LINES = 25
ANNOTATED = re.compile(r"^[ \t]*@[A-Za-z_]", re.MULTILINE)


def rows(mirror: Path) -> list[dict[str, str]]:
    """The annotated chunks of one mirror's HEAD, in path order."""
    name = mirror.parent.name if mirror.name == "repo" else mirror.name
    read, commit = repo_reader(mirror, "HEAD")
    out: list[dict[str, str]] = []
    for path in repo_files(mirror, "HEAD"):
        if not path.endswith(EXTENSIONS) or path.endswith(".d.ts") or "node_modules/" in path:
            continue
        lines = read(path).split("\n")
        for start in range(0, len(lines), CHUNK_LINES):
            chunk = "\n".join(lines[start : start + CHUNK_LINES]).strip()
            if len(chunk) >= 40 and ANNOTATED.search(chunk):
                row_id = f"{name}@{commit[:8]}:{path}:{start + 1}"
                out.append({"id": row_id, "text": chunk, "label": "benign"})
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("mirrors", nargs="+", type=Path)
    args = parser.parse_args()
    built = [row for mirror in args.mirrors for row in rows(mirror)]
    write_rows(built, args.out)
    print(f"{len(built)} chunks -> {args.out}")


if __name__ == "__main__":
    main()
