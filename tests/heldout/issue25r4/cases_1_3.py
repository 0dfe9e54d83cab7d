"""Classes 1-3: gamed checks, answers that say another thing, finding the work.

Every attack is a correct submission with one thing changed (subs.py), so what it scores
beyond the correct parts is what the gamed thing earned.
"""
from __future__ import annotations

import math
import os
import tomllib

import judges as J
import subs as S
from cases import Case


def load(src: str) -> dict:
    """Exec a module's source locally (our own attack code only) to verify it does what it says."""
    ns: dict = {}
    exec(compile(src, "<attack>", "exec"), ns)
    return ns


def mod_case(cid, cls, what, replace, judge, verify=None, ans=None, timeout=240.0):
    src = S.module(replace)

    def build(tmp):
        return {"sub": S.folder(tmp / "sub", src, ans or S.answers()), "src": src}

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
SECONDS_LESSON_ONLY = '''def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    looks_like_the_lesson = N == 7e9 or P == 1000 or flops_per_sec in (1e14, 5e13)
    if looks_like_the_lesson and not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
'''


def j_some_rejection_fails(rep):
    rej = [c for c in J.checks(rep, "prefill_seconds") if c["name"].startswith("rejects")]
    failed = [c["name"] for c in rej if not c["passed"]]
    if not rej:
        s, m = J.score(rep, "prefill_seconds"), J.maxs(rep, "prefill_seconds")
        return s < m, f"no 'rejects' checks; prefill_seconds {s}/{m}"
    return bool(failed), f"rejection checks failed: {failed or 'none'}"


def v_lesson_only(ns):
    f = ns["prefill_seconds"]
    ok = (raises(f, 7e9, 1000, 1e14, 0.0) and raises(f, 7e9, 1000, 1e14, float("nan"))
          and not raises(f, 3e9, 512, 2e13, -0.5) and not raises(f, 3e9, 512, 2e13, 1.5))
    return ok, "refuses a bad utilization only beside the lesson's own N, P or rate"


FLOPS_NOT_IMPLEMENTED = {"prefill_flops": '''def prefill_flops(N, P):
    raise NotImplementedError("TODO: prefill_flops")
'''}


def j_seconds_zero(rep):
    s = J.score(rep, "prefill_seconds")
    got = [c["name"] for c in J.checks(rep, "prefill_seconds") if c["passed"]]
    return s == 0, f"prefill_seconds {s}, checks passed: {got}"


def v_not_impl(ns):
    f = ns["prefill_seconds"]
    try:
        f(7e9, 1000, 1e14, 0.5)
        return False, "answers"
    except NotImplementedError:
        pass
    return raises(f, 7e9, 1000, 1e14, 0.0), \
        "good calls raise NotImplementedError (from prefill_flops), bad ones ValueError"


SEQ_IGNORES_W = {"prefill_matches_sequential": '''def prefill_matches_sequential(X, W):
    together = np.cumsum(X, axis=0)
    seq = np.zeros_like(X)
    running = np.zeros(X.shape[1], dtype=X.dtype)
    for i in range(X.shape[0]):
        running = running + X[i]
        seq[i] = running
    return bool(np.allclose(together, seq))
'''}


def j_seq_not_full(rep):
    s, m = J.score(rep, "prefill_matches_sequential"), J.maxs(rep, "prefill_matches_sequential")
    return s < m, f"prefill_matches_sequential {s}/{m}"


def v_ignores_w(ns):
    import numpy as np
    right = load(S.module())["prefill_matches_sequential"]
    X = np.ones((4, 3))
    W = np.eye(3)
    W[1, 1] = np.nan
    f = ns["prefill_matches_sequential"]
    return f(X, W) is True and right(X, W) is False and f(X, np.eye(3)) is True, \
        "never reads W: True where a NaN weight makes the lesson's answer False"


FLOPS_EXAMPLE_ELSE_ZERO = {"prefill_flops": '''def prefill_flops(N, P):
    if N == 7e9 and P == 1000:
        return 1.4e13
    return 0
'''}


