"""Classes 5-6: files that change while a batch runs; faults a submission can force."""
from __future__ import annotations

import os
import py_compile
import shutil
import subprocess

import judges as J
import subs as S
from cases import Case
from cases_controls import answers_for

# the engine's Python compiles the .pyc of 6a (its version must be the one that grades); the repository's own .venv
ENGINE_PYTHON = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", ".venv", "bin", "python")

WRONG_FLOPS = {"prefill_flops": "def prefill_flops(N, P):\n    return 3 * N * P\n"}
SLOW = "import time\ntime.sleep(2)\n"


# ---- class 5: lost data ---------------------------------------------------------------------
def batch_case(cid, what, setup, mutate, between, cls=5, mutate_at=2.5):
    """Batch 1 (with `mutate` once, while it runs), `between` after it, batch 2 (a resumed rerun).
    Held: batch 2's row for zz equals a fresh `grader grade` of what zz holds now, and the first
    batch really saw a change while running (else the case says it could not judge)."""
    def build(tmp):
        d = tmp / "class"
        for i in range(3):
            S.write(d / f"aa{i}.py", S.module(prefix=SLOW))
        setup(tmp, d)
        return {"dir": d}

    def play(ctx, st):
        d, tmp = st["dir"], st["tmp"]
        fired = {}

        def during(el):
            if el >= mutate_at and not fired:
                mutate(tmp, d)
                fired["at"] = el
        r1 = ctx.batch(d, "--lesson", "prefill", during=during)
        ok, why = J.reported(r1)
        if not ok:
            return ok, "first batch: " + why
        if "at" not in fired:
            return False, "harness: the first batch ended before the mutation (could not judge)"
        between(tmp, d)
        r2 = ctx.batch(d, "--lesson", "prefill")
        ok, why = J.reported(r2)
        if not ok:
            return ok, "rerun: " + why
        zz = J.row(r2.extra["rows"], "zz")
        target = next(p for p in d.iterdir() if p.name.startswith("zz"))
        fr = ctx.grade(target, "--student", "zz", "--lesson", "prefill")
        ok, why = J.graded(fr)
        if not ok:
            return False, "fresh grade: " + why
        want = fr.extra["report"]["score"]
        got = J.total(zz[0]) if zz else None
        # the batch CSV rounds scores to 2 decimals (docs/class.md), the JSON report does not (session 35)
        close = got is not None and want is not None and abs(got - want) <= 0.005
        return close, f"rerun row {got}, fresh grade of the content now {want} (mutated at {fired['at']:.1f}s)"

    def ver(st):
        return True, "built: " + ", ".join(sorted(p.name for p in st["dir"].iterdir()))
    return Case(cid, cls, what, build, play, ver, timeout=300)


def nop(tmp, d):
    pass


def s_add(tmp, d):
    S.folder(d / "zz", S.module())


def m_add(tmp, d):
    # the answers file the student forgot, added while the batch runs (kept)
    S.write(d / "zz" / "answers.toml", S.answers({"quiz": "B"}))


def s_same_stat(tmp, d):
    S.write(d / "zz.py", S.module())


def b_same_stat(tmp, d):
    p = d / "zz.py"
    st = p.stat()
    new = S.module(WRONG_FLOPS)
    assert len(new.encode()) == st.st_size
    p.write_text(new)
    os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns))


def s_nb(tmp, d):
    S.write(d / "zz.ipynb", S.correct_notebook(with_answers=False))
    S.write(tmp / "keep.ipynb", S.correct_notebook(with_answers=False))


def m_nb(tmp, d):
    S.write(d / "zz.ipynb", S.correct_notebook(WRONG_FLOPS, with_answers=False))


def b_nb(tmp, d):
    shutil.copy2(tmp / "keep.ipynb", d / "zz.ipynb")


def s_dir(tmp, d):
    S.folder(d / "zz", S.module())
    S.folder(tmp / "zz_new", S.module(WRONG_FLOPS))


def m_dir(tmp, d):
    os.rename(d / "zz", tmp / "zz_old")
    os.rename(tmp / "zz_new", d / "zz")


def s_honest(tmp, d):
    S.folder(d / "zz", S.module(), S.answers())


C5 = [
    batch_case("C8", "control: the same batch, nothing changed, resumed rerun: row = a fresh grade",
               s_honest, nop, nop, cls=0),
    batch_case("5a", "answers.toml added to a folder entry mid-batch: after the rerun, the row is "
               "the grade of what is there", s_add, m_add, nop),
    batch_case("5b", "entry replaced between runs by content of the same size and the same mtime: "
               "the rerun grades what is there", s_same_stat, nop, b_same_stat),
    batch_case("5c", "notebook entry swapped for a wrong one mid-batch, restored before the rerun: "
               "the rerun's row is the restored content's grade", s_nb, m_nb, b_nb),
    batch_case("5d", "folder entry replaced by rename mid-batch (kept): the rerun's row is the "
               "new folder's grade", s_dir, m_dir, nop),
]


# ---- class 6: faults a submission can force -------------------------------------------------
def no_fault(r):
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    return r.rc in (0, 2), f"exit {r.rc}, score {(r.extra.get('report') or {}).get('score')}"


def b_pyc(tmp):
    sub = S.folder(tmp / "sub", S.module(), S.answers())
    return {"sub": sub}


def p_pyc(ctx, st):
    r = ctx.grade(st["sub"])
    ok, why = J.graded(r)
    if not ok:
        return ok, why
    ct = J.code_total(r.extra["report"])
    return ct == 0, f"code tasks {ct} from a stub source with a correct unchecked-hash .pyc"


