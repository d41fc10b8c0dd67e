"""Seed 000 G2: injection and poisoning detection.

Layer 1 (regex): every rule of :data:`~a4s_memory.firewall.rules.INJECTION_RULES` runs over the
views of the text (:func:`~a4s_memory.firewall.normalize.iter_views`), up to the first view after
which one has refused it as injection (:func:`regex_findings`). A hit in a view other than the
original adds an ``evasion.<view>`` finding next to the rule's own finding (the stop reason is the
rule's), so an audit shows both *what* was said and *how it was hidden*.

Evasion markers that reject on their own: Unicode tag characters outside emoji flags (invisible
ASCII smuggling has no legitimate use in a memory), two or more variation selectors in a row
(emoji smuggling: bytes hidden after an emoji; an emoji or an ideograph takes one selector). Soft markers (suspicious only): zero-width
characters between letters, words mixing Latin with Cyrillic/Greek letters.

Layer 2 (heuristics, measured on the corpora, see docs/firewall.md): Shannon entropy of long tokens,
number of other agents referenced, imperative density. What a flag does alone is configured by
:attr:`FirewallConfig.heuristic_action`.
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Callable, Iterator
from functools import cache
from typing import Final

from a4s_memory.contract import StopReason
from a4s_memory.firewall import hsfilter
from a4s_memory.firewall.code_spans import prose_only, without_annotations
from a4s_memory.firewall.config_paste import STRUCTURAL_RULES
from a4s_memory.firewall.fastre import FastPattern, may_run
from a4s_memory.firewall.models import (
    REDACTION_TOKEN,
    Finding,
    FirewallConfig,
    HeuristicAction,
    Layer,
)
from a4s_memory.firewall.normalize import (
    LazyViews,
    View,
    has_selector_run,
    has_tag_chars,
    iter_views,
)
from a4s_memory.firewall.rules import INJECTION_RULES, Rule
from a4s_memory.firewall.triggers import TextScan

__all__ = [
    "agent_references",
    "has_mixed_script_word",
    "heuristic_findings",
    "imperative_above",
    "imperative_density",
    "max_token_entropy",
    "regex_findings",
    "shannon_entropy",
    "split_sentences",
    "token_entropy_above",
]

_INJ: Final = StopReason.INJECTION_DETECTED
# ``(?<![\w.@])@...`` with the lookbehind moved after the "@" so ``re`` jumps from "@" to "@"
# not a variable: SQL's "@old=@@x", "SET x=@old", "@total := ..." (forty-fifth session)
_AGENT_REF: Final = re.compile(r"@(?<![\w.@=]@)([A-Za-z][\w-]{1,38}+)(?![\w-]|/\w|[ \t]*+:?=)")
# a URL inside a token, to its end (the token may open with it, or hold it as a link's target)
_URL_IN_TOKEN: Final = re.compile(r"[a-z][a-z0-9+.-]{1,20}+://\S*+", re.IGNORECASE)
_ASSIGNED_PATH: Final = re.compile(r"=(?=/)")
# Sentence separators (the split ``(?<=[.!?])\s+|\n+``), found from the sentence end: a newline
# run, or the blanks after ".", "!" or "?" (group 1). ``re`` jumps between those four characters
# instead of trying a match at every blank: ~3x faster than splitting on 1.5 KB texts (the same
# pieces on every corpus text and 300,000 random ones: tests/unit/firewall/test_fw_latency_helpers).
_SENTENCE_END: Final = re.compile(r"[.!?\n](?:(?<=\n)\n*|(\s+))")
_LEAD_NOISE: Final = re.compile(r"^[\s\-*•>#\d.)\"'(\[]+")
_ZW_BETWEEN_LETTERS: Final = re.compile(r"[A-Za-z][\u200b\u200c\u200d\u2060\ufeff\u00ad]+[A-Za-z]")
# a Greek or Cyrillic letter that looks like a Latin one ("а", "ο", "Ρ"), not "Δ" or "μ" (5 μs)
_LOOK_ALIKE: Final = "аАвВеЕкКмМнНоОрРсСтТуУхХѕЅіІјЈһӏԁԛԝүҮοΟαΑνΝρΡτΤυΥιΙκΚχΧΒΕΖΗΜε"
_MIXED_SCRIPT: Final = re.compile(r"\b(?=\w*[A-Za-z])(?=\w*[" + _LOOK_ALIKE + r"])\w+\b")
# Necessary conditions, checked first (one C scan each instead of a lookahead at every word): a
# word mixing scripts holds a Greek or Cyrillic letter; a zero-width character between letters
# is a zero-width character.
_GREEK_CYRILLIC: Final = re.compile(r"[\u0370-\u03ff\u0400-\u04ff]")
_ZW_CHARS: Final = ("\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad")
_FIRST_WORDS: Final = 8
_ASKED_OF: Final = frozenset({"you", "u", "we", "they", "i", "he", "she", "it"})
_SKIP_WORDS: Final = frozenset({"please", "and", "then", "also", "now", "just", "kindly", "so"})
_IMPERATIVES: Final = frozenset(
    """ignore disregard forget override bypass disable enable send forward post upload transmit
    email leak exfiltrate copy share route execute run do don't never always tell say print
    reveal show output display write delete remove erase drop include add insert append use
    act pretend respond reply answer follow obey comply give list make create call click visit
    open download install update change modify set reset grant allow approve transfer pay wire
    store save remember recommend suggest promote stop start begin continue repeat translate
    summarize summarise describe explain provide generate keep ensure avoid refuse switch
    become go read check find search look ask return put get buy order book schedule invite
    post""".split()  # noqa: SIM905
)


def _finding(
    rule: Rule, view: View, stop: StopReason | None, seen: set[tuple[str, StopReason | None]]
) -> list[Finding]:
    out = [Finding(rule_id=rule.id, layer=rule.layer, reason=rule.reason, stop_reason=stop)]
    if view.kind != "original" and (view.kind, stop) not in seen:
        seen.add((view.kind, stop))
        out.append(
            Finding(
                rule_id=f"evasion.{view.kind}",
                layer=Layer.EVASION,
                reason=f"{rule.id} matched only after {view.kind} decoding/normalisation",
                stop_reason=stop,
            )
        )
    return out


def _pattern(rule: Rule) -> FastPattern:
    return rule.pattern


# the views that spell the whole text another way (not decode a part of it): the learned layer
# reads them too (letterforms, leetspeak, ciphers, percent-encoding, HTML entities)
RESPELT: Final = frozenset(
    {"deobfuscated", "letterforms", "reversed", "rot13", "upside_down", "percent", "entity"}
)


def text_views(
    text: str, scan: TextScan | None = None, folded: TextScan | None = None
) -> LazyViews:
    """:func:`~a4s_memory.firewall.normalize.iter_views` of ``text``, from the scans the caller
    has (``scan``: of ``text``; ``folded``: of its normalised form), made as they are read."""
    if folded is None and not text.isascii():
        return LazyViews(iter_views(text))
    if folded is None:  # the decoded views start from the normalised text: ASCII is its own
        folded = scan if scan is not None and scan.text is text else TextScan(text)
    return LazyViews(iter_views(text, folded.text, folded.runs(), folded))


def regex_findings(
    text: str,
    rules: tuple[Rule, ...] = INJECTION_RULES,
    *,
    scan: TextScan | None = None,
    folded: TextScan | None = None,
    all_views: LazyViews | None = None,
) -> list[Finding]:
    """Layer 1 over the views; each rule reported once (first view that hits). ``scan`` is the
    :class:`TextScan` of ``text`` and ``folded`` the one of its normalised form
    (:func:`~a4s_memory.firewall.normalize.normalized`) when the caller already has them;
    ``all_views`` the :func:`text_views` made from them, when it has those too.

    The views stop at the first one after which a rule has refused the text as injection, unless
    that rule is one a config paste's structure can lift (``config_paste.STRUCTURAL_RULES``):
    ``INJECTION_DETECTED`` outranks every stop reason a later view or layer can give, so later
    views could only add names to a refusal already named, and the re-spelling views are the
    dearest part of a long attack's check."""
    findings: list[Finding] = []
    hit: set[str] = set()
    seen: set[tuple[str, StopReason | None]] = set()
    if scan is None or scan.text is not text:
        scan = TextScan(text)
    if all_views is None:
        all_views = text_views(text, scan, folded)
    # The normalised view (when there is one, always the second) replaces the original for the
    # full scan: it only removes invisible characters and folds look-alikes, so it matches
    # everything the original would. A hit is attributed to the original when the original alone
    # also matches.
    rest = iter(all_views)
    primary = original = next(rest)
    if not text.isascii() and (folded is None or folded.text != text):
        second = next(rest, None)  # asked for only when there may be one: views cost
        if second is not None and second.kind == "normalized":
            primary = second
        elif second is not None:
            rest = itertools.chain((second,), rest)
    for view in itertools.chain((primary,), rest):
        if view.text is text:
            vscan = scan
        elif folded is not None and view.text is folded.text:
            vscan = folded
        else:
            vscan = view.scan if view.scan is not None else TextScan(view.text)
        lower = vscan.lower
        for rule in may_run(rules, _pattern, vscan):  # hsfilter: the rules that may match
            if rule.id in hit:
                continue
            if rule.search(view.text, lower, vscan):
                hit.add(rule.id)
                kind = view
                if view.kind == "normalized" and rule.search(text, scan.lower, _asked(scan, rule)):
                    kind = original
                findings.extend(_finding(rule, kind, rule.stop_reason, seen))
        if any(f.stop_reason is _INJ and f.rule_id not in STRUCTURAL_RULES for f in findings):
            break
    if not text.isascii():
        findings.extend(_unicode_markers(text))
    return findings


