"""Every FastAPI dependency of the REST API runs on the event loop: FastAPI hands a plain ``def``
dependency to its worker thread pool, a thread hand-off (and a GIL round trip) per dependency per
request for what is a dict lookup (issue 15: the load bench counted 16 "AnyIO worker thread"s)."""

from __future__ import annotations

import inspect
from typing import Any, get_args

from fastapi.params import Depends

from a4s_memory.api import deps
from a4s_memory.api.app import create_app
from a4s_memory.config import AuthMode, Settings


def _dependencies(call: Any) -> list[Any]:
    """``call``'s own dependencies, recursively (as FastAPI resolves them)."""
    found = []
    for param in inspect.signature(call).parameters.values():
        for meta in get_args(param.annotation)[1:]:
            if isinstance(meta, Depends) and meta.dependency is not None:
                found += [meta.dependency, *_dependencies(meta.dependency)]
        if isinstance(param.default, Depends) and param.default.dependency is not None:
            found += [param.default.dependency, *_dependencies(param.default.dependency)]
    return found


def _is_async(call: Any) -> bool:
    """A coroutine function, or an instance whose ``__call__`` is one (HTTPBearer)."""
    function = call if inspect.isfunction(call) else type(call).__call__
    return inspect.iscoroutinefunction(function)


def test_the_dependency_aliases_are_coroutines() -> None:
    for alias in (deps.StateDep, deps.StoreDep, deps.ManagerDep, deps.RequesterDep):
        (marker,) = get_args(alias)[1:]
        for call in [marker.dependency, *_dependencies(marker.dependency)]:
            assert _is_async(call), call


def _calls(dependant: Any) -> list[Any]:
    """Every dependency FastAPI resolved for a route (its ``Dependant`` tree)."""
    return [c for d in dependant.dependencies for c in (d.call, *_calls(d))]


def _routes(routes: list[Any]) -> list[Any]:
    """The app's routes, included routers opened (FastAPI 0.165 wraps them)."""
    out = []
    for route in routes:
        inner = getattr(route, "original_router", None)
        out += _routes(inner.routes) if inner is not None else [route]
    return out


def test_every_route_dependency_is_a_coroutine() -> None:
    settings = Settings().model_copy(
        update={"auth_mode": AuthMode.TRUSTED_HEADER, "host": "127.0.0.1"}
    )
    app = create_app(settings)  # built, not started: no I/O
    checked = 0
    for route in _routes(app.routes):
        dependant = getattr(route, "dependant", None)
        if dependant is None:
            continue
        for call in _calls(dependant):
            assert _is_async(call), (getattr(route, "path", route), call)
            checked += 1
    assert checked > 20  # the routes' ManagerDep / RequesterDep / StoreDep were seen