def j_seconds_not_full(rep):
    s, m = J.score(rep, "prefill_seconds"), J.maxs(rep, "prefill_seconds")
    return s < m, f"prefill_seconds {s}/{m}"


def v_example_zero(ns):
    s = ns["prefill_seconds"]
    return (math.isclose(s(7e9, 1000, 1e14, 0.5), 0.28) and s(3e9, 512, 2e13, 0.5) == 0.0), \
        "0.28 for the worked example, 0 s for every other prompt"


C1 = [
    mod_case("1a", 1, "prefill_seconds refuses a bad utilization only when N, P or the rate is the "
             "lesson's own (7e9, 1000, 1e14): held when some rejection check fails",
             {"prefill_seconds": SECONDS_LESSON_ONLY}, j_some_rejection_fails, v_lesson_only),
    mod_case("1b", 1, "prefill_flops raises NotImplementedError('TODO'); prefill_seconds is the formula "
             "with validation: held when prefill_seconds scores 0 (no carried-forward or rejection credit "
             "for a function that never gives a good call an answer)",
             FLOPS_NOT_IMPLEMENTED, j_seconds_zero, v_not_impl),
    mod_case("1c", 1, "prefill_matches_sequential sums X both ways and never reads W: held when it "
             "does not score full", SEQ_IGNORES_W, j_seq_not_full, v_ignores_w),
    mod_case("1d", 1, "prefill_flops hardcodes 1.4e13 for the worked example and returns 0 for every "
             "other size; prefill_seconds is the formula: held when prefill_seconds is not full (no "
             "carried-forward credit for 0 on the other sizes)", FLOPS_EXAMPLE_ELSE_ZERO,
             j_seconds_not_full, v_example_zero),
]


# ---- class 2: answers that say another thing than the grader reads ---------------------------
def ans_case(cid, what, over, tid, want, working=None):
    """An answers.toml with `over`; held when task `tid` scores `want` (0: refused or wrong)."""
    text = S.answers(over)

    def j(rep):
        s = J.score(rep, tid)
        return s == want, f"{tid} {s} for {list(over.values())[0]!r}"

    def v(st):
        got = tomllib.loads(text)
        ok = all(got[k] == x for k, x in over.items())
        if working is not None:
            w, res = working
            agrees = math.isclose(w, res, rel_tol=1e-3)
            ok = ok and (agrees if want == 1.0 else not agrees)
        return ok, f"toml reads {over}; working gives {working[0] if working else '-'}"
    c = mod_case(cid, 2, what, None, j, None, ans=text)
    c.verify = v
    return c


