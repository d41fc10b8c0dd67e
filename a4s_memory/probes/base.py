"""What a probe gets (its throwaway agent) and what it returns (named pass/fail checks)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict

from a4s_memory.errors import A4SError
from a4s_memory.manager import MemoryManager
from a4s_memory.policy import MemoryKind
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.search import SearchHit

__all__ = ["Check", "ProbeContext", "ProbeFn", "ProbeResult", "expect_error", "returned"]


class Check(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    ok: bool


class ProbeResult(BaseModel):
    name: str
    passed: bool
    checks: list[Check]
    seconds: float
    error: str | None = None  # exception class name only, never a message with content
    audit_id: str | None = None

    @property
    def failed_checks(self) -> list[str]:
        return [c.name for c in self.checks if not c.ok]


@dataclass(slots=True)
class ProbeContext:
    """One probe's throwaway world: ``agent_id`` owned by ``owner``; ``peer`` is anyone else."""

    manager: MemoryManager
    store: Neo4jStore
    agent_id: str
    owner: str
    peer: str
    run_id: str
    checks: list[Check] = field(default_factory=list)

    def check(self, name: str, ok: bool) -> bool:
        self.checks.append(Check(name=name, ok=bool(ok)))
        return bool(ok)


ProbeFn = Callable[[ProbeContext], Awaitable[None]]


async def expect_error(call: Awaitable[object], *kinds: type[A4SError]) -> str | None:
    """Await ``call``; the name of the expected error it raised, or None when it succeeded or
    raised something else (both are probe failures)."""
    try:
        await call
    except kinds as err:
        return type(err).__name__
    except A4SError:
        return None
    return None


def returned(hits: list[SearchHit], memory_id: str) -> bool:
    """Whether a search result is the memory or a fact derived from it (an entity is shared by
    every memory mentioning it, so an entity hit is not the memory being returned)."""
    return any(
        h.uuid == memory_id or (h.kind is MemoryKind.FACT and memory_id in h.provenance.episodes)
        for h in hits
    )
