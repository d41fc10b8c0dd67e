"""FastAPI dependencies as ``Annotated`` aliases (the full-stack-fastapi-template way)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from a4s_memory.api.state import AppState
from a4s_memory.db import Neo4jStore


def get_state(request: Request) -> AppState:
    state: AppState = request.app.state.a4s
    return state


def get_store(state: Annotated[AppState, Depends(get_state)]) -> Neo4jStore:
    return state.store


StateDep = Annotated[AppState, Depends(get_state)]
StoreDep = Annotated[Neo4jStore, Depends(get_store)]