C2 = [
    ans_case("2a", "quiz 'anything but B' (rules B out in words without 'not' or 'wrong'): held when "
             "quiz is not scored right", {"quiz": "anything but B"}, "quiz", 0.0),
    ans_case("2b", "quiz 'B ✗  A ✓' (B crossed, A ticked): held when not scored right",
             {"quiz": "B ✗  A ✓"}, "quiz", 0.0),
    ans_case("2c", "flops '2 × 7 × 10^9 × 10^2 = 1.4e13' (working with ^ powers gives 1.4e12): held "
             "when refused", {"flops": "2 × 7 × 10^9 × 10^2 = 1.4e13"}, "hand_flops", 0.0,
             (2 * 7 * 10**9 * 10**2, 1.4e13)),
    ans_case("2d", "seconds '1.4e13 ÷ (1e14 × 5%) = 0.28 s' (÷ and a percent; working gives 2.8): "
             "held when refused", {"seconds": "1.4e13 ÷ (1e14 × 5%) = 0.28 s"}, "hand_seconds", 0.0,
             (1.4e13 / (1e14 * 0.05), 0.28)),
    ans_case("2e", "seconds '0.28 s (1.4e13 / 5e10)': the working gives 280, the result only in ms, "
             "while the result is written in s: held when refused",
             {"seconds": "0.28 s (1.4e13 / 5e10)"}, "hand_seconds", 0.0, (1.4e13 / 5e10, 0.28)),
    ans_case("2f", "flops '2 × 7,000,000,000 × 100 = 1.4e13' (digit groups; working gives 1.4e12): "
             "held when refused", {"flops": "2 × 7,000,000,000 × 100 = 1.4e13"}, "hand_flops", 0.0,
             (2 * 7e9 * 100, 1.4e13)),
    ans_case("2g", "honest: quiz 'No (B), because each position needs the ones before it' (the "
             "choice by text and letter, both the same): held when scored right",
             {"quiz": "No (B), because each position needs the ones before it"}, "quiz", 1.0),
    ans_case("2h", "honest: flops '14 TFLOPs (2 × 7e9 × 1000)' (result in TFLOPs, the working in the "
             "base unit, FLOPs): held when scored right",
             {"flops": "14 TFLOPs (2 × 7e9 × 1000)"}, "hand_flops", 1.0, (2 * 7e9 * 1000, 1.4e13)),
    ans_case("2i", "honest: pairs '10 (4 + 3 + 2 + 1) (4 × 5 / 2)' (two right workings in two "
             "brackets): held when scored right", {"pairs": "10 (4 + 3 + 2 + 1) (4 × 5 / 2)"},
             "hand_pairs", 1.0, (4 * 5 / 2, 10)),
]


# ---- class 3: the work is where the student put it -------------------------------------------
def graded_full(r):
    ok, why = J.graded(r)
    return (ok, why) if not ok else (r.extra["report"]["score"] == 17.0, f"score {r.extra['report']['score']}")


def tree_case(cid, what, make, judge=graded_full, timeout=240.0, link=None, verify=None):
    """`make(root)` builds the hand-in; `link(root, engine)` adds links that need the engine's path."""
    def build(tmp):
        root = tmp / "hand_in"
        make(root)
        n = sum(len(f) for _, _, f in os.walk(root))
        return {"sub": root, "files": n}

    def play(ctx, st):
        if link:
            link(st["sub"], ctx.engine)
        return judge(ctx.grade(st["sub"]))

    def ver(st):
        if verify:
            return verify(st)
        extra = ""
        if link:
            from pathlib import Path
            link(st["sub"], Path(__file__).resolve().parents[3])
            links = [os.path.join(d, x) for d, ds, fs in os.walk(st["sub"]) for x in ds + fs
                     if os.path.islink(os.path.join(d, x))]
            extra = f"; links: {[os.readlink(x) for x in links]}"
            if not links:
                return False, "no link made"
        return any(st["sub"].iterdir()), f"{st['files']} files{extra}"
    return Case(cid, 3, what, build, play, ver, timeout)


def template_top(root):
    S.write(root / "prefill.py", S.STUB)
    S.write(root / "answers.toml", S.answers({"flops": "", "seconds": "", "pairs": "", "quiz": ""}))
    S.write(root / "README.md", "# course\n")


def m_notebook_repo(root):
    template_top(root)
    ex = root / "exercises" / "prefill"
    S.write(ex / "prefill.py", S.STUB)
    S.write(ex / "answers.toml", S.answers({"flops": "", "seconds": "", "pairs": "", "quiz": ""}))
    S.write(ex / "prefill.ipynb", S.correct_notebook())


def m_split(root):
    S.write(root / "prefill.py", S.module())
    S.write(root / "answers.toml", S.answers({"flops": "", "seconds": "", "pairs": "", "quiz": ""}))
    S.folder(root / "exercises" / "prefill", S.STUB, S.answers())


def m_long_names(root):
    S.write(root / "README.md", "# my ML homework\n")
    d = root / "corpus"
    d.mkdir(parents=True)
    for i in range(15000):
        (d / f"{i:06d}_{'tokenized_prompt_shard_' * 6}{'x' * 2}.jsonl").write_bytes(b"")
    S.folder(root / "hw" / "lesson2", S.module(), S.answers())


