"""Type stub of the C extension ``_ngrams.c`` (the learned layer's n-gram pass)."""

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
