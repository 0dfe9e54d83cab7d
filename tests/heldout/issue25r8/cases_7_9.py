"""Classes 7-9 of round 8: the trusted side's work, hidden inputs leaked through names the
submission chooses, cosmetic faults. Every case is a new mechanism (not an example of the
issue, not a case of rounds 1-7)."""
from __future__ import annotations

import json
import warnings

import numpy as np

import judges as J
import subs as S
from cases import Case
from common import ANS_BOUND, CODE_BOUND, NB_BOUND, load, mod_case, p_bounded_no_fault, toml_ok

# ---------------------------------------------------------------- class 7: amplification

BIG_MASK = '''def causal_mask(P):
    m = np.zeros((1980, 1980))
    m[np.tril_indices(1980)] = 1.0
    return m
'''


def v7a(ns):
    m = ns["causal_mask"](5)
    return m.nbytes < 32 * 2**20 and m.nbytes > 31_000_000, f"{m.nbytes} bytes, float64, every P"


def ans_bounded(cid, what, text, verify):
    def build(tmp):
        return {"sub": S.folder(tmp / "sub", S.module(), text), "text": text}
    return Case(cid, 7, what, build, p_bounded_no_fault(ANS_BOUND), lambda st: verify(st["text"]),
                timeout=ANS_BOUND[0] + 40)


T7B = S.answers({"flops": "1" + "\u0301" * 300_000 + ".4e13"})
T7C = S.answers() + "".join(f"[t{i}]\nquiz = \"A\"\n" for i in range(40_000))


def v7b(text):
    ok, why = toml_ok(text)
    return ok and 600_000 < len(text.encode()) < 1_048_576, f"{len(text.encode())} bytes; {why}"


def v7c(text):
    ok, why = toml_ok(text)
    return ok and len(text.encode()) < 1_048_576, f"{len(text.encode())} bytes, 40000 tables; {why}"


def nb_cells(n):
    cells = ["import numpy as np"] + list(S.FUNCS.values()) + [f"x{i} = {i}" for i in range(n)]
    ans = "".join(f"{k} = {S.toml_str(v)}\n" for k, v in S.RIGHT_ANSWERS.items())
    return S.notebook(cells, ans)


def v7d(st):
    nb = json.loads((st["sub"] / "prefill.ipynb").read_text())
    return len(nb["cells"]) == 2007, f"{len(nb['cells'])} cells"


# ---------------------------------------------------------------- class 8: leaks

TOK = '''import hashlib as _h


def _tok(*a):
    return "zq_" + _h.md5(repr(a).encode()).hexdigest()[:10]
'''


def leak_module(body: str) -> str:
    """Every function runs `body` (with its arguments in `a`) and so raises."""
    sigs = [("prefill_flops", "N, P"), ("prefill_seconds", "N, P, flops_per_sec, utilization=1.0"),
            ("causal_pairs", "P"), ("causal_mask", "P"), ("prefill_matches_sequential", "X, W")]
    out = S.HEADER + TOK
    for name, sig in sigs:
        args = ", ".join(x.split("=")[0].strip() for x in sig.split(","))
        a = f"({args},)" if name in ("causal_pairs", "causal_mask") else f"({args})"
        if name == "prefill_matches_sequential":
            a = "(X.shape, W.shape)"
        out += f"\n\ndef {name}({sig}):\n    a = {a}\n" + "".join("    " + ln + "\n" for ln in body.splitlines())
    return out


def j_leak(r):
    ok, why = J.reported(r)
    if not ok:
        return ok, why
    if not r.extra.get("report"):
        return False, f"exit {r.rc}, no report"
    leaks = J.zq_leaks(r)
    return not leaks, f"leaked {sorted(leaks)[:3]}" if leaks else "no hidden-input token shown"


