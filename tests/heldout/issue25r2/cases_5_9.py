"""Cases of classes 5-9 of issue 25: a batch that changes, forced faults, amplification, leaks, cosmetics."""

from __future__ import annotations

import json
import re
from pathlib import Path

import subs as S
from judges import (
    ALL,
    CODE,
    CODE_MAX,
    HAND,
    bounded,
    case,
    played,
    results_score,
    row_for,
    row_judge,
    sane,
    score_below_full,
    score_full,
    total_full,
)
from subs import (
    WRONG_MODULE,
    answers_toml,
    folder,
    make_zip,
    module,
    notebook,
    write,
    write_notebook,
)

# ====================== class 5: a file that changes while the batch runs ========================

def _class5(d, ctx, target_kind):
    c = d / "class"
    for i in range(1, 9):
        write(c / f"a{i:02d}.py", module(head="import time\nimport numpy as np\ntime.sleep(1.0)\n"))
    if target_kind == "answers":
        folder(c / "zed", module(), answers_toml({"flops": "2e9", "seconds": "9", "pairs": "3", "quiz": "A"}))
    elif target_kind == "py":
        write(c / "zed.py", module())


def _swap_play(ctx, d, swap, after):
    """Batch once, changing the target as soon as the first report is written (grading is under way),
    then `after()` and a second batch on the same gradebook (resume, no --regrade)."""
    done = {"swapped": False}
    reports = d / "reports"

    def during(elapsed, proc):
        if not done["swapped"] and ((reports.exists() and any(reports.iterdir())) or elapsed > 8):
            swap()
            done["swapped"] = True
    first = ctx.batch(d, "class", ["--jobs", "1"], during=during)
    after()
    second = ctx.batch(d, "class", ["--jobs", "1"])
    second.extra["first"] = first
    second.extra["swapped"] = done["swapped"]
    return second


def p5a(ctx, d):
    zed = d / "class" / "zed.py"
    return _swap_play(ctx, d, lambda: write(zed, WRONG_MODULE), lambda: write(zed, module()))


def p5b(ctx, d):
    zed = d / "class" / "zed.py"
    return _swap_play(ctx, d, lambda: write(zed, WRONG_MODULE), lambda: None)


def p5c(ctx, d):
    ans = d / "class" / "zed" / "answers.toml"
    return _swap_play(ctx, d, lambda: write(ans, answers_toml(ctx.own("zed"))), lambda: None)


def j5b(o):
    if o.run.rc not in (0, 1):
        return False, f"batch exit {o.run.rc}"
    rows = row_for(o, "zed")
    if len(rows) != 1:
        return False, f"{len(rows)} rows for zed"
    code = sum(float(rows[0].get(t) or 0) for t in CODE)
    return code < CODE_MAX, f"zed's final code score {code:g}/{CODE_MAX:g} for the wrong file it now holds"


case("5a-swap-then-restore", "5", "zed.py right at the start, wrong while the batch runs, right again; rerun",
     lambda d, ctx: _class5(d, ctx, "py"), ("custom", p5a), played(row_judge("zed", CODE)),
     "class.md: hash and grade describe the same content, so after the rerun the right file has the right grade")
case("5b-swap-and-keep", "5", "zed.py right at the start, wrong while the batch runs and after; rerun",
     lambda d, ctx: _class5(d, ctx, "py"), ("custom", p5b), played(j5b),
     "class.md: the next run grades the change; a right grade must not stay on a wrong file")
case("5c-answers-swapped", "5", "zed/answers.toml wrong at the start, replaced by the right one mid-batch; rerun",
     lambda d, ctx: _class5(d, ctx, "answers"), ("custom", p5c), played(row_judge("zed", HAND)),
     "class.md: a wrong grade must not stay on a right file after the rerun")


def b5d(d, ctx):
    _class5(d, ctx, "none")
    make_zip(d / "class" / "zed.zip", {"zed/prefill.py": WRONG_MODULE,
                                        "zed/answers.toml": answers_toml(ctx.own("zed"))})


def p5d(ctx, d):
    z = d / "class" / "zed.zip"
    right = {"zed/prefill.py": module(), "zed/answers.toml": answers_toml(ctx.own("zed"))}
    return _swap_play(ctx, d, lambda: make_zip(z, right), lambda: None)


