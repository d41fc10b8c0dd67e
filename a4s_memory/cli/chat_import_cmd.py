"""``a4s-memory import-chat AGENT FILE.jsonl --as REQUESTER``: write a chat log through the batch
path, each line one memory, with a progress bar on a terminal.

A line is a POST /memories body without ``agent_id`` (``messages`` plus any of ``visibility``,
``reference_time``, ``session_id``, ``metadata``, ``source``, ...), or one chat message
``{"role", "content", "name"?, "reference_time"?, "session_id"?}``. The whole file is read and
validated first: a malformed line stops the command before anything is written, naming every bad
line. Then the lines are written in order, 100 at a time; each is stored or refused on its own, and
the report (stdout, JSON) lists the refused lines with their stop reasons, never their content.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

import click
from pydantic import ValidationError

from a4s_memory.cli.lifecycle_cmd import _AS, _echo, _progress, _run
from a4s_memory.errors import InvalidRequest
from a4s_memory.manager import MemoryManager
from a4s_memory.models import AddMemory
from a4s_memory.write.batch import MAX_BATCH_ITEMS, BatchItemResult

__all__ = ["import_chat_cmd"]

_MESSAGE_KEYS: Final = frozenset({"role", "content", "name"})
_MAX_LISTED_ERRORS: Final = 20


def _item(agent_id: str, default_visibility: str, obj: Any) -> AddMemory:
    if not isinstance(obj, dict):
        raise ValueError("not a JSON object")
    body = dict(obj)
    if "messages" not in body and "content" in body:
        message = {k: body.pop(k) for k in list(body) if k in _MESSAGE_KEYS}
        message.setdefault("role", "user")
        body["messages"] = [message]
    body.setdefault("visibility", default_visibility)
    return AddMemory.model_validate({**body, "agent_id": agent_id})


def read_chat_log(path: Path, agent_id: str, visibility: str) -> list[tuple[int, AddMemory]]:
    """(line number, write) for every line, or InvalidRequest naming the bad lines."""
    items: list[tuple[int, AddMemory]] = []
    bad: list[str] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            items.append((number, _item(agent_id, visibility, json.loads(line))))
        except ValidationError as exc:
            fields = sorted({".".join(str(p) for p in e["loc"]) for e in exc.errors()})
            bad.append(f"line {number}: invalid {', '.join(fields) or 'object'}")
        except ValueError as exc:  # json.JSONDecodeError is a ValueError
            bad.append(f"line {number}: {type(exc).__name__}")
    if bad:
        more = (
            f" (and {len(bad) - _MAX_LISTED_ERRORS} more)" if len(bad) > _MAX_LISTED_ERRORS else ""
        )
        raise InvalidRequest(
            "the chat log has malformed lines; nothing was written: "
            + "; ".join(bad[:_MAX_LISTED_ERRORS])
            + more,
            suggestion="fix or remove those lines and run the command again",
        )
    if not items:
        raise InvalidRequest("the chat log holds no lines")
    return items


@click.command("import-chat")
@click.argument("agent_id")
@click.argument("source", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--visibility",
    type=click.Choice(["private", "public"]),
    default="private",
    show_default=True,
    help="For lines that do not say.",
)
@_AS
@click.pass_context
def import_chat_cmd(
    ctx: click.Context, agent_id: str, source: Path, visibility: str, requester: str
) -> None:
    """Write a JSONL chat log into AGENT, one memory per line, through the memory firewall."""
    lines = read_chat_log(source, agent_id, visibility)
    items = [item for _, item in lines]

    async def work(manager: MemoryManager) -> dict[str, Any]:
        refused: list[BatchItemResult] = []
        stored = 0
        with _progress("writing", len(items)) as advance:
            for start in range(0, len(items), MAX_BATCH_ITEMS):
                answer = await manager.add_many(requester, items[start : start + MAX_BATCH_ITEMS])
                stored += answer.stored
                refused.extend(
                    r.model_copy(update={"index": start + r.index})
                    for r in answer.results
                    if not r.stored
                )
                advance(len(answer.results))
        return {
            "lines": len(items),
            "stored": stored,
            "refused": [
                {
                    "line": lines[r.index][0],
                    "stop_reason": r.stop_reason.value,
                    "error_code": r.error_code,
                }
                for r in refused
            ],
        }

    _echo(_run(ctx, work))
