"""``/memories``: write, search, read, delete and the status transitions (docs/api.md).

Every route goes through the MemoryManager, whose one access decision and firewall do the work;
these handlers only translate HTTP <-> facade models. Mutating calls spend a write-quota token
inside the MemoryManager.
"""

from __future__ import annotations

from fastapi import APIRouter, Response, status

from a4s_memory.api.deps import ManagerDep, RequesterDep
from a4s_memory.api.errors import error_responses
from a4s_memory.api.schemas import (
    AddMemoryOut,
    PromoteRequest,
    ReasonRequest,
    SearchRequest,
    SearchResponse,
    SupersedeRequest,
)
from a4s_memory.models import AddMemory, DeleteResult, MemoryView, TransitionResult
from a4s_memory.store.jobs import JobAccepted
from a4s_memory.write.batch import BatchAddRequest, BatchResult

router = APIRouter(prefix="/memories", tags=["memories"])

_READ_ERRORS = error_responses(401, 403, 404, 422, 503)
_WRITE_ERRORS = error_responses(401, 403, 404, 413, 422, 429, 503)


@router.post(
    "",
    response_model=AddMemoryOut | JobAccepted,
    status_code=status.HTTP_201_CREATED,
    responses={
        **_WRITE_ERRORS,
        202: {"model": JobAccepted, "description": "queue mode: screened and queued"},
    },
    summary="Store a memory (owner only; passes the memory firewall)",
)
async def add_memory(
    body: AddMemory, requester: RequesterDep, manager: ManagerDep, response: Response
) -> AddMemoryOut | JobAccepted:
    """201 with the stored memory; with A4S_INGEST_MODE=queue, 202 with a job id once the
    firewall accepted it (a worker stores it: GET /jobs/{job_id})."""
    if manager.queue_mode:
        response.status_code = status.HTTP_202_ACCEPTED
        return await manager.enqueue(requester.requester_id, body)
    result = await manager.add(requester.requester_id, body)
    return AddMemoryOut.from_result(result)


@router.post(
    ":batch",
    response_model=BatchResult,
    responses=_WRITE_ERRORS,
    summary="Store up to 100 memories, each answered on its own (owner only; firewalled)",
)
async def add_memories(
    body: BatchAddRequest, requester: RequesterDep, manager: ManagerDep
) -> BatchResult:
    """Each item is a POST /memories body and gets its own answer at its index: stored (with its
    status) or refused (with its stop reason). Items of one agent are written in order; one
    item's refusal never affects another. One write-quota token per batch."""
    return await manager.add_many(requester.requester_id, body.items)


@router.post(
    "/search",
    response_model=SearchResponse,
    responses=error_responses(401, 403, 404, 413, 422, 503),
    summary="Search an agent's memory (owner: both spaces; anyone else: public only)",
)
async def search_memories(
    body: SearchRequest, requester: RequesterDep, manager: ManagerDep
) -> SearchResponse:
    hits = await manager.search(
        requester.requester_id,
        body.agent_id,
        body.query,
        body.limit,
        body.policy(),
        options=manager.search_options(body.recency_half_life_days),
    )
    return SearchResponse(results=hits)


@router.get("/{memory_id}", response_model=MemoryView, responses=_READ_ERRORS)
async def get_memory(memory_id: str, requester: RequesterDep, manager: ManagerDep) -> MemoryView:
    return await manager.get(requester.requester_id, memory_id)


@router.delete("/{memory_id}", response_model=DeleteResult, responses=_WRITE_ERRORS)
async def delete_memory(
    memory_id: str, requester: RequesterDep, manager: ManagerDep
) -> DeleteResult:
    return await manager.delete(requester.requester_id, memory_id)


@router.post("/{memory_id}/promote", response_model=TransitionResult, responses=_WRITE_ERRORS)
async def promote_memory(
    memory_id: str, body: PromoteRequest, requester: RequesterDep, manager: ManagerDep
) -> TransitionResult:
    return await manager.promote(requester.requester_id, memory_id, body.evidence)


@router.post("/{memory_id}/quarantine", response_model=TransitionResult, responses=_WRITE_ERRORS)
async def quarantine_memory(
    memory_id: str, body: ReasonRequest, requester: RequesterDep, manager: ManagerDep
) -> TransitionResult:
    return await manager.quarantine(requester.requester_id, memory_id, body.reason)


@router.post("/{memory_id}/contradict", response_model=TransitionResult, responses=_WRITE_ERRORS)
async def contradict_memory(
    memory_id: str, body: ReasonRequest, requester: RequesterDep, manager: ManagerDep
) -> TransitionResult:
    return await manager.contradict(requester.requester_id, memory_id, body.reason)


@router.post("/{memory_id}/supersede", response_model=TransitionResult, responses=_WRITE_ERRORS)
async def supersede_memory(
    memory_id: str, body: SupersedeRequest, requester: RequesterDep, manager: ManagerDep
) -> TransitionResult:
    return await manager.supersede(requester.requester_id, memory_id, body.superseded_by)
