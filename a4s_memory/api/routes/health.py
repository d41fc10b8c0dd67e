"""``/healthz`` (the process answers), ``/readyz`` (Neo4j answers too; 503 while it does not) and
``/metrics`` (Prometheus; a4s_memory.telemetry)."""

from __future__ import annotations

from fastapi import APIRouter, Response, status
from pydantic import BaseModel

from a4s_memory.api.deps import ManagerDep, StoreDep
from a4s_memory.errors import StoreUnavailable
from a4s_memory.telemetry import METRICS_CONTENT_TYPE, render

router = APIRouter(tags=["health"])


class Health(BaseModel):
    status: str


class Readiness(BaseModel):
    status: str
    neo4j: bool


@router.get("/healthz", response_model=Health)
async def healthz() -> Health:
    return Health(status="ok")


@router.get(
    "/readyz",
    response_model=Readiness,
    responses={503: {"model": Readiness, "description": "Neo4j does not answer"}},
)
async def readyz(store: StoreDep, response: Response) -> Readiness:
    # The driver reconnects by itself, so readiness recovers without a restart once Neo4j is back.
    ok = await store.ping()
    if not ok:
        response.status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    return Readiness(status="ok" if ok else "unavailable", neo4j=ok)


@router.get(
    "/metrics",
    response_class=Response,
    responses={200: {"content": {"text/plain": {}}, "description": "Prometheus text format"}},
    summary="Prometheus metrics of this process: counts and latencies, never content",
)
async def metrics(manager: ManagerDep) -> Response:
    """Writes by stop reason, write/search latency histograms and the ingestion queue's depth
    (a4s_memory.telemetry). Open like /healthz: counts and timings only, no requester, agent or
    memory id. The queue depth is left out while Neo4j does not answer."""
    try:
        depth: int | None = await manager.jobs.depth()
    except StoreUnavailable:
        depth = None
    return Response(content=render(depth), media_type=METRICS_CONTENT_TYPE)
