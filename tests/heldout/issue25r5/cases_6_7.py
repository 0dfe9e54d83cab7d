"""Classes 6-7: faults a submission can force on the grader; work the trusted process does.

Bounds of class 7 (the grader's whole process tree, sampled every 50 ms), from the documented
limits (docs/authoring.md: call_seconds 5, import_seconds 10, submission_seconds 60, memory_mb
4096 for the worker; docs/security.md: a returned value over 32 MiB or a JSON document over
1 MiB refused unread; docs/ci.md: the search for the work bounded to 5 s; docs/class.md: a
folder at most 50 MiB and 1000 files): a code case 60 s and 700 MB; an answers-file case 20 s and
400 MB; the module of 9.5 s import and 4.8 s calls 100 s (10 + 60 s of budget, 30 s of slack) and
700 MB. Why: an honest module grade takes ~1 s and ~100 MB here, a notebook ~4 s and ~180 MB;
the answers reader runs no code, so 20 s for under 1 MiB of text is generous.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
import zipfile

import judges as J
import subs as S
from cases import Case
from cases_1_3 import load

CODE_BOUND = (60.0, 700.0)
ANS_BOUND = (20.0, 400.0)


def p_bounded_no_fault(bound, *args):
    def p(ctx, st):
        r = ctx.grade(st["sub"], *args, timeout=bound[0] + 30)
        ok, why = J.bounded(r, *bound)
        if not ok:
            return ok, why
        ok2, why2 = J.no_fault(r)
        return ok2, f"{why}; {why2}"
    return p


def run_local(src: str, tail: str) -> str:
    """Our own attack module, exec'd in a fresh Python, then `tail`: what it does locally."""
    r = subprocess.run([sys.executable, "-c", src + "\n" + tail], capture_output=True, text=True,
                       timeout=60)
    return (r.stdout + r.stderr).strip()


# ---- class 6: faults a submission can force -------------------------------------------------
STOP_PARENT = "import os, signal\nos.kill(os.getppid(), signal.SIGSTOP)\n"


def b_stop(tmp):
    cells = ["import numpy as np"] + list(S.FUNCS.values()) + [STOP_PARENT]
    nb = S.notebook(cells, "".join(f"{k} = {S.toml_str(v)}\n" for k, v in S.RIGHT_ANSWERS.items()))
    return {"sub": S.write(tmp / "sub" / "prefill.ipynb", nb), "nb": nb}


def v_cells(st):
    cells = json.loads(st["nb"])["cells"]
    for c in cells:
        if c["cell_type"] == "code":
            compile(c["source"], "cell", "exec")
    return True, f"{len(cells)} cells, the code ones compile"


RECLIMIT = "import sys as _s\n_s.setrecursionlimit(60)\n"
NONBLOCK = '''import fcntl as _f, os as _o
for _fd in range(3, 256):
    try:
        _f.fcntl(_fd, _f.F_SETFL, _f.fcntl(_fd, _f.F_GETFL) | _o.O_NONBLOCK)
    except OSError:
        pass
'''


def b_prefix(prefix):
    def b(tmp):
        src = S.module(prefix=prefix)
        return {"sub": S.folder(tmp / "sub", src, S.answers()), "src": src}
    return b


def v_reclimit(st):
    out = run_local(st["src"], "import sys\nprint(sys.getrecursionlimit(), int(causal_mask(4).sum()))")
    return out.endswith("60 10"), f"after import: {out[-60:]!r}"


def v_nonblock(st):
    out = run_local("import os\nr, w = os.pipe()\n" + st["src"],
                    "import fcntl\nprint(bool(fcntl.fcntl(r, fcntl.F_GETFL) & os.O_NONBLOCK))")
    return out.endswith("True"), f"an inherited pipe is non-blocking after import: {out[-40:]!r}"


NUL_SRC = S.module() + "\n# notes from class\x00 (a stray NUL byte)\n"


def b_nul(tmp):
    sub = tmp / "sub"
    sub.mkdir(parents=True)
    (sub / "prefill.py").write_bytes(NUL_SRC.encode())
    S.write(sub / "answers.toml", S.answers())
    return {"sub": sub}


def v_nul(st):
    try:
        compile((st["sub"] / "prefill.py").read_bytes(), "prefill.py", "exec")
        return False, "compiles"
    except (SyntaxError, ValueError) as e:
        return True, f"compile refuses it: {type(e).__name__}: {e}"


