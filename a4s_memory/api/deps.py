"""FastAPI dependencies as ``Annotated`` aliases (the full-stack-fastapi-template way).

Route modules use only these aliases: ``ManagerDep`` for the MemoryManager, ``RequesterDep`` for the
authenticated caller (resolved by :mod:`a4s_memory.api.auth`) and ``StoreDep``.
The write quota is spent by the MemoryManager itself (one bucket for REST, MCP and every caller).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from a4s_memory.api.auth import resolve_requester
from a4s_memory.api.state import AppState
from a4s_memory.identity import Requester
from a4s_memory.manager import MemoryManager
from a4s_memory.store.db import Neo4jStore

# Every dependency is ``async def`` although none awaits: FastAPI runs a plain ``def`` dependency
# on its worker thread pool, two thread hand-offs per request for a dict lookup (issue 15, the
# load bench's "AnyIO worker thread" CPU).


async def get_state(request: Request) -> AppState:
    state: AppState = request.app.state.a4s
    return state


StateDep = Annotated[AppState, Depends(get_state)]


async def get_store(state: StateDep) -> Neo4jStore:
    return state.store


async def get_manager(state: StateDep) -> MemoryManager:
    return state.manager


StoreDep = Annotated[Neo4jStore, Depends(get_store)]
ManagerDep = Annotated[MemoryManager, Depends(get_manager)]
RequesterDep = Annotated[Requester, Depends(resolve_requester)]
