"""Issue 22's held-out harness, shared: how the held-out's names map onto the engine, and its own reading.

What is right for a student (``RIGHT``: the lesson's formulas on the held-out's quantity names) and what
an answer this harness wrote says (``reading``) are decided here, apart from the engine, so that the
expectations the engine is measured against do not rest on the engine's own reading. harness.py says
how the set is mapped onto the engine and why.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
PARTS = ("forms", "styles", "ids", "attacks")

# The held-out's quantity names -> the engine's parameter names (suites/<lesson>/lesson.toml [parameters]).
PARAMETERS = {"prefill": {"N": "N", "P": "P", "peak": "peak", "util": "utilization", "Pq": "T"},
              "latency": {"ttft": "ttft", "itl": "itl", "n_out": "n_out"}}
INTS = ("P", "Pq", "n_out")  # README: ints in templates
# Each answers.toml key's right value from the held-out names (the lesson's formulas).
RIGHT = {
    "flops": lambda v: 2 * v["N"] * v["P"],
    "seconds": lambda v: 2 * v["N"] * v["P"] / (v["peak"] * v["util"]),
    "pairs": lambda v: v["Pq"] * (v["Pq"] + 1) / 2,
    "elapsed": lambda v: v["ttft"] + (v["n_out"] - 1) * v["itl"],
    "decode_rate": lambda v: 1 / v["itl"],
    "output_rate": lambda v: v["n_out"] / (v["ttft"] + (v["n_out"] - 1) * v["itl"]),
}
LESSON_NUMBERS = {"prefill": {"N": 7e9, "P": 1000, "peak": 1e14, "util": 0.5, "Pq": 4},
                  "latency": {"ttft": 0.2, "itl": 0.05, "n_out": 5}}
# A question's unit as this course's lesson.toml declares the same quantity (suites/*/lesson.toml), or as
# docs/authoring.md's example declares bytes; None: prefixes not declared (the unit's own families).
_SECONDS = ["s", "sec", "secs", "second", "seconds"]
_RATE = ["tokens/s", "tokens per second", "tokens/second", "tokens/sec", "token/s", "tok/s", "/s"]
UNITS = {
    "FLOPs": (["FLOPs", "FLOP"], ["k", "M", "G", "T", "P"]),
    "s": (_SECONDS, ["m", "µ", "n"]),
    "ms": (["ms", "millisecond", "milliseconds"], None),
    "pairs": (["pairs", "pair"], []),
    "MB": (["MB", "megabytes"], None),
    "GB": (["GB", "gigabytes"], None),
    "tokens/s": (_RATE, None),
    "FLOP/s": (["FLOP/s"], None),
}
KEY_OF_UNIT = {"flops": "FLOPs", "seconds": "s", "elapsed": "s", "pairs": "pairs", "decode_rate": "tokens/s",
               "output_rate": "tokens/s"}
FAIR_RTOL = 0.05


def load(name: str) -> dict:
    return tomllib.loads((HERE / name).read_text(encoding="utf-8"))


def toml_string(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's)."""
    return json.dumps(text, ensure_ascii=False)


def within(key: str, x: float | None, right: float) -> bool:
    """The README's fair tolerance: 5 % relative, pairs exact."""
    if x is None:
        return False
    return x == right if key == "pairs" else abs(x - right) <= FAIR_RTOL * abs(right)


# ---- this harness's own reading of the answers it writes (styles and attacks), for expectations only ----
_SUP = str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789")
_FACTORS = {
    "FLOPs": {"": 1, "flops": 1, "tflops": 1e12, "trillion": 1e12, "trillion flops": 1e12},
    "s": {"": 1, "s": 1, "seconds": 1, "second": 1, "ms": 1e-3},
    "pairs": {"": 1, "pairs": 1},
    "tokens/s": {"": 1, "tokens/s": 1, "tok/s": 1, "/s": 1, "tokens per second": 1, "tokens/sec": 1,
                 "tokens/ms": 1e3},
}
_NUMBER = re.compile(r"(?P<num>-?[\d.,\u202f ]*\d(?:e[-+]?\d+)?)(?:\s*[×x·*]\s*10\s*(?:\^|\*\*)?\s*"
                     r"(?P<exp>-?\d+))?\s*(?P<unit>.*)", re.I)


def reading(text: str, key: str) -> float | None:
    """The value of an answer this harness wrote, in the key's unit; None when it has no single reading."""
    t = text.translate(_SUP).strip()
    t = re.sub(r"^(?:answer:|t\s*[=≈]|≈)\s*", "", t, flags=re.I).strip()
    t = re.sub(r"^(?:answer:|t\s*[=≈]|≈)\s*", "", t, flags=re.I).strip()
    t = re.split(r"\s\(|, i\.e\.", t)[0].strip().rstrip(".")
    if t.lower() == "ten":
        return 10.0
    m = _NUMBER.fullmatch(t)
    if not m:
        return None
    num = m["num"].replace(" ", "").replace("\u202f", "")
    if re.fullmatch(r"-?\d{1,3}(,\d{3})+", num):
        num = num.replace(",", "")
    elif "," in num:
        num = num.replace(",", ".")
    try:
        value = float(num) * (10.0 ** int(m["exp"]) if m["exp"] else 1)
    except ValueError:
        return None
    factor = _FACTORS[KEY_OF_UNIT[key]].get(m["unit"].strip().lower())
    return None if factor is None else value * factor


def heldout_numbers(variant, lesson: str) -> dict:
    """The variant's parameters under the held-out's names (ints where the README says so)."""
    found = {}
    for name, engine_name in PARAMETERS[lesson].items():
        value = variant.parameters[engine_name]
        found[name] = int(value) if name in INTS and float(value).is_integer() else value
    return found


def render(template: str, numbers: dict, helpers: dict) -> str:
    return eval("f" + repr(template), dict(helpers, **numbers))


def run_batch(engine: Path, folder: Path, lesson: str, gradebook: Path, report: Path | None = None) -> dict:
    command = [sys.executable, "-m", "grader", "batch", str(folder), "--lesson", lesson, "--gradebook",
               str(gradebook), "--jobs", "2"]
    if report is not None:
        command += ["--class-report", str(report)]
    env = dict(os.environ, PYTHONPATH=str(engine))
    done = subprocess.run(command, cwd=engine, env=env, capture_output=True, text=True, timeout=3600)
    return {"status": done.returncode, "stdout": done.stdout, "stderr": done.stderr[-4000:]}