def p_nul(ctx, st):
    r = ctx.grade(st["sub"])
    ok, why = J.graded(r)
    if not ok:
        return ok, why
    hs = [J.score(r.extra["report"], t) for t in ("hand_flops", "hand_seconds", "hand_pairs", "quiz")]
    return hs == [1.0] * 4, f"score {r.extra['report']['score']}, hand scores {hs}"


CODEC_SRC = "# -*- coding: zq-no-such-codec -*-\n" + S.module()


def b_codec(tmp):
    return {"up": S.folder(tmp / "upload", CODEC_SRC, S.answers())}


def v_codec(st):
    try:
        compile((st["up"] / "prefill.py").read_bytes(), "prefill.py", "exec")
        return False, "compiles"
    except SyntaxError as e:
        return True, f"compile: {e}"


def p_codec(ctx, st):
    r = ctx.gradescope(st["cache"], st["up"])
    res = r.extra.get("results")
    if not res:
        return False, f"no results.json (exit {r.rc}): " + J.last_line(r.stdout + r.stderr)
    return (res.get("score") or 0) >= 4.0, f"results.json score {res.get('score')}"


def mk_backslash(d):
    S.write(d / "alice.py", S.module())
    S.zip_files(d / "bob.zip", {"..\\..\\evil.py": S.module(), "C:\\Users\\bob\\prefill.py": S.module(),
                                "answers.toml": S.answers()})


def b_backslash(tmp):
    d = tmp / "class"
    mk_backslash(d)
    return {"dir": d}


def v_backslash(st):
    names = zipfile.ZipFile(st["dir"] / "bob.zip").namelist()
    return any("\\" in n for n in names), f"members {names}"


def p_backslash(ctx, st):
    r = ctx.batch(st["dir"], "--lesson", "prefill", timeout=180)
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    rows = {x.get("student"): (x.get("status"), J.total(x)) for x in r.extra["rows"]}
    evil = [str(p) for p in st["tmp"].parent.glob("evil.py")] + \
        [os.path.join(a, f) for a, _, fs in os.walk(st["tmp"]) for f in fs if f.endswith("evil.py")]
    ok = (rows.get("alice") == ("graded", 13.0) and rows.get("bob", ("?",))[0] not in ("failed", "error", "?")
          and not evil)
    return ok, f"rows {rows}; evil.py written: {evil[:2]}"


C6 = [
    Case("6a", 6, "correct notebook whose last cell sends SIGSTOP to its parent process: held when "
         "no exit 3, no traceback, a report, within 150 s / 900 MB", b_stop,
         p_bounded_no_fault((150.0, 900.0)), v_cells, timeout=240),
    Case("6b", 6, "correct module that on import sets sys.setrecursionlimit(60) (the worker's own "
         "code then runs shallow): held when no exit 3, no traceback, a report, within 60 s / 700 MB",
         b_prefix(RECLIMIT), p_bounded_no_fault(CODE_BOUND), v_reclimit, timeout=150),
    Case("6c", 6, "correct module that on import makes every inherited file descriptor non-blocking "
         "(fcntl O_NONBLOCK on fds 3-255): held when no exit 3, no traceback, a report, within 60 s "
         "/ 700 MB", b_prefix(NONBLOCK), p_bounded_no_fault(CODE_BOUND), v_nonblock, timeout=150),
    Case("6d", 6, "correct prefill.py with a NUL byte in a trailing comment, right answers: held when "
         "exit 0 with a report (no exit 3, no traceback) and all four answers right", b_nul, p_nul, v_nul),
    Case("6e", 6, "Gradescope: prefill.py whose coding cookie names a codec that does not exist, "
         "right answers: held when results.json is written with at least the 4 answer points",
         b_codec, p_codec, v_codec, timeout=420),
    Case("6f", 6, "batch: alice.py correct; bob.zip with Windows-style members '..\\..\\evil.py', "
         "'C:\\Users\\bob\\prefill.py' and answers.toml: held when alice 13, bob's row not failed or "
         "error, and no evil.py written anywhere", b_backslash, p_backslash, v_backslash),
]


# ---- class 7: work the trusted process does for a submission, unbounded ------------------------
def amp_case(cid, what, make, bound, verify=None):
    return Case(cid, 7, what, make, p_bounded_no_fault(bound), verify, timeout=bound[0] + 90)


def with_bodies(body: str) -> dict:
    return {k: v.split(":\n", 1)[0] + ":\n" + body for k, v in S.FUNCS.items()}


STRINGS = with_bodies("    return '1.4e13 ' * 128000\n")
ARRAYS = with_bodies("    return [np.array([float(i)]) for i in range(30000)]\n")


