"""Lifecycle routes: the audit log (never content), versions and rollback, the G5 session summary.

    GET  /audit?agent_id=&action=&last=          owner (own agents) or admin
    GET  /memories/{id}/versions                 owner
    POST /memories/{id}/rollback {to_version}    owner
    GET  /sessions/{session_id}/summary?agent_id= owner or admin

Access is decided by the MemoryManager (registry.authorize); errors are A4SError subclasses that
the app's exception handlers turn into ``{stop_reason, detail}`` bodies.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query
from pydantic import BaseModel, ConfigDict, Field

from a4s_memory.api.deps import ManagerDep, RequesterDep
from a4s_memory.models import SESSION_ID_PATTERN
from a4s_memory.models_lifecycle import (
    AuditEventView,
    RollbackResult,
    SessionSummary,
    VersionView,
)

__all__ = ["RollbackRequest", "router"]

router = APIRouter(tags=["audit"])

_MemoryId = Annotated[str, Path(min_length=1, max_length=64)]


class RollbackRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    to_version: int = Field(ge=1)


@router.get("/audit", response_model=list[AuditEventView])
async def list_audit(
    manager: ManagerDep,
    requester: RequesterDep,
    agent_id: Annotated[str, Query(min_length=1, max_length=63)],
    action: Annotated[str | None, Query(max_length=32)] = None,
    last: Annotated[int, Query(ge=1, le=1000)] = 50,
) -> list[AuditEventView]:
    return await manager.audit(requester.requester_id, agent_id, action=action, last=last)


@router.get("/memories/{memory_id}/versions", response_model=list[VersionView])
async def list_versions(
    manager: ManagerDep, requester: RequesterDep, memory_id: _MemoryId
) -> list[VersionView]:
    return await manager.versions(requester.requester_id, memory_id)


@router.post("/memories/{memory_id}/rollback", response_model=RollbackResult)
async def rollback(
    manager: ManagerDep, requester: RequesterDep, memory_id: _MemoryId, body: RollbackRequest
) -> RollbackResult:
    return await manager.rollback(requester.requester_id, memory_id, body.to_version)


@router.get("/sessions/{session_id}/summary", response_model=SessionSummary)
async def session_summary(
    manager: ManagerDep,
    requester: RequesterDep,
    session_id: Annotated[str, Path(pattern=SESSION_ID_PATTERN)],
    agent_id: Annotated[str, Query(min_length=1, max_length=63)],
) -> SessionSummary:
    return await manager.session_summary(requester.requester_id, agent_id, session_id)
