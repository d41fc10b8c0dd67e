"""The HTTP API (docs/api.md)."""
