"""Helpers for the HTTP API integration tests (holds no tests itself): settings with a key file,
an in-process app with its lifespan running, a real uvicorn server on a free loopback port, cleanup.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import httpx
from asgi_lifespan import LifespanManager
from fastapi import FastAPI

from a4s_memory import AsyncMemoryClient
from a4s_memory.api.background import serve_in_background
from a4s_memory.api.quota import ApiLimits
from a4s_memory.config import AuthMode, Settings
from a4s_memory.server import create_app
from tests.integration.cleanup import remove_agents

ADMIN = "admin-ops"
KEYS = {
    "owner-1": "owner-1-key-0123456789abcdef",
    "stranger": "stranger-key-0123456789abcdef",
    ADMIN: "admin-key-0123456789abcdefghij",
}


def api_settings(base: Settings, tmp_path: Path, **update: Any) -> Settings:
    keys_file = tmp_path / "api-keys.txt"
    keys_file.write_text(
        "# requester_id:key\n" + "".join(f"{rid}:{key}\n" for rid, key in KEYS.items()),
        encoding="utf-8",
    )
    values: dict[str, Any] = {
        "auth_mode": AuthMode.TOKEN,
        "api_keys_file": keys_file,
        "admin_ids": frozenset({ADMIN}),
        **update,
    }
    return base.model_copy(update=values)


def auth(requester_id: str, key: str | None = None) -> dict[str, str]:
    return {"X-Requester-Id": requester_id, "Authorization": f"Bearer {key or KEYS[requester_id]}"}


@asynccontextmanager
async def running_app(
    settings: Settings, limits: ApiLimits | None = None
) -> AsyncIterator[tuple[FastAPI, httpx.AsyncClient]]:
    """The app with its lifespan running, and an httpx client over ASGITransport."""
    app = create_app(settings, limits=limits)
    async with LifespanManager(app) as manager:
        transport = httpx.ASGITransport(app=manager.app)
        async with httpx.AsyncClient(transport=transport, base_url="http://api.test") as client:
            yield app, client


@asynccontextmanager
async def memory_client(settings: Settings, requester_id: str) -> AsyncIterator[AsyncMemoryClient]:
    """``AsyncMemoryClient`` of ``requester_id`` (a key of :data:`KEYS`) over the app, with its
    lifespan running."""
    app = create_app(settings)
    async with LifespanManager(app) as manager:
        transport = httpx.ASGITransport(app=manager.app)
        async with AsyncMemoryClient(
            "http://api.test", requester_id, api_key=KEYS[requester_id], transport=transport
        ) as client:
            yield client


@contextmanager
def served(settings: Settings, limits: ApiLimits | None = None) -> Iterator[str]:
    """The app served by uvicorn on a free 127.0.0.1 port (its own loop and Neo4j driver)."""
    with serve_in_background(create_app(settings, limits=limits), start_timeout_s=30) as url:
        yield url


cleanup_agents = remove_agents


async def tcp_forwarder(listen_port: int, target_port: int) -> asyncio.Server:
    """A tiny TCP proxy 127.0.0.1:listen_port -> 127.0.0.1:target_port (to bring 'Neo4j' up later)."""

    async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.close()

    async def handle(client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        server_r, server_w = await asyncio.open_connection("127.0.0.1", target_port)
        await asyncio.gather(pipe(client_r, server_w), pipe(server_r, client_w))

    return await asyncio.start_server(handle, "127.0.0.1", listen_port)