case("5d-zip-replaced", "5", "zed.zip (wrong functions) replaced mid-batch by a zip of the right ones; rerun",
     b5d, ("custom", p5d), played(row_judge("zed", ALL)),
     "class.md: a zip is copied and hashed as the rest; after the rerun the right zip has the right grade")

# ======================== class 6: faults a submission can force =================================

RAISE = "raise RuntimeError('this file should never be imported by the grader')\n"


def b6a(d):
    s = d / "sub"
    write_notebook(s / "prefill.ipynb", notebook())
    write(s / "docrepr" / "__init__.py", RAISE)
    write(s / "docrepr" / "sphinxify.py", RAISE)


def b6b(d):
    s = d / "sub"
    write_notebook(s / "prefill.ipynb", notebook())
    write(s / "psutil.py", "import os\nos._exit(0)\n")


case("6a-notebook-docrepr-package", "6", "a correct notebook with a docrepr/ package beside it that raises on import (IPython looks for it at start)",
     b6a, ("grade", "sub"), total_full,
     "security.md: nothing beside the notebook is imported before the first cell; the cells never import docrepr, so full marks")
case("6b-notebook-psutil-exits", "6", "a correct notebook with a psutil.py beside it that calls os._exit(0) on import",
     b6b, ("grade", "sub"), total_full, "security.md: the kernel imports nothing of the submission's folder")


def b6c(d):
    s = d / "gs_sub"
    write_notebook(s / "prefill.ipynb", notebook(stub=True))
    write(s / "psutil.py", RAISE)
    write(s / "ujson.py", RAISE)


case("6c-gradescope-stub-notebook-psutil", "6", "Gradescope: an untouched stub notebook with psutil.py and ujson.py that raise on import",
     b6c, ("gradescope", "gs_sub"), results_score(0.0),
     "issue/deployments.md: a failure the submission's files cause is the submission's: results.json with its zero")


def b6d(d, ctx):
    s = d / "class" / "dave"
    write_notebook(s / "prefill.ipynb", notebook(answers=ctx.own("dave")))
    write(s / "docrepr" / "__init__.py", RAISE)
    write(s / "psutil.py", RAISE)


case("6d-batch-notebook-helpers", "6", "a batch entry: a correct notebook with docrepr/ and psutil.py that raise",
     b6d, ("batch", "class", []), row_judge("dave", ALL), "issue: never a failed row on every run; the notebook is correct")


def b6f(d):
    s = d / "sub"
    write_notebook(s / "prefill.ipynb", notebook())
    for name in ("sitecustomize.py", "usercustomize.py", "ipykernel_launcher.py", "ipython_config.py",
                 "jupyter_config.py"):
        write(s / name, "import os\nos._exit(7)\n")


case("6f-notebook-startup-files", "6", "a correct notebook beside sitecustomize.py, usercustomize.py, ipykernel_launcher.py, ipython_config.py and jupyter_config.py that exit at once",
     b6f, ("grade", "sub"), total_full,
     "security.md: the kernel starts in a private folder with nothing of the submission on sys.path")


def b6e(d):
    s = d / "sub"
    folder(s, module(), answers_toml())
    write(s / "conftest.py", "import os\nos._exit(3)\n")
    write(s / "pytest.ini", "[pytest]\naddopts = -p no:python --collect-only\n")
    write(s / "pyproject.toml", "[tool.pytest.ini_options]\naddopts = '-x --co'\n")
    write(s / "tox.ini", "[pytest]\naddopts = --co\n")
    write(s / "setup.cfg", "[tool:pytest]\naddopts = --co\n")
    write(s / "__init__.py", RAISE)
    write(s / "usercustomize.py", "import os\nos._exit(3)\n")
    write(s / "pytest_plugins.py", RAISE)


case("6e-pytest-config-and-customize", "6", "a correct module with conftest.py, pytest.ini, pyproject/tox/setup.cfg pytest options, __init__.py and usercustomize.py that sabotage",
     b6e, ("grade", "sub"), total_full, "security.md: configuration files and customize modules in the submission have no effect")


# =============== class 7: work the trusted process does for a submission, bounded? ===============
# Bounds: an honest grade takes ~1.5 s and its process tree stays well under 200 MB (controls). A
# submission's value may cost the grader some multiple of that, but the issue calls 973 MB for a
# 48 MB mask and 45 s for a 16 MB notebook failures; these cases allow 60 s (the lesson's own
# submission_seconds) and 700 MB unless the case says otherwise. Fewer than the 240 s default.

AMP_WALL, AMP_MB = 60, 700