def _asked(scan: TextScan, rule: Rule) -> TextScan | None:
    """``scan`` when the prefilter has already answered for the text ``rule`` runs on, else None:
    whether the original alone matches is one rule's question, cheaper asked of ``re`` than of a
    Hyperscan scan of every rule over the text (a 10 KB text: ~0.3 ms, asked for most texts whose
    normalised view a rule matched)."""
    return (
        scan if scan.answered(hsfilter.LOWER if rule.pattern.on_lower else hsfilter.TEXT) else None
    )


def _zero_width_inside_words(text: str) -> bool:
    return any(c in text for c in _ZW_CHARS) and _ZW_BETWEEN_LETTERS.search(text) is not None


def has_mixed_script_word(text: str) -> bool:
    """A word mixing Latin letters with Greek or Cyrillic ones that look like Latin letters."""
    return _GREEK_CYRILLIC.search(text) is not None and _MIXED_SCRIPT.search(text) is not None


# (test, rule id, reason, stop reason) of the evasion markers of a non-ASCII text: the first two
# refuse on their own (no legitimate use), the others are soft (suspicious only)
_MARKERS: Final[tuple[tuple[Callable[[str], bool], str, str, StopReason | None], ...]] = (
    (
        has_tag_chars,
        "evasion.tag_chars",
        "Unicode tag characters (invisible ASCII smuggling)",
        _INJ,
    ),
    (
        has_selector_run,
        "evasion.variation_smuggling",
        "variation selectors in a row (bytes smuggled after an emoji)",
        _INJ,
    ),
    (_zero_width_inside_words, "evasion.zero_width", "zero-width characters inside words", None),
    (
        has_mixed_script_word,
        "evasion.homoglyph",
        "word mixes Latin with Cyrillic/Greek letters",
        None,
    ),
)


