"""Exception handlers: every error answer is an :class:`~a4s_memory.api.schemas.ErrorBody` built from
the one error-to-wire function (:func:`a4s_memory.errors.to_wire`) plus the request id.
:func:`error_response` is the one HTTP rendering; the server hands it to the A2A and MCP adapters
for their own HTTP refusals. Validation errors name the offending fields, never their values.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, Final

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from a4s_memory.api.middleware import REQUEST_ID_HEADER, current_request_id
from a4s_memory.api.schemas import ErrorBody
from a4s_memory.contract import StopReason
from a4s_memory.errors import A4SError, InvalidRequest, NotFound, to_wire

__all__ = ["ERROR_RESPONSES", "error_response", "install_error_handlers", "validation_error"]

logger = logging.getLogger(__name__)

# pydantic error types that mean "outside a size or range bound" rather than "malformed".
_BOUND_TYPES: Final = frozenset(
    {
        "greater_than",
        "greater_than_equal",
        "less_than",
        "less_than_equal",
        "string_too_long",
        "string_too_short",
        "too_long",
        "too_short",
        "bytes_too_long",
    }
)

_DESCRIPTIONS: Final = {
    401: "Unauthenticated (stop reason POLICY_DISABLED)",
    403: "Access denied (POLICY_DISABLED)",
    404: "No such agent or memory, or not visible to the requester",
    409: "Conflict (e.g. the agent id is taken)",
    413: "Request body too large (BOUNDS_EXCEEDED)",
    422: "Invalid request or firewall rejection (its stop reason)",
    429: "Write quota exceeded (ENTITLEMENT_CAP)",
    503: "Neo4j unavailable (INTERNAL_INCONSISTENCY)",
}


def error_responses(*codes: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses`` entries for the given status codes, all with the error body."""
    return {code: {"model": ErrorBody, "description": _DESCRIPTIONS[code]} for code in codes}


ERROR_RESPONSES: Final = error_responses(401, 403, 404, 409, 413, 422, 429, 503)


def error_response(
    err: A4SError, headers: dict[str, str] | None = None, *, status: int | None = None
) -> JSONResponse:
    """The HTTP answer to ``err``: its wire status, the error body and the wire headers (bearer
    challenge, Retry-After), plus ``headers`` and the request id."""
    request_id = current_request_id()
    wire = to_wire(err, status=status)
    all_headers = {**wire.headers(), **(headers or {})}
    if request_id:
        all_headers[REQUEST_ID_HEADER] = request_id
    return JSONResponse(
        status_code=wire.status,
        content=ErrorBody.from_wire(wire, request_id).model_dump(mode="json"),
        headers=all_headers,
    )


def validation_error(errors: Sequence[Any]) -> InvalidRequest:
    """A 422 naming the invalid fields (locations only; values are never echoed)."""
    fields: set[str] = set()
    bounds = False
    for item in errors:
        if not isinstance(item, dict):
            continue
        loc = [str(p) for p in item.get("loc", ()) if not isinstance(p, int)]
        fields.add(".".join(loc) or "body")
        bounds = bounds or item.get("type") in _BOUND_TYPES
    reason = StopReason.BOUNDS_EXCEEDED if bounds else StopReason.SCHEMA_INVALID
    return InvalidRequest(
        f"invalid request fields: {', '.join(sorted(fields)) or 'body'}",
        stop_reason=reason,
        suggestion="see /openapi.json for the request schema",
    )


async def _on_a4s_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, A4SError)
    if exc.http_status >= 500:
        logger.warning("request failed: %s (%s)", exc.error_code, type(exc).__name__)
    return error_response(exc)


async def _on_validation_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    return error_response(validation_error(exc.errors()))


async def _on_http_exception(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    err: A4SError
    if exc.status_code == 404:
        err = NotFound("no such route")
    elif exc.status_code == 405:
        err = _MethodNotAllowed("method not allowed on this route")
    else:
        err = _HttpError("the request could not be processed")
        return error_response(err, dict(exc.headers or {}), status=exc.status_code)
    return error_response(err, dict(exc.headers or {}))


class _MethodNotAllowed(A4SError):
    http_status = 405
    default_stop_reason = StopReason.SCHEMA_INVALID
    error_code = "method_not_allowed"


class _HttpError(A4SError):
    default_stop_reason = StopReason.SCHEMA_INVALID
    error_code = "http_error"


def install_error_handlers(app: FastAPI) -> None:
    app.add_exception_handler(A4SError, _on_a4s_error)
    app.add_exception_handler(RequestValidationError, _on_validation_error)
    app.add_exception_handler(StarletteHTTPException, _on_http_exception)
