"""Type stub of the C extension ``_scan.c`` (the firewall's per-character passes)."""

import numpy as np
import numpy.typing as npt

def best_logit(
    norm: str,
    weights: npt.NDArray[np.float32],
    bits: int,
    window: int,
    stride: int,
    min_grams: int,
    /,
) -> float | None: ...
def distinct(norm: str, bits: int, /) -> tuple[list[int], list[int]]: ...
def table_bytes(text: str, table: npt.NDArray[np.uint8], /) -> bytes | None: ...
def plain_letters(text: str, table: npt.NDArray[np.uint16], /) -> str: ...
def separator_runs(
    text: str, table: npt.NDArray[np.bool_], min_len: int, /
) -> list[tuple[int, int]] | None: ...
def selector_run(text: str, min_len: int, /) -> bool: ...
