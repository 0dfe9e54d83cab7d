"""Classes 8-9: hidden inputs leaked through names the submission chooses; cosmetic faults."""
from __future__ import annotations

import contextlib
import io
import subprocess
import sys
import traceback
import warnings

import judges as J
import subs as S
from cases import Case
from cases_1_3 import load, mod_case

# ---- class 8: hidden inputs leaked through names the submission chooses ----------------------
TOK = "    _t = 'zq_' + __import__('re').sub(r'\\W', '_', {args})\n"
CALLS = {"prefill_flops": lambda np: (7e9, 1000), "causal_pairs": lambda np: (4,),
         "causal_mask": lambda np: (5,), "prefill_seconds": lambda np: (7e9, 1000, 1e14, 0.5),
         "prefill_matches_sequential": lambda np: (np.ones((3, 2)), np.eye(2))}


def leak_case(cid, what, fname, sig, body, args):
    f = f"def {fname}{sig}:\n" + TOK.format(args=args) + body
    src = S.module({fname: f})

    def judge_run(r):
        ok, why = J.graded(r)
        if not ok:
            return ok, why
        leaks = J.zq_leaks(r)
        return not leaks, f"{len(leaks)} hidden-input tokens shown: {sorted(leaks)[:4]}"

    c = mod_case(cid, 8, what, {fname: f}, None)
    c.play = lambda ctx, st: judge_run(ctx.grade(st["sub"]))

    def ver(st):
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
    c.verify = ver
    return c


C8 = [
    leak_case("8a", "prefill_flops calls a helper with a keyword argument named after N and P "
              "(TypeError: unexpected keyword argument 'zq_...'): held when no hidden-input token "
              "reaches the student's report", "prefill_flops", "(N, P)",
              "    def _helper():\n        return 2 * N * P\n    return _helper(**{_t: 1})\n", "f'{N}_{P}'"),
    leak_case("8b", "causal_pairs raises a fixed ValueError 'from' a KeyError named after P (the "
              "token only in __cause__): held when no token reaches the report", "causal_pairs", "(P)",
              "    raise ValueError('bad count') from KeyError(_t)\n", "str(P)"),
    leak_case("8c", "causal_mask runs a function exec'd under a name and a file name built from P, "
              "which divides by zero (the token only in traceback frames): held when no token "
              "reaches the report", "causal_mask", "(P)",
              "    ns = {}\n    exec(compile('def ' + _t + '():\\n    return 1 / 0\\n', _t + '.py', 'exec'), ns)\n"
              "    return ns[_t]()\n", "str(P)"),
    leak_case("8d", "prefill_seconds issues warnings.warn(token of its inputs) and returns a wrong "
              "time: held when no token reaches the report", "prefill_seconds",
              "(N, P, flops_per_sec, utilization=1.0)",
              "    import warnings\n    warnings.warn(_t)\n    return 1.0\n",
              "f'{N}_{P}_{flops_per_sec}_{utilization}'"),
    leak_case("8e", "prefill_matches_sequential asks numpy for a dtype named after X (numpy's own "
              "TypeError quotes it): held when no token reaches the report",
              "prefill_matches_sequential", "(X, W)", "    return bool(np.zeros(1, dtype=_t))\n",
              "f'{X.shape}_{float(X.sum()):.3g}'"),
    leak_case("8f", "prefill_flops returns a set holding a token of N and P (a type that cannot "
              "cross): held when no token reaches the report", "prefill_flops", "(N, P)",
              "    return {_t}\n", "f'{N}_{P}'"),
]


# ---- class 9: cosmetic, still wrong ----------------------------------------------------------
def warn_case(cid, what, replace, verify):
    c = mod_case(cid, 9, what, replace, None, verify)

    def play(ctx, st):
        r = ctx.grade(st["sub"])
        ok, why = J.graded(r)
        return (ok, why) if not ok else J.stderr_clean(r, ctx.engine)
    c.play = play
    return c


def v_warns(calls):
    """Run numpy arithmetic a model could do on the returned values; it must warn here."""
    def v(ns):
        import numpy as np
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            for f in calls:
                try:
                    f(ns, np)
                except Exception:  # noqa: BLE001 - only the warnings matter
                    pass
        return bool(w), f"{len(w)} warnings, e.g. {str(w[0].message)[:60] if w else '-'}"
    return v


INT_OVERFLOW = {
    "prefill_flops": "def prefill_flops(N, P):\n    return np.int64(2 ** 62)\n",
    "causal_pairs": "def causal_pairs(P):\n    return np.uint8((P * (P + 1) // 2) % 256)\n",
}
EMPTY = {
    "causal_mask": "def causal_mask(P):\n    return np.zeros((0, 0), dtype=bool)\n",
    "prefill_matches_sequential": "def prefill_matches_sequential(X, W):\n    return np.array([], dtype=bool)\n",
}

