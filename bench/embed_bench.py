"""MiniLM-ONNX: float32 arithmetic (the shipped model) vs int8 arithmetic (store/embedder_quant.py).

    .venv/bin/python bench/embed_bench.py                  # hold-out conversations 41, 42, 43
    .venv/bin/python bench/embed_bench.py --conversations 26,30,41,42,43 --repeat 3

In one run, on the same texts (LoCoMo turns as the recall bench writes them, ``Name (user): text``):

* CPU time per text of ``_Model.encode`` (one onnxruntime thread; one inference per text since
  the thirty-sixth session, length-sorted batches of 32 before), best of ``--repeat`` passes, and
  the ratio between the two;
* how far apart the vectors are (cosine between the two arithmetics' vectors of each turn);
* vector-only retrieval: each question ranks its conversation's turns by cosine alone
  (recall@10 / MRR of the evidence turns; no graph, no BM25, no rerank). Nothing was tuned on
  these conversations for this comparison: the rewrite has no parameter chosen from data.

JSON to bench/results/embed.json. Needs the ``embed`` extra (``make install`` has it).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from a4s_memory.store.embedder_onnx import _Model
from bench.recall_data import CONVERSATION_IDS, CORPUS, HOLDOUT, Conversation, parse

RESULTS = Path(__file__).resolve().parent / "results" / "embed.json"


def _texts(conv: Conversation) -> list[str]:
    return [f"{t.speaker} (user): {t.text}" for t in conv.turns]


def _cpu_ms_per_text(model: _Model, texts: list[str], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        model.encode(texts)
        best = min(best, time.process_time() - start)
    return 1000 * best / len(texts)


def _retrieval(vectors: dict[int, tuple[Any, Any]], convs: list[Conversation]) -> dict[str, float]:
    hits, reciprocal = [], []
    for conv in convs:
        turns, questions = vectors[conv.cid]
        ids = [t.dia_id for t in conv.turns]
        scores = questions @ turns.T
        for row, question in zip(scores, conv.questions, strict=True):
            top = [ids[i] for i in np.argsort(-row, kind="stable")[:10]]
            ranks = [r for r, dia in enumerate(top) if dia in question.evidence]
            hits.append(bool(ranks))
            reciprocal.append(1 / (ranks[0] + 1) if ranks else 0.0)
    return {
        "questions": len(hits),
        "recall_at_10": round(float(np.mean(hits)), 4),
        "mrr": round(float(np.mean(reciprocal)), 4),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--conversations", default=",".join(map(str, HOLDOUT)))
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    wanted = {int(c) for c in args.conversations.split(",")}
    raw = json.loads(CORPUS.read_text(encoding="utf-8"))
    convs = [parse(o, c) for o, c in zip(raw, CONVERSATION_IDS, strict=True) if c in wanted]
    texts = [text for conv in convs for text in _texts(conv)]
    report: dict[str, Any] = {"conversations": sorted(wanted), "turns": len(texts)}
    encoded: dict[str, list[Any]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        for arithmetic, int8_dir in (("float32", None), ("int8", Path(scratch))):
            started = time.perf_counter()
            model = _Model.load(1, int8_dir)
            load_s = time.perf_counter() - started
            if model.int8_arithmetic != (int8_dir is not None):
                raise SystemExit(f"{arithmetic}: the model did not load as asked")
            print(f"{arithmetic}: loaded in {load_s:.1f} s; encoding {len(texts)} turns")
            per_conv = {
                c.cid: (
                    np.asarray(model.encode(_texts(c))),
                    np.asarray(model.encode([q.text for q in c.questions])),
                )
                for c in convs
            }
            encoded[arithmetic] = [per_conv[c.cid][0] for c in convs]
            report[arithmetic] = {
                "load_s_first": round(load_s, 2),
                "cpu_ms_per_text": round(_cpu_ms_per_text(model, texts, args.repeat), 2),
                "vector_only": _retrieval(per_conv, convs),
            }
    cos = np.concatenate(
        [(a * b).sum(axis=1) for a, b in zip(encoded["float32"], encoded["int8"], strict=True)]
    )
    report["cosine_float32_vs_int8"] = {
        "min": round(float(cos.min()), 4),
        "p01": round(float(np.quantile(cos, 0.01)), 4),
        "mean": round(float(cos.mean()), 4),
    }
    report["cpu_ratio_float32_over_int8"] = round(
        report["float32"]["cpu_ms_per_text"] / report["int8"]["cpu_ms_per_text"], 2
    )
    report["machine"] = {"python": platform.python_version()}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