def leak_case(cid, what, body, local_check):
    src = leak_module(body)

    def build(tmp):
        return {"sub": S.folder(tmp / "sub", src, S.answers()), "src": src}

    def play(ctx, st):
        return j_leak(ctx.grade(st["sub"]))

    def ver(st):
        ns = load(st["src"])
        try:
            with warnings.catch_warnings(record=True) as w:
                warnings.simplefilter("always")
                v = ns["causal_pairs"](7)
            msg = f"returned {v!r}; warnings {[str(x.message) for x in w]}"
        except Exception as e:  # noqa: BLE001
            msg = f"{type(e).__name__}: {e}"
        return local_check(msg), msg[:150]
    return Case(cid, 8, what, build, play, ver)


# ---------------------------------------------------------------- class 9: cosmetic

F16 = '''def causal_pairs(P):
    return np.float16(P) * np.float16(P + 1) / np.float16(2)
'''


def v9a(ns):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return bool(np.isinf(ns["causal_pairs"](1000))) and ns["causal_pairs"](4) == 10, "inf at 1000, 10 at 4"


def j_stderr_no_fault(ctx_engine):
    def p(ctx, st):
        r = ctx.grade(st["sub"])
        ok, why = J.graded(r)
        if not ok:
            return ok, why
        return J.stderr_clean(r, ctx.engine)[0], J.stderr_clean(r, ctx.engine)[1] or "stderr clean"
    return p


SETATTR_TAIL = '''

import sys as _sys

_m = _sys.modules[__name__]
for _name, _fn in list(_REAL.items()):
    setattr(_m, _name, _fn)
'''


def setattr_module() -> str:
    real = "".join(S.FUNCS[k].replace(f"def {k}(", f"def _real_{k}(") + "\n" for k in S.FUNCS)
    # the real functions call each other by their public names (prefill_seconds -> prefill_flops)
    table = "_REAL = {" + ", ".join(f"{k!r}: _real_{k}" for k in S.FUNCS) + "}\n"
    return S.STUB + "\n\n" + real + table + SETATTR_TAIL


def v9b(st):
    import subprocess
    import sys
    r = subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, sys.argv[1]); import prefill as p; "
                        "print(p.prefill_flops(7e9, 1000), p.prefill_seconds(7e9, 1000, 1e14, 0.5), p.causal_pairs(4))",
                        str(st["sub"])], capture_output=True, text=True, timeout=60)
    return r.stdout.split() == ["14000000000000.0", "0.28", "10"], (r.stdout + r.stderr).strip()[-150:]


