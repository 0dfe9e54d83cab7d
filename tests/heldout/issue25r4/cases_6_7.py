"""Classes 6-7: faults a submission can force on the grader; work the trusted process does.

Bounds of class 7 (the grader's whole process tree, sampled every 50 ms): a code case 60 s and
700 MB; an answers-file case 20 s and 400 MB; the notebook of slow cells and killing functions
125 s and 900 MB (its cells take 36 s by design, its calls at most the 60 s submission budget,
restarts charged to it). Why: an honest module grade takes ~1 s and ~100 MB here, a notebook ~4 s
and ~180 MB; the answers reader runs no code, so 20 s for under 1 MiB of text is generous.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib

import judges as J
import subs as S
from cases import Case
from cases_1_3 import load

CODE_BOUND = (60.0, 700.0)
ANS_BOUND = (20.0, 400.0)

# ---- class 6: faults a submission can force -------------------------------------------------
SABOTAGE = '''import json as _json, os as _os, sys as _sys
_json.dumps = lambda *a, **k: '{"garbage": '
_json.loads = lambda *a, **k: {"ok": True, "value": 1}
_json.JSONEncoder.encode = lambda self, o: "null"
_real_write = _os.write
_os.write = lambda fd, data: _real_write(fd, bytes(data)[::-1]) if fd > 2 else _real_write(fd, data)
for _m in ("struct", "select", "selectors", "pickle", "marshal", "base64"):
    _sys.modules[_m] = None
'''


def sabotage_module(stub=False) -> str:
    # after numpy's import (numpy itself needs pickle): the functions still work when called
    return (S.STUB + "\n" + SABOTAGE) if stub else S.module(prefix=SABOTAGE + "\n")


def v_sabotage(st):
    src = st["src"]
    code = (src + "\nimport json, os\nprint(json.dumps({'a': 1}))\n"
            "try:\n    import struct\nexcept ImportError:\n    print('struct gone')\n"
            "print('pairs', int(causal_mask(4).sum()))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30)
    works = st.get("stub") or "pairs 10" in r.stdout   # the stub's functions compute nothing
    return ('{"garbage": ' in r.stdout and "struct gone" in r.stdout and works), \
        f"after import: json.dumps garbles, struct gone: {r.stdout.strip()[:60]!r}"


def b_sabotage(tmp):
    src = sabotage_module()
    return {"sub": S.folder(tmp / "sub", src, S.answers()), "src": src}


CLOSE_FDS = "import os\nos.closerange(3, 65536)\n"


def b_closefds(tmp):
    cells = ["import numpy as np"] + list(S.FUNCS.values()) + [CLOSE_FDS]
    nb = S.notebook(cells, "".join(f"{k} = {S.toml_str(v)}\n" for k, v in S.RIGHT_ANSWERS.items()))
    return {"sub": S.write(tmp / "sub" / "prefill.ipynb", nb), "nb": nb}


def v_cells(st):
    cells = json.loads(st["nb"])["cells"]
    for c in cells:
        compile(c["source"], "cell", "exec")
    return True, f"{len(cells)} cells compile"


def b_fifo(tmp):
    sub = S.folder(tmp / "sub", None, S.answers())
    os.mkfifo(sub / "prefill.py")
    return {"sub": sub}


def v_fifo(st):
    import stat
    return stat.S_ISFIFO(os.lstat(st["sub"] / "prefill.py").st_mode), "prefill.py is a named pipe"


def p_bounded_no_fault(bound):
    def p(ctx, st):
        r = ctx.grade(st["sub"], timeout=bound[0] + 30)
        ok, why = J.bounded(r, *bound)
        if not ok:
            return ok, why
        ok2, why2 = J.no_fault(r)
        return ok2, f"{why}; {why2}"
    return p


def b_batch6(tmp):
    d = tmp / "class"
    S.write(d / "alice.py", S.module())
    S.folder(d / "bob", None, S.answers())
    os.mkfifo(d / "bob" / "prefill.py")
    S.write(d / "carol.py", sabotage_module())
    return {"dir": d, "src": sabotage_module()}


def p_batch6(ctx, st):
    r = ctx.batch(st["dir"], "--lesson", "prefill", timeout=240)
    ok, why = J.bounded(r, 200.0, 900.0)
    if not ok:
        return ok, why
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    rows = {x.get("student"): (x.get("status"), J.total(x)) for x in r.extra["rows"]}
    ok = (rows.get("alice") == ("graded", 13.0) and rows.get("bob", ("?",))[0] not in ("failed", "?")
          and rows.get("carol", ("?",))[0] not in ("failed", "?"))
    return ok, f"rows {rows}"


def b_gs6(tmp):
    src = sabotage_module(stub=True)
    return {"up": S.folder(tmp / "upload", src, S.answers({"flops": "", "seconds": "", "pairs": "", "quiz": ""})),
            "src": src, "stub": True}


def p_gs6(ctx, st):
    r = ctx.gradescope(st["cache"], st["up"])
    res = r.extra.get("results")
    if not res:
        return False, f"no results.json (exit {r.rc}): " + J.last_line(r.stdout + r.stderr)
    return res.get("score") == 0, f"results.json score {res.get('score')}"


def b_deepjson(tmp):
    nb = json.loads(S.correct_notebook())
    depth = 100000
    text = json.dumps(nb)
    deep = "[" * depth + "]" * depth
    text = text.replace('"metadata": {"kernelspec"', f'"metadata": {{"x": {deep}, "kernelspec"', 1)
    return {"sub": S.write(tmp / "sub" / "prefill.ipynb", text), "text": text}


def v_deepjson(st):
    try:
        json.loads(st["text"])
        return False, "json.loads reads it"
    except RecursionError:
        return True, f"{len(st['text'])} bytes; json.loads raises RecursionError (nested 100000 deep)"


C6 = [
    Case("6a", 6, "correct module that, on import, garbles json.dumps/loads, reverses every os.write "
         "to fds > 2 and blanks struct/select/pickle in sys.modules: held when no exit 3, no "
         "traceback, a report, within 60 s / 700 MB", b_sabotage, p_bounded_no_fault(CODE_BOUND),
         v_sabotage, timeout=150),
    Case("6b", 6, "correct notebook whose last cell closes every inherited file descriptor "
         "(os.closerange(3, 65536)): held when no exit 3, no traceback, a report, within 150 s",
         b_closefds, p_bounded_no_fault((150.0, 900.0)), v_cells, timeout=240),
    Case("6c", 6, "folder whose prefill.py is a named pipe (FIFO), beside right answers: held when "
         "it ends within 60 s with exit 0-2 (never a hang, never exit 3)", b_fifo,
         p_bounded_no_fault(CODE_BOUND), v_fifo, timeout=150),
    Case("6d", 6, "batch: alice.py correct, bob/ with a FIFO prefill.py, carol.py the json-garbling "
         "module: held when alice 13 and bob, carol rows are not 'failed', within 200 s",
         b_batch6, p_batch6, lambda st: v_sabotage(st), timeout=300),
    Case("6e", 6, "Gradescope: stub module with the json-garbling import and empty answers: held "
         "when results.json is written with score 0", b_gs6, p_gs6, v_sabotage, timeout=420),
    Case("6f", 6, "correct notebook whose metadata holds a list nested 100000 deep (json.loads "
         "raises RecursionError): held when no exit 3, no traceback, within 60 s", b_deepjson,
         p_bounded_no_fault(CODE_BOUND), v_deepjson, timeout=150),
]


# ---- class 7: work the trusted process does for a submission, unbounded ------------------------
def amp_case(cid, what, make, bound, verify=None):
    return Case(cid, 7, what, make, p_bounded_no_fault(bound), verify, timeout=bound[0] + 90)


LISTS = {k: v.split(":\n", 1)[0] + ":\n    return [0.5] * 150000\n" for k, v in S.FUNCS.items()}


def mk_lists(tmp):
    src = S.module(LISTS)
    return {"sub": S.folder(tmp / "sub", src, S.answers()), "src": src}


def v_lists(st):
    ns = load(st["src"])
    n = len(json.dumps(ns["causal_pairs"](4)))
    return n < 1 << 20, f"every function returns 150000 floats ({n} bytes of JSON, < 1 MiB)"


def ans_amp(over):
    def mk(tmp):
        text = S.answers(over)
        return {"sub": S.folder(tmp / "sub", S.module(), text), "text": text}
    return mk


def v_ans(st):
    d = tomllib.loads(st["text"])
    longest = max(len(v) for v in d.values())
    return len(st["text"]) < 1 << 20, f"valid TOML, {len(st['text'])} bytes, longest answer {longest}"


CHAIN = {"flops": "2 × 7e9 × 1000 = " * 40000 + "1.4e13"}
UNARY = {"seconds": "-" * 300000 + "0.28 s", "pairs": "(" + "1 + " * 100000}
GROUPS = {"flops": "1" + ",000" * 100000 + ",00", "seconds": "0" + " 000" * 60000 + " x s"}


def mk_nb_sum(tmp):
    ans = 'flops = ' + "+".join(["1"] * 100000) + '\nseconds = "0.28 s"\npairs = "10"\nquiz = "B"\n'
    nb = S.notebook(["import numpy as np"] + list(S.FUNCS.values()), ans)
    return {"sub": S.write(tmp / "sub" / "prefill.ipynb", nb), "nb": nb, "ans": ans}


def v_nb_sum(st):
    import ast
    try:
        ast.parse(st["ans"])
        how = "ast.parse succeeds"
    except (RecursionError, MemoryError, SyntaxError) as e:
        how = f"ast.parse fails: {type(e).__name__}"
    code = sum(len(c["source"]) for c in json.loads(st["nb"])["cells"])
    return code < 1_000_000, f"ANSWERS cell {len(st['ans'])} bytes ({how}); code {code} < 1 MB"


KILL = "    import os\n    os._exit(1)\n"


def mk_slow_killers(tmp):
    funcs = [v.split(":\n", 1)[0] + ":\n" + KILL for v in S.FUNCS.values()]
    cells = ["import numpy as np"] + ["import time\ntime.sleep(9)\n"] * 4 + funcs
    nb = S.notebook(cells, "".join(f"{k} = {S.toml_str(v)}\n" for k, v in S.RIGHT_ANSWERS.items()))
    return {"sub": S.write(tmp / "sub" / "prefill.ipynb", nb), "nb": nb}


HUGE_RAISE = ("    e = ValueError('x' * 12_000_000)\n    e.add_note('y' * 4_000_000)\n    raise e\n")


def mk_huge_raise(tmp):
    src = S.module({k: v.split(":\n", 1)[0] + ":\n" + HUGE_RAISE for k, v in S.FUNCS.items()})
    return {"sub": S.folder(tmp / "sub", src, S.answers()), "src": src}


def v_huge_raise(st):
    ns = load(st["src"])
    try:
        ns["causal_pairs"](4)
    except ValueError as e:
        return len(str(e)) == 12_000_000, f"raises ValueError of {len(str(e))} chars + a note of 4 MB"
    return False, "no raise"


C7 = [
    amp_case("7a", "every function returns a list of 150000 floats (~750 KB of JSON, under the 1 MiB "
             "refusal) on every call: held within 60 s / 700 MB, no exit 3", mk_lists, CODE_BOUND, v_lists),
    amp_case("7b", "flops answer: a working chained by 40000 '= 2 × 7e9 × 1000' (~680 KB): held "
             "within 20 s / 400 MB, no exit 3", ans_amp(CHAIN), ANS_BOUND, v_ans),
    amp_case("7c", "answers of 300000 unary minus signs and an unbalanced bracket of 100000 '1 +': "
             "held within 20 s / 400 MB, no exit 3", ans_amp(UNARY), ANS_BOUND, v_ans),
    amp_case("7d", "answers of 100000 ',000' digit groups and 60000 ' 000' groups ending badly "
             "(regex backtracking bait): held within 20 s / 400 MB, no exit 3", ans_amp(GROUPS),
             ANS_BOUND, v_ans),
    amp_case("7e", "correct notebook whose ANSWERS cell holds 'flops = 1+1+...' of 100000 terms "
             "(read by the trusted side with ast): held within 60 s / 700 MB, no exit 3, no traceback",
             mk_nb_sum, CODE_BOUND, v_nb_sum),
    amp_case("7f", "notebook of four 9 s cells and five functions that kill the kernel: held within "
             "125 s / 900 MB (restarts charged to the 60 s budget), no exit 3", mk_slow_killers,
             (125.0, 900.0), v_cells),
    amp_case("7g", "every function raises a ValueError of 12 MB with a 4 MB note: held within "
             "60 s / 700 MB, no exit 3", mk_huge_raise, CODE_BOUND, v_huge_raise),
]

CASES = C6 + C7
