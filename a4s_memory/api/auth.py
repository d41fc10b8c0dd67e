"""Who is calling, for REST: a FastAPI dependency over :class:`a4s_memory.identity.Authenticator`.

The check itself (auth modes, the key file, constant-time comparison) is :mod:`a4s_memory.identity`,
shared with A2A and MCP. Declaring the header and the bearer scheme here documents both in OpenAPI.
Every request except /healthz, /readyz and the A2A agent card carries ``X-Requester-Id``.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from a4s_memory.identity import Authenticator, Requester

__all__ = ["authenticator_of", "resolve_requester"]

_bearer = HTTPBearer(auto_error=False, description="The requester's API key (token mode).")


def authenticator_of(request: Request) -> Authenticator:
    authenticator: Authenticator = request.app.state.a4s_auth  # set when the app is built
    return authenticator


async def resolve_requester(
    request: Request,
    x_requester_id: Annotated[
        str | None, Header(description="The calling requester (person, agent or service).")
    ] = None,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)] = None,
) -> Requester:
    authorization = f"{credentials.scheme} {credentials.credentials}" if credentials else None
    return authenticator_of(request).authenticate(x_requester_id, authorization)
