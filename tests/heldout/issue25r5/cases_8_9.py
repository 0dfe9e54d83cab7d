"""Classes 8-9: hidden inputs leaked through names the submission chooses; cosmetic faults."""
from __future__ import annotations

import contextlib
import io
import json
import traceback
import warnings

import judges as J
import subs as S
from cases import Case
from cases_1_3 import load, mod_case

# ---- class 8: hidden inputs leaked through names the submission chooses ----------------------
# Each function builds a token 'zq_<its inputs>' and lets it out by one mechanism on every call:
# a visible check's entry may show the token of a visible input; no other token may be shown.
TOK = "    _t = 'zq_' + __import__('re').sub(r'\\W', '_', {args})\n"
CALLS = {"prefill_flops": lambda np: (7e9, 1000), "causal_pairs": lambda np: (4,),
         "causal_mask": lambda np: (5,), "prefill_seconds": lambda np: (7e9, 1000, 1e14, 0.5),
         "prefill_matches_sequential": lambda np: (np.ones((3, 2)), np.eye(2))}
SIGS = {"prefill_flops": ("(N, P)", "f'{N}_{P}'"), "causal_pairs": ("(P)", "str(P)"),
        "causal_mask": ("(P)", "str(P)"),
        "prefill_seconds": ("(N, P, flops_per_sec, utilization=1.0)",
                            "f'{N}_{P}_{flops_per_sec}_{utilization}'"),
        "prefill_matches_sequential": ("(X, W)", "f'{X.shape}_{float(X.sum()):.3g}'")}


def leak_func(fname, body):
    sig, args = SIGS[fname]
    return f"def {fname}{sig}:\n" + TOK.format(args=args) + body


def local_shows_token(src, fname) -> tuple[bool, str]:
    import numpy as np
    ns = load(src)
    buf = io.StringIO()
    with warnings.catch_warnings(record=True) as w, contextlib.redirect_stdout(buf):
        warnings.simplefilter("always")
        try:
            out = repr(ns[fname](*CALLS[fname](np)))
        except BaseException as e:  # noqa: BLE001 - the attack raises on purpose
            out = "".join(traceback.format_exception(e))
    text = buf.getvalue() + out + " ".join(str(x.message) for x in w)
    return "zq_" in text, f"local call shows {J.ZQ.findall(text)[:1]}"


def judge_leak(r):
    ok, why = J.graded(r)
    if not ok:
        return ok, why
    leaks = J.zq_leaks(r)
    return not leaks, f"{len(leaks)} hidden-input tokens shown: {sorted(leaks)[:4]}"


def leak_case(cid, what, fname, body):
    f = leak_func(fname, body)
    c = mod_case(cid, 8, what, {fname: f}, None)
    c.play = lambda ctx, st: judge_leak(ctx.grade(st["sub"]))
    c.verify = lambda st: local_shows_token(st["src"], fname)
    return c


NB_LEAK = leak_func("causal_pairs", "    raise RuntimeError('pairs failed for ' + _t)\n")


def b_nb_leak(tmp):
    funcs = dict(S.FUNCS)
    funcs["causal_pairs"] = NB_LEAK
    cells = ["import numpy as np"] + list(funcs.values())
    nb = S.notebook(cells, "".join(f"{k} = {S.toml_str(v)}\n" for k, v in S.RIGHT_ANSWERS.items()))
    return {"sub": S.write(tmp / "sub" / "prefill.ipynb", nb), "src": S.HEADER + "\n".join(funcs.values())}


