"""Telemetry: OpenTelemetry spans and Prometheus metrics, never content.

Spans (``opentelemetry-api``; a no-op until the operator installs an SDK and exporter, e.g. with
``opentelemetry-instrument`` or their own ``TracerProvider``):

* ``a4s.write`` with ``a4s.write.firewall`` and ``a4s.write.ingest`` for every memory write, the
  stop reason as the attribute ``a4s.stop_reason``;
* ``a4s.search`` with ``a4s.search.direct`` (the one statement of the fulltext and vector
  channels, named in the attribute ``a4s.channels``), ``a4s.search.around`` (the expansion and
  the session neighbours, one statement) and ``a4s.search.rerank``; a fulltext channel whose
  window is widened adds ``a4s.search.fulltext`` (attribute ``a4s.kind``).

Attributes are stop reasons, kinds, channel names and counts; never text, queries, ids of memories or
requesters, or parameters.

Metrics (``GET /metrics``, Prometheus text format; per process: scrape every worker):

* ``a4s_writes_total{stop_reason}``: writes answered, by stop reason (quota refusals included);
* ``a4s_write_seconds``: time to answer a write; ``a4s_search_seconds``: time to answer a search;
* ``a4s_queue_depth``: queued and running ingestion jobs of every worker (read at scrape time).
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import Final, ParamSpec, TypeVar

from opentelemetry import trace
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client import generate_latest as _generate

from a4s_memory.contract import StopReason
from a4s_memory.errors import A4SError

__all__ = [
    "METRICS_CONTENT_TYPE",
    "REGISTRY",
    "count_write",
    "observe_search",
    "observe_write",
    "render",
    "span",
    "traced",
]

P = ParamSpec("P")
R = TypeVar("R")

METRICS_CONTENT_TYPE: Final = CONTENT_TYPE_LATEST
REGISTRY: Final = CollectorRegistry(auto_describe=True)
_WRITES: Final = Counter(
    "a4s_writes", "Memory writes answered, by stop reason", ["stop_reason"], registry=REGISTRY
)
_WRITE_SECONDS: Final = Histogram(
    "a4s_write_seconds", "Time to answer one memory write", registry=REGISTRY
)
_SEARCH_SECONDS: Final = Histogram(
    "a4s_search_seconds", "Time to answer one search", registry=REGISTRY
)
_QUEUE_DEPTH: Final = Gauge(
    "a4s_queue_depth",
    "Queued and running ingestion jobs (all workers), read from Neo4j at scrape time",
    registry=REGISTRY,
)
_tracer = trace.get_tracer("a4s_memory")


@contextmanager
def span(name: str, attributes: dict[str, str | int] | None = None) -> Iterator[trace.Span]:
    """One span named ``name`` (attributes: codes and counts only)."""
    with _tracer.start_as_current_span(name, attributes=attributes) as current:
        yield current


def traced(
    name: str, kind_arg: int | None = None
) -> Callable[[Callable[P, Awaitable[R]]], Callable[P, Awaitable[R]]]:
    """Decorate an async function with a span; positional argument ``kind_arg`` (a MemoryKind)
    becomes the attribute ``a4s.kind``."""

    def wrap(func: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
        @wraps(func)
        async def inner(*args: P.args, **kwargs: P.kwargs) -> R:
            attrs: dict[str, str | int] = {}
            if kind_arg is not None and len(args) > kind_arg:
                attrs["a4s.kind"] = str(getattr(args[kind_arg], "value", args[kind_arg]))
            with _tracer.start_as_current_span(name, attributes=attrs):
                return await func(*args, **kwargs)

        return inner

    return wrap


@contextmanager
def observe_write() -> Iterator[Callable[[StopReason], None]]:
    """Time one write and count it by stop reason: the caller reports success's stop reason; an
    :class:`A4SError` escaping the block is counted by its own."""
    started = time.perf_counter()
    with _tracer.start_as_current_span("a4s.write") as current:

        def done(reason: StopReason) -> None:
            current.set_attribute("a4s.stop_reason", reason.value)
            _WRITES.labels(reason.value).inc()

        try:
            yield done
        except A4SError as err:
            done(err.stop_reason)
            raise
        finally:
            _WRITE_SECONDS.observe(time.perf_counter() - started)


def count_write(reason: StopReason, seconds: float) -> None:
    """One write answered, for a caller that cannot wrap it in :func:`observe_write` (a batch
    item is screened and stored by two pipelined tasks)."""
    _WRITES.labels(reason.value).inc()
    _WRITE_SECONDS.observe(seconds)


@contextmanager
def observe_search() -> Iterator[trace.Span]:
    started = time.perf_counter()
    try:
        with _tracer.start_as_current_span("a4s.search") as current:
            yield current
    finally:
        _SEARCH_SECONDS.observe(time.perf_counter() - started)


def render(queue_depth: int | None = None) -> bytes:
    """The metrics in Prometheus text format (``queue_depth``: the shared queue's, when read)."""
    if queue_depth is not None:
        _QUEUE_DEPTH.set(queue_depth)
    return _generate(REGISTRY)
