"""Every notebook in notebooks/ runs top to bottom against the real Neo4j, in a kernel on THIS
interpreter (the venv's python with ipykernel): a kernelspec written to a temporary folder, never
registered globally. Outputs are discarded; the committed notebooks stay clean
(tests/unit/test_notebooks_clean.py)."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest

from a4s_memory.config import Settings

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))
CELL_TIMEOUT_S = 120
NOTEBOOK_BUDGET_S = 60


def _kernel_manager(tmp_path: Path, settings: Settings):  # type: ignore[no-untyped-def]
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import KernelManager

    spec_dir = tmp_path / "kernels" / "a4s-venv"
    spec_dir.mkdir(parents=True)
    env = {
        "NEO4J_URI": settings.neo4j_uri,
        "NEO4J_USER": settings.neo4j_user,
        "NEO4J_PASSWORD": settings.neo4j_password.get_secret_value(),
        "GRAPHITI_TELEMETRY_ENABLED": "false",
    }
    (spec_dir / "kernel.json").write_text(
        json.dumps(
            {
                "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                "display_name": "a4s-memory venv",
                "language": "python",
                "env": env,
            }
        )
    )
    ksm = KernelSpecManager(kernel_dirs=[str(tmp_path / "kernels")], ensure_native_kernel=False)
    return KernelManager(kernel_name="a4s-venv", kernel_spec_manager=ksm)


def test_notebooks_exist() -> None:
    names = {p.name for p in NOTEBOOKS}
    assert {"quickstart.ipynb", "provenance_explorer.ipynb", "redteam_report.ipynb"} <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs(path: Path, neo4j_settings: Settings, tmp_path: Path) -> None:
    import nbformat
    from nbclient import NotebookClient

    book = nbformat.read(path, as_version=4)
    client = NotebookClient(
        book,
        km=_kernel_manager(tmp_path, neo4j_settings),
        timeout=CELL_TIMEOUT_S,
        allow_errors=False,
        resources={"metadata": {"path": str(path.parent)}},
    )
    started = time.perf_counter()
    client.execute()  # raises CellExecutionError naming the failing cell
    elapsed = time.perf_counter() - started
    assert elapsed < NOTEBOOK_BUDGET_S, (
        f"{path.name} took {elapsed:.0f} s (budget {NOTEBOOK_BUDGET_S} s)"
    )