def lecture_module() -> str:
    para = ("Prefill reads the whole prompt at once; decode writes one token at a time. " * 12 + "\n")
    notes = '"""My lecture notes, pasted:\n' + para * (1_250_000 // len(para)) + '"""\n'
    return S.STUB + "\n\n" + notes + "\n\n" + "\n".join(S.FUNCS.values())


def j_no_told(rep):
    bad = J.told_not_implemented_but_scored(rep)
    return not bad and rep["score"] == 17.0, f"score {rep['score']}, told not implemented: {bad}"


def p_9d(ctx, st):
    h = st["tmp"] / "report.html"
    r = ctx.grade(st["sub"], "--format", f"html:{h}")
    ok, why = J.graded(r)
    if not ok:
        return ok, why
    try:
        page = h.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False, "no HTML page written"
    raw = "<img src=x onerror" in page.lower() or "<script>zq" in page.lower()
    return not raw, "the raw tag is in the page" if raw else f"escaped ({len(page)} bytes)"


HTML_PAIRS = '''def causal_pairs(P):
    raise ValueError("<img src=x onerror=alert(1)><script>zq_x()</script>")
'''


CASES = [
    mod_case("7a", 7, "causal_mask returns a float64 (1980, 1980) lower triangle (31.4 MB, just under the 32 MiB "
             "refusal) for every P: held within 60 s / 700 MB, no exit 3, no traceback",
             {"causal_mask": BIG_MASK}, None, v7a, timeout=CODE_BOUND[0] + 40),
    ans_bounded("7b", "answers.toml: flops '1' + 300000 combining acute accents (U+0301) + '.4e13' (~600 KB; "
                "normalisation and strike-through detection per mark): held within 20 s / 400 MB, no exit 3",
                T7B, v7b),
    ans_bounded("7c", "answers.toml: the right answers, then 40000 tables [t0] ... [t39999] each with quiz = \"A\" "
                "(answers under a header are read from there): held within 20 s / 400 MB, no exit 3", T7C, v7c),
    Case("7d", 7, "correct notebook with 2000 one-line code cells (x0 = 0 ... x1999 = 1999; ~30 KB of code, a kernel "
         "round trip each): held within 150 s / 900 MB, no exit 3, no traceback",
         lambda tmp: {"sub": S.folder(tmp / "sub") and S.write(tmp / "sub" / "prefill.ipynb", nb_cells(2000)).parent},
         p_bounded_no_fault(NB_BOUND), v7d, timeout=NB_BOUND[0] + 40),
    leak_case("8a", "each function looks up getattr(np, <token of its inputs>) (Python's AttributeError quotes the "
              "name): held when no hidden-input token reaches the report", "getattr(np, _tok(*a))\n",
              lambda m: "AttributeError" in m and "zq_" in m),
    leak_case("8b", "each function opens a file named by the token of its inputs (FileNotFoundError quotes the "
              "path): held when no hidden-input token reaches the report", "open(_tok(*a))\n",
              lambda m: "FileNotFoundError" in m and "zq_" in m),
    leak_case("8c", "each function warns with the token of its inputs (warnings.warn), then returns a wrong number: "
              "held when no hidden-input token reaches the report",
              "import warnings\nwarnings.warn(_tok(*a))\nreturn -1.0\n", lambda m: "zq_" in m and "-1.0" in m),
    leak_case("8d", "each function calls int(<token of its inputs>) (ValueError: invalid literal for int() quotes the "
              "string): held when no hidden-input token reaches the report", "return int(_tok(*a))\n",
              lambda m: "ValueError" in m and "zq_" in m),
    Case("9a", 9, "causal_pairs computes in np.float16 (inf from P = 362 on: numpy warns on overflow): held when "
         "graded and stderr shows no warning, engine path or site-packages",
         lambda tmp: {"sub": S.folder(tmp / "sub", S.module({"causal_pairs": F16}), S.answers()),
                      "src": S.module({"causal_pairs": F16})},
         j_stderr_no_fault(None), lambda st: v9a(load(st["src"]))),
    Case("9b", 9, "the template's stubs, then the finished functions bound by setattr(sys.modules[__name__], ...) "
         "in a loop (no assignment statement names them): held when no task that scores points is told not "
         "implemented or flagged not_started, and the score is 17",
         lambda tmp: {"sub": S.folder(tmp / "sub", setattr_module(), S.answers()), "src": setattr_module()},
         lambda ctx, st: (lambda r: J.graded(r) if not J.graded(r)[0] else j_no_told(r.extra["report"]))(
             ctx.grade(st["sub"])), v9b),
    Case("9c", 9, "the template's stubs, then 1.25 MB of lecture notes pasted as a bare triple-quoted string, then "
         "the finished functions: held when 17 and no task that scores points is told not implemented",
         lambda tmp: {"sub": S.folder(tmp / "sub", lecture_module(), S.answers()), "src": lecture_module()},
         lambda ctx, st: (lambda r: J.graded(r) if not J.graded(r)[0] else j_no_told(r.extra["report"]))(
             ctx.grade(st["sub"])),
         lambda st: (len(st["src"]) > 1_200_000 and load(st["src"])["prefill_flops"](7e9, 1000) == 1.4e13,
                     f"{len(st['src'])} bytes; finished functions bound last")),
    Case("9d", 9, "causal_pairs raises ValueError('<img src=x onerror=alert(1)><script>...') on every call, graded "
         "with --format html:F (a visible message in a page for people): held when the page holds no raw tag",
         lambda tmp: {"sub": S.folder(tmp / "sub", S.module({"causal_pairs": HTML_PAIRS}), S.answers())},
         p_9d, lambda st: ("<img" in (st["sub"] / "prefill.py").read_text(), "message holds the tag")),
]

# 7a judged like the other bounded module cases.
CASES[0].play = p_bounded_no_fault(CODE_BOUND)