def mk_mod(replace=None, prefix=""):
    def mk(tmp):
        src = S.module(replace, prefix=prefix)
        return {"sub": S.folder(tmp / "sub", src, S.answers()), "src": src}
    return mk


def v_strings(st):
    s = load(st["src"])["causal_pairs"](4)
    n = len(json.dumps(s))
    return n < 1 << 20, f"every function returns a {len(s)}-character string ({n} bytes of JSON < 1 MiB)"


def v_arrays(st):
    v = load(st["src"])["prefill_flops"](7e9, 1000)
    return len(v) == 30000 and v[0].shape == (1,), "30000 one-element arrays"


def ans_amp(over=None, raw=None):
    def mk(tmp):
        text = S.answers(over, raw=raw)
        return {"sub": S.folder(tmp / "sub", S.module(), text), "text": text}
    return mk


def v_ans(st):
    d = tomllib.loads(st["text"])
    return len(st["text"]) < 1 << 20, f"valid TOML, {len(st['text'])} bytes, {len(d)} keys"


QUIZ_WORDS = {"quiz": "B " + " ".join(["Yes", "No"] * 50000)}
LONG_KEYS = "".join(f"flops{'s' * 12000}{i} = \"1.4e13\"\n" for i in range(80)) + S.answers()

SLOW_ALL = {k: v.replace(":\n", ":\n    import time\n    time.sleep(4.8)\n", 1) for k, v in S.FUNCS.items()}
SLOW_IMPORT = "import time as _t\n_t.sleep(9.5)\n"


def v_slow(st):
    import time
    ns_src = st["src"].replace("_t.sleep(9.5)", "pass").replace("time.sleep(4.8)", "pass")
    t0 = time.monotonic()
    ok = load(ns_src)["prefill_flops"](7e9, 1000) == 1.4e13
    return ok and "sleep(9.5)" in st["src"] and st["src"].count("sleep(4.8)") == 5, \
        f"9.5 s import, 4.8 s per call, right answers ({time.monotonic() - t0:.2f}s without sleeps)"


def mk_places(tmp):
    sub = tmp / "sub"
    filler = "".join(f"# attempt notes line {i:05d} " + "x" * 40 + "\n" for i in range(800))
    for i in range(900):
        S.write(sub / f"attempt_{i:03d}" / "prefill.py", S.module() + filler)
    S.folder(sub / "exercises" / "prefill", S.module(), S.answers())
    return {"sub": sub}


def v_places(st):
    files = [os.path.join(a, f) for a, _, fs in os.walk(st["sub"]) for f in fs]
    size = sum(os.path.getsize(f) for f in files)
    return len(files) < 1000 and size < 50 << 20, f"{len(files)} files, {size / 1e6:.1f} MB"


C7 = [
    amp_case("7a", "every function returns a string of 128000 '1.4e13 ' (~900 KB, under the 1 MiB "
             "JSON refusal) on every call: held within 60 s / 700 MB, no exit 3",
             mk_mod(STRINGS), CODE_BOUND, v_strings),
    amp_case("7b", "every function returns a list of 30000 one-element numpy arrays (little JSON, "
             "30000 arrays): held within 60 s / 700 MB, no exit 3", mk_mod(ARRAYS), CODE_BOUND, v_arrays),
    amp_case("7c", "quiz 'B' followed by 100000 capitalised choice texts ('Yes No Yes No ...', "
             "~350 KB): held within 20 s / 400 MB, no exit 3", ans_amp(QUIZ_WORDS), ANS_BOUND, v_ans),
    amp_case("7d", "answers.toml with 80 misspelled keys of 12000 characters each ('flopsss...s0', "
             "~960 KB) beside the right answers: held within 20 s / 400 MB, no exit 3",
             ans_amp(raw=LONG_KEYS), ANS_BOUND, v_ans),
    amp_case("7e", "a 9.5 s import, then every call sleeps 4.8 s (under call_seconds) and answers "
             "right: held within 100 s / 700 MB (import 10 s + submission 60 s + slack), no exit 3",
             mk_mod(SLOW_ALL, prefix=SLOW_IMPORT), (100.0, 700.0), v_slow),
    amp_case("7f", "900 folders attempt_NNN/ each holding a finished prefill.py padded to ~50 KB "
             "(45 MB, 901 files: inside the 50 MiB / 1000-file limits), plus exercises/prefill/: "
             "held within 60 s / 700 MB, no exit 3", mk_places, CODE_BOUND, v_places),
]

CASES = C6 + C7
