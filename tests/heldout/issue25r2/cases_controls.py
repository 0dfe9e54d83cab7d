"""The controls: honest submissions that must keep grading right."""

from __future__ import annotations

from judges import (
    ALL,
    CODE,
    case,
    results_score,
    row_judge,
    total_full,
)
from subs import (
    STUB_MODULE,
    ans_sub,
    answers_toml,
    folder,
    module,
    notebook,
    repo,
    sub,
    write,
    write_notebook,
)

# =================================== controls (honest work) ======================================

case("C1-module", "control", "a correct prefill.py and answers.toml", sub(), ("grade", "sub"), total_full)


def bC2(d):
    write_notebook(d / "sub" / "prefill.ipynb", notebook())


case("C2-notebook", "control", "a correct notebook with its ANSWERS cells", bC2, ("grade", "sub"), total_full)
case("C3-working", "control", "right answers with working and an explained quiz",
     ans_sub(flops="2 × 7e9 × 1000 = 1.4e13", seconds="0.28 s (1.4e13 / 5e13)", pairs="10 (4+3+2+1)",
          quiz="B, because each position needs the ones before it"), ("grade", "sub"), total_full)


def bC4(d, ctx):
    c = d / "class"
    write(c / "lee_5150_300_prefill.py", module())
    write(c / "lee_5150_301_answers.toml", answers_toml(ctx.own("5150")))


case("C4-canvas", "control", "an honest Canvas export: <name>_<user id>_<file id>_<file>", bC4,
     ("batch", "class", []), row_judge("5150", ALL))


def bC5(d, ctx):
    r = repo(d)
    for f in ("latency.py", "answers.toml", "README.md"):
        write(r / "exercises" / "latency" / f, (ctx.engine / "exercises" / "latency" / f).read_text(encoding="utf-8"))
    folder(r / "exercises" / "prefill", module(), answers_toml())
    write(r / ".venv" / "pyvenv.cfg", "home = /usr/bin\n")
    folder(r / ".venv" / "lib" / "python3.11" / "site-packages" / "x", STUB_MODULE)


case("C5-repository", "control", "a whole course repository (latency stubs, .git, .venv) with exercises/prefill/ finished",
     bC5, ("grade", "repo"), total_full)


def bC6(d):
    folder(d / "gs_sub", module(), answers_toml())


case("C6-gradescope", "control", "a Gradescope upload of prefill.py and answers.toml", bC6, ("gradescope", "gs_sub"), results_score(17.0))


def bC7(d, ctx):
    c = d / "class"
    folder(c / "alice", module(), answers_toml(ctx.own("alice")))
    write(c / "bob.py", module())
    write_notebook(c / "carol.ipynb", notebook(answers=ctx.own("carol")))


def jC7(o):
    for key, tasks in (("alice", ALL), ("bob", CODE), ("carol", ALL)):
        ok, why = row_judge(key, tasks)(o)
        if not ok:
            return False, why
    return True, "alice 17, bob code 13, carol 17"


case("C7-batch", "control", "a batch of a folder, a .py and a notebook, each with the student's own numbers",
     bC7, ("batch", "class", []), jC7)


def jC8(o):
    a, b = o.extra.get("a"), o.extra.get("b")
    if not a or not b:
        return False, "grader variant gave no JSON"
    return a.get("parameters") == b.get("parameters") and a.get("answers") == b.get("answers"), "Alice and ' alice ' get the same numbers"


case("C8-variant", "control", "grader variant 'Alice' and ' alice ' name one student", lambda d: None,
     ("variant", ["Alice", " alice "]), jC8)