def _unicode_markers(text: str) -> list[Finding]:
    return [
        Finding(rule_id=rule_id, layer=Layer.EVASION, reason=reason, stop_reason=stop)
        for found, rule_id, reason, stop in _MARKERS
        if found(text)
    ]


def shannon_entropy(token: str) -> float:
    if not token:
        return 0.0
    n = len(token)
    return -sum((c / n) * math.log2(c / n) for c in Counter(token).values())


def max_token_entropy(text: str, min_len: int) -> float:
    """Highest entropy among whitespace tokens of at least ``min_len`` chars, each measured over
    its runs of base64 characters that are ``min_len`` long too. URLs are skipped: a
    link is not obfuscation (its base64 parts are decoded and re-checked, and high-entropy
    tokens are already redacted as possible secrets before this runs)."""
    return max((shannon_entropy(run) for run in _measured_runs(text, min_len)), default=0.0)


def token_entropy_above(text: str, min_len: int, threshold: float) -> bool:
    """``max_token_entropy(text, min_len) > threshold``, stopping at the first token above it."""
    if threshold < 0.0:
        return True  # the maximum starts at 0.0
    return any(shannon_entropy(run) > threshold for run in _measured_runs(text, min_len))


# Characters that are not base64 / base64url. An encoded payload is one unbroken run of that
# alphabet; a code token's brackets, quotes, dots and parentheses raised its entropy over the
# threshold (``os.environ["DATABASE_CONNECTION_STRING"]``: 49 of 699 25-line blocks of this
# repository's own code had such a token, tests/unit/firewall/test_fw_code_entropy.py). As
# detect-secrets does, only such a run is measured, and only when it is ``min_len`` long itself.
_NOT_BASE64: Final = re.compile(r"[^0-9A-Za-z+/=_-]+")


