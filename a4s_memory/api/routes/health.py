"""``/healthz`` (the process answers), ``/readyz`` (Neo4j answers, holds every index and constraint
of the schema, and the firewall's prefilter is compiled; 503 while any of them is not) and
``/metrics`` (Prometheus; a4s_memory.telemetry)."""

from __future__ import annotations

from fastapi import APIRouter, Response, status
from pydantic import BaseModel, Field

from a4s_memory.api.deps import ManagerDep, StateDep
from a4s_memory.errors import StoreUnavailable
from a4s_memory.firewall import hsfilter
from a4s_memory.telemetry import METRICS_CONTENT_TYPE, render

router = APIRouter(tags=["health"])


class Health(BaseModel):
    status: str


class Readiness(BaseModel):
    status: str = Field(
        description="ok | unavailable (Neo4j does not answer) | outdated (schema) | starting"
    )
    neo4j: bool
    schema_missing: list[str] = Field(
        default_factory=list,
        description="indexes and constraints of graph_schema/ and Graphiti's that the database "
        "lacks: run `a4s-memory schema apply` (empty while Neo4j does not answer)",
    )
    firewall: str = Field(
        description="the firewall's Hyperscan prefilter: ready | compiling (once per process, "
        "~5 s of CPU; the rules answer alone meanwhile, several times slower) | rules-only"
    )


@router.get("/healthz", response_model=Health)
async def healthz() -> Health:
    return Health(status="ok")


@router.get(
    "/readyz",
    response_model=Readiness,
    responses={
        503: {
            "model": Readiness,
            "description": "Neo4j does not answer, lacks part of the schema, or the "
            "firewall's prefilter is compiling",
        }
    },
)
async def readyz(state: StateDep, response: Response) -> Readiness:
    # The driver reconnects by itself, so readiness recovers without a restart once Neo4j is back.
    ok = await state.store.ping()
    # An upgrade started without `a4s-memory schema apply` answers without some indexes (slower)
    # and uniqueness constraints (the audit chain's): not ready until they exist.
    missing = await state.schema.missing(state.store) if ok else []
    # A process starts answering before its prefilter is compiled (correct answers, slower
    # firewall): an orchestrator waits for it before sending traffic, so do load benchmarks.
    firewall = hsfilter.status()
    if not ok:
        verdict = "unavailable"
    elif missing:
        verdict = "outdated"
    else:
        verdict = "starting" if firewall == "compiling" else "ok"
    if verdict != "ok":
        response.status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    return Readiness(status=verdict, neo4j=ok, schema_missing=missing, firewall=firewall)


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
