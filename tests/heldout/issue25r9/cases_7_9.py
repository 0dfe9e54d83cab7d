"""Classes 7-9 of round 9: work the trusted side does for a submission, hidden inputs leaked
through names, cosmetic faults. Every case is a new mechanism (not an example of the issue, not a
case of rounds 1-8)."""
from __future__ import annotations

import numpy as np

import judges as J
import subs as S
from cases import Case
from common import ANS_BOUND, CODE_BOUND, NB_BOUND, load, p_bounded_no_fault, run_local, toml_ok

# ---------------------------------------------------------------- class 7: amplification

DIMS24 = '''def causal_mask(P):
    return np.ones((2,) * 24, dtype=bool)
'''


def v7a(ns):
    m = ns["causal_mask"](5)
    return m.ndim == 24 and m.nbytes == 2 ** 24, f"{m.ndim} dimensions, {m.nbytes / 2**20:.0f} MiB"


LONG_DECIMAL = "0.28" + "0" * 400000 + " s"
HEDGES = "maybe " * 120000 + "B"
BIG_LITERAL = "\n_DATA = [" + "0, " * 300000 + "]\n"


def b_ans(over):
    def b(tmp):
        text = S.answers(over)
        return {"sub": S.folder(tmp / "sub", S.module(), text), "text": text}
    return b


def v_ans(min_kb):
    def v(st):
        ok, why = toml_ok(st["text"])
        kb = len(st["text"].encode()) / 1024
        return ok and kb >= min_kb, f"{kb:.0f} KB; {why}"
    return v


def b_src(src):
    def b(tmp):
        return {"sub": S.folder(tmp / "sub", src, S.answers()), "src": src}
    return b


def v7c(st):
    ns = load(st["src"])
    kb = len(st["src"].encode()) / 1024
    return len(ns["_DATA"]) == 300000 and ns["prefill_flops"](7e9, 1000) == 1.4e13 and kb < 1000, \
        f"{kb:.0f} KB module, a 300000-element literal, correct functions"


# ---------------------------------------------------------------- class 8: leaks

TOK = '''import re as _re


def _tok(*a):
    parts = [str(getattr(x, "shape", x)) for x in a]
    return "zq_" + _re.sub(r"[^A-Za-z0-9]", "_", "_".join(parts))[:60]


'''


def leak_funcs(body: str) -> dict[str, str]:
    """Every function runs `body` with T bound to the token of its inputs."""
    sig = {"prefill_flops": "N, P", "prefill_seconds": "N, P, flops_per_sec, utilization=1.0",
           "causal_pairs": "P", "causal_mask": "P", "prefill_matches_sequential": "X, W"}
    out = {}
    for name, s in sig.items():
        args = ", ".join(a.split("=")[0].strip() for a in s.split(", "))
        out[name] = f"def {name}({s}):\n    T = _tok({args})\n" + "".join(
            "    " + ln + "\n" for ln in body.splitlines())
    return out


def leak_module(body):
    return S.module(leak_funcs(body), prefix=TOK)


U_ARRAY = "return np.array([T, T])"
CTYPES = "import ctypes\nctypes.CDLL(T)\nreturn 0"
LEN_TYPE = "return len(type(T, (), {})())"
MAGIC = "get_ipython().run_line_magic(T, '')\nreturn 0"


def v_leak(expect: str):
    def v(st):
        out = run_local(st["src"], "try:\n    print(repr(causal_pairs(7)))\nexcept BaseException as e:\n"
                        "    print(type(e).__name__, e)")
        return "zq_7" in out and expect in out, f"local: {out[:110]!r}"
    return v


def b_leak(body):
    def b(tmp):
        src = leak_module(body)
        return {"sub": S.folder(tmp / "sub", src, S.answers()), "src": src}
    return b


def b8b(tmp):
    f = leak_funcs(MAGIC)
    cells = ["import numpy as np", TOK] + [f[k] for k in S.FUNCS]
    nb = S.notebook(cells, "".join(f"{k} = {S.toml_str(v)}\n" for k, v in S.RIGHT_ANSWERS.items()))
    return {"sub": S.write(tmp / "sub" / "prefill.ipynb", nb), "cells": cells}


def v8b_safe(st):
    try:
        from IPython.testing.globalipapp import start_ipython
        ip = start_ipython()
        ip.run_cell("\n\n".join(st["cells"][:5]))
        r = ip.run_cell("try:\n    causal_pairs(7)\nexcept Exception as e:\n    _r9e = e")
        e = ip.user_ns.get("_r9e")
        return e is not None and "zq_7" in str(e), f"local IPython: {type(e).__name__}: {str(e)[:80]}"
    except ImportError:
        return "run_line_magic(T" in st["cells"][3], "IPython not here: the cell calls run_line_magic(T, '')"


def p_leak(bound):
    def p(ctx, st):
        r = ctx.grade(st["sub"], timeout=bound[0] + 30)
        ok, why = J.bounded(r, *bound)
        if not ok:
            return ok, why
        ok, why2 = J.no_fault(r)
        if not ok:
            return ok, why2
        leaks = J.zq_leaks(r)
        return not leaks, f"{why}; leaked: {sorted(leaks)[:4]}" if leaks else f"{why}; no hidden token shown"
    return p


# ---------------------------------------------------------------- class 9: cosmetic

F32_SUB = '''def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (utilization > 0 and utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return np.float32(1e-45)
'''

NEG_PAIRS = '''def causal_pairs(P):
    return np.float64(-(P * (P + 1) / 2))
'''


