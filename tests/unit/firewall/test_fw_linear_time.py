"""ReDoS guard (rows 7 and 13): every regex that reads user text runs in time
linear in the text on CPython's backtracking ``re``.

The cases are collected, not listed: every rule of INJECTION_RULES, CATEGORY_RULES and SECRET_RULES
(through the functions the firewall really calls, so fastre's rewritten branches, guards and
validators are timed too), every category guard, and every compiled ``re.Pattern`` at module level
in the firewall modules and the offline extractor. A rule or module regex added later is covered
without touching this file.

Method, per case:
1. *Screen*: adversarial inputs of 256 characters built from the rule's own literals (its words,
   prefilters and branch prefixes, punctuation prefilters glued to words: "<" + "script"), from
   the pump points of the parsed regex (a string reaching each unbounded loop + one turn of the
   loop: "1°1'" + blanks), from fillers the usual ReDoS shapes feed on (runs of blanks, newlines,
   digits, ``- . : = #``, quotes, letters) and known attack strings. Any input over
   ``_SCREEN_MAX`` (min of 5 runs once a single run is over) fails at once. The slowest
   ``_SHORTLIST`` are timed again at 1 KB (min of 3) and the slowest ``_TOP`` go on, and so do
   the ``_TOP`` pump probes whose time grows most beyond linear from 256 characters to 1 KB
   (``_fastest_growing``): a rule whose linear probes are slow hides a quadratic one from a
   ranking by time (2026-11-27: the selection by time alone passed 3 of 3 runs on the quadratic
   Arabic branch of inj.ignore_instructions_scripts, which took 152 ms on 8 KB; with the growth
   selection it fails 4 of 4, and the file takes ~15 % longer). The same growth ranking runs
   over each word glued to a letter and repeated ("обществ" + "a", one long word): a stem with
   an unbounded suffix and no word boundary before it (``обществ\\w++``) reads the rest of the
   word again from every stem in it (2026-11-30: CI failed once on inj.inverted_world_scripts,
   1.0 ms at 2 KB and 13.5 ms at 8 KB, which a local run passed because the selection by time
   left the probe out; a scan of every word found it and inj.password_demand_scripts, and no
   other rule). Glued by "-" too: ``mode\\s*+[=:]?+\\s*+(?:[\\w-]++\\s++){0,2}?`` read the rest
   of "mode-mode-..." from every "mode" in inj.jailbreak_terms (2.8 ms at 2 KB, 42.6 ms at 8 KB;
   a scan of every word glued by each filler of ``_FILLERS`` found no other rule).
2. *Growth*: the same shape at n = 2 KB and 4n = 8 KB, min of ``_REPEAT`` runs. Linear code takes
   ~4x as long, quadratic ~16x, cubic ~64x. Fails when the ratio is ``_MAX_RATIO`` or more (only
   judged when the 8 KB time is above ``_NOISE_FLOOR``, where timer noise no longer dominates).
3. *Absolute*: the same shape at 10 KB within ``_MAX_10KB_RATIO`` times a baseline regex timed
   on 10 KB in the same run (``_baseline_10kb``), so a slower machine gets a bound as much
   higher. Times are the thread's CPU time (``time.thread_time``), so preemption by other jobs
   does not count; a failing step 2/3 is measured again (``_ATTEMPTS``, sizes interleaved)
   before it counts. Each run is interrupted after ``_RUNAWAY`` of wall time (``re`` polls for
   signals while it backtracks).

Measured (this container, 2 vCPU shared with other jobs, CPython 3.11.7). On the regexes before
the fix this file fails for g2.system_mimicry, g2.importance, g2.markup, g2.directive_line,
inj.chat_template, cat.location.unit, cat.location.postal, cat.location.coordinates,
cat.id.labeled, cat.id.account, cat.id.card_labeled, secret.assignment, secret.sidekiq,
normalize._MD_COMMENT and the offline extractor's _THIRD/_FIRST: cat.id.labeled did not finish one
256-character input ("my ssn" + blanks) in 2 s (O(n^4)); cat.id.account, cat.id.card_labeled,
cat.location.postal and g2.directive_line took 22-76 ms on 256 characters (O(n^3)); the others
grew 13-20x from 2 KB to 8 KB (O(n^2)). After the fix (CPU time) the worst growth ratio over all
cases is 5.0 (linear = 4), the slowest 10 KB case 12 ms (secret.assignment on keywords joined by
"=", linear: its 31 name lengths are tried at every keyword), every other case under 9 ms; the
file also passes with two busy loops pinning both CPUs. ``_MAX_RATIO`` 10 sits between 5.0 and
the 13-16 of the quadratic rules; the absolute bound was 0.1 s then, 8x the slowest linear case.
2026-12-02, a slow 2-core VM (AMD EPYC, AVX2): that bound failed inj.template_opening (114 ms on
10 KB of '“tell,'; its quoted text now stops at the next quote: 15 ms), and under a second job
inj.secret_read_out, inj.control_waived and inj.exfil_code measured 96-135 ms, all linear; the
baseline ``[a-z]{0,60}?;`` took 11.1 ms there. ``_MAX_10KB_RATIO`` 25 is ~2.3x the slowest of
those (119 / 11.1 = 10.7) and, where the baseline takes ~4 ms (estimated: the latency bench's
Python loop ran 2-3x faster on the VM of bench/results/firewall.json), ~0.1 s as before;
``_SCREEN_MAX`` 20 ms is >20x what any fixed rule takes on 256 characters (< 1 ms).
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import pkgutil
import re
import signal
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from re import _parser as _sre  # type: ignore[attr-defined]
from types import ModuleType
from typing import Any, Final

import pytest

from a4s_memory.contract import StopReason
from a4s_memory.firewall import (
    CATEGORY_RULES,
    INJECTION_RULES,
    SECRET_RULES,
    Firewall,
    WriteRequest,
    detect_secrets,
    hsfilter,
)
from a4s_memory.firewall import category_rules as category_rules_mod
from a4s_memory.firewall import injection as injection_mod
from a4s_memory.firewall import normalize as normalize_mod
from a4s_memory.firewall import rules as rules_mod
from a4s_memory.firewall import secrets as secrets_mod
from a4s_memory.firewall import triggers as triggers_mod
from a4s_memory.firewall import trust as trust_mod
from a4s_memory.firewall.categories import forbidden_findings
from a4s_memory.firewall.category_rules import CategoryRule
from a4s_memory.firewall.fastre import FastPattern
from a4s_memory.firewall.prefixes import prefixes
from a4s_memory.firewall.secrets import SecretRule
from a4s_memory.firewall.triggers import TextScan
from a4s_memory.store import offline_extract, offline_noise
from bench.regex_sampler import in_class


@pytest.fixture(autouse=True)
def _without_hyperscan(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every case runs its ``re`` as it runs without Hyperscan or while the prefilter is still
    compiling (the first ~5 s of every process). Once an earlier test had compiled it, the
    prefilter skipped the branches that could not match these inputs, and hid three branches
    that were quadratic in ``re`` (2026-11-27: ``inj.output_corruption``,
    ``inj.jailbreak_terms``, ``inj.self_verification``, each a blank run that crossed newlines)."""
    monkeypatch.setattr(hsfilter, "_ready", None)