def _amp(overrides=None, answers_text=None, head="import numpy as np\n"):
    def b(d: Path):
        folder(d / "sub", module(overrides, head=head),
               answers_text if answers_text is not None else answers_toml())
    return b


case("7a-mask-31MB", "7", "causal_mask returns a (5600, 5600) bool array (31.4 MB, under the 32 MiB transfer limit) for every P",
     _amp({"causal_mask": "\ndef causal_mask(P):\n    return np.ones((5600, 5600), dtype=bool)\n"}),
     ("grade", "sub"), bounded(AMP_WALL, AMP_MB, score_below_full("causal_mask")),
     "security.md: a value far bigger than the reference's answer is never given to the models, copied or kept", timeout=150)
case("7b-flops-3M-int8", "7", "prefill_flops returns np.ones(3_000_000, int8): 3M elements in 3 MB of raw bytes",
     _amp({"prefill_flops": "\ndef prefill_flops(N, P):\n    return np.ones(3_000_000, dtype=np.int8)\n"}),
     ("grade", "sub"), bounded(AMP_WALL, AMP_MB, score_below_full("prefill_flops")),
     "issue: sizes of returned values (elements, not only bytes) bounded before any diagnosis", timeout=150)
def _nested(depth):
    return {"prefill_flops": f"\ndef prefill_flops(N, P):\n    x = 1.0\n    for _ in range({depth}):\n        x = [x]\n    return x\n"}


case("7c-flops-nested-900", "7", "prefill_flops returns a list nested 900 deep: inside what the worker's own Python can encode, beyond what a reader deep in pytest's stack can decode or compare recursively",
     _amp(_nested(900)), ("grade", "sub"), bounded(AMP_WALL, AMP_MB, score_full("causal_mask", "causal_pairs")),
     "a value the trusted side must parse: depth is a size too; a grade (prefill_flops wrong, the rest graded), never a grader fault", timeout=150)
case("7j-flops-nested-100000", "7", "prefill_flops returns a list nested 100 000 deep ([[[...1.0...]]])",
     _amp(_nested(100_000)), ("grade", "sub"), bounded(AMP_WALL, AMP_MB, score_full("causal_mask", "causal_pairs")),
     "as 7c, far past any recursion limit", timeout=150)


def b7d(d):
    nb = notebook()
    blob = ("iVBORw0KGgo" + "A" * 1000 + "\n") * 27_000  # ~27 MB of base64 'image' in one stored output
    nb["cells"][3]["outputs"] = [{"output_type": "display_data", "metadata": {},
                                  "data": {"image/png": blob, "text/plain": ["<Figure>"]}}]
    nb["cells"][3]["execution_count"] = 1
    write_notebook(d / "sub" / "prefill.ipynb", nb)


case("7d-notebook-27MB-output", "7", "a correct notebook of ~28 MB (under 32 MB): one stored image output of 27 MB",
     b7d, ("grade", "sub"), bounded(40, AMP_MB, total_full),
     "students.md: stored outputs are ignored and graded; issue: parse each notebook once with a size budget", timeout=150)


def b7e(d):
    extra = "".join(f"note{i} = 1.4 × 10^13 flops, I think\n" for i in range(40_000))
    folder(d / "sub", module(), answers_toml(raw_lines=extra))


case("7e-answers-40k-loose-lines", "7", "answers.toml: the right answers, then 40 000 lines TOML refuses (1.5 MB of 'noteN = 1.4 × 10^13 flops')",
     b7e, ("grade", "sub"), bounded(30, AMP_MB, allow=(0, 2)),
     "issue: the answers reader linear on any input; a refusal of the file is a clear outcome too", timeout=120)


def b7f(d):
    folder(d / "sub", module(), answers_toml(raw_lines="deep = " + "[" * 60_000 + "]" * 60_000 + "\n"))


case("7f-answers-deep-array", "7", "answers.toml with an array nested 60 000 deep",
     b7f, ("grade", "sub"), bounded(30, AMP_MB, allow=(0, 2)),
     "the trusted reader must not recurse without bound: a grade or a refusal, never a grader fault", timeout=120)


