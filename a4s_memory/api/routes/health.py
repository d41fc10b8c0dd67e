"""``/healthz`` (the process answers) and ``/readyz`` (Neo4j answers too; 503 while it does not)."""

from __future__ import annotations

from fastapi import APIRouter, Response, status
from pydantic import BaseModel

from a4s_memory.api.deps import StoreDep

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
