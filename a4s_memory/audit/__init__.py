"""The hash-chained audit log (seed 000 G4, seed 003): docs/audit.md."""

from a4s_memory.audit.chain import DEFAULT_RETENTION_DAYS, AuditLog, AuditVerification
from a4s_memory.audit.events import AuditAction, AuditDraft, AuditEventView, ValidationResult

__all__ = [
    "DEFAULT_RETENTION_DAYS",
    "AuditAction",
    "AuditDraft",
    "AuditEventView",
    "AuditLog",
    "AuditVerification",
    "ValidationResult",
]
