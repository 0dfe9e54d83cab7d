"""Classes 1-3: gamed checks, answers that say another thing, finding the work.

Every attack is a correct submission with one thing changed (subs.py), so what it scores
beyond the correct parts is what the gamed thing earned.
"""
from __future__ import annotations

import tomllib
import zipfile

import judges as J
import subs as S
from cases import Case
from cases_controls import FakeCtx, answers_for

HAND = ("hand_flops", "hand_seconds", "hand_pairs", "quiz")


def load(src: str) -> dict:
    """Exec a module's source locally (our own attack code only) to verify it does what it says."""
    ns: dict = {}
    exec(compile(src, "<attack>", "exec"), ns)
    return ns


def mod_case(cid, cls, what, replace, judge, verify=None, ans=None, timeout=240.0, src=None):
    src = src if src is not None else S.module(replace)

    def build(tmp):
        return {"sub": S.folder(tmp / "sub", src, ans if ans is not None else S.answers()), "src": src}

    def play(ctx, st):
        r = ctx.grade(st["sub"])
        ok, why = J.graded(r)
        return (ok, why) if not ok else judge(r.extra["report"])

    def ver(st):
        return verify(load(st["src"])) if verify else (True, "parses")
    return Case(cid, cls, what, build, play, ver, timeout)


def raises(f, *a) -> bool:
    try:
        f(*a)
    except ValueError:
        return True
    return False


# ---- class 1: checks that can be gamed ------------------------------------------------------
FLOPS_ONE = {"prefill_flops": "def prefill_flops(N, P):\n    return 1\n"}


# prefill_seconds's checks on values (names from the controls' own reports); the others (refusals,
# repeated calls, the whole domain, a full utilization accepted) a function passes whatever it computes
VALUE_CHECKS = ("lesson_example", "default_utilization", "other_sizes", "integer_arguments")


def value_checks_passed(rep) -> list[str]:
    return [c["name"] for c in J.checks(rep, "prefill_seconds")
            if c["passed"] and c["name"].split("[")[0] in VALUE_CHECKS]


def j_no_value_credit(rep):
    """Held: prefill_seconds earns no check on values (no carried-forward credit)."""
    got = value_checks_passed(rep)
    s, m = J.score(rep, "prefill_seconds"), J.maxs(rep, "prefill_seconds")
    return not got and s < m, f"prefill_seconds {s}/{m}; value checks passed: {got}"


def v_flops_one(ns):
    return (ns["prefill_flops"](7e9, 1000) == 1 and ns["prefill_flops"](3e9, 17) == 1
            and ns["prefill_seconds"](7e9, 1000, 1e14, 0.5) == 1 / 5e13
            and raises(ns["prefill_seconds"], 7e9, 1000, 1e14, 0.0)), "flops always 1; seconds divides it"


SECONDS_BY_SYMPTOM = {"prefill_seconds": '''def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    try:
        t = prefill_flops(N, P) / (flops_per_sec * utilization)
    except ZeroDivisionError:
        raise ValueError("no time")
    if not (t > 0 and t < float("inf")):
        raise ValueError("implausible time")
    return t
'''}


def j_some_rejection_fails(rep):
    rej = [c for c in J.checks(rep, "prefill_seconds") if c["name"].startswith("rejects")]
    failed = [c["name"] for c in rej if not c["passed"]]
    if not rej:
        s, m = J.score(rep, "prefill_seconds"), J.maxs(rep, "prefill_seconds")
        return s < m, f"no 'rejects' checks; prefill_seconds {s}/{m}"
    return bool(failed), f"rejection checks failed: {failed or 'none'}"


def v_symptom(ns):
    f = ns["prefill_seconds"]
    ok = (raises(f, 7e9, 1000, 1e14, 0.0) and raises(f, 7e9, 1000, 1e14, -0.5)
          and raises(f, 7e9, 1000, 1e14, float("nan")) and not raises(f, 7e9, 1000, 1e14, 1.5)
          and f(7e9, 1000, 1e14, 0.5) == 0.28)
    return ok, "refuses 0, -0.5, NaN by the time's symptom; accepts 1.5; 0.28 s right"


PMS_FIRST_ROW = {"prefill_matches_sequential": '''def prefill_matches_sequential(X, W):
    Y = X @ W
    return bool(np.allclose(np.cumsum(Y, axis=0)[0], Y[0]))
'''}


