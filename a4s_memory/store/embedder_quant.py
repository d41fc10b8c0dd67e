"""all-MiniLM-L6-v2 with int8 arithmetic: the shipped model's matrix products run on integers.

The shipped ``model.onnx`` stores its weights as int8 but computes in float32: onnxruntime turns
every weight back into float32 at load, and the float matrix products are ~63% of an embedding's
CPU time. :func:`dynamic_int8_model` rewrites it once with onnxruntime's own dynamic quantization
(weights int8 per output channel, activations quantized per call; ``MatMul`` only), which runs on
the CPU's integer dot-product units: half the CPU per text, vectors within cosine 0.97 of the
float ones (measured in docs/offline-mode.md, "Int8 arithmetic"). The vectors stay in the same
space, so the embedder keeps its name and earlier vectors stay comparable.

The rewrite is deterministic for the locked versions; its result is pinned by sha256 and kept in
a cache directory, checked again before every load (a file that does not match is rebuilt, never
run). When the rewrite cannot be had (``onnx`` missing, a read-only directory, another digest
from other library versions) the caller runs the shipped model: slower, never different in kind.
"""

from __future__ import annotations

import hashlib
import importlib
import logging
import os
import tempfile
from importlib.util import find_spec
from pathlib import Path
from typing import Any, Final

__all__ = ["DYNAMIC_INT8_SHA256", "dynamic_int8_model", "sha256_of"]

logger = logging.getLogger(__name__)

# The digest onnxruntime 1.32 + onnx 1.23 (uv.lock) produce from the pinned shipped model.
DYNAMIC_INT8_SHA256: Final = "aa42cbd88e66574987b221a7e1971f44006ba3a5914e5bbb7f2625ec790fe6dd"
FILE_NAME: Final = "all-minilm-l6-v2-dynamic-int8.onnx"


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


class _QuietQuantizer(logging.Filter):
    """onnxruntime.quantization logs dozens of tensor names to the root logger at INFO/WARNING
    per rewrite; they say nothing to an operator of this service."""

    def filter(self, record: logging.LogRecord) -> bool:
        path = record.pathname.replace("\\", "/")
        return "/onnxruntime/quantization/" not in path


def _rewrite(source: Path, scratch: Path) -> Path:
    """float32 graph (onnxruntime folds the int8 -> float weights), then dynamic int8 MatMuls."""
    ort: Any = importlib.import_module("onnxruntime")
    quantization: Any = importlib.import_module("onnxruntime.quantization")
    folded, rewritten = scratch / "float32.onnx", scratch / FILE_NAME
    options = ort.SessionOptions()
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_BASIC
    options.optimized_model_filepath = str(folded)
    ort.InferenceSession(str(source), options, providers=["CPUExecutionProvider"])
    quiet, root = _QuietQuantizer(), logging.getLogger()
    root.addFilter(quiet)
    try:
        quantization.quantize_dynamic(
            str(folded),
            str(rewritten),
            op_types_to_quantize=["MatMul"],
            per_channel=True,
            weight_type=quantization.QuantType.QInt8,
        )
    finally:
        root.removeFilter(quiet)
    return rewritten


def dynamic_int8_model(source: Path, cache_dir: Path) -> Path | None:
    """The dynamic int8 rewrite of ``source`` (already verified by the caller) in ``cache_dir``,
    built on first use; None when it cannot be had (the caller then runs ``source``). Blocking:
    call it from a worker thread."""
    expected = DYNAMIC_INT8_SHA256
    target = cache_dir / FILE_NAME
    if target.is_file() and sha256_of(target) == expected:
        return target
    if find_spec("onnx") is None:
        logger.info("onnx is not installed: MiniLM runs with float32 matrix products")
        return None
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=cache_dir, prefix=".rewrite-") as scratch:
            rewritten = _rewrite(source, Path(scratch))
            digest = sha256_of(rewritten)
            if digest != expected:
                logger.warning(
                    "the int8 rewrite of MiniLM has sha256 %s, not the pinned %s (other onnx or "
                    "onnxruntime versions?): running the shipped model",
                    digest,
                    expected,
                )
                return None
            os.replace(rewritten, target)  # atomic: a concurrent reader sees old or new, whole
    except Exception as exc:  # any failure here leaves the shipped model, which is always sound
        logger.warning(
            "cannot build the int8 MiniLM in %s (%s): running the shipped model", cache_dir, exc
        )
        return None
    logger.info("MiniLM rewritten for int8 arithmetic into %s", target)
    return target
