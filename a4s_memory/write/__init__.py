"""The write path: one request from the facade to a committed memory.

``flow`` runs it (access -> bounds -> session gate -> firewall, then ingestion with the version
record and the audit event inside the commit transaction), ``steps`` holds the pieces it is made
of (audit drafts, TTL fields, the commit finalizer) and ``batch`` runs many writes in order per
agent. The database work itself is in :mod:`a4s_memory.store`.
"""