PARTIAL_SECONDS = '''def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
'''


def impl_funcs() -> dict:
    f = dict(S.FUNCS)
    f["prefill_seconds"] = PARTIAL_SECONDS
    return f


def if_true_module() -> str:
    body = "".join("    " + ln + "\n" if ln else "\n" for v in impl_funcs().values() for ln in v.splitlines())
    return S.STUB + "\n\nif True:  # my work, below the template\n" + body


def j_not_told(rep):
    bad = J.told_not_implemented_but_scored(rep)
    return not bad, f"score {rep['score']}; scored but told not implemented: {bad}"


def rebind_case(cid, what, files: dict):
    def build(tmp):
        sub = tmp / "sub"
        for n, t in files.items():
            S.write(sub / n, t)
        S.write(sub / "answers.toml", S.answers())
        return {"sub": sub}

    def play(ctx, st):
        r = ctx.grade(st["sub"])
        ok, why = J.graded(r)
        return (ok, why) if not ok else j_not_told(r.extra["report"])

    def ver(st):
        code = ("import sys; sys.path.append('.'); import prefill as m; "
                "print(m.prefill_flops(2, 3), m.prefill_seconds(7e9, 1000, 1e14, 0.5))")
        r = subprocess.run([sys.executable, "-c", code], cwd=str(st["sub"]), capture_output=True,
                           text=True, timeout=30)
        return r.stdout.split()[:1] == ["12"], f"import prefill there: {r.stdout.strip()!r} (the finished functions)"
    return Case(cid, 9, what, build, play, ver)


STAR = {"prefill.py": S.STUB + "\nfrom prefill_work import *  # noqa: F403 - my work is in there\n",
        "prefill_work.py": S.HEADER + "\n".join(impl_funcs().values())}

COMPILE_WARNINGS = '''

def _scratch(x):
    if x is 1:
        assert (x, "x must be one")
    return (1, 2)(3)
'''


def v_compile_warns(ns_src):
    def v(st):
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            compile(st["src"], "prefill.py", "exec")
        return any(issubclass(x.category, SyntaxWarning) for x in w), \
            f"compile warns: {[str(x.message)[:40] for x in w][:3]}"
    return v


def warn_src_case(cid, what):
    src = S.module(suffix=COMPILE_WARNINGS)

    def build(tmp):
        return {"sub": S.folder(tmp / "sub", src, S.answers()), "src": src}

    def play(ctx, st):
        r = ctx.grade(st["sub"])
        ok, why = J.graded(r)
        if not ok:
            return ok, why
        ok, why = J.stderr_clean(r, ctx.engine)
        return ok and r.extra["report"]["score"] == 17.0, f"{why} score {r.extra['report']['score']}"
    return Case(cid, 9, what, build, play, v_compile_warns(src))


C9 = [
    warn_case("9a", "prefill_flops returns np.int64(2**62), causal_pairs an np.uint8 count (numpy "
              "integer overflow warnings when models do arithmetic on them): held when stderr shows "
              "no warning, engine path or site-packages", INT_OVERFLOW,
              v_warns([lambda ns, np: ns["prefill_flops"](1, 1) * 3,
                       lambda ns, np: ns["causal_pairs"](30) - np.uint8(200)])),
    warn_case("9b", "causal_mask returns an empty (0, 0) array, prefill_matches_sequential an empty "
              "bool array (numpy warns on the mean of an empty array): held when stderr is clean",
              EMPTY, v_warns([lambda ns, np: ns["causal_mask"](5).mean(),
                              lambda ns, np: np.mean(ns["prefill_matches_sequential"](np.ones((2, 2)), np.eye(2)))])),
    rebind_case("9c", "the template's stubs at the top, the finished functions (prefill_seconds "
                "partly right) defined again inside 'if True:' below: held when no task that "
                "scores points is told 'not implemented' or flagged not_started",
                {"prefill.py": if_true_module()}),
    rebind_case("9d", "the template's stubs, then 'from prefill_work import *' of a helper module "
                "beside it holding the work (prefill_seconds partly right): held when no task that "
                "scores points is told 'not implemented' or flagged not_started", STAR),
    warn_src_case("9e", "correct module plus a never-called helper that makes the compiler warn "
                  "('is' with a literal, an assert on a tuple, a tuple called): held when 17 and "
                  "stderr shows no warning or engine path"),
]

CASES = C8 + C9