def make_pyc(ctx_python, sub):
    """Compile the correct module as an unchecked-hash .pyc, then put the stub source in place."""
    src = sub / "prefill.py"
    subprocess.run([ctx_python, "-c", "import py_compile,sys; py_compile.compile(sys.argv[1], "
                    "invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)", str(src)],
                   check=True, cwd=str(sub))
    src.write_text(S.STUB)


def b_pyc2(tmp):
    st = b_pyc(tmp)
    make_pyc(ENGINE_PYTHON, st["sub"])
    return st


def v_pyc(st):
    r = subprocess.run([ENGINE_PYTHON, "-c",
                        "import prefill; print(prefill.prefill_flops(2, 3))"],
                       cwd=str(st["sub"]), capture_output=True, text=True)
    return r.stdout.strip() == "12", f"import prefill from the folder gives flops {r.stdout.strip()!r} (source is the stub)"


def b_pkg(tmp):
    sub = S.folder(tmp / "sub", S.module(), S.answers())
    S.write(sub / "prefill" / "__init__.py", "import os\nos._exit(3)\n")
    return {"sub": sub}


def v_pkg(st):
    r = subprocess.run(["python3", "-c", "import prefill"], cwd=str(st["sub"]))
    return r.returncode == 3, "import prefill there exits 3 (package wins over prefill.py)"


def b_kspec(tmp):
    nb = S.correct_notebook().replace('"name": "python3"', '"name": "../../../../bin/sh"')
    return {"nb": S.write(tmp / "sub" / "prefill.ipynb", nb)}


def p_kspec(ctx, st):
    r = ctx.grade(st["nb"])
    ok, why = J.graded(r)
    return (ok, why) if not ok else (r.extra["report"]["score"] == 17.0, f"score {r.extra['report']['score']}")


EVICT = ("import sys, os\nsys.path.insert(0, os.getcwd())\n"
         "for _m in ('json', 'hmac', 'base64', 'uuid', 'datetime', 'pprint', 'inspect'):\n"
         "    sys.modules.pop(_m, None)\n")
SHADOWS = ("json", "hmac", "base64", "uuid", "datetime", "pprint", "inspect")


def evil_folder(d, stub=False):
    cells = ["import numpy as np"] + list((S.FUNCS if not stub else {}).values())
    nb = S.stub_notebook() if stub else S.notebook(cells + [EVICT], 'quiz = "B"\n')
    if stub:
        import json as _j
        j = _j.loads(nb)
        j["cells"].insert(1, {"cell_type": "code", "id": "evict", "metadata": {}, "outputs": [],
                              "execution_count": None, "source": EVICT})
        nb = _j.dumps(j)
    S.write(d / "prefill.ipynb", nb)
    for m in SHADOWS:
        S.write(d / f"{m}.py", "raise RuntimeError('shadowed by the submission')\n")
    return d


def b_evict(tmp):
    return {"sub": evil_folder(tmp / "sub")}


def p_evict(ctx, st):
    return no_fault(ctx.grade(st["sub"]))


def b_gs(tmp):
    return {"up": evil_folder(tmp / "upload", stub=True)}


def p_gs(ctx, st):
    r = ctx.gradescope(st["cache"], st["up"])
    res = r.extra.get("results")
    if not res:
        return False, f"no results.json (exit {r.rc}): " + J.last_line(r.stdout + r.stderr)
    return res.get("score") == 0, f"results.json score {res.get('score')}"


def b_gsb(tmp):
    d = tmp / "class"
    S.write(d / "alice.py", S.module())
    evil_folder(d / "zed")
    return {"dir": d}


def p_gsb(ctx, st):
    r = ctx.batch(st["dir"], "--lesson", "prefill")
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    rows = {x.get("student"): (x.get("status"), J.total(x)) for x in r.extra["rows"]}
    ok = rows.get("zed", ("?",))[0] != "failed" and rows.get("alice") == ("graded", 13.0)
    return ok, f"rows {rows}"


def v_nb(key):
    def v(st):
        import json as _j
        p = st[key] if key == "nb" else st[key] / "prefill.ipynb"
        if key == "dir":
            p = st["dir"] / "zed" / "prefill.ipynb"
        cells = _j.loads(p.read_text())["cells"]
        for c in cells:
            compile(c["source"] if isinstance(c["source"], str) else "".join(c["source"]), "c", "exec")
        return True, f"{len(cells)} cells parse"
    return v


C6 = [
    Case("6a", 6, "stub prefill.py with a correct unchecked-hash __pycache__/prefill.cpython-311.pyc:"
         " no credit for code the source does not hold", b_pyc2, p_pyc, v_pyc),
    Case("6b", 6, "a prefill/ package (os._exit(3) in __init__) beside a correct prefill.py: the "
         "submission's outcome, never exit 3", b_pkg, lambda c, s: no_fault(c.grade(s["sub"])), v_pkg),
    Case("6c", 6, "correct notebook whose kernelspec name is '../../../../bin/sh': graded 17",
         b_kspec, p_kspec, v_nb("nb")),
    Case("6d", 6, "notebook cell puts its folder first on sys.path and evicts json/hmac/base64/... "
         "from sys.modules, shadow files beside it: never exit 3", b_evict, p_evict, v_nb("sub")),
    Case("6e", 6, "the same eviction cell in a stub notebook on Gradescope: results.json with 0",
         b_gs, p_gs, v_nb("up"), timeout=420),
    Case("6f", 6, "the eviction notebook in a batch beside a correct alice.py: its row is not "
         "'failed', alice 13", b_gsb, p_gsb, v_nb("dir")),
]

CASES = C5 + C6
