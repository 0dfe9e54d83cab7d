"""Classes 8-9: hidden inputs leaked through names the submission chooses; cosmetic faults.

Class 8's machinery (the zq_ token built by a function from its inputs, judged absent from
everything the student sees unless a visible check's entry shows it) is round 5's.
"""
from __future__ import annotations

import ast
import contextlib
import io
import json
import re
import traceback
import warnings

import judges as J
import subs as S
from cases import Case
from common import load, mod_case, run_local

# ---- class 8: hidden inputs leaked through names the submission chooses ----------------------
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


def leak_case(cid, what, fname, body, verify=None):
    f = leak_func(fname, body)
    c = mod_case(cid, 8, what, {fname: f}, None)
    c.play = lambda ctx, st: judge_leak(ctx.grade(st["sub"]))
    c.verify = verify or (lambda st: local_shows_token(st["src"], fname))
    return c


# 8a: the returned value carries the input: P + 0.4242 (a marked fraction)
MARK = re.compile(r"\b\d+\.4242\d*")
MARKED_PAIRS = {"causal_pairs": "def causal_pairs(P):\n    return P + 0.4242\n"}


def judge_marked(r):
    ok, why = J.graded(r)
    if not ok:
        return ok, why
    rep = r.extra.get("report") or {}
    visible = set()
    for t in rep.get("tasks", []):
        for c in t.get("checks", []):
            if c.get("visibility") == "visible":
                visible |= set(MARK.findall(json.dumps(c)))
    seen = set(MARK.findall(J.all_text(r)))
    leaks = {m for m in seen - visible if not any(v.startswith(m) or m.startswith(v) for v in visible)}
    return not leaks, f"marked values shown that no visible check shows: {sorted(leaks)[:5]}"


WRITE_FDS = '''    import os
    for fd in range(3, 64):
        try:
            os.write(fd, (_t + "\\n").encode())
        except OSError:
            pass
    return 0
'''


def v_write_fds(st):
    out = run_local(st["src"], "import os\nr, w = os.pipe()\nos.dup2(w, 60)\nprefill_flops(7e9, 1000)\n"
                    "print(os.read(r, 200))")
    return "zq_" in out, f"the token lands on an inherited descriptor: {out[-50:]!r}"


C8 = [
    Case("8a", 8, "causal_pairs returns P + 0.4242 (the input carried in its wrong value, marked by its "
         "fraction): held when no marked value appears in what the student sees unless a visible check's "
         "entry shows it", lambda tmp: {"sub": S.folder(tmp / "sub", S.module(MARKED_PAIRS), S.answers())},
         lambda ctx, st: judge_marked(ctx.grade(st["sub"])),
         lambda st: (load(S.module(MARKED_PAIRS))["causal_pairs"](37) == 37.4242, "37 -> 37.4242")),
    leak_case("8b", "prefill_flops returns an instance of a class named after its inputs' token (a type "
              "that cannot cross; its type name is the token): held when no hidden-input token reaches the "
              "report", "prefill_flops", "    return type(_t, (), {})()\n"),
    leak_case("8c", "causal_pairs raises a ValueError subclass with no arguments whose __str__ returns the "
              "token: held when no hidden-input token reaches the report", "causal_pairs",
              "    class _E(ValueError):\n        def __str__(self, _m=_t):\n            return _m\n"
              "    raise _E()\n"),
    leak_case("8d", "causal_mask returns a structured numpy array whose field name is the token of P "
              "(dtype [(token, 'f8')]): held when no hidden-input token reaches the report", "causal_mask",
              "    return np.zeros(P if isinstance(P, int) and 0 <= P < 100 else 3, dtype=[(_t, 'f8')])\n"),
    leak_case("8e", "prefill_seconds raises UserWarning(token of its inputs) (a warning class raised as "
              "an exception): held when no hidden-input token reaches the report", "prefill_seconds",
              "    raise UserWarning(_t)\n"),
    leak_case("8f", "prefill_flops writes its token to every inherited file descriptor 3-63 (the worker's "
              "pipes to the grader among them), then returns 0: held when no hidden-input token reaches "
              "the report (and no exit 3)", "prefill_flops", WRITE_FDS, verify=v_write_fds),
    leak_case("8g", "causal_pairs decodes bytes with a codec named after P (LookupError: unknown encoding "
              "quoting it): held when no hidden-input token reaches the report", "causal_pairs",
              "    return b'10'.decode(_t)\n"),
]


# ---- class 9: cosmetic, still wrong ----------------------------------------------------------
def p_stderr_clean(ctx, st):
    r = ctx.grade(st["sub"])
    ok, why = J.graded(r)
    return (ok, why) if not ok else J.stderr_clean(r, ctx.engine)


LONGDOUBLE = {"prefill_flops": "def prefill_flops(N, P):\n    return np.longdouble('1e4000')\n",
              "causal_pairs": "def causal_pairs(P):\n    return np.longdouble(10) ** 4000\n"}


