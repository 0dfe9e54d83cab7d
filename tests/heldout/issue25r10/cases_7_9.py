"""Round 10, classes 7-9: the trusted side's work bounded, nothing named by the submission leaked,
cosmetic faults.

Every case is a new mechanism (not an example of issue 25, not a case of rounds 1-9): see README.md.
"""
from __future__ import annotations

import re
import subprocess
import sys

import judges as J
import subs as S
from cases import Case
from common import ANS_BOUND, CODE_BOUND, load, mod_case, p_bounded_no_fault, run_local, toml_ok

# ---------------------------------------------------------------------------------------------
# Class 7: bounded work on the trusted side (docs/security.md: the grader's own work is bounded;
# issue 25: the answers reader linear on any input)

PREFIX_FLOOD = "1.4" + "k" * 300000 + "FLOPs"
QUOTE_WRAP = "«" * 150000 + "0.28 s" + "»" * 150000


def b_ans(over):
    def b(tmp):
        text = S.answers(over)
        return {"sub": S.folder(tmp / "sub", S.module(), text), "text": text}
    return b


def v_ans(n):
    def v(st):
        ok, why = toml_ok(st["text"])
        return ok and len(st["text"].encode()) >= n, f"{why}; {len(st['text'].encode())} bytes"
    return v


FD_FLOOD = '''
import os as _os
_CHUNK = b"x" * (4 << 20)

def _flood():
    for _fd in (1, 2):
        try:
            _os.write(_fd, _CHUNK)
        except OSError:
            pass

_flood()
'''


def flood_funcs() -> dict:
    out = {}
    for name, text in S.FUNCS.items():
        head, body = text.split("\n", 1)
        out[name] = head + "\n    _flood()\n" + body
    return out


def b_7c(tmp):
    src = S.module(flood_funcs(), prefix=FD_FLOOD + "\n")
    return {"sub": S.folder(tmp / "sub", src, S.answers()), "src": src}


def v_7c(st):
    r = subprocess.run([sys.executable, "-c", st["src"] + "\nprint('\\nPAIRS', causal_pairs(4))"],
                       capture_output=True, timeout=60)
    return len(r.stdout) >= 8 << 20 and b"PAIRS 10" in r.stdout and len(r.stderr) >= 8 << 20, \
        f"import and each call write 4 MiB to fds 1 and 2 ({len(r.stdout)} B out), values right"


# ---------------------------------------------------------------------------------------------
# Class 8: nothing the submission names reaches hidden-check feedback (docs/students.md: a secret
# check says a name only where a visible check's failure named it too)

TOK = '''
import hashlib as _hl

def _tok(*a, n=10):
    parts = []
    for x in a:
        if hasattr(x, "tobytes"):
            parts.append(repr(getattr(x, "shape", None)) + _hl.sha1(x.tobytes()).hexdigest())
        else:
            parts.append(repr(x))
    return _hl.sha1("|".join(parts).encode()).hexdigest()[:n]
'''

SIGS = {"prefill_flops": "(N, P)", "prefill_seconds": "(N, P, flops_per_sec, utilization=1.0)",
        "causal_pairs": "(P)", "causal_mask": "(P)", "prefill_matches_sequential": "(X, W)"}
ARGS = {"prefill_flops": "N, P", "prefill_seconds": "N, P, flops_per_sec, utilization",
        "causal_pairs": "P", "causal_mask": "P", "prefill_matches_sequential": "X, W"}


def leak_module(body: str) -> str:
    """Every function computes its token from its inputs and runs `body` (which raises)."""
    funcs = {k: f"def {k}{SIGS[k]}:\n    t = _tok({ARGS[k]})\n" + "".join("    " + ln + "\n" for ln in body.splitlines())
             for k in SIGS}
    # one module the grader lacks, imported at the top and never used (docs/students.md: a secret
    # check then says "a module" for any other one)
    return S.module(funcs, prefix="import zzlackedhelper\n" + TOK + "\n")


ATTRNAME = '''raise AttributeError("module 'numpy' has no attribute 'helper'", name="zq_" + t, obj=np)'''
MODNAME = '''raise ModuleNotFoundError("No module named 'helpers'", name="zq_" + t)'''
NAMEATTR = '''raise NameError("name 'helper' is not defined", name="zq_" + t)'''

FIXED: set = set()


def p_leak(ctx, st):
    r = ctx.grade(st["sub"], timeout=CODE_BOUND[0] + 30)
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    if not r.extra.get("report"):
        return False, f"exit {r.rc}, no report"
    leaks = J.zq_leaks(r) - FIXED
    return not leaks, f"exit {r.rc}; leaked {sorted(leaks)[:3]}" if leaks else f"exit {r.rc}; no hidden token"


def v_attr(exc, attr):
    def v(st):
        fake = "import sys, types\nsys.modules['zzlackedhelper'] = types.ModuleType('zzlackedhelper')\n"
        out = run_local(fake + st["src"], f"try:\n    causal_pairs(12345)\nexcept {exc} as e:\n"
                                   f"    print('STR', str(e)); print('ATTR', e.{attr})")
        return "STR" in out and "zq_" not in out.split("ATTR")[0] and "ATTR zq_" in out, \
            f"message fixed, .{attr} carries the token: {out[-60:]!r}"
    return v


def b_src(src):
    def b(tmp):
        return {"sub": S.folder(tmp / "sub", src, S.answers()), "src": src}
    return b


# ---------------------------------------------------------------------------------------------
# Class 9: cosmetic (docs/students.md: stub detection, a later def is what calls use; ci.md:
# anything a message quotes is shown inert, never a traceback)