def _measured_runs(text: str, min_len: int) -> Iterator[str]:
    """Every run of base64 / base64url characters ``min_len`` long, in the blank-separated
    tokens with their URLs taken out (a token that is one, or a Markdown link's target inside
    one: "[the RFC](https://...)"); a path assigned to a name (``PYTHONPATH=/home/...``; no
    base64 holds "=/") apart from the name; an absolute file path (a run opening with "/", 2+ of
    them, no "+" or "=") by its segments that are ``min_len`` long (a payload's long segments
    still count; a key with "/" inside, as AWS secret keys have, is measured whole)."""
    for token in _long_tokens(text.replace(REDACTION_TOKEN, " "), min_len):
        if "://" in token:
            token = _URL_IN_TOKEN.sub(" ", token)
        for run in _NOT_BASE64.split(token):
            for part in _ASSIGNED_PATH.split(run) if "=/" in run else (run,):
                if len(part) < min_len:
                    continue
                if part[0] == "/" and part.count("/") >= 2 and "+" not in part and "=" not in part:
                    yield from (seg for seg in part.split("/") if len(seg) >= min_len)
                else:
                    yield part


@cache
def _token_patterns(min_len: int) -> tuple[re.Pattern[str], re.Pattern[str]]:
    return re.compile(f"\\S{{{min_len},}}"), re.compile(f"\\s(\\S{{{min_len},}})")


def _long_tokens(text: str, min_len: int) -> list[str]:
    """``[t for t in text.split() if len(t) >= min_len]``, found by ``re`` from blank to blank."""
    if min_len < 1:
        return [t for t in text.split() if len(t) >= min_len]
    head, after_blank = _token_patterns(min_len)
    first = head.match(text)
    out = [first.group(0)] if first is not None else []
    out.extend(after_blank.findall(text))
    return out


def agent_references(text: str) -> int:
    """Distinct @mentions in the prose (e-mail addresses, code and npm scopes excluded: an
    ``@Entity`` annotation in a fenced block or ``@types/node`` mentions no one; GitHub
    comments, thirty-seventh session; nor do the annotations, code lines and doc comments of
    code pasted without a fence, forty-fourth session: code_spans.without_annotations)."""
    return _mentions(without_annotations(prose_only(text)))


def _mentions(text: str) -> int:
    return len({m.group(1).lower() for m in _AGENT_REF.finditer(text)})