_SCREEN_N = 256
_SCREEN_MAX = 0.02  # s for one 256-char input; the fixed rules take < 1 ms
_SHORTLIST = 12
_TOP = 3
_N = 2048
_REPEAT = 5
_MAX_RATIO = 10.0  # time(4n) / time(n): linear ~4, quadratic ~16
_NOISE_FLOOR = 0.0005  # s at 8 KB below which the ratio is not judged
_MAX_10KB_RATIO = 25.0  # one 10 KB input, per case, in baselines (_baseline_10kb)
_BASELINE: Final = re.compile(r"[a-z]{0,60}?;")  # linear: 60 steps from each of 10 K starts
_ATTEMPTS = 3
_RUNAWAY = 2.0  # s: one run is stopped here and counts as failed

_FILLERS = (
    " ",
    "  \t",
    "\n",
    " \n",
    "0",
    "0 ",
    "1-",
    "-",
    ".",
    ":",
    ": ",
    "=",
    "#",
    "a",
    "a ",
    "A",
    "Ab ",
    "'",
    '"',
    "_",
    "/",
    "@",
    "<",
    "[",
    ",",
    "*",
    "A1",
    "é",
)
_ENDS = ("", "x!")
_GLUES = ("a", "-")  # fillers of _FILLERS whose word-filler runs are ranked by growth
_GLUED = ", glued"
# Attack strings seen in the external report and from the earlier attempt: prefix, filler.
_KNOWN = (
    ("my ssn", " "),
    ("my ssn is", " "),
    ("account", " "),
    ("card", " "),
    ("rule", " "),
    ("# rule", " "),
    ("ignore", " "),
    ("password", " "),
    ("password =", " "),
    ("api_key", " "),
    ("[//]: #", " "),
    ("Alice is x", " "),
    ("I like x", " "),
    ("user:", " "),
)