def p_stderr_clean(ctx, st):
    r = ctx.grade(st["sub"])
    ok, why = J.graded(r)
    if not ok:
        return ok, why
    ok, why = J.stderr_clean(r, ctx.engine)
    return ok, why or f"graded {r.extra['report']['score']}, stderr clean"


def b_rep(replace):
    def b(tmp):
        src = S.module(replace)
        return {"sub": S.folder(tmp / "sub", src, S.answers()), "src": src}
    return b


def v9a(st):
    ns = load(st["src"])
    with np.errstate(all="raise"):
        try:
            _ = np.float32(1.4e13) / ns["prefill_seconds"](7e9, 1000, 1e14, 0.5)
            return False, "no overflow"
        except FloatingPointError as e:
            return True, f"a model dividing by it: {e}"


def v9c(st):
    ns = load(st["src"])
    with np.errstate(all="raise"):
        try:
            np.sqrt(8 * ns["causal_pairs"](4) + 1)
            return False, "no warning"
        except FloatingPointError as e:
            return True, f"-10.0; inverting P(P+1)/2 by a square root: {e}"


PASTED = "".join(f"# {i:06d} notes from the lecture: prefill reads the whole prompt at once\n" for i in range(15000))


def b9b(tmp):
    src = S.module() + "\n" + PASTED + "\n" + S.STUB.replace("import numpy as np\n", "")
    return {"sub": S.folder(tmp / "sub", src, S.answers()), "src": src}


def v9b(st):
    ns = load(st["src"])
    pos = st["src"].encode().index(b"def prefill_flops(N, P):\n    pass")
    return ns["prefill_flops"](1, 1) is None and pos > 1024 * 1024, \
        f"the stubs (last bindings) start at byte {pos}, past 1 MiB"


def p9b(ctx, st):
    r = ctx.grade(st["sub"])
    ok, why = J.graded(r)
    if not ok:
        return ok, why
    rep = r.extra["report"]
    flagged = [t for t in J.CODE_TASKS if J.task(rep, t).get("not_started")]
    credit = J.code_total(rep)
    return credit == 0 and len(flagged) == 5, f"code credit {credit}, flagged not_started: {flagged}"


CASES = [
    Case("7a", 7, "causal_mask returns np.ones((2,) * 24, bool) (16 MiB, 24 dimensions, under the 32 MiB "
         "refusal) for every P: held within 60 s / 700 MB, no exit 3, no traceback",
         b_rep({"causal_mask": DIMS24}), p_bounded_no_fault(CODE_BOUND),
         lambda st: v7a(load(st["src"]))),
    Case("7b", 7, "seconds '0.28' followed by 400000 zeros and ' s' (one decimal of 400 KB: exact arithmetic "
         "would build a 400000-digit integer, Python refuses str<->int past 4300 digits): held within "
         "20 s / 400 MB, no exit 3, no traceback", b_ans({"seconds": LONG_DECIMAL}),
         p_bounded_no_fault(ANS_BOUND), v_ans(390)),
    Case("7c", 7, "correct module ending in one 900 KB line, a list literal of 300000 zeros (a syntax tree of "
         "300000 nodes for whoever parses it): held within 60 s / 700 MB, no exit 3, no traceback",
         b_src(S.module() + BIG_LITERAL), p_bounded_no_fault(CODE_BOUND), v7c),
    Case("7d", 7, "quiz: 120000 'maybe ' then 'B' (~700 KB of hedge words before the choice): held within "
         "20 s / 400 MB, no exit 3, no traceback", b_ans({"quiz": HEDGES}), p_bounded_no_fault(ANS_BOUND),
         v_ans(690)),
    Case("8a", 8, "every function returns np.array([token, token]) (a unicode array, which cannot cross; the "
         "token built from its inputs): held when no hidden-input token reaches the report",
         b_leak(U_ARRAY), p_leak(CODE_BOUND), v_leak("array(['zq_7'")),
    Case("8b", 8, "notebook: every function calls get_ipython().run_line_magic(token, '') (IPython's "
         "UsageError quotes the magic's name): held when no hidden-input token reaches the report",
         b8b, p_leak(NB_BOUND), v8b_safe, timeout=200),
    Case("8c", 8, "every function calls ctypes.CDLL(token) (the loader's OSError quotes the library's "
         "name): held when no hidden-input token reaches the report",
         b_leak(CTYPES), p_leak(CODE_BOUND), v_leak("OSError")),
    Case("8d", 8, "every function calls len() on an instance of a class built with the token as its name "
         "(Python's TypeError quotes the type's name): held when no hidden-input token reaches the report",
         b_leak(LEN_TYPE), p_leak(CODE_BOUND), v_leak("TypeError")),
    Case("9a", 9, "prefill_seconds validates, then returns np.float32(1e-45) (a float32 subnormal: a model "
         "dividing FLOPs by it overflows float32, numpy warns): held when graded and stderr shows no "
         "warning, engine path or site-packages", b_rep({"prefill_seconds": F32_SUB}), p_stderr_clean, v9a),
    Case("9b", 9, "the finished functions, then 15000 lines (1.1 MB) of pasted notes as comments, then the "
         "template's stubs pasted again (the last bindings, past the first MiB): held when no code credit "
         "and all five code tasks flagged not_started", b9b, p9b, v9b),
    Case("9c", 9, "causal_pairs returns the negated count np.float64(-P(P+1)/2) (a sign slip; a model inverting "
         "the count takes a square root of a negative): held when graded and stderr shows no warning, "
         "engine path or site-packages", b_rep({"causal_pairs": NEG_PAIRS}), p_stderr_clean, v9c),
]