def split_sentences(text: str) -> list[str]:
    """The pieces between the sentence separators (``re.split`` of the split regex above)."""
    pieces: list[str] = []
    pos = 0
    for m in _SENTENCE_END.finditer(text):
        cut = m.start(1)
        pieces.append(text[pos : m.start() if cut < 0 else cut])
        pos = m.end()
    pieces.append(text[pos:])
    return pieces


def _sentences(text: str) -> list[str]:
    return [s for s in split_sentences(text) if s and s.strip()]


def _is_imperative(sentence: str) -> bool:
    """Does ``sentence`` open (after list markers and skip words) with an imperative verb? A
    question is no order ("do you know if it has been released?", "Look, is it open?"), nor is
    "do" before a pronoun without its question mark (a chat turn to an assistant, thirtieth
    session: Schema-Guided Dialogue's user turns)."""
    if sentence.rstrip().endswith("?"):
        return False
    # only the first words matter: split a few, and everything when they are all skip words
    lowered = _LEAD_NOISE.sub("", sentence).lower()
    words = lowered.split(None, _FIRST_WORDS)
    if len(words) > _FIRST_WORDS and all(
        w.strip(",:;") in _SKIP_WORDS for w in words[:_FIRST_WORDS]
    ):
        words = lowered.split()
    i = 0
    while i < len(words) and words[i].strip(",:;") in _SKIP_WORDS:
        i += 1
    if i >= len(words) or words[i].strip(",:;!") not in _IMPERATIVES:
        return False
    return not (words[i] == "do" and i + 1 < len(words) and words[i + 1] in _ASKED_OF)


def imperative_density(text: str) -> tuple[float, int]:
    """(fraction of sentences that open with an imperative verb, number of sentences)."""
    sentences = _sentences(text)
    if not sentences:
        return 0.0, 0
    imperative = sum(1 for sentence in sentences if _is_imperative(sentence))
    return imperative / len(sentences), len(sentences)


def imperative_above(text: str, threshold: float, min_sentences: int) -> bool:
    """``count >= min_sentences and density > threshold`` for ``(density, count) =
    imperative_density(text)``, stopping as soon as the sentences left cannot lift the density
    above ``threshold``: a benign text stops after ~40 % of its sentences. Exact: the final
    count of imperatives is at most the count so far plus the sentences left, and a float
    division by the same positive count never decreases when its numerator grows."""
    sentences = _sentences(text)
    n = len(sentences)
    if n < min_sentences:
        return False
    if not n:
        return threshold < 0.0  # imperative_density's (0.0, 0)
    imperative = 0
    for i, sentence in enumerate(sentences):
        if (imperative + (n - i)) / n <= threshold:
            return False
        if _is_imperative(sentence):
            imperative += 1
    return imperative / n > threshold


def heuristic_findings(text: str, config: FirewallConfig) -> list[Finding]:
    """Layer 2 on the (already redacted) text."""
    stop = _INJ if config.heuristic_action is HeuristicAction.REJECT else None
    out: list[Finding] = []
    if len(text) >= config.entropy_min_token and token_entropy_above(
        text, config.entropy_min_token, config.entropy_threshold
    ):
        out.append(
            Finding(
                rule_id="g2.heuristic.entropy",
                layer=Layer.HEURISTIC,
                reason=f"token entropy above {config.entropy_threshold} bits/char",
                stop_reason=stop,
            )
        )
    # the raw count first: prose has no mention the whole text lacks, and the prose costs a pass
    if (
        "@" in text
        and _mentions(text) > config.max_agent_refs
        and agent_references(text) > config.max_agent_refs
    ):
        out.append(
            Finding(
                rule_id="g2.heuristic.agent_refs",
                layer=Layer.HEURISTIC,
                reason=f"more than {config.max_agent_refs} other agents referenced",
                stop_reason=stop,
            )
        )
    if imperative_above(text, config.imperative_threshold, config.imperative_min_sentences):
        out.append(
            Finding(
                rule_id="g2.heuristic.imperative",
                layer=Layer.HEURISTIC,
                reason=f"imperative density above {config.imperative_threshold:.0%}",
                stop_reason=stop,
            )
        )
    return out
