"""The ASGI middleware over a tiny app, in-process (httpx.ASGITransport opens no sockets)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from a4s_memory.api.middleware import BodySizeLimit, RequestContext, RequestDeadline


async def echo(request: Request) -> JSONResponse:
    return JSONResponse({"size": len(await request.body())})


def _client() -> httpx.AsyncClient:
    inner = Starlette(routes=[Route("/echo", echo, methods=["POST"])])
    app = RequestContext(BodySizeLimit(inner, max_bytes=1024))
    return httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app, raise_app_exceptions=False), base_url="http://t"
    )


async def _chunks(total: int) -> AsyncIterator[bytes]:
    for _ in range(total // 256):
        yield b"x" * 256


async def test_body_bound_declared_and_streamed() -> None:
    async with _client() as client:
        ok = await client.post("/echo", content=b"x" * 1024)
        assert ok.status_code == 200 and ok.json() == {"size": 1024}
        too_big = await client.post("/echo", content=b"x" * 1025, headers={"X-Request-Id": "r1"})
        assert too_big.status_code == 413
        body = too_big.json()
        assert (
            body["stop_reason"] == "BOUNDS_EXCEEDED" and body["error_code"] == "payload_too_large"
        )
        assert body["request_id"] == "r1" == too_big.headers["x-request-id"]
        streamed_ok = await client.post("/echo", content=_chunks(1024))
        assert streamed_ok.json() == {"size": 1024}
        streamed_big = await client.post("/echo", content=_chunks(4096))
        assert streamed_big.status_code == 413


async def test_unhandled_error_is_500_error_body_without_content() -> None:
    async def raw_boom(scope: Scope, receive: Receive, send: Send) -> None:
        raise RuntimeError("bug with secret-content inside")

    transport = httpx.ASGITransport(app=RequestContext(raw_boom), raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
        r = await client.get("/boom", headers={"X-Request-Id": "r2"})
    assert r.status_code == 500
    assert r.json()["error_code"] == "internal_error" and r.json()["request_id"] == "r2"
    assert "secret-content" not in r.text


async def _stuck(_: Request) -> JSONResponse:
    await asyncio.sleep(3600)  # a request whose Neo4j read never returns
    return JSONResponse({"never": True})


def _deadline_app() -> RequestContext:
    routes = [Route("/memories/search", _stuck, methods=["POST"]), Route("/mcp", _stuck)]
    return RequestContext(RequestDeadline(Starlette(routes=routes), seconds=0.05))


async def test_a_stuck_request_answers_503_with_the_error_body() -> None:
    transport = httpx.ASGITransport(app=_deadline_app())
    async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
        response = await client.post("/memories/search", json={"query": "tea"})
    assert response.status_code == 503
    body = response.json()
    assert body["stop_reason"] == "INTERNAL_INCONSISTENCY"
    assert body["request_id"] == response.headers["x-request-id"]
    assert "tea" not in response.text


async def test_streams_are_exempt_from_the_deadline() -> None:
    transport = httpx.ASGITransport(app=_deadline_app())
    async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
        with pytest.raises(TimeoutError):
            async with asyncio.timeout(0.3):  # the exempt route is still running: not cut at 0.05 s
                await client.get("/mcp")
