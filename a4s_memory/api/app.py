"""The ASGI application factory. Settings are passed in (read from the environment once, by the
caller); the lifespan opens the process's one Neo4j driver and closes it on shutdown."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from a4s_memory import __version__
from a4s_memory.api.routes import health
from a4s_memory.api.state import AppState
from a4s_memory.config import Settings
from a4s_memory.db import connect
from a4s_memory.manager import MemoryManager

logger = logging.getLogger(__name__)


def create_app(settings: Settings) -> FastAPI:
    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # verify=False: the API starts even while Neo4j is down; /readyz reports it until it is back.
        async with connect(settings, verify=False) as store:
            manager = await MemoryManager.create(store, settings)
            app.state.a4s = AppState(settings=settings, store=store, manager=manager)
            logger.info("a4s-memory API ready (auth mode %s)", settings.auth_mode.value)
            yield

    app = FastAPI(title="a4s-memory", version=__version__, lifespan=lifespan)
    app.include_router(health.router)
    return app