@dataclass(frozen=True)
class Case:
    name: str
    run: Callable[[str], object]
    words: tuple[str, ...]
    pumps: tuple[tuple[str, str], ...] = ()  # (text leading to a loop, one turn of the loop)


# -- pump points from the parsed regex ---------------------------------------------------------
# For every unbounded (or long) repeat of a pattern: a string that reaches it along the first
# alternative of each branch, and a sample of one iteration. "prefix + iteration * n" is the
# classic ReDoS probe; it finds the loops that the word-based shapes miss ("1°1'" + blanks).

_SAMPLES = " a1-._:=#/\n'\"A"


def _sample(items: list[tuple[Any, Any]], out: list[tuple[str, str]], prefix: str) -> str:
    s = prefix
    for op, av in items:
        if len(out) > 64 or len(s) > 200:
            break
        if op is _sre.LITERAL:
            s += chr(av)
        elif op is _sre.IN:
            s += next((c for c in _SAMPLES if in_class(list(av), c)), "a")
        elif op is _sre.ANY:
            s += "a"
        elif op is _sre.SUBPATTERN:
            s = _sample(list(av[3]), out, s)
        elif op is _sre.ATOMIC_GROUP:
            s = _sample(list(av), out, s)
        elif op is _sre.BRANCH:
            for alt in av[1][1:]:
                _sample(list(alt), out, s)
            s = _sample(list(av[1][0]), out, s)
        elif op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT, _sre.POSSESSIVE_REPEAT):
            lo, hi, body = av
            one = _sample(list(body), out, "")
            if one and (hi is _sre.MAXREPEAT or hi > 16):
                out.append((s, one))
            s += one * min(lo, 64)
    return s


def pump_points(pattern: str, flags: int = 0) -> tuple[tuple[str, str], ...]:
    out: list[tuple[str, str]] = []
    _sample(list(_sre.parse(pattern, flags).data), out, "")
    return tuple(dict.fromkeys(out))


def _words(*sources: str) -> tuple[str, ...]:
    out: dict[str, None] = {}
    for src in sources:
        plain = re.sub(r"\\[A-Za-z]|\?P<\w+>|\?P=\w+|\[\^", " ", src)
        for w in re.findall(r"[A-Za-z][A-Za-z'_-]*", plain):
            out.setdefault(w.strip("'_-").lower() or w, None)
    return tuple(w for w in out if w)


def _prefixes(words: tuple[str, ...], literals: tuple[str, ...]) -> tuple[str, ...]:
    """The rule's words, its literal prefilters as they are ("<", "@", "<|", "sk-"), and the
    punctuation a prefilter starts with glued to each word ("<" + "script", "@" + "admin")."""
    out = dict.fromkeys(words)
    heads: dict[str, None] = {}
    for lit in literals:
        out.setdefault(lit, None)
        punct = re.match(r"[^\w\s]+", lit)
        if punct is not None:
            heads.setdefault(punct.group(0), None)
    for head in heads:
        for w in words:
            out.setdefault(head + w, None)
    return tuple(out)