def j_not_full(tid):
    def j(rep):
        s, m = J.score(rep, tid), J.maxs(rep, tid)
        return s < m, f"{tid} {s}/{m}"
    return j


def v_first_row(ns):
    import numpy as np
    X = np.ones((4, 3))
    X[2, 1] = np.nan
    return ns["prefill_matches_sequential"](X, np.eye(3)) is True, "NaN past row 0: still True"


PMS_ACCUMULATE = {"prefill_matches_sequential": '''def prefill_matches_sequential(X, W):
    import itertools
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.array(list(itertools.accumulate(Y)), dtype=Y.dtype).reshape(Y.shape)
    return bool(np.allclose(parallel, sequential))
'''}


def j_total(want):
    def j(rep):
        return rep["score"] == want, f"score {rep['score']}/{rep['max_score']}"
    return j


def v_accumulate(ns):
    import numpy as np
    rng = np.random.default_rng(0)
    f = ns["prefill_matches_sequential"]
    X = rng.normal(size=(6, 3))
    Xn = X.copy()
    Xn[3, 0] = np.nan
    return (f(X, rng.normal(size=(3, 3))) is True and f(np.zeros((0, 3)), np.eye(3)) is True
            and f(Xn, np.eye(3)) is False), "True on floats and P=0, False with a NaN"


FLOPS_2N = {"prefill_flops": "def prefill_flops(N, P):\n    return 2 * N\n"}


def j_ecf_kept(rep):
    got = value_checks_passed(rep)
    s, f = J.score(rep, "prefill_seconds"), J.score(rep, "prefill_flops")
    return bool(got) and f < J.maxs(rep, "prefill_flops"), \
        f"prefill_flops {f}, prefill_seconds {s}, value checks passed (carried forward): {got}"


def v_2n(ns):
    return ns["prefill_seconds"](7e9, 1000, 1e14, 0.5) == 2 * 7e9 / 5e13, "seconds = 2N / rate"


C1 = [
    mod_case("1a", 1, "prefill_flops returns the constant 1 for every input; prefill_seconds is the "
             "formula with validation: held when prefill_seconds passes none of its checks on values "
             "(lesson_example, default_utilization, other_sizes, integer_arguments) and is not full: no "
             "carried-forward credit for a value that ignores N and P", FLOPS_ONE,
             j_no_value_credit, v_flops_one),
    mod_case("1b", 1, "prefill_seconds never tests utilization: it refuses a time that is not "
             "positive and finite (so 0, negatives, NaN are refused by symptom, 1.5 is accepted): held "
             "when some rejection check fails", SECONDS_BY_SYMPTOM, j_some_rejection_fails, v_symptom),
    mod_case("1c", 1, "prefill_matches_sequential compares only position 0 (cumsum's first row with "
             "the first row of X @ W), no running sum: held when it does not score full",
             PMS_FIRST_ROW, j_not_full("prefill_matches_sequential"), v_first_row),
    mod_case("1d", 1, "honest: the one-at-a-time running sum written with itertools.accumulate "
             "instead of a for loop: held when 17", PMS_ACCUMULATE, j_total(17.0), v_accumulate),
    mod_case("1e", 1, "honest mistake upstream: prefill_flops returns 2·N (P dropped), prefill_seconds "
             "is right for it: held when prefill_seconds keeps carried-forward credit (a check on values "
             "passes)", FLOPS_2N, j_ecf_kept, v_2n),
]


# ---- class 2: answers that say another thing than the grader reads ---------------------------
def ans_case(cid, what, over, tid, want_right: bool, raw=None):
    text = S.answers(over, raw=raw)

    def judge(rep):
        s = J.score(rep, tid)
        return (s == 1.0) == want_right, f"{tid} {s}"

    def ver(st):
        try:
            d = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            return raw is not None, f"TOML refuses it (meant so): {e}"
        if raw is not None:
            return True, f"TOML keys {list(d)} (two of them one key but for case)"
        return True, f"{tid}: {d.get(tid.replace('hand_', ''), d)!r}"[:150]

    c = mod_case(cid, 2, what, None, judge, ans=text)
    c.verify = ver
    return c


def honest_answers(cid, what, raw):
    def judge(rep):
        hs = [J.score(rep, t) for t in HAND]
        return hs == [1.0] * 4, f"hand scores {hs}"

    c = mod_case(cid, 2, what, None, judge, ans=raw)
    c.verify = lambda st: (True, f"TOML: {tomllib.loads(raw)}")
    return c


