"""Classes 7-9: work the trusted process does for a submission; hidden inputs leaked through
names; cosmetic faults.

Bounds of class 7 (the grader's whole process tree, sampled every 50 ms): a code case must end
within 60 s and 700 MB; an answers-file case within 20 s and 400 MB. Why: an honest grade of a
module takes about 1 s and 100 MB here, a notebook about 3.5 s and 180 MB (the controls), a
submission's own limits (import, calls, submission seconds) are tens of seconds, and a batch
of 200 students must not stall or be OOM-killed on a 2-core machine for one student; the
answers reader never runs code, so 20 s for a <1 MiB text is already generous.
"""
from __future__ import annotations

import json
import re
import tomllib

import judges as J
import subs as S
from cases import Case
from cases_1_4 import load, mod_case

CODE_BOUND = (60.0, 700.0)
ANS_BOUND = (20.0, 400.0)


def amp_case(cid, what, make, bound, target="sub", verify=None):
    def build(tmp):
        return make(tmp)

    def play(ctx, st):
        r = ctx.grade(st[target], timeout=bound[0] + 30)
        ok, why = J.bounded(r, *bound)
        if not ok:
            return ok, why
        ok2, why2 = J.reported(r)
        return ok2, f"{why}; exit {r.rc} {why2}"
    return Case(cid, 7, what, build, play, verify, timeout=bound[0] + 60)


def mk_dict(tmp):
    f = ("def prefill_flops(N, P):\n    return {('k%05d' % i): float(i) for i in range(50000)}\n")
    return {"sub": S.folder(tmp / "sub", S.module({"prefill_flops": f}), S.answers()),
            "src": S.module({"prefill_flops": f})}


def v_dict(st):
    d = load(st["src"])["prefill_flops"](1, 1)
    n = len(json.dumps(d))
    return len(d) == 50000 and n < 1 << 20, f"{len(d)} keys, {n} bytes of JSON (< 1 MiB)"


def ans_amp(over):
    def mk(tmp):
        text = S.answers(over)
        return {"sub": S.folder(tmp / "sub", S.module(), text), "text": text}
    return mk


def v_ans(st):
    d = tomllib.loads(st["text"])
    return True, f"valid TOML, {len(st['text'])} bytes, longest answer {max(len(v) for v in d.values())}"


NESTED = "1.4e13 " + "(" * 100000 + "2 × 7e9 × 1000" + ")" * 100000
TOWER = {"flops": "9^9^9^9 = 1.4e13", "seconds": "0.28 s (10^10^10 / 10^10^10)",
         "pairs": "10 (2**2**2**2**2**2)"}
MANY = "1.4e13 " + "(2 × 7e9 × 1000) " * 30000


def mk_chain(tmp):
    src = S.module(suffix="\n_total = " + "+".join(["1"] * 100000) + "\n")
    return {"sub": S.folder(tmp / "sub", src, S.answers()), "src": src}


def v_chain(st):
    import ast
    try:
        compile(st["src"], "prefill.py", "exec")
        return False, "compiles (not deep enough)"
    except RecursionError as e:
        pass
    except MemoryError:
        pass
    try:
        ast.parse(st["src"])
        where = "ast.parse succeeds, compile fails"
    except RecursionError:
        where = "even ast.parse fails with RecursionError"
    return True, f"{len(st['src'])} bytes; {where}"


def mk_bigcell(tmp):
    cells = ["import numpy as np"] + list(S.FUNCS.values()) + ["x = 1\n" * 150000]
    nb = S.notebook(cells, "".join(f"{k} = {S.toml_str(v)}\n" for k, v in S.RIGHT_ANSWERS.items()))
    return {"sub": S.write(tmp / "sub" / "prefill.ipynb", nb), "nb": nb}


def v_bigcell(st):
    code = sum(len(c["source"]) for c in json.loads(st["nb"])["cells"])
    return code < 1_000_000, f"{code} bytes of code (< 1 MB)"


def mk_manyfuncs(tmp):
    extra = "".join(f"def helper{i:05d}():\n    pass\n" for i in range(40000))
    src = S.module(suffix="\n" + extra)
    return {"sub": S.folder(tmp / "sub", src, S.answers()), "src": src}


def v_manyfuncs(st):
    ns = load(st["src"])
    return ns["prefill_flops"](2, 3) == 12, f"{len(st['src'])} bytes, 40000 stub helpers"


SLEEPER = '''
def _orphan():
    import os
    try:
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                import time
                time.sleep(600)
            os._exit(0)
    except OSError:
        pass
'''


def mk_sleepers(tmp):
    funcs = {k: v.replace(":\n", ":\n    _orphan()\n", 1) for k, v in S.FUNCS.items()}
    src = S.module(funcs, prefix=SLEEPER + "\n")
    return {"sub": S.folder(tmp / "sub", src, S.answers()), "src": src}