@dataclass(frozen=True)
class Shape:
    """``head + unit * (n / len(unit)) + tail``: an input of about n characters."""

    head: str
    unit: str
    tail: str = ""

    def __call__(self, n: int) -> str:
        return self.head + (self.unit * (n // max(len(self.unit), 1) + 1))[:n] + self.tail


def _shapes(
    words: tuple[str, ...], pumps: tuple[tuple[str, str], ...] = ()
) -> Iterator[tuple[str, Callable[[int], str]]]:
    """(description, n -> input of about n characters)."""
    for head, unit in pumps:
        for end in (*_ENDS, "\x00"):
            yield f"pump {head!r}+{unit!r}*n+{end!r}", Shape(head, unit, end)
    for prefix, filler in _KNOWN:
        for end in _ENDS:
            yield f"{prefix!r}+{filler!r}*n+{end!r}", Shape(prefix, filler, end)
    for f in _FILLERS:
        yield f"{f!r}*n", Shape("", f)
        if words:
            yield f"words joined by {f!r}", Shape("", f.join(words) + f)
        for w in words:
            for e in _ENDS:
                yield f"{w!r}+{f!r}*n+{e!r}", Shape(w, f, e)
            yield f"{w.upper()!r}+{f!r}*n+'x!'", Shape(w.upper(), f, "x!")
            # glued to a letter or "-", one long word: a stem's unbounded suffix is read again
            # from every stem in it (ranked by growth too, in _check_linear)
            yield f"({w!r}+{f!r})*n" + (_GLUED if f in _GLUES else ""), Shape("", w + f)


class _Deadline(Exception):
    pass


def _expire(signum: int, frame: object) -> None:
    raise _Deadline


@contextlib.contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    """Interrupt a runaway regex (``re`` polls for signals while it backtracks), so a
    catastrophic rule fails this test in seconds instead of hanging the suite."""
    previous = signal.signal(signal.SIGALRM, _expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _best_of(run: Callable[[str], object], text: str, k: int) -> float:
    best = float("inf")
    for _ in range(k):
        # CPU time of this thread: a run preempted by another job on a shared machine would
        # otherwise count the other job's time slices (wall time jumped 4-5x for runs > ~4 ms
        # here under load, while CPU time stayed linear)
        t0 = time.thread_time()
        try:
            with _deadline(_RUNAWAY):
                run(text)
        except _Deadline:
            return float("inf")
        best = min(best, time.thread_time() - t0)
    return best


@functools.cache
def _baseline_10kb() -> float:
    """CPU time of a plain linear regex over 10 KB on this machine, now (min of 7)."""
    text = "abcdefghij" * 1000
    return _best_of(_BASELINE.search, text, 7)


def _check_linear(case: Case) -> None:
    timed: list[tuple[float, str, Callable[[int], str]]] = []
    for desc, make in _shapes(case.words, case.pumps):
        text = make(_SCREEN_N)
        t = _best_of(case.run, text, 1)
        if t >= _SCREEN_MAX:  # a scheduler hiccup, or the real thing: ask again
            t = _best_of(case.run, text, _REPEAT)
        assert t < _SCREEN_MAX, f"{case.name}: {t * 1e3:.1f} ms on a {_SCREEN_N}-char input {desc}"
        timed.append((t, desc, make))
    # single runs are noisy on a shared machine: re-time the slowest at 4x the size, min of 3
    timed.sort(key=lambda x: -x[0])
    retimed = sorted(
        (
            (_best_of(case.run, make(4 * _SCREEN_N), 3), desc, make)
            for _, desc, make in timed[:_SHORTLIST]
        ),
        key=lambda x: -x[0],
    )
    chosen = {desc: make for _, desc, make in retimed[:_TOP]}
    chosen.update(_fastest_growing(case, [(t, d, m) for t, d, m in timed if d.startswith("pump ")]))
    chosen.update(_fastest_growing(case, [(t, d, m) for t, d, m in timed if d.endswith(_GLUED)]))
    for desc, make in chosen.items():
        _check_growth(case, desc, make)


def _excess(
    run: Callable[[str], object], make: Callable[[int], str], t_small: float, k: int
) -> float:
    """Time at 4x the screen size beyond what linear growth predicts from the screen time."""
    return _best_of(run, make(4 * _SCREEN_N), k) - 4 * t_small


def _fastest_growing(
    case: Case, pumps: list[tuple[float, str, Callable[[int], str]]]
) -> dict[str, Callable[[int], str]]:
    """The ``_TOP`` pump probes whose time grows fastest from 256 characters to 1 KB.

    Ranking by time alone missed a quadratic loop: on 256 characters a rule's heavy linear
    probes (its Cyrillic look-alike words: ~0.7 ms) outran the quadratic one ('إنس' + blanks:
    0.43 ms, 3.5 ms at 1 KB), so it never reached the growth step. The excess over linear growth
    (t(1 KB) - 4 t(256)) is ~0 for a linear probe whatever its constant. Screen times are single
    runs: each probe's small time is the min of two, and the shortlist is timed again (min of 3)."""
    scored = []
    for t, desc, make in pumps:
        small = min(t, _best_of(case.run, make(_SCREEN_N), 1))
        scored.append((_excess(case.run, make, small, 1), small, desc, make))
    scored.sort(key=lambda x: -x[0])
    again = sorted(
        (
            (
                _excess(case.run, make, min(small, _best_of(case.run, make(_SCREEN_N), 3)), 3),
                desc,
                make,
            )
            for _, small, desc, make in scored[:_SHORTLIST]
        ),
        key=lambda x: -x[0],
    )
    return {desc: make for _, desc, make in again[:_TOP]}


def _check_growth(case: Case, desc: str, make: Callable[[int], str]) -> None:
    """Ratio and absolute bound; a failure is measured again (up to ``_ATTEMPTS`` times) before
    it counts, because a loaded machine can steal a time slice from every one of k runs."""
    failure = ""
    small_text, large_text = make(_N), make(4 * _N)
    for attempt in range(_ATTEMPTS):
        small = large = float("inf")
        for _ in range(_REPEAT * (attempt + 1)):  # interleaved: a busy spell hits both sizes
            small = min(small, _best_of(case.run, small_text, 1))
            large = min(large, _best_of(case.run, large_text, 1))
        big = _best_of(case.run, make(10_000), 3)
        if large > _NOISE_FLOOR and large / max(small, 1e-9) >= _MAX_RATIO:
            failure = (
                f"{case.name}: super-linear on {desc}: {small * 1e3:.2f} ms at {_N} "
                f"chars, {large * 1e3:.2f} ms at {4 * _N}"
            )
        elif big >= _MAX_10KB_RATIO * _baseline_10kb():
            failure = (
                f"{case.name}: {big * 1e3:.1f} ms on 10 KB of {desc} (the baseline regex: "
                f"{_baseline_10kb() * 1e3:.1f} ms)"
            )
        else:
            return
    pytest.fail(failure)


# -- the cases ----------------------------------------------------------------------------------


def _run_fast(pattern: FastPattern, text: str) -> object:
    scan = TextScan(text)
    return list(pattern.finditer(scan.lower if pattern.on_lower else text, scan.lower, scan))


def _run_category(rule: CategoryRule, text: str) -> object:
    return forbidden_findings(text, (rule,))


def _run_secret(rule: SecretRule, text: str) -> object:
    return detect_secrets(text, (rule,))


def _run_regex(pattern: re.Pattern[str], text: str) -> object:
    return list(pattern.finditer(text))


def _fast_pumps(pattern: FastPattern) -> tuple[tuple[str, str], ...]:
    return tuple(
        p for b in pattern.branches for p in pump_points(b.pattern.pattern, b.pattern.flags)
    )


def _injection_cases() -> Iterator[Case]:
    for rule in INJECTION_RULES:
        pattern = rule.pattern
        run = functools.partial(_run_fast, pattern)
        srcs = [b.pattern.pattern for b in pattern.branches]
        trig = [t for b in pattern.branches for t in b.triggers]
        words = _words(pattern.source, *srcs, *rule.triggers, *trig)
        yield Case(rule.id, run, _prefixes(words, (*rule.triggers, *trig)), _fast_pumps(pattern))


def _category_cases() -> Iterator[Case]:
    for rule in CATEGORY_RULES:
        trig = [t for b in rule.pattern.branches for t in b.triggers]
        words = _prefixes(
            _words(rule.pattern.source, *rule.triggers, *trig), (*rule.triggers, *trig)
        )
        yield Case(
            rule.id, functools.partial(_run_category, rule), words, _fast_pumps(rule.pattern)
        )
        if rule.guard is not None:
            yield Case(
                f"{rule.id}.guard",
                functools.partial(_run_regex, rule.guard),
                _words(rule.guard.pattern),
                pump_points(rule.guard.pattern, rule.guard.flags),
            )


def _secret_cases() -> Iterator[Case]:
    for rule in SECRET_RULES:
        trig = [t for b in rule.fast.branches for t in b.triggers]
        words = _prefixes(_words(rule.pattern.pattern, *rule.hints, *trig), (*rule.hints, *trig))
        pumps = _fast_pumps(rule.fast) + pump_points(rule.pattern.pattern, rule.pattern.flags)
        yield Case(rule.id, functools.partial(_run_secret, rule), words, pumps)
        # the rule as written runs when lower() moves offsets ("İ") and inside long tokens
        yield Case(
            f"{rule.id}.as_written", functools.partial(_run_regex, rule.pattern), words, pumps
        )


def _firewall_modules() -> tuple[ModuleType, ...]:
    """Every module of the firewall package (a new one is covered without editing this list)."""
    import a4s_memory.firewall as package

    return tuple(
        importlib.import_module(f"{package.__name__}.{info.name}")
        for info in pkgutil.iter_modules(package.__path__)
    )


_TEXT_MODULES: tuple[ModuleType, ...] = tuple(
    dict.fromkeys(
        (
            rules_mod,
            category_rules_mod,
            injection_mod,
            secrets_mod,
            normalize_mod,
            triggers_mod,
            trust_mod,
            offline_extract,
            offline_noise,
            *_firewall_modules(),
        )
    )
)


def _module_patterns(value: object, name: str) -> Iterator[tuple[str, re.Pattern[str]]]:
    if isinstance(value, re.Pattern) and isinstance(value.pattern, str):
        yield name, value
    elif isinstance(value, tuple | list):
        for i, item in enumerate(value):
            yield from _module_patterns(item, f"{name}[{i}]")


def module_regexes() -> list[tuple[str, re.Pattern[str]]]:
    """Every compiled regex held at module level (also inside tuples) by the modules that read
    user text."""
    out: list[tuple[str, re.Pattern[str]]] = []
    for mod in _TEXT_MODULES:
        for attr, value in vars(mod).items():
            out.extend(_module_patterns(value, f"{mod.__name__.rsplit('.', 1)[-1]}.{attr}"))
    return out


def _module_cases() -> Iterator[Case]:
    for name, pattern in module_regexes():
        words = _prefixes(_words(pattern.pattern), prefixes(pattern.pattern, pattern.flags))
        yield Case(
            name,
            functools.partial(_run_regex, pattern),
            words,
            pump_points(pattern.pattern, pattern.flags),
        )


CASES: list[Case] = [
    *_injection_cases(),
    *_category_cases(),
    *_secret_cases(),
    *_module_cases(),
]


def test_every_rule_is_a_case() -> None:
    names = {c.name for c in CASES}
    for rule_id in (
        [r.id for r in INJECTION_RULES]
        + [r.id for r in CATEGORY_RULES]
        + [r.id for r in SECRET_RULES]
    ):
        assert rule_id in names
    assert {"offline_extract._THIRD", "offline_extract._FIRST", "normalize._MD_COMMENT"} <= names


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_regex_is_linear(case: Case) -> None:
    _check_linear(case)


# -- the offline extractor, as the ingestion calls it -------------------------------------------

_OFFLINE_INPUTS: tuple[tuple[str, str, str], ...] = (
    ("Alice is x", " ", "y!z"),
    ("Alice likes tea", " ", "!x"),
    ("I like x", " ", "y!z"),
    ("Alice Bob", " ", "is"),
    ("user:", " ", "x"),
    ("Al (user):", " ", "I like tea"),
    ("Alice is ", "a ", "!x"),
    ("Key", " ", ": v"),
)


@pytest.mark.parametrize(("head", "filler", "tail"), _OFFLINE_INPUTS)
def test_offline_extractor_is_linear(head: str, filler: str, tail: str) -> None:
    def make(n: int) -> str:
        return head + filler * (n // len(filler)) + tail

    def run(text: str) -> object:
        return offline_extract.extract_entity_names(text), offline_extract.parse_fact(text)

    # before the fix: 0.6 s for 10 KB of blanks inside a fact sentence
    _check_growth(Case(f"offline {head!r}", run, ()), f"{head!r}+{filler!r}*n+{tail!r}", make)


# -- end to end: the attack of the report ---------------------------------------------------------

# The reported attack ("my ssn" + 500 blanks + "x", 569 bytes) froze the service for 43 s (38.7 s
# here). After the fix a whole Firewall().check of it takes 0.3 ms, of 10 KB ~1 ms; 0.5 s is
# >100x head-room and still 1/80 of the old time on the 569-byte input.
_E2E_MAX = 0.5


@pytest.mark.parametrize(
    "text",
    [
        "my ssn" + " " * 5000 + "x",
        "my ssn" + " " * 500 + "x",
        "account" + " " * 5000 + "1",
        "card" + " " * 5000 + "1",
        "rule" + " " * 5000 + "x",
        "password = " + " " * 5000 + "x",
        "Alice is x" + " " * 5000 + "y!z",
        "my ssn " * 1400,
        "\n" * 5000 + "rule x",
        "api_key" + "\n" * 5000,
        "<img " * 1000,
        "@a(b)\n" * 1500 + "@x @y @z",  # code_spans.without_annotations: one pass per line
        "@x @y @z\n@a" + "(" * 8000,
    ],
    ids=[
        "ssn_5000",
        "ssn_500",
        "account",
        "card",
        "directive",
        "password",
        "fact",
        "repeat",
        "newlines",
        "assignment",
        "markup",
        "annotation_lines",
        "annotation_parens",
    ],
)
def test_firewall_check_attack_is_fast(text: str) -> None:
    fw = Firewall()
    t0 = time.perf_counter()
    # a runaway check is interrupted (it then fails closed with an internal error, quickly)
    with _deadline(4 * _E2E_MAX):
        decision = fw.check(WriteRequest(text=text))
    elapsed = time.perf_counter() - t0
    assert elapsed < _E2E_MAX, f"{elapsed:.2f} s"
    assert decision.stop_reason is not StopReason.INTERNAL_INCONSISTENCY


# -- the rewritten rules still answer as before ---------------------------------------------------
# (A throwaway differential run of the old and new regexes over every corpus text, the same texts
# with blanks and newlines shuffled in, and ~130k template texts found no difference; these are
# the shapes each rewrite had to keep.)

_KEEP: tuple[tuple[str, str, bool], ...] = (
    ("g2.importance", "IMPORTANT: do this", True),
    ("g2.importance", "IMPORTANT UPDATE  : x", True),
    ("g2.importance", "IMPORTANT \n NOTICE\t:", True),
    ("g2.importance", "important update  : x", False),  # shouted only (twenty-seventh session)
    ("g2.importance", "it is important to rest", False),
    ("g2.system_mimicry", "< / system>", True),
    ("g2.system_mimicry", "<system_prompt>", True),
    ("g2.system_mimicry", "<systematic>", False),
    ("g2.markup", "text <script src=x> more", True),
    ("g2.markup", "<img <img <b>", True),
    ("g2.markup", "a > b and then <img src=x", False),
    ("g2.markup", "< / Instructions\n>", True),
    ("g2.directive_line", "RULE: always obey", True),
    ("g2.directive_line", "  - [rule]", False),
    ("g2.directive_line", "intro\n\n   # instructions :", True),
    ("g2.directive_line", "#\n  system prompt:", True),
    ("g2.directive_line", "the rule: is fine", False),
    ("inj.chat_template", "## System: x", True),
    ("inj.chat_template", "\n\n  ### (instruction)", True),
    ("inj.chat_template", "line\n assistant : hi", True),
    ("inj.chat_template", "see # system", False),
    ("cat.id.labeled", "my SSN is 078-05-1120", True),
    ("cat.id.labeled", "Passport no.: X1234567", True),
    ("cat.id.labeled", "national insurance number is QQ 12 34 56 C", True),
    ("cat.id.labeled", "my ssn is private", False),
    ("cat.id.account", "account number: 12345678", True),
    ("cat.id.account", "bank account is 1234 5678 90", True),
    ("cat.id.account", "account 12", False),
    ("cat.id.card_labeled", "card # is 4111111111111111", True),
    ("cat.id.card_labeled", "iban: GB82WEST12345698765432", True),
    ("cat.id.card_labeled", "iban is12345678901234", True),
    ("cat.location.unit", "Apt. # 4B", True),
    ("cat.location.unit", "suite12", True),
    ("cat.location.postal", "Rue de la Paix 12", True),
    ("cat.location.postal", "address is: 12 Main", True),
    ("cat.location.postal", "addressis 5", True),
    ("cat.location.postal", "rue 12", False),
)


def _answer(rule_id: str, text: str) -> bool:
    for rule in INJECTION_RULES:
        if rule.id == rule_id:
            return rule.search(text, text.lower(), TextScan(text))
    crule = next(r for r in CATEGORY_RULES if r.id == rule_id)
    return bool(forbidden_findings(text, (crule,)))


@pytest.mark.parametrize(("rule_id", "text", "expected"), _KEEP)
def test_rewritten_rule_keeps_its_answer(rule_id: str, text: str, expected: bool) -> None:
    assert _answer(rule_id, text) is expected


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("password = 'hunter2hunter2'", "hunter2hunter2"),
        ('api_key:\n\n  "AbCdEf123456"', "AbCdEf123456"),
        ("DB_PASSWORD string  S3cr3tValue9", "S3cr3tValue9"),
        ("token => xyzXYZ123456", "xyzXYZ123456"),
        ("secret  abcdefgh12", "abcdefgh12"),
    ],
)
def test_secret_assignment_keeps_its_span(text: str, value: str) -> None:
    spans = detect_secrets(text, tuple(r for r in SECRET_RULES if r.id == "secret.assignment"))
    assert [text[s.start : s.end] for s in spans] == [value]


@pytest.mark.parametrize(
    ("text", "comment"),
    [
        ("[//]: # (hidden note)", "hidden note"),
        ('\n\n  [x]: <> "y z"  \nnext', "y z"),
        ("[a]:\n# (multi)", "multi"),
    ],
)
def test_markdown_comment_view_unchanged(text: str, comment: str) -> None:
    assert [v.text for v in normalize_mod.views(text) if v.kind == "comment"] == [comment]


@pytest.mark.parametrize(
    ("sentence", "fact"),
    [
        ("Alice likes green tea.", "Alice likes green tea"),
        ("Alice is in Paris  !", "Alice is in Paris"),
        ("Bob Lee Smith works at Acme Corp", "Bob Lee Smith works at Acme Corp"),
    ],
)
def test_offline_fact_sentences_unchanged(sentence: str, fact: str) -> None:
    assert [t.fact for t in offline_extract.extract_triples(sentence)] == [fact]
    assert offline_extract.parse_fact(fact) is not None