SEGV = "    import ctypes\n    ctypes.string_at(0)\n"
case("7g-slow-import-segfaults", "7", "an 8 s import, then every function segfaults its worker (ctypes.string_at(0))",
     _amp({n: f"\ndef {n}{sig}:\n{SEGV}" for n, sig in [
         ("prefill_flops", "(N, P)"), ("prefill_seconds", "(N, P, flops_per_sec, utilization=1.0)"),
         ("causal_pairs", "(P)"), ("causal_mask", "(P)"), ("prefill_matches_sequential", "(X, W)")]},
          head="import time\nimport numpy as np\ntime.sleep(8)\n"),
     ("grade", "sub"), bounded(85, AMP_MB),
     "security.md: restarts charged before they run; 10 s import + 60 s submission + 15 s slack", timeout=200)
case("7h-flops-30MiB-float", "7", "prefill_flops returns np.zeros(4_000_000) (30.5 MiB of float64) for every call",
     _amp({"prefill_flops": "\ndef prefill_flops(N, P):\n    return np.zeros(4_000_000)\n"}),
     ("grade", "sub"), bounded(AMP_WALL, AMP_MB, score_below_full("prefill_flops")),
     "security.md: a value far bigger than the reference's is never given to the models; memory bounded", timeout=150)


def b7i(d):
    cells = [("code", f"v{i} = {i}\n") for i in range(20_000)]
    write_notebook(d / "sub" / "prefill.ipynb", notebook(extra_cells=cells))


case("7i-notebook-20k-cells", "7", "a correct notebook followed by 20 000 one-line cells",
     b7i, ("grade", "sub"), bounded(85, AMP_MB, allow=(0,)),
     "students.md: all cells together get submission_seconds (60 s); + import 10 s + 15 s slack", timeout=200)


# ======================== class 8: hidden inputs leaked through names ============================

TOKEN = re.compile(r"zq_[A-Za-z0-9_]+")
TOK = "    import re as _re\n    tok = 'zq_' + _re.sub(r'[^A-Za-z0-9]', '_', repr(({args},)))\n"


def _leaky(action):
    fns = {}
    for n, sig, args in [("prefill_flops", "(N, P)", "N, P"),
                         ("prefill_seconds", "(N, P, flops_per_sec, utilization=1.0)", "N, P, flops_per_sec, utilization"),
                         ("causal_pairs", "(P)", "P"), ("causal_mask", "(P)", "P")]:
        fns[n] = f"\ndef {n}{sig}:\n" + TOK.format(args=args) + action
    return _amp(fns)


def j8(o):
    bad = sane(o)
    if bad:
        return False, bad
    allowed = set()
    for t in o.report.get("tasks", []):
        for c in t.get("checks", []):
            if c.get("visibility") == "visible":
                allowed |= set(TOKEN.findall(json.dumps(c)))
    seen = set(TOKEN.findall(json.dumps(o.report) + o.run.stdout + o.run.stderr))
    leaked = seen - allowed
    return not leaked, (f"{len(leaked)} input-named tokens beyond visible checks" if leaked else
                        f"no token beyond the {len(allowed)} of visible checks")


LEAK_WHY = "ci.md/students.md: a secret check says only the property; a name from a hidden input is replaced by its class"
case("8a-attributeerror-name", "8", "each function does getattr(np, token-of-its-inputs): AttributeError naming the inputs",
     _leaky("    return getattr(np, tok)\n"), ("grade", "sub"), j8, LEAK_WHY)
case("8b-keyerror-name", "8", "each function looks its inputs' token up in an empty dict: KeyError quoting it",
     _leaky("    return {}[tok]\n"), ("grade", "sub"), j8, LEAK_WHY)
case("8c-return-the-token", "8", "each function returns its inputs' token as a string (a wrong type quoted back?)",
     _leaky("    return tok\n"), ("grade", "sub"), j8, LEAK_WHY + "; a returned value is the submission's text too")
case("8d-exception-class-name", "8", "each function raises an exception class whose name is its inputs' token",
     _leaky("    raise type(tok, (Exception,), {})(tok)\n"), ("grade", "sub"), j8,
     LEAK_WHY + "; security.md: exceptions come back as their nearest built-in type")

case("8e-valueerror-message", "8", "each function raises ValueError(token-of-its-inputs), valid utilizations included",
     _leaky("    raise ValueError(tok)\n"), ("grade", "sub"), j8,
     "issue: names and messages from a call on hidden inputs are replaced by their class")
case("8f-importerror-from-numpy", "8", "each function runs `from numpy import <token>`: an ImportError naming the token and numpy",
     _leaky("    exec(f'from numpy import {tok}')\n"), ("grade", "sub"), j8,
     LEAK_WHY + "; an ImportError of a module the grader has is still the submission's name")


