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
import json
import re
import subprocess
from pathlib import Path

EXTENSIONS = (".java", ".kt", ".py", ".ts")
CHUNK_LINES = 25
ANNOTATED = re.compile(r"^[ \t]*@[A-Za-z_]", re.MULTILINE)


def _git(mirror: Path, *args: str) -> str:
    done = subprocess.run(  # noqa: S603 - git with fixed arguments
        ["git", f"--git-dir={mirror}", *args],  # noqa: S607 - git from PATH, a dev tool
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def rows(mirror: Path) -> list[dict[str, str]]:
    """The annotated chunks of one mirror's HEAD, in path order."""
    name = mirror.parent.name if mirror.name == "repo" else mirror.name
    commit = _git(mirror, "rev-parse", "HEAD").strip()
    out: list[dict[str, str]] = []
    for path in sorted(_git(mirror, "ls-tree", "-r", "--name-only", "HEAD").split()):
        if not path.endswith(EXTENSIONS) or path.endswith(".d.ts") or "node_modules/" in path:
            continue
        lines = _git(mirror, "show", f"HEAD:{path}").split("\n")
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
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as handle:
        for row in built:
            handle.write(json.dumps(row) + "\n")
    print(f"{len(built)} chunks -> {args.out}")


if __name__ == "__main__":
    main()
