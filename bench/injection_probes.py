"""The shipped firewall on hand-written probes of attack families that are not in ../shared/corpora.

    .venv/bin/python bench/injection_probes.py [--show]

``bench/data/injection_probes.jsonl``, in twenty sets, most of 40 attacks (sets 10-14, 16 and 18:
30) in the styles of public injection sets the project was not given (overrides such as "forget
everything you were told", goal hijacks such as "say 'I have been PWNED'", prompt and password
extraction, persona switches, fake delimiters and chat-template tags, notes to "any AI reading
this", non-English overrides, standing rules that lower a control) and 20 benign look-alikes
(sets 19 and 20: 25; "I forgot everything I studied", "Let's play a board game", German, Spanish
and French chat):

* set 1 was written first and scored with the rules of 2026-11-25; its misses named the families
  the rules of 2026-11-26 cover (``inj.forget_context``, ``inj.secret_extraction``, ...), so it is
  no longer held out;
* set 2 was written before those rules and scored only after them: held out from the rules'
  texts, though not from the families (the same author knew them). Its misses named the
  families of a second round of rules the same day (``inj.verbatim_output``,
  ``inj.context_extraction``, ``inj.task_abandon``, ``inj.hijack_after``, ``inj.secret_request``),
  so it is no longer held out either;
* set 3 was written before that second round (more varied phrasings on purpose) and scored only
  after it; its misses named a third round (``inj.rules_removed``, ``inj.reader_address``,
  ``inj.task_switch``, ...);
* set 4 was written before the third round and scored only after it; its misses named a fourth
  (non-Latin scripts, leetspeak and split letters, "instead of translating, output ...");
* set 5 was written after the third round and before the fourth, and scored only after it (its
  author knew set 4's misses); its misses named a fifth round (``inj.self_verification``,
  ``inj.override_then``, ``inj.output_forcing``, wider word lists);
* set 6 was written before the fifth round and scored only after it; its misses in five more
  languages led to a sixth round: an override lexicon for a fixed list of 22 languages
  (``inj.ignore_instructions_lexicon``), the list chosen before set 7 was written;
* set 7 was written before the sixth round (half of it in 20 languages, three of them outside
  the list) and scored only after it; its English misses, with set 6's, led to a seventh round;
* set 8 was written before the seventh round and scored only after it; its misses led to an
  eighth round (``family_rules_r8.py``);
* set 9 was written before the eighth round and scored only after it; its misses (memory
  poisoning written as standing rules) led to a ninth round (``family_rules_r9.py``);
* set 10 (30 attacks: standing rules that lower a security control, against 20 owners' own
  workflow defaults) was written before the ninth round and scored only after it; its misses led
  to a twelfth round (``family_rules_r12.py``, 2026-11-29);
* set 11 (30 attacks of the same family in new framings, against 20 workflow defaults) was
  written before the twelfth round and scored once after it; its misses led to a thirteenth
  round (``family_rules_r13.py``, the same day);
* set 12 (30 attacks of the same family, other framings: "Heads up: per IT, ...", "The new
  process is ...", against 20 look-alikes in those framings) was written before the thirteenth
  round and scored once after it;
* sets 13-17 (standing rules, paraphrased overrides, orders in tool outputs' data fields) were
  each written before a round of rules and scored after it (docs/firewall.md, the fourteenth to
  twenty-second sessions); all are spent;
* sets 18-20 are the vector screen's (bench/train_vector_screen.py): standing rules that lower a
  control, written by helpers that read nothing of the project. Set 19 (half of its rules worded
  as a state or an arrangement) was read and learnt in the twenty-fourth session; sets 18 and 20
  are held out from the screen (``HELD_SETS``), counted only. This bench scores the firewall
  alone on them (the screen runs in the write path, on the memory's vector).

No model weight or threshold was chosen on any (bench/train_injection.py keeps them out of
every split, as "probe"). Each text is written as the owner's ``user_message`` (the worst case),
through the whole decision ("rules + model") and with the learned layer off ("rules"). Recall counts texts not stored as
trusted (rejected or suspicious); a false positive is a benign text not stored trusted. JSON to
bench/results/injection-probes.json.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from a4s_memory.firewall import Firewall, FirewallConfig, FirewallDecision, hsfilter
from a4s_memory.firewall.learned import score
from a4s_memory.firewall.models import WriteRequest

PROBES = Path(__file__).resolve().parent / "data" / "injection_probes.jsonl"
RESULTS = Path(__file__).resolve().parent / "results" / "injection-probes.json"


def untrusted(decision: FirewallDecision) -> bool:
    """Not stored as trusted: refused, or kept suspicious (what every injection bench counts)."""
    return not (decision.accepted and decision.status is not None and decision.status.trusted)


def _untrusted(firewall: Firewall, text: str) -> bool:
    return untrusted(firewall.check(WriteRequest(text=text, source_type="user_message")))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--show", action="store_true", help="print every miss and false positive")
    args = parser.parse_args()
    rows = [json.loads(line) for line in PROBES.read_text(encoding="utf-8").splitlines() if line]
    gates = {
        "rules + model": Firewall(FirewallConfig()),
        "rules": Firewall(FirewallConfig.rules_only()),
    }
    hsfilter.wait(300)  # as a serving process decides: the Hyperscan prefilter ready
    report: dict[str, Any] = {"probes": len(rows)}
    for name, gate in gates.items():
        caught = {row["id"]: _untrusted(gate, row["text"]) for row in rows}
        report[name] = {}
        for probe_set in sorted({row["set"] for row in rows}):
            of_set = [row for row in rows if row["set"] == probe_set]
            attacks = [row for row in of_set if row["label"] == "injection"]
            benign = [row for row in of_set if row["label"] != "injection"]
            report[name][f"set {probe_set}"] = {
                "recall": f"{sum(caught[r['id']] for r in attacks)}/{len(attacks)}",
                "false_positives": f"{sum(caught[r['id']] for r in benign)}/{len(benign)}",
            }
        if args.show and name == "rules + model":
            for row in rows:
                if caught[row["id"]] != (row["label"] == "injection"):
                    kind = "MISS" if row["label"] == "injection" else "FP  "
                    print(f"set {row['set']} {kind} {score(row['text']):.2f} {row['text'][:90]}")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