# ================================ class 9: cosmetic, still wrong =================================

def j_quiet(o):
    bad = sane(o)
    if bad:
        return False, bad
    # stderr: no warning, no source line of the grader's files; stdout (the student's report): no
    # warning class and no path of the grading machine's installation or suites
    hits = [ln for ln in o.run.stderr.splitlines()
            if re.search(r"Warning\b|warnings\.warn|/site-packages/|/suites/|\.py:\d+", ln)]
    hits += [ln for ln in o.run.stdout.splitlines()
             if re.search(r"RuntimeWarning|/site-packages/|/suites/", ln)]
    return not hits, (f"{len(hits)} warning/path lines on the output" if hits else "no warning or path printed")


case("9a-float64-overflow", "9", "numeric functions return np.float64(1e308): models' arithmetic overflows",
     _amp({"prefill_flops": "\ndef prefill_flops(N, P):\n    return np.float64(1e308)\n",
           "prefill_seconds": "\ndef prefill_seconds(N, P, flops_per_sec, utilization=1.0):\n    if not (0 < utilization <= 1):\n        raise ValueError('u')\n    return np.float64(-1e308)\n",
           "causal_pairs": "\ndef causal_pairs(P):\n    return np.float64(1e308)\n"}),
     ("grade", "sub"), j_quiet, "security.md: warnings raised on a student's value are never printed")
case("9b-float16-float32-overflow", "9", "causal_pairs returns np.float16(65504), prefill_flops np.float32(3e38): overflow in low precision",
     _amp({"prefill_flops": "\ndef prefill_flops(N, P):\n    return np.float32(3e38)\n",
           "causal_pairs": "\ndef causal_pairs(P):\n    return np.float16(65504)\n"}),
     ("grade", "sub"), j_quiet, "security.md: warnings raised on a student's value are never printed")


def j_stub_consistent(o):
    bad = sane(o)
    if bad:
        return False, bad
    notes = json.dumps(o.report.get("notes", []))
    for t in o.report.get("tasks", []):
        if t["id"] in CODE and t["score"] >= t["max_score"]:
            text = json.dumps([t.get("feedback"), t.get("diagnoses")])
            if re.search(r"not implemented|stub|template|still .?pass", text, re.IGNORECASE):
                return False, f"{t['id']} full yet its feedback calls it a stub"
            if re.search(rf"{t['id']}[^\"]{{0,80}}(not implemented|stub)", notes, re.IGNORECASE):
                return False, f"{t['id']} full yet a note calls it a stub"
    return True, f"total {o.report['score']:g}/{o.report['max_score']:g}, feedback consistent with scores"


def b9c(d):
    filler = '\n_NOTES = """\n' + ("scratch notes " * 8 + "\n") * 10_000 + '"""\n'
    folder(d / "sub", module(base=S.STUB) + filler + module(head=""), answers_toml())


case("9c-stubs-docstring-1MB", "9", "the stubs, a 1.1 MB string literal of notes, then the finished functions (the later defs win)",
     b9c, ("grade", "sub"), j_stub_consistent,
     "issue/students.md: stub detection reads the whole module; a finished function is never called 'not implemented'")


def b9d(d):
    tail = ("\n# finished versions, bound to the same names\n"
            "prefill_flops = lambda N, P: 2 * N * P\n"
            "causal_pairs = lambda P: P * (P + 1) // 2\n")
    folder(d / "sub", module({"prefill_flops": S.STUB["prefill_flops"], "causal_pairs": S.STUB["causal_pairs"]}, tail=tail),
           answers_toml())


case("9d-stub-rebound-by-lambda", "9", "prefill_flops and causal_pairs left as `pass` stubs, then rebound to finished lambdas at the bottom",
     b9d, ("grade", "sub"), j_stub_consistent,
     "a task that scores full must not be reported as not implemented (the score and the words agree)")


def b9e(d):
    filler = "".join(f"# scratch line {i:07d} " + "x" * 90 + "\n" for i in range(11_000))
    folder(d / "sub", module(base=S.STUB) + filler + module(head=""), answers_toml())


case("9e-stubs-1MB-comments-then-work", "9", "the stubs, 11 000 comment lines (1.2 MB) with a different line shape than before, then the finished functions",
     b9e, ("grade", "sub"), j_stub_consistent, "issue: stub detection reads the whole module (bounded by the module size limit)")


