"""What the re-spelling steps cost a firewall decision (issue 14, thirteenth and fourteenth
sessions).

    .venv/bin/python bench/views_cost.py [--runs 60] [--steps letterforms|fourteenth] [--out F]

A/B in one process, text by text: the same decision with a set of steps switched off
(``letterforms``: the ``letterforms`` view's :func:`~a4s_memory.firewall.letterforms.plain_letters`
replaced by the identity, :func:`~a4s_memory.firewall.ciphers.cipher_views` by "no view";
``fourteenth``: the typing-error, dropped-vowel and doubled-letter readings by the identity, the
emoji-smuggling check by "none") and on, alternated
run by run so drift of a shared machine hits both alike; the thread's CPU time, 20th percentile
of ``--runs`` each. Texts: French, Spanish and German chat (diacritics on every line: the view
then holds most of the text), English with curly quotes and an emoji (non-ASCII, no letter
forms) and plain ASCII English, at 2 and 10 KB. Prints JSON (and writes it to ``--out``); not
in ``make bench``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from a4s_memory.firewall import (  # noqa: E402
    Firewall,
    WriteRequest,
    hsfilter,
    injection,
    normalize,
    obfuscation,
)

_CHAT = {
    "fr": "Je voudrais réserver une table près de la fenêtre pour jeudi soir, et ma sœur préfère "
    "le café crème. Nous avons visité le musée d'Orsay, c'était très intéressant; l'été dernier "
    "à Genève aussi. ",
    "es": "¿Podrías recordarme la reunión del miércoles con el señor Núñez? También quiero añadir "
    "la canción que escuchamos en el café. La próxima semana viajaré a Málaga con mi familia. ",
    "de": "Ich möchte nächste Woche über die Prüfung sprechen, sie ist schwer. Außerdem müssen wir "
    "die Größe der Küche prüfen, bevor wir die Möbel kaufen. Grüße an Jürgen! ",
    "en-quotes": "We went hiking by the lake on Saturday \u2014 my sister\u2019s new dog "
    "came along \U0001f415. ",
    "en": "We went hiking by the lake on Saturday and my sister brought her new dog along. ",
}


def _identity(text: str) -> str:
    return text


def _no_views(text: str, scan: object = None) -> list[tuple[str, str]]:
    return []


def _never(text: str) -> bool:
    return False


# the steps each set switches off and on: (module, attribute, what stands in while off)
_STEP_SETS: dict[str, tuple[tuple[object, str, object], ...]] = {
    # thirteenth session: the letter-form and cipher views
    "letterforms": (
        (obfuscation, "plain_letters", _identity),
        (normalize, "cipher_views", _no_views),
    ),
    # fourteenth session: typing errors and dropped vowels, doubled letters, the emoji-smuggling
    # check (the steps whose gates every text is asked about)
    "fourteenth": (
        (obfuscation, "retyped", _identity),
        (obfuscation, "_undoubled", _identity),
        (
            injection,
            "_MARKERS",
            tuple(m for m in injection._MARKERS if m[1] != "evasion.variation_smuggling"),
        ),
        (normalize, "has_selector_run", _never),
    ),
}


def _switch(steps: tuple[tuple[object, str, object], ...], on: tuple[object, ...] | None) -> None:
    for i, (module, name, off) in enumerate(steps):
        setattr(module, name, off if on is None else on[i])


def _cpu(fw: Firewall, text: str) -> float:
    start = time.thread_time()
    fw.check(WriteRequest(text=text))
    return time.thread_time() - start


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--steps", choices=sorted(_STEP_SETS), default="letterforms")
    args = parser.parse_args(argv)
    fw = Firewall()
    if not hsfilter.wait(300):
        raise SystemExit("the Hyperscan prefilter did not compile")
    step_set = _STEP_SETS[args.steps]
    steps = tuple(getattr(module, name) for module, name, _ in step_set)
    report = {}
    for lang, chat in _CHAT.items():
        for size in (2_000, 10_000):
            text = (chat * (size // len(chat) + 1))[:size]
            off: list[float] = []
            on: list[float] = []
            for _ in range(args.runs):
                _switch(step_set, None)
                off.append(_cpu(fw, text))
                _switch(step_set, steps)
                on.append(_cpu(fw, text))
            a = statistics.quantiles(off, n=10)[1] * 1e6
            b = statistics.quantiles(on, n=10)[1] * 1e6
            report[f"{lang}-{size}"] = {
                "off_us": round(a),
                "on_us": round(b),
                "ratio": round(b / a, 2),
            }
    print(json.dumps(report, indent=1))
    if args.out:
        args.out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
