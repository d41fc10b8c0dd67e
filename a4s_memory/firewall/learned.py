"""The firewall's learned layer: a hashed n-gram logistic regression for injection / directive
content, beside the rule tables.

``score(text) -> float`` in [0, 1]. Pure numpy inference over one small packaged file
(``model/injection.npz``, trained by ``bench/train_injection.py`` on ``../shared/corpora`` plus
``bench/data``), loaded lazily once per process (thread-safe). No model hub, no I/O at call time
after the first load, nothing logged.

Features (:func:`features`), all computed in linear time without regular expressions:

* the text lower-cased with whitespace runs collapsed to one blank;
* character 3-, 4- and 5-grams of that text (a rolling polynomial hash, vectorised in numpy);
* word unigrams and bigrams (words are maximal runs of letters or digits, ``str.isalnum``,
  cut in numpy; every word hashed at once from prefix sums, pairs combined in numpy).

Every n-gram is hashed into ``2**bits`` buckets (namespaces salted apart); each distinct bucket
has the value ``1 / sqrt(number of distinct buckets)``, so the logit is a sum over distinct
n-grams. The score is the highest of the whole text and of every 160-char window (40 apart),
each window's sum taken from prefix sums: linear in the text, one numpy pass.

The same pass is written in C (``_scan.c``, built by ``make install`` with the package when a
C compiler is there): one loop over the text instead of ~40 numpy calls, whose fixed cost and
cache misses (a 512 KB scratch array, the 1 MB weight table) were most of a 2 KB score inside the
gate. :meth:`InjectionModel.score` uses it when it is built; :meth:`InjectionModel.score_numpy`
is the reference it is tested against (the same buckets; scores within 1e-6) and the path
without it.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Final

import numpy as np
import numpy.typing as npt

from a4s_memory.contract import StopReason
from a4s_memory.firewall.models import Finding, FirewallConfig, Layer
from a4s_memory.firewall.native import SCAN

__all__ = [
    "MODEL_FILE",
    "InjectionModel",
    "bucket_all",
    "features",
    "first_occurrences",
    "grams",
    "load_model",
    "model_findings",
    "native",
    "normalise",
    "score",
    "thresholds",
    "window_starts",
    "word_blanks",
]

MODEL_FILE: Final = "injection.npz"
FORMAT_VERSION: Final = 2  # 2: word hashes polynomial (was CRC-32)
DEFAULT_BITS: Final = 18

_P: Final = np.uint64(1_000_003)  # polynomial base of the rolling hash
_Q: Final = np.uint64(pow(1_000_003, -1, 1 << 64))  # its inverse mod 2**64
_MIX: Final = np.uint64(0x9E3779B97F4A7C15)  # Fibonacci hashing multiplier (odd)
_SALT: Final = {  # one salt per namespace: the word "the" and the 3-gram "the" hash apart
    "c3": np.uint64(0x1F3D5B79),
    "c4": np.uint64(0x2E4C6A88),
    "c5": np.uint64(0x3A5B7C9D),
    "w1": np.uint64(0x4B6D8FA1),
    "w2": np.uint64(0x5C7E90B2),
}
_MAX_CHARS: Final = 20_000  # the gate bounds episodes at 10,000 chars; never score more than this
_TABLE_LEN: Final = _MAX_CHARS + 8  # padded normalised text: _MAX_CHARS + 2 unless lower() grew it
_TABLES: list[tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64], npt.NDArray[np.int64]]] = []
_MIN_WINDOW_GRAMS: Final = 100  # a 160-char window of fresh prose holds ~500


_ASCII_BLANK: Final = np.array([not chr(c).isalnum() for c in range(128)], dtype=bool)
_BMP: Final = 0x10000
_BMP_BLANK: list[npt.NDArray[np.bool_]] = []  # the same table for every BMP code point (lazy)


def _bmp_blank() -> npt.NDArray[np.bool_]:
    """``not chr(c).isalnum()`` for every c < 0x10000 (64 KB, ~7 ms once per process, on the
    first non-ASCII text; a race computes it twice, harmlessly)."""
    if not _BMP_BLANK:
        _BMP_BLANK.append(np.array([not chr(c).isalnum() for c in range(_BMP)], dtype=bool))
    return _BMP_BLANK[0]


def word_blanks(text: str, codes: npt.NDArray[np.uint64]) -> npt.NDArray[np.bool_]:
    """True where a character of ``text`` (``codes``: its code points) is not a letter or digit
    (``str.isalnum``): where words are cut. A table for ASCII, one for the BMP (one gather;
    ``np.unique`` over the non-ASCII characters cost ~20 us per non-ASCII 2 KB text), and
    ``str.isalnum`` once per distinct other character beyond it (``str.translate`` with a dict
    cost ~0.03 us per character of a non-ASCII text, 60 us at 2 KB)."""
    if text.isascii():
        out: npt.NDArray[np.bool_] = np.take(_ASCII_BLANK, codes)
        return out
    if int(codes.max()) < _BMP:
        bmp: npt.NDArray[np.bool_] = np.take(_bmp_blank(), codes)
        return bmp
    blank = np.ones(len(codes), dtype=bool)
    low = codes < 128
    blank[low] = _ASCII_BLANK[codes[low]]
    high = np.flatnonzero(~low)
    distinct, inverse = np.unique(codes[high], return_inverse=True)
    blank[high] = np.array([not chr(int(c)).isalnum() for c in distinct], dtype=bool)[inverse]
    return blank


def _tables() -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64], npt.NDArray[np.int64]]:
    """(P**j, Q**j, j) for j < ``_TABLE_LEN``, computed once per process (a race computes them
    twice, harmlessly): the per-text cost of a score is mostly numpy calls, not arithmetic."""
    if not _TABLES:
        _TABLES.append(
            (
                _powers(_P, _TABLE_LEN),
                _powers(_Q, _TABLE_LEN),
                np.arange(_TABLE_LEN, dtype=np.int64),
            )
        )
    return _TABLES[0]


def _powers(base: np.uint64, n: int) -> npt.NDArray[np.uint64]:
    """``base**j`` (mod 2**64) for j = 0..n-1 (``_P * _Q == 1``: the cumprod starts at j = 1)."""
    first = np.uint64(_Q if base == _P else _P)  # base**-1
    return np.asarray(np.cumprod(np.full(n, base, dtype=np.uint64)) * first, dtype=np.uint64)


def _arange(n: int) -> npt.NDArray[np.int64]:
    table = _tables()[2]
    return table[:n] if n <= len(table) else np.arange(n, dtype=np.int64)


def _word_hashes(
    codes: npt.NDArray[np.uint64], starts: npt.NDArray[np.int64], ends: npt.NDArray[np.int64]
) -> npt.NDArray[np.uint64]:
    """Polynomial hash ``sum(codes[j] * P**(end-1-j))`` (mod 2**64) of every word
    ``codes[start:end]``, all at once: with ``Q = P**-1`` (P is odd, so invertible mod 2**64),
    ``S[i] = sum(codes[j] * Q**j for j < i)`` and a word's hash is ``(S[end] - S[start]) *
    P**(end-1)``. Integer arrays wrap silently, which is the arithmetic mod 2**64 wanted here."""
    n = len(codes)
    p_table, q_table, _ = _tables()
    if n <= len(p_table):
        p_pow, q_pow = p_table[:n], q_table[:n]
    else:  # lower-casing lengthened the text past the table: compute them for this one
        p_pow, q_pow = _powers(_P, n), _powers(_Q, n)
    prefix = np.zeros(n + 1, dtype=np.uint64)
    np.cumsum(codes * q_pow, out=prefix[1:])
    hashed: npt.NDArray[np.uint64] = (prefix[ends] - prefix[starts]) * p_pow[ends - 1]
    return hashed


def _bucket(
    h: npt.NDArray[np.uint64], salt: np.uint64 | npt.NDArray[np.uint64], bits: int
) -> npt.NDArray[np.uint64]:
    h = h ^ salt
    h = h ^ (h >> np.uint64(29))
    return (h * _MIX) >> np.uint64(64 - bits)


def normalise(text: str) -> str:
    """Lower-cased, whitespace runs collapsed to one blank (windows are cut from this form)."""
    return " ".join(text[:_MAX_CHARS].lower().split())


def grams(norm: str, bits: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """(start offset in ``norm``, bucket) of every n-gram occurrence of a normalised text, in
    the order character 3-, 4-, 5-grams, words, word pairs (the first occurrence of a bucket
    is its first index in this order)."""
    padded = f" {norm} "
    codes = np.frombuffer(padded.encode("utf-32-le", "surrogatepass"), dtype=np.uint32).astype(
        np.uint64
    )
    pos: list[npt.NDArray[np.int64]] = []
    hashes: list[npt.NDArray[np.uint64]] = []
    salts: list[np.uint64] = []
    g = codes
    for n in range(2, 6):  # g holds the rolling hashes of the n-grams after each step
        if len(g) < 2:
            break
        g = g[:-1] * _P + codes[n - 1 :]
        if n >= 3:
            hashes.append(g)
            salts.append(_SALT[f"c{n}"])
            pos.append(_arange(len(g)))
    blank = word_blanks(padded, codes)
    # the padded text starts and ends with a blank, so its blank/letter changes alternate: the
    # first letter of a word (padded), one past its last letter, the next word's first letter...
    edges = np.flatnonzero(blank[1:] != blank[:-1]) + 1
    starts, ends = edges[0::2], edges[1::2]
    if len(starts):
        wh = _word_hashes(codes, starts, ends)
        starts -= 1  # offset in norm
        hashes.append(wh)
        salts.append(_SALT["w1"])
        pos.append(starts)
        if len(wh) > 1:
            hashes.append(wh[:-1] * _P + (wh[1:] << np.uint64(32)))
            salts.append(_SALT["w2"])
            pos.append(starts[:-1])
    if not hashes:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    return np.concatenate(pos), bucket_all(hashes, salts, bits)


def bucket_all(
    hashes: list[npt.NDArray[np.uint64]], salts: list[np.uint64], bits: int
) -> npt.NDArray[np.int64]:
    """``_bucket(concatenate(hashes), each salt repeated over its namespace, bits)`` as int64:
    every namespace salted straight into one output array, then shifted and multiplied in place
    (the same integers: fewer temporary arrays and passes over memory than concatenating the
    hashes, repeating the salts and bucketing with fresh arrays at every step)."""
    h = np.empty(sum(len(x) for x in hashes), dtype=np.uint64)
    at = 0
    for x, salt in zip(hashes, salts, strict=True):
        np.bitwise_xor(x, salt, out=h[at : at + len(x)])
        at += len(x)
    h ^= h >> np.uint64(29)
    h *= _MIX
    h >>= np.uint64(64 - bits)
    return h.view(np.int64)  # below 2**bits: the same values as int64


def features(
    text: str, bits: int = DEFAULT_BITS
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
    """(sorted distinct bucket indices, ``1 / sqrt(number of them)``) of ``text``: the model's
    input. Presence, not counts, so a repeated phrase cannot push the score without bound."""
    _, buckets = grams(normalise(text), bits)
    idx = np.unique(buckets)
    if not len(idx):
        return idx, np.zeros(0, dtype=np.float32)
    return idx, np.full(len(idx), 1.0 / math.sqrt(len(idx)), dtype=np.float32)


def native() -> bool:
    """True when scores come from the C pass (``_scan``), False when from numpy."""
    return SCAN is not None


_SCRATCH: Final = threading.local()
_SMALL_MARK: Final = 0xFFFF  # most occurrences a uint16 scratch array can index


def first_occurrences(
    buckets: npt.NDArray[np.int64], bits: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """(distinct buckets, index of each one's first occurrence), in order of first occurrence:
    the set ``np.unique(buckets, return_index=True)`` gives, without sorting (a sort of every
    occurrence was half the cost of a 2 KB score). A per-thread scratch array of ``2**bits``
    slots is written from the last occurrence to the first, so each slot ends up holding its
    bucket's first index (numpy assigns repeated indices in order; tested against
    ``np.unique``). Stale slots from earlier calls are never read: every slot read was written
    in this call."""
    # uint16 slots while every index fits (up to ~11,000 characters): 512 KB at 18 bits instead
    # of 1 MB, so the scatter and the gather below miss the CPU caches less often
    small = len(buckets) <= _SMALL_MARK
    name = "mark16" if small else "mark"
    mark: npt.NDArray[np.integer] | None = getattr(_SCRATCH, name, None)
    if mark is None or len(mark) != 1 << bits:
        mark = np.empty(1 << bits, dtype=np.uint16 if small else np.int32)
        setattr(_SCRATCH, name, mark)
    # texts are cut at _MAX_CHARS: no int32 overflow
    order = np.arange(len(buckets), dtype=np.uint16 if small else np.int32)
    mark[buckets[::-1]] = order[::-1]
    first = np.flatnonzero(mark[buckets] == order)
    return buckets[first], first


@lru_cache(maxsize=4096)
def window_starts(length: int, window: int, stride: int) -> npt.NDArray[np.int64]:
    """Start offsets of the windows scored besides the whole text (none when it fits in one).
    Memoised (a few numpy calls saved per score; lengths are bounded by ``_MAX_CHARS``): the
    array is read-only."""
    if length <= window:
        starts = np.zeros(0, dtype=np.int64)
    else:
        starts = np.arange(0, length - window + 1, stride, dtype=np.int64)
        if starts[-1] != length - window:
            starts = np.append(starts, length - window)
    starts.flags.writeable = False
    return starts


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-z)) if z >= 0 else math.exp(z) / (1.0 + math.exp(z))


@dataclass(frozen=True)
class InjectionModel:
    """``sigmoid(bias + sum(weights[n-gram]) / sqrt(n-grams))``, maximised over the whole text
    and every ``window``-char window (``stride`` apart): a directive appended to a long e-mail is
    not diluted by the e-mail."""

    weights: npt.NDArray[np.float32]
    bias: float
    bits: int
    window: int = 160
    stride: int = 40
    # Chosen by bench/train_injection.py on its validation split and kept in the model file, so a
    # retrained model never runs at another model's thresholds (FirewallConfig may override).
    # Above 1: never reached (a model built in code without thresholds stays silent).
    reject_threshold: float = 2.0
    flag_threshold: float = 2.0

    def score(self, text: str) -> float:
        weights = self.weights
        if SCAN is not None and weights.dtype == np.float32 and weights.flags.c_contiguous:
            best = SCAN.best_logit(
                normalise(text), weights, self.bits, self.window, self.stride, _MIN_WINDOW_GRAMS
            )
            return _sigmoid(self.bias + (0.0 if best is None else best))
        return self.score_numpy(text)

    def score_numpy(self, text: str) -> float:
        """:meth:`score` in numpy: the reference the C pass is tested against, and the path
        when ``_scan`` is not built."""
        norm = normalise(text)
        pos, buckets = grams(norm, self.bits)
        if not len(buckets):
            return _sigmoid(self.bias)
        # each distinct n-gram counts once, at its first occurrence
        idx, first = first_occurrences(buckets, self.bits)
        contrib = self.weights[idx]
        best = float(contrib.sum()) / math.sqrt(len(idx))
        starts = window_starts(len(norm), self.window, self.stride)
        if len(starts):
            at, size = pos[first], len(norm) + 1
            # prefix sums written after a leading 0 (the values of concatenate([0], cumsum))
            total = np.empty(size + 1, dtype=np.float64)
            total[0] = 0.0
            np.cumsum(np.bincount(at, contrib, size), out=total[1:])
            count = np.empty(size + 1, dtype=np.int64)
            count[0] = 0
            np.cumsum(np.bincount(at, minlength=size), out=count[1:])
            n = count[starts + self.window] - count[starts]
            # a window with few new n-grams (repeated text) is not scored on its own
            ok = n >= _MIN_WINDOW_GRAMS
            if ok.any():
                win = (total[starts + self.window] - total[starts])[ok] / np.sqrt(n[ok])
                best = max(best, float(win.max()))
        return _sigmoid(self.bias + best)

    @classmethod
    def from_arrays(cls, arrays: dict[str, npt.NDArray[np.generic]]) -> InjectionModel:
        header = arrays["header"].astype(np.int64)
        if int(header[0]) != FORMAT_VERSION:
            raise ValueError("unknown injection model format")
        bits = int(header[1])
        weights = arrays["weights"].astype(np.float32)
        if weights.shape != (1 << bits,):
            raise ValueError("injection model weights do not match its hash size")
        if "thresholds" not in arrays:
            raise ValueError(
                "injection model file carries no thresholds; retrain it with "
                "bench/train_injection.py"
            )
        reject, flag = (float(t) for t in arrays["thresholds"].reshape(-1)[:2])
        return cls(
            weights=weights,
            bias=float(arrays["bias"].reshape(-1)[0]),
            bits=bits,
            window=int(header[2]),
            stride=int(header[3]),
            reject_threshold=reject,
            flag_threshold=flag,
        )

    def to_arrays(self) -> dict[str, npt.NDArray[np.generic]]:
        return {
            "header": np.array(
                [FORMAT_VERSION, self.bits, self.window, self.stride], dtype=np.int64
            ),
            "weights": self.weights.astype(np.float16),
            "bias": np.array([self.bias], dtype=np.float32),
            "thresholds": np.array([self.reject_threshold, self.flag_threshold], dtype=np.float64),
        }


_LOCK: Final = threading.Lock()
_LOADED: list[InjectionModel] = []


def load_model() -> InjectionModel:
    """The packaged model, read once per process (thread-safe)."""
    if _LOADED:
        return _LOADED[0]
    with _LOCK:
        if not _LOADED:
            ref = resources.files("a4s_memory.firewall").joinpath("model", MODEL_FILE)
            with ref.open("rb") as fh, np.load(fh, allow_pickle=False) as data:
                _LOADED.append(InjectionModel.from_arrays({k: data[k] for k in data.files}))
        return _LOADED[0]


def score(text: str) -> float:
    """Probability-like injection score of ``text`` (packaged model)."""
    return load_model().score(text)


def thresholds(config: FirewallConfig) -> tuple[float, float]:
    """(reject, flag): the config's where it sets them, else the packaged model's own."""
    reject, flag = config.model_reject_threshold, config.model_flag_threshold
    if reject is None or flag is None:
        model = load_model()
        reject = model.reject_threshold if reject is None else reject
        flag = model.flag_threshold if flag is None else flag
    return reject, flag


def model_findings(
    text: str, config: FirewallConfig, respelt: Sequence[tuple[str, str]] = ()
) -> list[Finding]:
    """``model.injection`` when the score reaches a threshold (:func:`thresholds`):
    INJECTION_DETECTED at the reject threshold, a soft finding (stored as suspicious) at the flag
    threshold.
    ``respelt``: (kind, text) of the views that spell the text another way (diacritics, look-alike
    letters, leetspeak, backwards...): the best score of the text and those counts, so the model
    reads through a spelling as the rules do. The reason carries the score (and the view), so
    every rejection says what caused it."""
    reject, flag = thresholds(config)
    if min(reject, flag) > 1.0:
        return []
    best, where = -1.0, ""
    for kind, candidate in (("", text), *respelt):
        if len(candidate) >= config.model_min_chars and (s := score(candidate)) > best:
            best, where = s, kind
    if best < min(reject, flag):
        return []
    seen = f" in the {where} view" if where else ""
    if best >= reject:
        return [
            Finding(
                rule_id="model.injection",
                layer=Layer.MODEL,
                reason=f"injection model score {best:.3f} ≥ {reject:.3f}{seen}",
                stop_reason=StopReason.INJECTION_DETECTED,
            )
        ]
    return [
        Finding(
            rule_id="model.injection",
            layer=Layer.MODEL,
            reason=f"injection model score {best:.3f} ≥ {flag:.3f} (suspicious){seen}",
            stop_reason=None,
        )
    ]
