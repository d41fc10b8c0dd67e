"""What happens to a memory after it was written: version listing and rollback, pinning, the
TTL sweep, bulk deletion, export and import (signed, screened, re-resolved) and the session
summary (docs/lifecycle.md). :class:`service.Lifecycle` is the entry point the facade calls; the
records themselves are read and written by :mod:`a4s_memory.store`.
"""