DUP = 'flops = "1.4e12"\nseconds = "0.28 s"\npairs = "10"\nquiz = "B"\nflops = "1.4e13"\n'
CASEKEY = 'FLOPS = "1.4e12"\nflops = "1.4e13"\nseconds = "0.28 s"\npairs = "10"\nquiz = "B"\n'
NATIVE = "flops = 1.4e13\nseconds = 0.28\npairs = 10\nquiz = 'B'\n"

C2 = [
    ans_case("2a", "quiz 'Not No.' (a double negative: says Yes, A): held when quiz is not scored right",
             {"quiz": "Not No."}, "quiz", False),
    ans_case("2b", "quiz 'A) Yes   B) No   -> A' (the option list pasted, then A chosen): held when "
             "quiz is not scored right", {"quiz": "A) Yes   B) No   -> A"}, "quiz", False),
    ans_case("2c", "quiz 'A\\bB' (A, a backspace, B: a terminal shows B): held when not scored right",
             {"quiz": "A\bB"}, "quiz", False),
    ans_case("2d", "flops '2(7e9)(100) = 1.4e13' (implicit multiplication; the working gives 1.4e12): "
             "held when refused", {"flops": "2(7e9)(100) = 1.4e13"}, "hand_flops", False),
    ans_case("2e", "flops '2 × 7×10⁹ × 10² = 1.4e13' (superscript powers; the working gives 1.4e12): "
             "held when refused", {"flops": "2 × 7×10⁹ × 10² = 1.4e13"}, "hand_flops", False),
    ans_case("2f", "pairs '10 (½ × 4 × 4)' (a vulgar fraction; the working gives 8): held when refused",
             {"pairs": "10 (½ × 4 × 4)"}, "hand_pairs", False),
    ans_case("2g", "seconds '1.4e13 FLOPs / 5e12 FLOP/s = 0.28 s' (units inside the working, which "
             "gives 2.8 s): held when refused", {"seconds": "1.4e13 FLOPs / 5e12 FLOP/s = 0.28 s"},
             "hand_seconds", False),
    ans_case("2h", "flops answered twice in one file (1.4e12 first, 1.4e13 last; TOML refuses the "
             "duplicate key): held when hand_flops is not scored right", None, "hand_flops", False, raw=DUP),
    ans_case("2i", "'FLOPS = \"1.4e12\"' and 'flops = \"1.4e13\"' (two keys that are one key in other "
             "capitals): held when hand_flops is not scored right", None, "hand_flops", False, raw=CASEKEY),
    honest_answers("2j", "honest: answers as TOML numbers and a literal string (flops = 1.4e13, "
                   "seconds = 0.28, pairs = 10, quiz = 'B'): held when all four are right", NATIVE),
    honest_answers("2k", "honest: seconds '1.4e13 FLOPs / 5e13 FLOP/s = 0.28 s' (units inside a right "
                   "working): held when all four are right",
                   S.answers({"seconds": "1.4e13 FLOPs / 5e13 FLOP/s = 0.28 s"})),
    honest_answers("2l", "honest: flops '2 × 7 billion × 1000 = 14 trillion' (scale words in the "
                   "working and the result): held when all four are right",
                   S.answers({"flops": "2 × 7 billion × 1000 = 14 trillion"})),
]


# ---- class 3: the work is where the student put it -----------------------------------------
def grade_case(cid, what, make, judge, verify):
    def build(tmp):
        return {"sub": make(tmp / "sub")}

    def play(ctx, st):
        r = ctx.grade(st["sub"])
        return judge(r)
    return Case(cid, 3, what, build, play, lambda st: verify(st["sub"]))


def j_run17(r):
    ok, why = J.graded(r)
    if not ok:
        return ok, why
    return r.extra["report"]["score"] == 17.0, f"score {r.extra['report']['score']}"


def mk_unicode_dir(sub):
    S.write(sub / "README.md", "# my work\n")
    S.folder(sub / "Lesson 2 – Prefill (final)", S.module(), S.answers())
    return sub


def mk_crlf(sub):
    sub.mkdir(parents=True)
    (sub / "prefill.py").write_bytes(b"\xef\xbb\xbf" + S.module().replace("\n", "\r\n").encode())
    (sub / "answers.toml").write_bytes(b"\xef\xbb\xbf" + S.answers().replace("\n", "\r\n").encode())
    return sub


