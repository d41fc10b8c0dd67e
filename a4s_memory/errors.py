"""One exception tree for everything a4s-memory raises on purpose.

Every error carries the memory contract stop reason it stands for, a ``detail`` for people, an
``error_code`` for programs and a ``suggestion`` for what to do next. :func:`to_wire` is the one place
an error becomes wire data (a neutral :class:`WireError`); REST answers it as an error body, A2A as a
JSON-RPC error, MCP as a tool error. The client maps responses back onto these classes.

    A4SError                       (any deliberate failure)
    ├── ConfigurationError         bad settings; raised at start-up, never mid-request
    ├── InvalidRequest             422 SCHEMA_INVALID: a bad agent id, an empty group list, bad input
    ├── Unauthenticated            401 POLICY_DISABLED: no credentials, or not the claimed requester's
    ├── AccessDenied               403 POLICY_DISABLED: the access decision said no
    ├── NotFound                   404 SCHEMA_INVALID: no such agent or memory (or not visible to you)
    ├── Conflict                   409 SCHEMA_INVALID: e.g. the agent id is taken
    ├── FirewallRejected           422 with the firewall's stop reason
    ├── PayloadTooLarge            413 BOUNDS_EXCEEDED: the body is larger than the server accepts
    ├── QuotaExceeded              429 ENTITLEMENT_CAP
    ├── StoreUnavailable           503 INTERNAL_INCONSISTENCY: Neo4j down or an inconsistent state
    └── LocalNeo4jError            the local Neo4j server could not be built, started or stopped
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from a4s_memory.contract import StopReason

__all__ = [
    "A4SError",
    "AccessDenied",
    "ConfigurationError",
    "Conflict",
    "FirewallRejected",
    "InvalidRequest",
    "LocalNeo4jError",
    "NotFound",
    "PayloadTooLarge",
    "QuotaExceeded",
    "StoreUnavailable",
    "Unauthenticated",
    "WireError",
    "to_wire",
]


class A4SError(Exception):
    """Base of the tree. ``str(err)`` is the detail; never put memory content or secrets in it."""

    http_status: ClassVar[int] = 500
    default_stop_reason: ClassVar[StopReason] = StopReason.INTERNAL_INCONSISTENCY
    error_code: ClassVar[str] = "a4s_error"

    def __init__(
        self,
        detail: str,
        *,
        suggestion: str | None = None,
        stop_reason: StopReason | None = None,
    ) -> None:
        super().__init__(detail)
        self.detail = detail
        self.suggestion = suggestion
        self.stop_reason = stop_reason or self.default_stop_reason


class ConfigurationError(A4SError):
    error_code = "configuration_error"


class InvalidRequest(A4SError):
    http_status = 422
    default_stop_reason = StopReason.SCHEMA_INVALID
    error_code = "invalid_request"


class AccessDenied(A4SError):
    http_status = 403
    default_stop_reason = StopReason.POLICY_DISABLED
    error_code = "access_denied"


class NotFound(A4SError):
    http_status = 404
    default_stop_reason = StopReason.SCHEMA_INVALID
    error_code = "not_found"


class Conflict(A4SError):
    http_status = 409
    default_stop_reason = StopReason.SCHEMA_INVALID
    error_code = "conflict"


class FirewallRejected(A4SError):
    http_status = 422
    default_stop_reason = StopReason.INJECTION_DETECTED
    error_code = "firewall_rejected"


class QuotaExceeded(A4SError):
    http_status = 429
    default_stop_reason = StopReason.ENTITLEMENT_CAP
    error_code = "quota_exceeded"


class StoreUnavailable(A4SError):
    http_status = 503
    default_stop_reason = StopReason.INTERNAL_INCONSISTENCY
    error_code = "store_unavailable"


class LocalNeo4jError(A4SError):
    error_code = "local_neo4j_error"


class Unauthenticated(A4SError):
    """401: no credentials, or credentials that do not belong to the claimed requester."""

    http_status = 401
    default_stop_reason = StopReason.POLICY_DISABLED
    error_code = "unauthenticated"


class PayloadTooLarge(A4SError):
    """413: the request body is larger than the server accepts."""

    http_status = 413
    default_stop_reason = StopReason.BOUNDS_EXCEEDED
    error_code = "payload_too_large"


@dataclass(frozen=True, slots=True)
class WireError:
    """An error as every protocol answers it: the HTTP status it stands for, the stop reason, the
    program-readable code, the detail for people and what to do next. Protocol-neutral."""

    status: int
    stop_reason: StopReason
    error_code: str
    detail: str
    suggestion: str | None = None
    retry_after_s: int | None = None

    def body(self, request_id: str | None = None) -> dict[str, Any]:
        """The JSON error body (docs/api.md's ``{stop_reason, detail}`` plus the hints)."""
        return {
            "stop_reason": self.stop_reason.value,
            "detail": self.detail,
            "error_code": self.error_code,
            "suggestion": self.suggestion,
            "request_id": request_id,
        }

    def headers(self) -> dict[str, str]:
        """HTTP headers that go with the answer: the bearer challenge on 401, Retry-After on 429."""
        headers: dict[str, str] = {}
        if self.status == 401:
            headers["WWW-Authenticate"] = "Bearer"
        if self.retry_after_s is not None:
            headers["Retry-After"] = str(self.retry_after_s)
        return headers


def to_wire(err: A4SError, *, status: int | None = None) -> WireError:
    """The one error-to-wire function. ``status`` overrides the class's HTTP status (an HTTP error
    the framework raised with its own code)."""
    retry_after = getattr(err, "retry_after", None)
    return WireError(
        status=status or err.http_status,
        stop_reason=err.stop_reason,
        error_code=err.error_code,
        detail=err.detail,
        suggestion=err.suggestion,
        retry_after_s=(
            max(1, int(retry_after + 0.999)) if isinstance(retry_after, int | float) else None
        ),
    )