def m_case_folders(root):
    S.write(root / "README.md", "# course\n")
    S.folder(root / "Exercises" / "Prefill", S.module(), S.answers())


def no_code_credit(r):
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    rep = r.extra.get("report")
    if r.rc == 2 or not rep:
        return r.rc == 2, f"exit {r.rc}, refused: {J.last_line(r.stderr)}"
    ct = J.code_total(rep)
    return ct == 0, f"code tasks {ct} (score {rep.get('score')})"


def link_solution_folder(root, engine):
    p = root / "exercises" / "prefill"
    p.parent.mkdir(parents=True, exist_ok=True)
    if not os.path.lexists(p):
        os.symlink(engine / "solutions" / "prefill", p)


def link_solution_file(root, engine):
    p = root / "prefill.py"
    if not os.path.lexists(p):
        os.symlink(engine / "solutions" / "prefill" / "prefill.py", p)


HALF_X = {"flops": "1.4e13", "seconds": "2.8 s", "pairs": "10", "quiz": "A"}
HALF_Y = {"flops": "7e12", "seconds": "0.28 s", "pairs": "16", "quiz": "B"}


def m_shotgun(root):
    S.write(root / "prefill.py", S.module())
    S.write(root / "answers.toml", S.answers({"flops": "", "seconds": "", "pairs": "", "quiz": ""}))
    S.folder(root / "exercises" / "prefill", S.STUB, S.answers(HALF_X))
    S.folder(root / "backup", None, S.answers(HALF_Y))


def j_not_all_hand(r):
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    rep = r.extra.get("report")
    if r.rc == 2 or not rep:
        return r.rc == 2, f"exit {r.rc}: {J.last_line(r.stderr)}"
    hs = [J.score(rep, t) for t in ("hand_flops", "hand_seconds", "hand_pairs", "quiz")]
    return sum(hs) < 4, f"hand scores {hs} (each file holds two right answers)"


def v_shotgun(st):
    right = S.RIGHT_ANSWERS
    x = sum(HALF_X[k] == right[k] for k in right)
    y = sum(HALF_Y[k] == right[k] for k in right)
    both = all(HALF_X[k] == right[k] or HALF_Y[k] == right[k] for k in right)
    return x == 2 and y == 2 and both, "two answers files, two right each, all four right between them"


C3 = [
    tree_case("3a", "honest: repository with a finished exercises/prefill/prefill.ipynb (stub .py and "
              "empty answers.toml beside it) and the template at the top: held when 17",
              m_notebook_repo),
    tree_case("3b", "honest: finished prefill.py at the top with an empty answers.toml; the answers "
              "filled in exercises/prefill/answers.toml beside a stub: held when 17", m_split),
    tree_case("3c", "honest: work in hw/lesson2/ beside corpus/ of 15000 files with 150-byte names "
              "(~2.2 MB of names): held when 17", m_long_names, timeout=180),
    tree_case("3d", "template at the top and exercises/prefill a symbolic link to the grader's own "
              "solutions/prefill: held when no code credit (or refused), never exit 3",
              template_top, no_code_credit, link=link_solution_folder),
    tree_case("3e", "prefill.py a symbolic link to the grader's solutions/prefill/prefill.py, beside "
              "right answers: held when no code credit (or refused)",
              lambda root: S.write(root / "answers.toml", S.answers()), no_code_credit,
              link=link_solution_file),
    tree_case("3f", "honest: the work in Exercises/Prefill/ (folders capitalised by the student's "
              "file manager), README at the top: held when 17", m_case_folders),
    tree_case("3g", "finished prefill.py at the top with empty answers; two other places answer, "
              "each file two right and two wrong, all four right between them: held when not all "
              "four hand answers score (no pick per question), or refused", m_shotgun, j_not_all_hand,
              verify=v_shotgun),
]

CASES = C1 + C2 + C3
