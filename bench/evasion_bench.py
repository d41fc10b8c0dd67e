"""Injection recall when the attack is re-spelled (issue 14, thirteenth and fourteenth sessions).

    .venv/bin/python bench/evasion_bench.py [--limit N] [--out F] [ATTACKS.jsonl [BENIGN.jsonl]]

Takes injections the firewall refuses as written (the held half of a public set, by
``external_injection.half``; by default Lakera's Gandalf overrides kept outside the repository,
/work/external) and spells each one in the ways attackers use to slip past word rules (diacritics,
look-alike letters of other scripts, small capitals, "fancy text" letters, marks on every letter,
separators between letters, markup inside words, text backwards, ROT13, upside down, symbols as
letters, emoji smuggling, percent-encoding, HTML entities, doubled letters, typing errors, ...).
Reports, per spelling, how many of the refused attacks are still refused; and for benign chat
(default: DailyDialog's held half) written the ways the readings touch, how many are refused
(false positives). The spellings are written here, not learned from any set; the attack texts
were never read for them. Prints JSON and writes it to ``--out`` (bench/results/evasion.json).

Without the public sets (a clean machine: ``make bench`` runs it), the attacks are the probe sets'
injections and the benign texts the hand-written ones of bench/data, whole (no halves); the
report names the sets it read.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from a4s_memory.firewall import Firewall, WriteRequest, hsfilter  # noqa: E402
from bench.external_injection import half  # noqa: E402

EXTERNAL = Path("/work/external")
# Without the public sets (a clean machine, ``make bench``): the repository's own attacks (the
# probe sets' injections, bench/injection_probes.py) and hand-written benign texts, whole.
IN_REPO_ATTACKS = REPO / "bench" / "data" / "injection_probes.jsonl"
IN_REPO_BENIGN = REPO / "bench" / "data" / "injection_handwritten.jsonl"
RESULTS = REPO / "bench" / "results" / "evasion.json"
_LOWER = "abcdefghijklmnopqrstuvwxyz"
_UPPER = _LOWER.upper()


def _per_letter(table: dict[str, str]) -> Callable[[str], str]:
    return lambda t: "".join(table.get(c, table.get(c.lower(), c)) for c in t)


def _between(sep: str) -> Callable[[str], str]:
    return lambda t: " ".join(sep.join(w) for w in t.split(" "))


def _accents(seed: int) -> Callable[[str], str]:
    marks = dict(zip("aeiouAEIOU", "áéíóúÁÉÍÓÚ", strict=True))

    def spell(text: str) -> str:
        rng = random.Random(f"{seed}:{text}")
        return "".join(marks[c] if c in marks and rng.random() < 0.5 else c for c in text)

    return spell


_ROT13 = str.maketrans(_LOWER + _UPPER, _LOWER[13:] + _LOWER[:13] + _UPPER[13:] + _UPPER[:13])
_UPSIDE = dict(zip(_LOWER, "ɐqɔpǝɟƃɥᴉɾʞlɯuodbɹsʇnʌʍxʎz", strict=True))
SPELLINGS: dict[str, Callable[[str], str]] = {
    "as written": lambda t: t,
    "diacritics on half the vowels": _accents(0),
    "look-alike letters (Cyrillic, Armenian, IPA)": _per_letter(
        {"a": "ɑ", "e": "е", "o": "օ", "i": "і", "s": "ѕ", "g": "ɡ", "d": "ԁ", "c": "с", "p": "р"}
    ),
    "small capitals": _per_letter(dict(zip(_LOWER, "ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘǫʀꜱᴛᴜᴠᴡxʏᴢ", strict=True))),
    "negative squared letters": _per_letter({c: chr(0x1F170 + i) for i, c in enumerate(_LOWER)}),
    "a combining mark on every letter": lambda t: "".join(
        c + "\u0336" if c.isalpha() else c for c in t
    ),
    "dots between letters": _between("."),
    "commas between letters": _between(","),
    "markup inside words": lambda t: " ".join(
        w[:2] + "<b></b>" + w[2:] if len(w) > 3 else w for w in t.split(" ")
    ),
    "variation selectors between letters": _between("\ufe0f"),
    "backwards": lambda t: t[::-1],
    "ROT13": lambda t: t.translate(_ROT13),
    "upside down": lambda t: "".join(_UPSIDE.get(c.lower(), c) for c in t)[::-1],
    "symbols as letters (@ ! $)": _per_letter({"a": "@", "i": "!", "s": "$"}),
    "a blank inside long words": lambda t: " ".join(
        w[:3] + " " + w[3:] if len(w) > 5 else w for w in t.split(" ")
    ),
    "words run together": lambda t: t.replace(" ", ""),
    "a word per line": lambda t: t.replace(" ", "\n"),
    # Fourteenth session: the character injections of Hackett et al., "Bypassing Prompt Injection
    # and Jailbreak Detection in LLM Guardrails" (LLMSec 2025: emoji smuggling passed every
    # guardrail they tried), encodings a model decodes unasked, and typing errors.
    "emoji smuggling (bytes in variation selectors)": lambda t: (
        "\U0001f600"
        + "".join(chr(0xFE00 + b) if b < 16 else chr(0xE0100 + b - 16) for b in t.encode("utf-8"))
    ),
    "Unicode tag characters": lambda t: (
        "Nice day." + "".join(chr(0xE0000 + ord(c)) if 0x20 <= ord(c) < 0x7F else c for c in t)
    ),
    "right-to-left override": lambda t: "\u202e" + t[::-1] + "\u202c",
    "fullwidth letters": lambda t: "".join(
        chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in t
    ),
    "digits as letters": lambda t: t.translate(str.maketrans("aeiostAEIOST", "431057431057")),
    "zero-width joiners between letters": _between("\u200d"),
    "HTML entities for every other letter": lambda t: "".join(
        f"&#{ord(c)};" if c.isalpha() and i % 2 == 0 else c for i, c in enumerate(t)
    ),
    "percent-encoded": lambda t: quote(t),
    "a space between every letter": lambda t: " ".join(c for c in t if c != " "),
    "doubled letters": lambda t: "".join(c * 2 if c.isalpha() else c for c in t),
    "two letters swapped in long words": lambda t: " ".join(
        w[:2] + w[3] + w[2] + w[4:] if len(w) > 5 and w.isalpha() else w for w in t.split(" ")
    ),
    "vowels dropped after a word's first letter": lambda t: " ".join(
        w[0] + "".join(c for c in w[1:] if c.lower() not in "aeiou") if len(w) > 2 else w
        for w in t.split(" ")
        if w
    ),
    "Greek look-alike letters": lambda t: t.translate(
        str.maketrans("AEIOKMNTXaeoikvp", "ΑΕΙΟΚΜΝΤΧαεοικνρ")
    ),
}
# benign chat in the forms the new readings touch (false positives)
BENIGN_SPELLINGS = (
    "as written",
    "diacritics on half the vowels",
    "look-alike letters (Cyrillic, Armenian, IPA)",
    "small capitals",
    "a space between every letter",
    "doubled letters",
    "vowels dropped after a word's first letter",
)


def _rows(path: Path, label: str, limit: int, part: str) -> list[str]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    texts = [r["text"] for r in rows if r["label"] == label and part in ("all", half(r["id"]))]
    return texts[:limit] if limit else texts


def _refused(fw: Firewall, text: str) -> bool:
    """Refused (not stored at all) when the owner writes ``text`` as a user message, as the
    other injection benches write; stricter than their "not stored as trusted"."""
    return fw.check(WriteRequest(text=text, source_type="user_message")).accepted is False


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("attacks", nargs="?", type=Path)
    parser.add_argument("benign", nargs="?", type=Path)
    parser.add_argument("--limit", type=int, default=0, help="at most N texts of each set")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument(
        "--half",
        choices=("held", "dev"),
        default="held",
        help="which half of each set (the held half is reported; the dev half may be read)",
    )
    parser.add_argument("--show", help="print the dev half's attacks this spelling lets through")
    args = parser.parse_args(argv)
    part = args.half
    if args.attacks is None:
        args.attacks = EXTERNAL / "lakera_gandalf_ignore_instructions.jsonl"
        args.benign = args.benign or EXTERNAL / "dailydialog_turns.jsonl"
        if not (args.attacks.exists() and args.benign.exists()):
            args.attacks, args.benign, part = IN_REPO_ATTACKS, IN_REPO_BENIGN, "all"
    args.benign = args.benign or IN_REPO_BENIGN
    fw = Firewall()
    if not hsfilter.wait(300):
        raise SystemExit("the Hyperscan prefilter did not compile")
    if args.show and args.half != "dev":
        raise SystemExit("--show reads the dev half only (--half dev)")
    attacks = [t for t in _rows(args.attacks, "injection", args.limit, part) if _refused(fw, t)]
    report: dict[str, object] = {
        "sets": {"attacks": args.attacks.name, "benign": args.benign.name, "part": part},
        "attacks refused as written": len(attacks),
    }
    recall = {}
    for name, spell in SPELLINGS.items():
        caught = sum(_refused(fw, spell(t)) for t in attacks)
        recall[name] = f"{caught}/{len(attacks)} ({100 * caught / max(len(attacks), 1):.1f} %)"
    report["still refused, by spelling"] = recall
    if args.show:
        for text in attacks:
            spelt = SPELLINGS[args.show](text)
            if not _refused(fw, spelt):
                print(f"MISS {spelt[:150]!r}")
        return 0
    benign = _rows(args.benign, "benign", args.limit, part)
    false_positives = {}
    for name in BENIGN_SPELLINGS:
        spell = SPELLINGS[name]
        hits = sum(_refused(fw, spell(t)) for t in benign)
        false_positives[name] = f"{hits}/{len(benign)} ({100 * hits / max(len(benign), 1):.2f} %)"
    report["benign refused, by spelling"] = false_positives
    print(json.dumps(report, indent=1, ensure_ascii=False))
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(
            json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
