"""One exception tree for everything a4s-memory raises on purpose.

Every error carries the seed 001 stop reason it stands for, a ``detail`` for people, an
``error_code`` for programs and a ``suggestion`` for what to do next. The HTTP layer maps
``http_status`` straight onto the response; the client maps responses back onto these classes.

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

from typing import ClassVar

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
