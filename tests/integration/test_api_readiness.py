"""/readyz is 503 while Neo4j does not answer and recovers without a restart.

The app is pointed at a loopback port where nothing listens; then a TCP forwarder to the real Neo4j
starts on that port. The shared Neo4j server is never stopped.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from urllib.parse import urlparse

from a4s_memory.api.background import free_loopback_port
from a4s_memory.config import Settings
from a4s_memory.store.db import Neo4jStore
from tests.integration.test_api_support import (
    api_settings,
    running_app,
    tcp_forwarder,
)


async def test_readyz_503_while_neo4j_down_then_recovers(
    neo4j_settings: Settings, store: Neo4jStore, tmp_path: Path
) -> None:
    target = urlparse(neo4j_settings.neo4j_uri).port or 7687
    port = free_loopback_port()
    settings = api_settings(neo4j_settings, tmp_path, neo4j_uri=f"bolt://127.0.0.1:{port}")
    async with running_app(settings) as (_app, api):
        assert (await api.get("/healthz")).status_code == 200
        down = await api.get("/readyz")
        assert down.status_code == 503 and down.json()["neo4j"] is False

        forwarder = await tcp_forwarder(port, target)
        try:
            for _ in range(50):
                up = await api.get("/readyz")
                if up.status_code == 200:
                    break
                await asyncio.sleep(0.2)
            assert up.status_code == 200 and up.json() == {"status": "ok", "neo4j": True}
        finally:
            forwarder.close()
            await forwarder.wait_closed()
