"""Audit events: what one event holds and how it is hashed (docs/audit.md). Pure: the chain
itself is stored by :mod:`a4s_memory.store.audit_log`."""

from a4s_memory.audit.events import AuditAction, AuditDraft, AuditEventView, ValidationResult

__all__ = ["AuditAction", "AuditDraft", "AuditEventView", "ValidationResult"]