TYPED_OUTLINE = '''import functools

import numpy as np


def prefill_flops(N: float, P: float) -> float: ...
def prefill_seconds(N: float, P: float, flops_per_sec: float, utilization: float = 1.0) -> float: ...
def causal_pairs(P: int) -> int: ...
def causal_mask(P: int) -> np.ndarray: ...
def prefill_matches_sequential(X: np.ndarray, W: np.ndarray) -> bool: ...


# ---- the implementations (the outline above is what I planned first) ----

'''


def typed_src() -> str:
    funcs = dict(S.FUNCS)
    funcs["causal_pairs"] = "@functools.cache\n" + funcs["causal_pairs"]
    return TYPED_OUTLINE + "\n".join(funcs.values())


def v_9a(st):
    ns = load(st["src"])
    return ns["causal_pairs"](4) == 10 and ns["causal_pairs"].cache_info().currsize == 1 and \
        ns["prefill_flops"](7e9, 1000) == 1.4e13, "annotated '...' stubs first, finished below, pairs cached"


def j_9a(ctx, st):
    r = ctx.grade(st["sub"])
    ok, why = J.graded(r)
    if not ok:
        return ok, why
    rep = r.extra["report"]
    flagged = [t["id"] for t in rep.get("tasks", []) if t.get("not_started")] + J.not_started_but_full(rep)
    ok2, why2 = J.stderr_clean(r, ctx.engine)
    return rep["score"] == 17.0 and not flagged and ok2, f"score {rep['score']}, flagged {flagged} {why2}"


MARKUP = "bad [/] [bold]MARKUPX[/bold] [link=https://example.org/x]y[/link] [red]z"
MARKUP_PAIRS = {"causal_pairs": f'''def causal_pairs(P):
    raise ValueError({MARKUP!r})
'''}


def j_9b(ctx, st):
    r = ctx.grade(st["sub"])
    ok, why = J.graded(r)
    if not ok:
        return ok, why
    ok2, why2 = J.stderr_clean(r, ctx.engine)
    if not ok2:
        return ok2, why2
    out = r.stdout
    if "MARKUPX" not in out:
        return True, "exit 0, the message not shown in the text report"
    shown = "[bold]MARKUPX" in out or "\\[bold]MARKUPX" in out
    return shown, "the text report shows the brackets as written" if shown else \
        "the text report shows MARKUPX without its brackets (read as markup)"


def v_9b(ns):
    try:
        ns["causal_pairs"](4)
    except ValueError as e:
        return str(e) == MARKUP, f"raises ValueError({MARKUP[:30]!r}...)"
    return False, "did not raise"


CASES = [
    Case("7a", 7, "flops '1.4' followed by 300000 'k' and 'FLOPs' (a unit prefix repeated 300000 times, "
         "~300 KB; the reader of prefixes): held within 20 s / 400 MB, no exit 3, no traceback",
         b_ans({"flops": PREFIX_FLOOD}), p_bounded_no_fault(ANS_BOUND), v_ans(300000)),
    Case("7b", 7, "seconds '0.28 s' wrapped in 150000 '«' and 150000 '»' (quotes of any kind are stripped; "
         "one at a time would copy 450 KB 150000 times): held within 20 s / 400 MB, no exit 3, no traceback",
         b_ans({"seconds": QUOTE_WRAP}), p_bounded_no_fault(ANS_BOUND), v_ans(600000)),
    Case("7c", 7, "correct module whose import and every call write 4 MiB straight to file descriptors 1 "
         "and 2 (os.write, past sys.stdout; the worker's output is discarded): held within 60 s / 700 MB, "
         "no exit 3, no traceback", b_7c, p_bounded_no_fault(CODE_BOUND), v_7c),

    Case("8a", 8, "every function raises AttributeError(\"module 'numpy' has no attribute 'helper'\", "
         "name='zq_' + token of its inputs, obj=np) (a fixed message; the token only in the exception's "
         ".name), beside an unused top-level import of a module the grader lacks: held when no "
         "hidden-input token reaches the report", b_src(leak_module(ATTRNAME)), p_leak,
         v_attr("AttributeError", "name")),
    Case("8b", 8, "every function raises ModuleNotFoundError(\"No module named 'helpers'\", name='zq_' + "
         "token of its inputs) (a fixed message; the token only in the exception's .name), the same import: held when no "
         "hidden-input token reaches the report", b_src(leak_module(MODNAME)), p_leak,
         v_attr("ModuleNotFoundError", "name")),
    Case("8c", 8, "every function raises NameError(\"name 'helper' is not defined\", name='zq_' + token "
         "of its inputs) (a fixed message; the token only in .name): held when no hidden-input token "
         "reaches the report", b_src(leak_module(NAMEATTR)), p_leak, v_attr("NameError", "name")),

    Case("9a", 9, "honest: a typed outline first (five annotated stubs whose body is '...'), the finished "
         "functions defined below it, causal_pairs decorated with @functools.cache: held when 17, no task "
         "flagged not_started or told not implemented, stderr clean", b_src(typed_src()), j_9a, v_9a),
    mod_case("9b", 9, "causal_pairs raises ValueError('bad [/] [bold]MARKUPX[/bold] [link=...]y[/link] "
             "[red]z') on every call (console markup in a message; ci.md: what a message quotes is shown "
             "inert): held when exit 0 with a report, stderr clean, and the text report never shows "
             "MARKUPX with its brackets eaten", MARKUP_PAIRS, None, v_9b),
]
CASES[-1].play = j_9b