def v_longdouble(st):
    import numpy as np
    ns = load(st["src"])
    v = ns["prefill_flops"](7e9, 1000)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        f = np.array([v]).astype(np.float64)[0]
    return bool(np.isfinite(v)) and not np.isfinite(f), \
        f"finite longdouble, inf as float64, warns: {[x.category.__name__ for x in w][:1]}"


def j_full_not_told(r):
    ok, why = J.graded(r)
    if not ok:
        return ok, why
    rep = r.extra["report"]
    bad = J.not_started_but_full(rep) + J.told_not_implemented_but_scored(rep)
    return rep["score"] == 17.0 and not bad, f"score {rep['score']}, told not implemented: {bad}"


def j_scored_not_told(r):
    ok, why = J.graded(r)
    if not ok:
        return ok, why
    bad = J.told_not_implemented_but_scored(r.extra["report"])
    return not bad, f"score {r.extra['report']['score']}, tasks with points told not implemented: {bad}"


ONE_LINE = (S.HEADER + "def prefill_flops(N, P): return 2 * N * P\n\n"
            "def _valid(u):\n    if not (u > 0 and u <= 1):\n        raise ValueError('utilization in (0, 1]')\n"
            "    return u\n\n"
            "def prefill_seconds(N, P, flops_per_sec, utilization=1.0): "
            "return prefill_flops(N, P) / (flops_per_sec * _valid(utilization))\n\n"
            "def causal_pairs(P): return P * (P + 1) // 2 if isinstance(P, int) else P * (P + 1) / 2\n\n"
            "def causal_mask(P): return np.tril(np.ones((P, P), dtype=bool))\n\n"
            + S.FUNCS["prefill_matches_sequential"])


def pass_above(text: str) -> str:
    head, body = text.split(":\n", 1)
    return head + ':\n    """Written in class; the template\'s pass is still above."""\n    pass\n' + body


PASS_ABOVE = S.HEADER + "\n".join(pass_above(v) for v in S.FUNCS.values())
EXEC_TAIL = "\n\nexec(compile(" + repr("\n".join(S.FUNCS.values())) + ", 'work', 'exec'))\n"
EXEC_REBIND = S.STUB + EXEC_TAIL
ODD_BINDINGS = S.STUB + '''

import contextlib as _cl


def _flops(N, P):
    return 2 * N * P


''' + "\n".join(S.FUNCS[k].replace(f"def {k}(", f"def _{k}(", 1).replace("prefill_flops(N, P) /", "_flops(N, P) /")
                for k in ("prefill_seconds", "causal_pairs", "causal_mask", "prefill_matches_sequential")) + '''

(prefill_flops := _flops)
for prefill_seconds in [_prefill_seconds]:
    pass
with _cl.nullcontext(_causal_pairs) as causal_pairs:
    pass
[causal_mask := _causal_mask for _ in (0,)]
prefill_matches_sequential, = (_prefill_matches_sequential,)
'''


def v_right(src):
    def v(st):
        import numpy as np
        ns = load(src)
        ok = (ns["prefill_flops"](7e9, 1000) == 1.4e13 and ns["causal_pairs"](4) == 10
              and ns["causal_mask"](3).dtype == np.bool_ and ns["prefill_seconds"](7e9, 1000, 1e14, 0.5) == 0.28
              and ns["prefill_matches_sequential"](np.ones((3, 2)), np.eye(2)) is True)
        return ok, "every function right when the module runs"
    return v


def src_case(cid, what, src, judge, verify, args=()):
    def build(tmp):
        return {"sub": S.folder(tmp / "sub", src, S.answers()), "src": src}
    return Case(cid, 9, what, build, lambda ctx, st: judge(ctx.grade(st["sub"], *args)), verify)


# 9f: github annotations: the notebook's own file name carries properties
NB_NAME = "prefill,line=999,col=7,title=forged::x.ipynb"
WRONG_PAIRS = {"causal_pairs": "def causal_pairs(P):\n    return P * P\n"}


def annotations(text: str) -> list[dict]:
    out = []
    for ln in text.splitlines():
        if not ln.startswith("::"):
            continue
        head = ln[2:].split("::", 1)[0]
        props = head.split(" ", 1)[1] if " " in head else ""
        out.append({"cmd": head.split(" ", 1)[0], "props": [p.split("=", 1)[0] for p in props.split(",") if p],
                    "raw": props, "line": ln})
    return out


def p_annot_name(ctx, st):
    out, js = st["tmp"] / "annot.txt", st["tmp"] / "r.json"
    r = ctx._run([ctx.grader, "grade", str(st["sub"]), "--format", f"github:{out}", "--format", f"json:{js}"])
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    text = (out.read_text() if out.exists() else "") + "\n" + r.stdout
    bad = [a["line"][:120] for a in annotations(text)
           if a["props"].count("line") > 1 or "col" in a["props"] or "title=forged" in a["raw"].split(",")]
    return not bad and r.rc in (0, 1, 2), f"exit {r.rc}; forged annotation properties: {bad[:2]}"