def p_sleepers(ctx, st):
    r = ctx.grade(st["sub"], timeout=120)
    ok, why = J.bounded(r, *CODE_BOUND)
    if not ok:
        return ok, why
    return r.leftovers == 0 and r.rc in (0, 2), f"{why}; exit {r.rc}; {r.leftovers} processes left running"


def v_sleepers(st):
    return "_orphan()" in st["src"] and compile(st["src"], "p", "exec") is not None, "each function double-forks a setsid sleeper"


C7 = [
    amp_case("7a", "prefill_flops returns a dict of 50000 keys (just under 1 MiB of JSON): 60 s / 700 MB",
             mk_dict, CODE_BOUND, verify=v_dict),
    amp_case("7b", "an answer with a working nested 100000 brackets deep: 20 s / 400 MB",
             ans_amp({"flops": NESTED}), ANS_BOUND, verify=v_ans),
    amp_case("7c", "power towers in workings (9^9^9^9, 10^10^10, 2**2**2**2**2**2): 20 s / 400 MB",
             ans_amp(TOWER), ANS_BOUND, verify=v_ans),
    amp_case("7d", "one answer followed by 30000 bracketed workings (~520 KB): 20 s / 400 MB",
             ans_amp({"flops": MANY}), ANS_BOUND, verify=v_ans),
    amp_case("7e", "module ending in a 100000-term '1+1+...' line (too deep to compile): "
             "60 s / 700 MB, the submission's error", mk_chain, CODE_BOUND, verify=v_chain),
    amp_case("7f", "correct notebook plus one 900 KB cell of 150000 statements: 60 s / 700 MB",
             mk_bigcell, CODE_BOUND, verify=v_bigcell),
    amp_case("7g", "correct module with 40000 stub helper functions (~1 MB): 60 s / 700 MB",
             mk_manyfuncs, CODE_BOUND, verify=v_manyfuncs),
    Case("7h", 7, "every call double-forks a setsid'd sleeper (600 s): 60 s / 700 MB and no process "
         "left running", mk_sleepers, p_sleepers, v_sleepers, timeout=180),
]


# ---- class 8: hidden inputs leaked through names the submission chooses ----------------------
TOK = "    _t = 'zq_' + __import__('re').sub(r'\\W', '_', {args})\n"


def leak_case(cid, what, fname, sig, body, args):
    f = f"def {fname}{sig}:\n" + TOK.format(args=args) + body

    def judge_run(r):
        ok, why = J.graded(r)
        if not ok:
            return ok, why
        leaks = J.zq_leaks(r)
        return not leaks, f"{len(leaks)} hidden-input tokens shown: {sorted(leaks)[:4]}"

    c = mod_case(cid, 8, what, {fname: f}, None)
    c.play = lambda ctx, st: judge_run(ctx.grade(st["sub"]))
    src = S.module({fname: f})

    def ver(st):
        ns = load(src)
        call = {"prefill_flops": (7e9, 1000), "causal_pairs": (4,), "causal_mask": (5,),
                "prefill_seconds": (7e9, 1000, 1e14, 0.5)}.get(fname)
        if fname == "prefill_matches_sequential":
            import numpy as np
            call = (np.ones((3, 2)), np.eye(2))
        import contextlib
        import io
        buf = io.StringIO()
        try:
            with contextlib.redirect_stdout(buf):
                out = ns[fname](*call)
        except BaseException as e:  # noqa: BLE001
            import traceback
            out = "".join(traceback.format_exception(e))
        text = buf.getvalue() + repr(out)
        return "zq_" in text, f"local call shows {J.ZQ.findall(text)[:1]}"
    c.verify = ver
    return c


C8 = [
    leak_case("8a", "prefill_flops prints a token of N, P and returns a wrong value",
              "prefill_flops", "(N, P)", "    print(_t)\n    return 2 * N * P + 1\n", "f'{N}_{P}'"),
    leak_case("8b", "causal_pairs raises ValueError with the token in an add_note note",
              "causal_pairs", "(P)", "    e = ValueError('bad size')\n    e.add_note(_t)\n    raise e\n", "str(P)"),
    leak_case("8c", "causal_mask compiles text named after P: a SyntaxError quoting text and filename",
              "causal_mask", "(P)", "    compile(_t + ' +', _t + '.py', 'exec')\n", "str(P)"),
    leak_case("8d", "prefill_seconds returns a dict keyed by the token",
              "prefill_seconds", "(N, P, flops_per_sec, utilization=1.0)", "    return {_t: 1.0}\n",
              "f'{N}_{P}_{flops_per_sec}_{utilization}'"),
    leak_case("8e", "prefill_matches_sequential fails an assert whose message is the token",
              "prefill_matches_sequential", "(X, W)", "    assert False, _t\n",
              "f'{X.shape}_{float(X.sum()):.3g}'"),
    leak_case("8f", "prefill_flops raises an ExceptionGroup holding ValueError(token)",
              "prefill_flops", "(N, P)", "    raise ExceptionGroup('several', [ValueError(_t), KeyError(_t)])\n",
              "f'{N}_{P}'"),
    leak_case("8g", "causal_pairs opens a data file named after P (FileNotFoundError with the name)",
              "causal_pairs", "(P)", "    return int(open(_t + '.npy').read())\n", "str(P)"),
]


