"""The learned layer at several thresholds, on data not used to choose them.

    .venv/bin/python bench/injection_threshold.py

Scores the packaged model (a4s_memory/firewall/model/injection.npz) on bench/train_injection.py's
held-out *test* split (rules + model recall, all attacks and those not harmless on their own;
model false positives on its chat) and on the turns of the LoCoMo dialogs: 26 and 30 (tuning) and
41-43 (hold-out: the reported false positives), each turn as the write path renders a message
with a speaker name ("Name (user): ..."), without one ("user: ...") and as bare text.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from a4s_memory.firewall import FirewallConfig
from a4s_memory.firewall.learned import score, thresholds
from bench import train_injection as training
from bench.recall_data import CONVERSATION_IDS, CORPUS, parse

# The shipped threshold and the ones earlier models used.
THRESHOLDS = tuple(sorted({thresholds(FirewallConfig())[0], 0.62, 0.66, 0.69, 0.72, 0.76, 0.80}))


def main() -> None:
    items = training.load_items()
    training.run_rules(items)
    test = [it for it in items if it.split == "test"]
    scores = {id(it): score(training.gate_text(it.text)) for it in test}
    raw = json.loads(CORPUS.read_text(encoding="utf-8"))
    forms: dict[str, dict[int, list[float]]] = {}  # form -> dialog -> its turns' scores
    for obj, cid in zip(raw, CONVERSATION_IDS, strict=True):
        for t in parse(obj, cid).turns:
            for form, text in training.turn_forms(t.speaker, t.text):
                forms.setdefault(form, {}).setdefault(cid, []).append(score(text))
    tune_max = max(max(forms[f][cid]) for f in forms for cid in (26, 30))
    print(f"highest model score on the tuning dialogs 26, 30 (every form): {tune_max:.3f}")
    attacks = [it for it in test if it.y]
    directive = [it for it in attacks if it.variant not in training.HARMLESS_ALONE]
    chat = [it for it in test if not it.y and it.corpus in training.CHAT]
    held = {f: [s for cid in (41, 42, 43) for s in by_cid[cid]] for f, by_cid in forms.items()}
    for thr in THRESHOLDS:

        def caught(group: list[training.Item], t: float = thr) -> float:
            return sum(1 for it in group if it.rules_reject or scores[id(it)] >= t) / len(group)

        fp = sum(1 for it in chat if scores[id(it)] >= thr)
        dialog_fp = " / ".join(
            f"{sum(1 for s in scores_ if s >= thr)}" for scores_ in held.values()
        )
        print(
            f"threshold {thr:.2f}: recall (rules+model) all {caught(attacks):.3f}, "
            f"not harmless alone {caught(directive):.3f} | test chat FP {fp}/{len(chat)} | "
            f"hold-out dialog turns FP named / unnamed / bare {dialog_fp} of "
            f"{len(held['turn'])} each"
        )


if __name__ == "__main__":
    main()
