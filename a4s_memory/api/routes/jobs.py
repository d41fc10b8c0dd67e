"""``GET /jobs/{job_id}``: where a queued write is (queue mode, a4s_memory.store.jobs)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path

from a4s_memory.api.deps import ManagerDep, RequesterDep
from a4s_memory.api.errors import error_responses
from a4s_memory.store.jobs import JobView

router = APIRouter(prefix="/jobs", tags=["jobs"])


@router.get("/{job_id}", response_model=JobView, responses=error_responses(401, 404, 422, 503))
async def get_job(
    job_id: Annotated[str, Path(min_length=1, max_length=64)],
    requester: RequesterDep,
    manager: ManagerDep,
) -> JobView:
    """The job's state (queued, running, done, failed), attempts and, once done, the memory id.
    Its requester or an admin only; anyone else gets 404."""
    return await manager.job(requester.requester_id, job_id)