C8 = [
    leak_case("8a", "prefill_flops does int(token of N and P): Python's own ValueError quotes the "
              "literal ('invalid literal for int()'): held when no hidden-input token reaches the "
              "student's report", "prefill_flops", "    return int(_t)\n"),
    leak_case("8b", "causal_pairs returns its token as bytes (b'zq_...', a type that cannot cross): "
              "held when no hidden-input token reaches the report", "causal_pairs",
              "    return _t.encode()\n"),
    Case("8c", 8, "notebook: causal_pairs raises RuntimeError('pairs failed for ' + token of P) "
         "(the kernel's error path): held when no hidden-input token reaches the report", b_nb_leak,
         lambda ctx, st: judge_leak(ctx.grade(st["sub"])),
         lambda st: local_shows_token(st["src"], "causal_pairs")),
    leak_case("8d", "prefill_seconds calls sys.exit(token of its inputs) (the exit message, how the "
              "process ended): held when no hidden-input token reaches the report", "prefill_seconds",
              "    import sys\n    sys.exit(_t)\n"),
    leak_case("8e", "causal_mask raises KeyboardInterrupt(token of P) (a BaseException, not an "
              "Exception): held when no hidden-input token reaches the report", "causal_mask",
              "    raise KeyboardInterrupt(_t)\n"),
    leak_case("8f", "prefill_matches_sequential raises MemoryError(token of X) (an error the grader "
              "may read as running out of memory): held when no hidden-input token reaches the report",
              "prefill_matches_sequential", "    raise MemoryError(_t)\n"),
]


# ---- class 9: cosmetic, still wrong ----------------------------------------------------------
COMPLEX_MASK = {"causal_mask": "def causal_mask(P):\n"
                "    return np.tril(np.ones((P, P))).astype(np.complex128) * (1 + 1j)\n"}


def v_complex(st):
    import numpy as np
    m = load(st["src"])["causal_mask"](4)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        m.astype(float)
        m.astype(bool).sum()
    return m.dtype == np.complex128 and bool(w), f"casting warns: {[x.category.__name__ for x in w][:2]}"


def p_stderr_clean(ctx, st):
    r = ctx.grade(st["sub"])
    ok, why = J.graded(r)
    return (ok, why) if not ok else J.stderr_clean(r, ctx.engine)


def nb_raw_stubs():
    cells = [{"cell_type": "code", "id": "c0", "metadata": {}, "execution_count": None, "outputs": [],
              "source": "import numpy as np"}]
    for i, v in enumerate(S.FUNCS.values()):
        cells.append({"cell_type": "code", "id": f"w{i}", "metadata": {}, "execution_count": None,
                      "outputs": [], "source": v})
    for i, (name, sig) in enumerate([("prefill_flops", "(N, P)"),
                                     ("prefill_seconds", "(N, P, flops_per_sec, utilization=1.0)"),
                                     ("causal_pairs", "(P)"), ("causal_mask", "(P)"),
                                     ("prefill_matches_sequential", "(X, W)")]):
        cells.append({"cell_type": "raw", "id": f"r{i}", "metadata": {},
                      "source": f"def {name}{sig}:\n    pass\n"})
    ans = "# ANSWERS\n" + "".join(f"{k} = {S.toml_str(v)}\n" for k, v in S.RIGHT_ANSWERS.items())
    cells.append({"cell_type": "code", "id": "a0", "metadata": {}, "execution_count": None,
                  "outputs": [], "source": ans})
    return json.dumps({"nbformat": 4, "nbformat_minor": 5, "cells": cells, "metadata": {
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}})


def b_nb(text_fn):
    def b(tmp):
        nb = text_fn()
        return {"sub": S.write(tmp / "sub" / "prefill.ipynb", nb), "nb": nb}
    return b


def j_full_not_told(r):
    ok, why = J.graded(r)
    if not ok:
        return ok, why
    rep = r.extra["report"]
    bad = J.told_not_implemented_but_scored(rep)
    return rep["score"] == 17.0 and not bad, f"score {rep['score']}; scored but told not implemented: {bad}"


def v_raw(st):
    cells = json.loads(st["nb"])["cells"]
    raw = [c for c in cells if c["cell_type"] == "raw"]
    return len(raw) == 5 and all("pass" in c["source"] for c in raw), "5 raw cells hold the stubs"


MAIN_STUBS = S.module() + "\n\nif __name__ == '__main__':\n" + "".join(
    "    " + ln + "\n" if ln else "\n" for ln in S.STUB.split("\n", 2)[2].splitlines())


def v_main(st):
    ns = load(st["src"])   # exec'd as '<attack>': __name__ is not '__main__' in ns
    return ns["prefill_flops"](2, 3) == 12 and "    def prefill_flops(N, P):\n        pass" in st["src"], \
        "stubs only under __main__; the import keeps the finished functions"


