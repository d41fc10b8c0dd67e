"""The HTTP API (CONTRACT §4)."""