# ---- class 9: cosmetic, still wrong ----------------------------------------------------------
def j_clean_stderr(ctx_engine):
    def j(r):
        ok, why = J.graded(r)
        if not ok:
            return ok, why
        return J.stderr_clean(r, ctx_engine)
    return j


def warn_case(cid, what, replace):
    c = mod_case(cid, 9, what, replace, None)
    c.play = lambda ctx, st: j_clean_stderr(ctx.engine)(ctx.grade(st["sub"]))
    return c


DECORATED = '''def _real_flops(N, P):
    return 2 * N * P
'''


def j_not_told(rep):
    bad = J.not_started_but_full(rep)
    return not bad, f"score {rep['score']}; full but told not implemented: {bad}"


def decorated_module():
    impl = "".join(v.replace("def ", "def _real_", 1) for v in S.FUNCS.values())
    impl = impl.replace("return prefill_flops(", "return _real_prefill_flops(")
    stubs = "".join(f"@lambda f: globals()['_real_' + f.__name__]\n{d}" for d in
                    re.findall(r"def [^\n]+:\n    pass\n", S.STUB))
    return S.HEADER + impl + "\n" + stubs


def globals_module():
    impl = "".join(v.replace("def ", "def _w_", 1) for v in S.FUNCS.values())
    impl = impl.replace("return prefill_flops(", "return _w_prefill_flops(")
    return (S.STUB + "\n" + impl + "\nglobals().update({k[3:]: v for k, v in list(globals().items())"
            " if k.startswith('_w_')})\n")


def v_works(src):
    def v(st):
        ns = load(src)
        return ns["prefill_flops"](2, 3) == 12 and ns["prefill_seconds"](7e9, 1000, 1e14, 0.5) == 0.28, \
            "the names called are the finished functions"
    return v


def rebind_case(cid, what, src):
    def build(tmp):
        return {"sub": S.folder(tmp / "sub", src, S.answers())}

    def play(ctx, st):
        r = ctx.grade(st["sub"])
        ok, why = J.graded(r)
        return (ok, why) if not ok else j_not_told(r.extra["report"])
    return Case(cid, 9, what, build, play, v_works(src))


def nb_rebind(tmp):
    nb = json.loads(S.stub_notebook())
    impl = "".join(v.replace("def ", "def _n_", 1) for v in S.FUNCS.values())
    impl = impl.replace("return prefill_flops(", "return _n_prefill_flops(")
    rebind = impl + "".join(f"{k} = _n_{k}\n" for k in S.FUNCS)
    nb["cells"].insert(len(nb["cells"]) - 1, {"cell_type": "code", "id": "rebind", "metadata": {},
                                              "outputs": [], "execution_count": None, "source": rebind})
    nb["cells"][-1]["source"] = "# ANSWERS\n" + "".join(
        f"{k} = {S.toml_str(v)}\n" for k, v in S.RIGHT_ANSWERS.items())
    p = S.write(tmp / "sub" / "prefill.ipynb", json.dumps(nb))
    return {"nb": p, "src": "\n".join(c["source"] for c in nb["cells"] if not c["source"].startswith("# ANS"))}


def p_nb_rebind(ctx, st):
    r = ctx.grade(st["nb"])
    ok, why = J.graded(r)
    return (ok, why) if not ok else j_not_told(r.extra["report"])


C9 = [
    warn_case("9a", "prefill_flops returns np.complex128(2·N·P): no warning or engine path on stderr",
              {"prefill_flops": "def prefill_flops(N, P):\n    return np.complex128(2 * N * P)\n"}),
    warn_case("9b", "prefill_seconds returns np.float64(0.0), causal_pairs np.float64(-0.0): stderr clean",
              {"prefill_seconds": SECONDS_ZERO if (SECONDS_ZERO := S.FUNCS["prefill_seconds"].replace(
                  "return prefill_flops(N, P) / (flops_per_sec * utilization)", "return np.float64(0.0)")) else "",
               "causal_pairs": "def causal_pairs(P):\n    return np.float64(-0.0)\n"}),
    rebind_case("9c", "stubs decorated with '@lambda f: globals()[...]' returning finished functions: "
                "a full task is never told 'not implemented'", decorated_module()),
    rebind_case("9d", "stubs rebound by globals().update(...) at the end: a full task is never told "
                "'not implemented'", globals_module()),
    Case("9e", 9, "notebook: stub cells, then a later cell rebinding every name to finished functions:"
         " a full task is never told 'not implemented'", nb_rebind, p_nb_rebind,
         lambda st: v_works(st["src"])(st)),
    warn_case("9f", "causal_mask returns a float64 grid of NaN (numpy warns when it is cast to integers, e.g. to count pairs): stderr clean",
              {"causal_mask": "def causal_mask(P):\n    return np.full((P, P), np.nan)\n"}),
]

CASES = C7 + C8 + C9