NB_WARN_CELL = '''import re
TOKENS = re.compile("\\d+ tokens")
def _scratch(n):
    if n is 1000:
        assert (n, "n must be the lesson's prompt")
    return n
'''


def nb_warn():
    cells = ["import numpy as np"] + list(S.FUNCS.values()) + [NB_WARN_CELL]
    return S.notebook(cells, "".join(f"{k} = {S.toml_str(v)}\n" for k, v in S.RIGHT_ANSWERS.items()))


def v_nb_warn(st):
    src = json.loads(st["nb"])["cells"][-2]["source"]
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        compile(src, "cell", "exec")
    return any(issubclass(x.category, SyntaxWarning) for x in w), \
        f"the cell's compile warns: {[x.category.__name__ for x in w]}"


def p_full_clean(ctx, st):
    r = ctx.grade(st["sub"])
    ok, why = J.graded(r)
    if not ok:
        return ok, why
    ok, why = J.stderr_clean(r, ctx.engine)
    return ok and r.extra["report"]["score"] == 17.0, f"{why} score {r.extra['report']['score']}"


ANSI = ("\x1b[2J\x1b]8;;https://example.invalid\x07click\x1b]8;;\x07\r\n"
        "::error file=prefill.py,line=1::forged\n::add-mask::x")
ANSI_PAIRS = {"causal_pairs": f"def causal_pairs(P):\n    raise ValueError({ANSI!r})\n"}


def p_ansi(ctx, st):
    gh = st["tmp"] / "annotations.txt"
    r = ctx.grade(st["sub"], "--format", f"github:{gh}")
    ok, why = J.graded(r)
    if not ok:
        return ok, why
    try:
        ghtext = gh.read_text()
    except OSError:
        ghtext = ""
    out = r.stdout + r.stderr + ghtext
    esc = any(ch in out for ch in ("\x1b", "\x07"))
    forged = [ln for ln in out.splitlines() if ln.lstrip().startswith("::") and "forged" in ln
              or ln.lstrip().startswith("::add-mask")]
    return not esc and not forged, f"raw ESC/BEL: {esc}; forged command lines: {forged[:2]}"


def v_ansi(st):
    try:
        load(st["src"])["causal_pairs"](4)
    except ValueError as e:
        return "\x1b" in str(e) and "\n::error" in str(e), "raises ESC sequences and '::error' lines"
    return False, "does not raise"


C9 = [
    Case("9a", 9, "causal_mask returns a complex128 lower triangle (1+1j): numpy's ComplexWarning "
         "when a model or check casts it: held when stderr shows no warning, engine path or "
         "site-packages", mod_case("9a", 9, "", COMPLEX_MASK, None).build, p_stderr_clean, v_complex),
    Case("9b", 9, "honest: notebook with the finished function cells and the template's stubs kept "
         "below as Raw cells (not run): held when 17 and no task flagged not_started or told not "
         "implemented", b_nb(nb_raw_stubs), lambda ctx, st: j_full_not_told(ctx.grade(st["sub"])), v_raw),
    Case("9c", 9, "correct module with the template's stubs again under if __name__ == '__main__' at "
         "the bottom (never run on import): held when 17 and no task flagged not_started or told not "
         "implemented", mod_case("9c", 9, "", None, None, src=MAIN_STUBS).build,
         lambda ctx, st: j_full_not_told(ctx.grade(st["sub"])), v_main),
    Case("9d", 9, "correct notebook plus a helper cell the compiler warns about ('\\d' escape, 'is' "
         "with a literal, an assert on a tuple): held when 17 and stderr shows no warning or engine "
         "path", b_nb(nb_warn), p_full_clean, v_nb_warn),
    Case("9e", 9, "causal_pairs raises ValueError whose message holds ANSI/OSC-8 escapes, a BEL, "
         "'\\r\\n::error ...::forged' and '::add-mask::': held when stdout, stderr and the github "
         "annotations hold no raw ESC/BEL and no forged workflow command line",
         mod_case("9e", 9, "", ANSI_PAIRS, None).build, p_ansi, v_ansi),
]

CASES = C8 + C9
