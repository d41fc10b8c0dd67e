"""Who is calling. Every request except /healthz, /readyz and the A2A agent card carries
``X-Requester-Id``; in ``token`` mode (the default) also ``Authorization: Bearer <key>`` bound to
that requester (CONTRACT §4).

Placeholder: only ``trusted-header`` is implemented so far; ``token`` mode refuses every request
(fail closed) until the key store lands.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Header, Request
from pydantic import BaseModel

from a4s_memory.config import AuthMode, Settings
from a4s_memory.errors import A4SError, InvalidRequest
from a4s_memory.spaces import validate_requester_id


class Unauthenticated(A4SError):
    http_status = 401
    error_code = "unauthenticated"


class Requester(BaseModel):
    requester_id: str
    is_admin: bool = False


async def resolve_requester(
    request: Request,
    x_requester_id: Annotated[str | None, Header()] = None,
    authorization: Annotated[str | None, Header()] = None,
) -> Requester:
    settings: Settings = request.app.state.a4s.settings
    if x_requester_id is None:
        raise InvalidRequest("missing X-Requester-Id header")
    requester_id = validate_requester_id(x_requester_id)
    if settings.auth_mode is not AuthMode.TRUSTED_HEADER:
        raise Unauthenticated("token authentication is not configured")
    return Requester(requester_id=requester_id, is_admin=requester_id in settings.admin_ids)
