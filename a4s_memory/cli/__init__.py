"""The ``a4s-memory`` command line (CONTRACT §6)."""