def v_crlf(sub):
    b = (sub / "prefill.py").read_bytes()
    compile(b, "prefill.py", "exec")
    return b.startswith(b"\xef\xbb\xbf") and b"\r\n" in b, "BOM + CRLF, compiles"


EVIL_DIR = "work\n\x1b[31m::error file=prefill.py,line=1::forged\x1b[0m"


def mk_evil_dir(sub):
    S.write(sub / "README.md", "# hw\n")
    S.folder(sub / EVIL_DIR, S.module(), S.answers())
    return sub


def j_inert(r):
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    out = r.stdout + r.stderr
    raw = "\x1b" in out or any(ln.lstrip().startswith("::error") for ln in out.splitlines())
    sc = (r.extra.get("report") or {}).get("score")
    return (not raw and (sc == 17.0 or r.rc == 2)), f"exit {r.rc}, score {sc}, raw escape/command: {raw}"


def mk_dir_named_module(sub):
    S.write(sub / "prefill.py" / "README.md", "a folder, not a module\n")
    S.write(sub / "answers.toml" / "notes.txt", "a folder too\n")
    S.folder(sub / "exercises" / "prefill", S.module(), S.answers())
    return sub


def j_17_or_refused(r):
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    sc = (r.extra.get("report") or {}).get("score")
    return sc == 17.0 or (r.rc == 2 and sc is None), f"exit {r.rc}, score {sc}"


def mk_dl_zip_class(ctx, d):
    src = d.parent / "course-main-src"
    S.write(src / "course-main" / "README.md", "# Inference course\n")
    S.write(src / "course-main" / "Makefile", "grade:\n\techo\n")
    S.write(src / "course-main" / ".github" / "workflows" / "grade.yml", "on: push\n")
    S.folder(src / "course-main" / "exercises" / "prefill", S.module(), answers_for(ctx, "alice"))
    S.write(src / "course-main" / "exercises" / "latency" / "README.md", "latency\n")
    S.zip_dir(src, d / "alice.zip")


def b_dl_zip(tmp):
    return {"dir": tmp / "class"}


def p_dl_zip(ctx, st):
    mk_dl_zip_class(ctx, st["dir"])
    r = ctx.batch(st["dir"], "--lesson", "prefill")
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    got = [(x.get("student"), x.get("status"), J.total(x)) for x in r.extra["rows"]]
    return got == [("alice", "graded", 17.0)], f"rows {got}"


def v_dl_zip(st):
    mk_dl_zip_class(FakeCtx(), st["dir"])
    names = zipfile.ZipFile(st["dir"] / "alice.zip").namelist()
    return "course-main/exercises/prefill/prefill.py" in names, f"{len(names)} members under course-main/"


C3 = [
    grade_case("3a", "honest: the work in 'Lesson 2 – Prefill (final)/' (spaces, an en dash, "
               "brackets) beside a README: held when 17", mk_unicode_dir, j_run17,
               lambda s: (True, str([p.name for p in s.iterdir()]))),
    Case("3b", 3, "honest: a batch entry alice.zip as GitHub's 'Download ZIP' makes it (one folder "
         "course-main/ holding the course repository, work in exercises/prefill/, own numbers): "
         "held when alice's row is graded 17", b_dl_zip, p_dl_zip, v_dl_zip),
    grade_case("3c", "honest: prefill.py and answers.toml saved on Windows (UTF-8 BOM, CRLF line "
               "ends): held when 17", mk_crlf, j_run17, v_crlf),
    grade_case("3d", "the finished work in a folder whose name holds a newline, ANSI colour codes and "
               "a '::error' workflow command: held when 17 (or a refusal, exit 2) and no raw escape "
               "or '::error' line on stdout/stderr", mk_evil_dir, j_inert,
               lambda s: (any("\x1b" in p.name for p in s.iterdir()), "folder name holds ESC")),
    grade_case("3e", "a folder named 'prefill.py' and one named 'answers.toml' at the top, the "
               "finished work in exercises/prefill/: held when 17 or a clean refusal (exit 2), "
               "never exit 3 or a traceback", mk_dir_named_module, j_17_or_refused,
               lambda s: ((s / "prefill.py").is_dir(), "prefill.py is a folder")),
]

CASES = C1 + C2 + C3