def b_annot_name(tmp):
    funcs = dict(S.FUNCS)
    funcs.update(WRONG_PAIRS)
    nb = S.notebook(["import numpy as np"] + list(funcs.values()),
                    "".join(f"{k} = {S.toml_str(v)}\n" for k, v in S.RIGHT_ANSWERS.items()))
    return {"sub": S.write(tmp / "nb" / NB_NAME, nb)}


# 9g: line separators Python does not count, above the failing function
SEP_SRC = S.module(WRONG_PAIRS, prefix="# notes\u2028more notes\x0cand more\x1c\x1d\x1e\x85end\n"
                   "# a pasted line\u2029from a web page\n\n")


def true_line(src, name):
    for node in ast.parse(src).body:
        if isinstance(node, ast.FunctionDef) and node.name == name:
            return node.lineno
    return None


def p_annot_lines(ctx, st):
    out = st["tmp"] / "annot.txt"
    r = ctx._run([ctx.grader, "grade", str(st["sub"]), "--format", f"github:{out}"])
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    want = true_line(SEP_SRC, "causal_pairs")
    anns = annotations(out.read_text() if out.exists() else r.stdout)
    lines = []
    for a in anns:
        m = re.search(r"(?:^|,)line=(\d+)", a["raw"])
        if m and ("causal_pairs" in a["line"] or len(anns) == 1):
            lines.append(int(m.group(1)))
    return bool(lines) and all(x == want for x in lines), f"causal_pairs at line {want}; annotations say {lines}"


def v_sep(st):
    want, naive = true_line(SEP_SRC, "causal_pairs"), None
    for i, ln in enumerate(SEP_SRC.splitlines(), 1):
        if ln.startswith("def causal_pairs"):
            naive = i
    return want != naive, f"ast line {want}, str.splitlines line {naive}"


def nb_no_ids(tmp):
    nb = json.loads(S.correct_notebook())
    for c in nb["cells"]:
        c.pop("id", None)
    nb["metadata"]["colab"] = {"provenance": [], "toc_visible": True}
    nb["metadata"]["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    nb["nbformat_minor"] = 5
    return {"sub": S.write(tmp / "sub" / "prefill.ipynb", json.dumps(nb, indent=1))}


def p_nb_quiet(ctx, st):
    r = ctx.grade(st["sub"])
    ok, why = j_full_not_told(r)
    if not ok:
        return ok, why
    ok2, why2 = J.stderr_clean(r, ctx.engine)
    return ok2, why + ("; " + why2 if why2 else "; stderr clean")


C9 = [
    Case("9a", 9, "prefill_flops returns np.longdouble('1e4000'), causal_pairs np.longdouble(10)**4000 "
         "(finite in extended precision, inf as float64: numpy warns when they are cast): held when stderr "
         "shows no warning, engine path or site-packages",
         lambda tmp: {"sub": S.folder(tmp / "sub", S.module(LONGDOUBLE), S.answers()), "src": S.module(LONGDOUBLE)},
         p_stderr_clean, v_longdouble),
    src_case("9b", "honest: functions written on one line each (def f(N, P): return 2 * N * P): held when "
             "17 and no task flagged not_started or told not implemented", ONE_LINE, j_full_not_told,
             v_right(ONE_LINE)),
    src_case("9c", "honest: every function keeps the template's docstring-and-pass above the student's "
             "code: held when 17 and no task flagged not_started or told not implemented", PASS_ABOVE,
             j_full_not_told, v_right(PASS_ABOVE)),
    src_case("9d", "the template's stubs, then one exec(compile(...)) at the bottom defining the finished "
             "functions: held when no task that scores points is told 'not implemented' or flagged "
             "not_started", EXEC_REBIND, j_scored_not_told, v_right(EXEC_REBIND)),
    src_case("9e", "the template's stubs, then bindings by a walrus, a for target, a with target, a walrus "
             "in a comprehension and a one-element unpacking: held when no task that scores points is told "
             "'not implemented' or flagged not_started", ODD_BINDINGS, j_scored_not_told, v_right(ODD_BINDINGS)),
    Case("9f", 9, "a notebook with a wrong causal_pairs, handed in under the file name "
         f"'{NB_NAME}', graded with --format github: held when no annotation carries a second line=, "
         "a col= or a title=forged property (or the file is refused with exit 2)", b_annot_name,
         p_annot_name, lambda st: (st["sub"].exists(), st["sub"].name)),
    Case("9g", 9, "prefill.py with U+2028, U+2029, form feed, \\x1c-\\x1e and NEL inside comments above a "
         "wrong causal_pairs, graded with --format github: held when its annotation names the line "
         "Python gives the def", lambda tmp: {"sub": S.folder(tmp / "sub", SEP_SRC, S.answers())},
         p_annot_lines, v_sep),
    Case("9h", 9, "honest: a correct notebook saved without cell ids at nbformat 4.5, with Colab and widget "
         "metadata: held when 17, no task flagged, and stderr shows no warning or engine path", nb_no_ids,
         p_nb_quiet, lambda st: (True, "no cell ids, nbformat_minor 5")),
]

CASES = C8 + C9
