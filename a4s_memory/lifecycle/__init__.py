"""Issue 5: versions and rollback, TTL and the sweeper, bulk deletion, export/import and the
session summary (docs/lifecycle.md). The audit log lives in :mod:`a4s_memory.audit`."""
