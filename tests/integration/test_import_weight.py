"""Issue 16: ``import a4s_memory``, its light modules and the HTTP client load none of the server
stack (the client's wire models live in the leaf ``a4s_memory.types``). In a fresh interpreter,
since this test session has long imported everything."""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("fastapi", "starlette", "neo4j", "graphiti_core", "openai", "numpy")


def _run(script: str) -> str:
    """``script`` in a fresh interpreter (nothing imported yet); its stdout, stripped."""
    out = subprocess.run(  # noqa: S603 - our own interpreter, a fixed script
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return out.stdout.strip()


def _loaded(statements: str) -> list[str]:
    script = f"import sys\n{statements}\nprint(','.join(m for m in {HEAVY!r} if m in sys.modules))"
    return [m for m in _run(script).split(",") if m]


def test_the_package_and_its_light_modules_load_no_server_stack() -> None:
    # Before: 1,530 modules, all six of these (the package imported the client eagerly).
    assert _loaded("import a4s_memory, a4s_memory.contract, a4s_memory.errors") == []


def test_the_client_loads_no_server_stack() -> None:
    # Before: the client imported api.schemas -> graph.search -> graphiti_core, neo4j, numpy...
    assert (
        _loaded(
            "from a4s_memory import AsyncMemoryClient\nfrom a4s_memory.client import "
            "AsyncMemoryClient as C"
        )
        == []
    )


def test_the_client_is_exported_and_loads_on_first_use() -> None:
    script = "import a4s_memory\nprint(a4s_memory.AsyncMemoryClient.__module__)"
    assert _run(script) == "a4s_memory.client"
