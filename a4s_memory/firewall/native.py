"""The firewall's per-character passes in C (``_scan.c``), when they were built.

``make install`` compiles ``_scan.c`` with the package (setuptools, optional: without a C
compiler the install goes on). :data:`SCAN` is the extension module, or None; each caller keeps
its Python path as the reference the unit tests hold the C pass to, and as the path without it.
"""

from __future__ import annotations

__all__ = ["SCAN"]

try:
    from a4s_memory.firewall import _scan
except ImportError:  # pragma: no cover - the Python paths decide the same
    _scan = None  # type: ignore[assignment]

SCAN = _scan
