"""bench/external_sets/build_ni_appended.py: a task's definition appended to another task's data."""

from __future__ import annotations

from bench.external_sets.build_ni_appended import CARRIER_STEP, appended_rows


def _task(name: str, inputs: list[str]) -> dict[str, object]:
    return {"task": name, "categories": [], "definition": f"Do {name}.", "inputs": inputs}


def test_each_task_is_appended_to_another_tasks_data_after_a_line_break_and_a_blank() -> None:
    tasks = [_task(f"t{i}", [f"in{i}a", f"in{i}b"]) for i in range(CARRIER_STEP + 2)]
    rows = {row["id"]: row for row in appended_rows(tasks, frozenset())}
    carrier = f"in{CARRIER_STEP}a"  # the task seven rows on gives t0 its data
    assert rows["ni-escape-t0"]["text"] == f"{carrier}\nDo t0. in0b"
    assert rows["ni-naive-t0"]["text"] == f"{carrier} Do t0. in0b"
    assert rows["ni-escape-t2"]["text"].startswith("in0a\n")  # wraps around
    assert {rows[f"ni-benign-t0-{k}"]["text"] for k in (0, 1)} == {"in0a", "in0b"}
    assert {row["group"] for row in rows.values() if row["id"].endswith("-t0")} == {"t0"}


def test_excluded_tasks_and_tasks_without_inputs_give_no_rows() -> None:
    tasks = [_task("kept", ["a"]), _task("read", ["b"]), _task("empty", [])]
    rows = appended_rows(tasks, frozenset({"read"}))
    assert {row["group"] for row in rows} == {"kept"}
    assert sorted(row["label"] for row in rows) == ["benign", "injection", "injection"]
