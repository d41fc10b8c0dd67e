"""The ``a4s-memory`` command line (README)."""
