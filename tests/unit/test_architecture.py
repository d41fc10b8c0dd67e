"""The one direction of arrows (docs/architecture.md), checked on the source itself.

* only ``a4s_memory/store/`` imports ``neo4j`` or ``graphiti_core`` - anywhere in a module,
  including imports inside functions and ``TYPE_CHECKING`` blocks;
* Cypher lives in the store too: outside it, no string literal reads like a query (the ContextPolicy
  builds predicate *fragments* - ``n.truth_status IN $p0`` - never a MATCH);
* the pure core (access, policy, firewall, status, contract, errors, types) imports nothing of
  the store, the write path or the adapters.

Reads source files only (no I/O beyond that, nothing imported).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "a4s_memory"
STORE = PACKAGE / "store"
DRIVER_PACKAGES = ("neo4j", "graphiti_core")
# A query, not a word in prose: a clause keyword followed by a pattern or a parameter.
CYPHER = re.compile(
    r"\b(?:OPTIONAL\s+)?MATCH\s*\(|\bMERGE\s*\(|\bCREATE\s*\(|\bUNWIND\s+\$|\bDETACH\s+DELETE\b"
)
PURE_CORE = (
    "access.py",
    "policy",
    "firewall",
    "status.py",
    "ttl.py",
    "contract.py",
    "errors.py",
    "types.py",
    "models.py",
    "models_lifecycle.py",
    "spaces.py",
    "audit",
)
PURE_MAY_NOT_IMPORT = (
    "a4s_memory.store",
    "a4s_memory.write",
    "a4s_memory.api",
    "a4s_memory.a2a",
    "a4s_memory.mcp_server",
    "a4s_memory.manager",
    "a4s_memory.lifecycle",
    "fastapi",
)


def _modules(root: Path) -> Iterator[Path]:
    yield from sorted(p for p in root.rglob("*.py") if "__pycache__" not in p.parts)


def _imported(tree: ast.AST) -> Iterator[str]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def _outside_store() -> list[Path]:
    return [p for p in _modules(PACKAGE) if STORE not in p.parents]


def test_the_walk_sees_the_store_and_the_rest() -> None:
    # Guards the two tests below against passing on an empty or mis-rooted walk.
    inside = [p for p in _modules(STORE)]
    assert len(inside) > 20 and len(_outside_store()) > 60
    store_imports = {m.split(".")[0] for p in inside for m in _imported(ast.parse(p.read_text()))}
    assert set(DRIVER_PACKAGES) <= store_imports


@pytest.mark.parametrize("path", _outside_store(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_only_the_store_imports_the_driver_or_graphiti(path: Path) -> None:
    found = [
        m for m in _imported(ast.parse(path.read_text())) if m.split(".")[0] in DRIVER_PACKAGES
    ]
    assert not found, f"{path.name} imports {found}: move that code into a4s_memory/store/"


@pytest.mark.parametrize("path", _outside_store(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_only_the_store_holds_cypher(path: Path) -> None:
    tree = ast.parse(path.read_text())
    docs = _docstrings(tree)
    queries = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docs
        and CYPHER.search(node.value)
    ]
    assert not queries, f"{path.name} has Cypher at lines {queries}: it belongs in the store"


def test_the_cypher_pattern_recognises_a_query() -> None:
    assert CYPHER.search("MATCH (e:Episodic) WHERE e.group_id IN $groups RETURN count(e)")
    assert CYPHER.search("UNWIND $rows AS row MERGE (n:X {id: row.id})")
    assert not CYPHER.search("n.truth_status IN $p0 AND n.retrieval_status = $p1")


def _pure_modules() -> list[Path]:
    out: list[Path] = []
    for name in PURE_CORE:
        target = PACKAGE / name
        out.extend(_modules(target) if target.is_dir() else [target])
    return out


@pytest.mark.parametrize("path", _pure_modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_pure_core_depends_on_nothing_outside_it(path: Path) -> None:
    found = [
        m
        for m in _imported(ast.parse(path.read_text()))
        if m.startswith(PURE_MAY_NOT_IMPORT) or m.split(".")[0] in DRIVER_PACKAGES
    ]
    assert not found, f"{path.name} imports {found}"


STORE_MAY_NOT_IMPORT = (
    "a4s_memory.write",
    "a4s_memory.lifecycle",
    "a4s_memory.manager",
    "a4s_memory.api",
    "a4s_memory.a2a",
    "a4s_memory.mcp_server",
    "a4s_memory.cli",
    "a4s_memory.client",
)


@pytest.mark.parametrize("path", list(_modules(STORE)), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_store_depends_on_nothing_above_it(path: Path) -> None:
    found = [
        m for m in _imported(ast.parse(path.read_text())) if m.startswith(STORE_MAY_NOT_IMPORT)
    ]
    assert not found, f"{path.name} imports {found}: the store is below the write path and facade"


def _authorize_calls(path: Path) -> list[int]:
    return [
        node.lineno
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "authorize"
    ]


def test_only_the_facade_authorizes() -> None:
    # The facade (manager.py + its lifecycle half) asks the registry once per call and passes the
    # AccessDecision down; nothing below it, and no adapter, asks again.
    facade = {PACKAGE / "manager.py", PACKAGE / "manager_lifecycle.py"}
    callers = {p for p in _modules(PACKAGE) if _authorize_calls(p)}
    assert callers == facade


ADAPTERS = ("api", "a2a", "mcp_server")


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_the_adapters_do_not_import_each_other(adapter: str) -> None:
    # REST, A2A and MCP stand side by side over the facade, identity.py and errors.to_wire; only
    # server.py (the assembly) imports all three.
    others = tuple(f"a4s_memory.{name}" for name in ADAPTERS if name != adapter)
    modules = list(_modules(PACKAGE / adapter))
    assert modules
    found = {
        p.name: m
        for p in modules
        for m in _imported(ast.parse(p.read_text()))
        if m.startswith((*others, "a4s_memory.server"))
    }
    assert not found, f"{adapter}/ imports {found}"


def test_only_the_server_assembles_the_adapters() -> None:
    adapters = tuple(f"a4s_memory.{name}" for name in ADAPTERS)

    def imports_all(path: Path) -> bool:
        imported = list(_imported(ast.parse(path.read_text())))
        return all(any(m.startswith(a) for m in imported) for a in adapters)

    assert [p for p in _modules(PACKAGE) if imports_all(p)] == [PACKAGE / "server.py"]


def test_identity_is_framework_free() -> None:
    imported = {
        m.split(".")[0] for m in _imported(ast.parse((PACKAGE / "identity.py").read_text()))
    }
    assert not imported & {"fastapi", "starlette", "a2a", "mcp"}
    assert not {
        m
        for m in _imported(ast.parse((PACKAGE / "identity.py").read_text()))
        if m.startswith(("a4s_memory.api", "a4s_memory.a2a", "a4s_memory.mcp_server"))
    }


# A status value written into a query as a literal drifts from the enum; they go in as parameters.
STATUS_LITERAL = re.compile(
    r"'(?:clean|suspicious|quarantined|malicious|supported|unverified|contradicted|superseded"
    r"|normal|hidden|restricted|privileged_only|blocked|fresh|stale|expired)'"
)


@pytest.mark.parametrize("path", list(_modules(STORE)), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_status_values_in_queries_are_parameters(path: Path) -> None:
    tree = ast.parse(path.read_text())
    found = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and CYPHER.search(node.value)
        and STATUS_LITERAL.search(node.value)
    ]
    assert not found, f"{path.name} writes a status value into Cypher at lines {found}"
