"""Classes 7-9: work the trusted process does for a submission; hidden inputs leaked through names
the submission chooses; cosmetic (warnings, report formats, stub detection).

Class 7's bounds are common.py's (a module case 60 s / 700 MB, an answers-file case 20 s / 400 MB).
Class 8: each function builds a token `zq_<digits of its inputs>` and routes it through a name
Python itself quotes; held when no token reaches what the student sees unless a visible check's
own entry shows it (judges.zq_leaks).
"""
from __future__ import annotations

import xml.etree.ElementTree as ET

import judges as J
import subs as S
from cases import Case
from common import ANS_BOUND, CODE_BOUND, load, p_bounded_no_fault, run_local, toml_ok


# ---- class 7: amplification --------------------------------------------------------------------
def bounded_mod(cid, what, src, verify_tail, want, bound=CODE_BOUND, ans=None):
    def build(tmp):
        return {"sub": S.folder(tmp / "sub", src, ans if ans is not None else S.answers()), "src": src}

    def ver(st):
        if verify_tail is None:
            return want(st)
        out = run_local(st["src"], verify_tail, timeout=120)
        return want in out, out[-160:]
    return Case(cid, 7, what, build, p_bounded_no_fault(bound), ver, timeout=bound[0] + 90)


STR_ARRAY = S.module({k: f"def {k}{sig}:\n    return np.full(500_000, '1.4e13 FLOPs', dtype='U16')\n"
                      for k, sig in (("prefill_flops", "(N, P)"), ("causal_pairs", "(P)"),
                                     ("causal_mask", "(P)"))})
HUGE_INT = S.module({k: f"def {k}{sig}:\n    return 10 ** 200_000\n"
                     for k, sig in (("prefill_flops", "(N, P)"), ("causal_pairs", "(P)"))}
                    | {"prefill_seconds": "def prefill_seconds(N, P, flops_per_sec, utilization=1.0):\n"
                       "    if not (0 < utilization <= 1):\n        raise ValueError('bad utilization')\n"
                       "    return 10 ** 200_000\n"})
MISSING_IMPORTS = S.module(prefix="".join(f"import zzmissing{i:05d}\n" for i in range(20000)))
PRODUCT = "flops = \"" + " × ".join(["7000000000"] * 60000) + " = 1.4e13\"\n"
DEEP_TABLE = S.answers() + "\n[" + ".".join(["x"] * 30000) + "]\nstudent = \"bob\"\n"


def v_toml(text, label):
    def v(st):
        ok, why = toml_ok(text)
        return True, f"{len(text) >> 10} KiB; {label}; tomllib: {why[:80]}"
    return v


def ans_bounded(cid, what, text, label):
    def build(tmp):
        return {"sub": S.folder(tmp / "sub", S.module(), text)}
    return Case(cid, 7, what, build, p_bounded_no_fault(ANS_BOUND), v_toml(text, label),
                timeout=ANS_BOUND[0] + 90)


C7 = [
    bounded_mod("7a", "prefill_flops, causal_pairs and causal_mask return a numpy string array "
                "np.full(500000, '1.4e13 FLOPs', dtype='U16') (32 MB of text) on every call: held within "
                "60 s / 700 MB, no exit 3", STR_ARRAY,
                "a = prefill_flops(1, 1)\nprint(a.dtype, a.nbytes >> 20, 'MiB')", "<U16 30 MiB"),
    bounded_mod("7b", "prefill_flops, prefill_seconds and causal_pairs return the integer 10**200000 (a "
                "200001-digit int; Python refuses str() of it past 4300 digits) on every call: held within "
                "60 s / 700 MB, no exit 3", HUGE_INT,
                "print('bits', prefill_flops(1, 1).bit_length())", "bits 664386"),
    bounded_mod("7c", "a correct module whose top holds 20000 imports of modules the grader lacks "
                "(import zzmissing00000 ... zzmissing19999, ~470 KB: 20000 stand-ins to name): held within "
                "60 s / 700 MB, no exit 3", MISSING_IMPORTS, None,
                lambda st: (st["src"].count("import zzmissing") == 20000 and len(st["src"]) < 1 << 20,
                            f"{len(st['src']) >> 10} KiB, 20000 missing imports, parses: "
                            f"{bool(compile(st['src'], 'p', 'exec'))}")),
    ans_bounded("7d", "flops: a working of 60000 factors '7000000000 × 7000000000 × ... = 1.4e13' (~780 KB; "
                "exact arithmetic would build a 590000-digit number): held within 20 s / 400 MB, no exit 3",
                S.answers(raw=PRODUCT + 'seconds = "0.28 s"\npairs = "10"\nquiz = "B"\n'), "60000 factors"),
    ans_bounded("7e", "answers.toml: the right answers, then a table [x.x.x....] 30000 keys deep holding "
                "student = \"bob\" (an id key searched 'at any depth'): held within 20 s / 400 MB, no exit 3",
                DEEP_TABLE, "a table 30000 deep"),
]


# ---- class 8: hidden inputs leaked through names ------------------------------------------------
TOKEN = '''def _tok(*a):
    return "zq_" + "_".join(str(abs(int(x)) if float(x) == int(x) else x).replace(".", "d").replace("-", "m")
                            for x in a if not hasattr(x, "shape")) + "_" + "_".join(
        str(x.shape[0]) for x in a if hasattr(x, "shape"))
'''


def leak_module(body: str) -> str:
    """Every function calls _fail(<token of its inputs>) first; `body` defines _fail."""
    return S.module({
        "prefill_flops": "def prefill_flops(N, P):\n    _fail(_tok(N, P))\n",
        "prefill_seconds": "def prefill_seconds(N, P, flops_per_sec, utilization=1.0):\n"
                           "    _fail(_tok(N, P, flops_per_sec, utilization if utilization == utilization else 0))\n",
        "causal_pairs": "def causal_pairs(P):\n    _fail(_tok(P))\n",
        "causal_mask": "def causal_mask(P):\n    _fail(_tok(P))\n",
        "prefill_matches_sequential": "def prefill_matches_sequential(X, W):\n    _fail(_tok(X, W))\n",
    }, prefix=TOKEN + "\n" + body + "\n")


CMD = '''def _fail(tok):
    import subprocess
    raise subprocess.CalledProcessError(1, [tok, "--check"])
'''
MODULE_ATTR = '''def _fail(tok):
    E = type("StepError", (ValueError,), {"__module__": tok})
    raise E("this step failed")
'''
QUALNAME = '''def _fail(tok):
    E = type("StepError", (ValueError,), {})
    E.__qualname__ = tok
    raise E("this step failed")
'''
CONAME = '''def _fail(tok):
    def step():
        return 0
    step = type(step)(step.__code__.replace(co_name=tok, co_qualname=tok), globals())
    step(1)
'''


def leak_case(cid, what, body, exc, want_in):
    src = leak_module(body)

    def build(tmp):
        return {"sub": S.folder(tmp / "sub", src, S.answers()), "src": src}

    def play(ctx, st):
        r = ctx.grade(st["sub"])
        ok, why = J.graded(r)
        if not ok:
            return ok, why
        leaks = J.zq_leaks(r)
        return not leaks, f"leaked: {sorted(leaks)[:4]}" if leaks else "no hidden-input token in the report"

    def ver(st):
        import traceback
        ns = load(st["src"])
        try:
            ns["causal_pairs"](37)
        except exc as e:
            text = "".join(traceback.format_exception(e))
            return want_in in text, text.strip().splitlines()[-1][:140]
        return False, "did not raise"
    return Case(cid, 8, what, build, play, ver)


C8 = [
    leak_case("8a", "each function raises subprocess.CalledProcessError(1, [<token of its inputs>, '--check']) "
              "(Python's own message quotes the command it names): held when no hidden-input token reaches the "
              "report", CMD, Exception, "zq_37_"),
    leak_case("8b", "each function raises a ValueError subclass whose __module__ is the token of its inputs "
              "(name and message fixed; a traceback prints module.Class): held when no hidden-input token "
              "reaches the report", MODULE_ATTR, ValueError, "zq_37_"),
    leak_case("8c", "each function raises a ValueError subclass whose __qualname__ is the token (its "
              "__name__ and message fixed): held when no hidden-input token reaches the report", QUALNAME,
              ValueError, "zq_37_"),
    leak_case("8d", "each function calls a helper whose code object is renamed to the token with too many "
              "arguments (Python's own TypeError quotes the function's name): held when no hidden-input "
              "token reaches the report", CONAME, TypeError, "zq_37_"),
]


# ---- class 9: cosmetic ----------------------------------------------------------------------
JUNIT_MSG = {"causal_pairs": "def causal_pairs(P):\n    raise ValueError('bad ]]> <pairs> & \"q\" \\x01\\x08 "
                             "\\x1b[31mred\\x1b[0m \\ud800 end')\n"}


def junit_case(cid, what):
    src = S.module(JUNIT_MSG)

    def build(tmp):
        return {"sub": S.folder(tmp / "sub", src, S.answers()), "src": src}

    def play(ctx, st):
        out = st["tmp"] / "junit.xml"
        r = ctx.grade(st["sub"], "--format", f"junit:{out}")
        ok, why = J.reported(r)
        if not ok:
            return ok, why
        try:
            root = ET.parse(out).getroot()
        except (OSError, ET.ParseError) as e:
            return False, f"junit file not well-formed XML: {type(e).__name__}: {str(e)[:100]}"
        n = sum(1 for _ in root.iter("testcase"))
        return n > 0, f"well-formed XML, {n} testcases"

    def ver(st):
        try:
            load(st["src"])["causal_pairs"](4)
        except ValueError as e:
            return "]]>" in str(e) and "\x01" in str(e), repr(str(e))[:100]
        return False, "did not raise"
    return Case(cid, 9, what, build, play, ver)


def honest17(cid, what, src, verify, raw: bytes | None = None):
    def build(tmp):
        sub = S.folder(tmp / "sub", None if raw else src, S.answers())
        if raw:
            S.write(sub / "prefill.py", raw)
        return {"sub": sub, "src": src, "raw": raw}

    def play(ctx, st):
        r = ctx.grade(st["sub"])
        ok, why = J.graded(r)
        if not ok:
            return ok, why
        rep = r.extra["report"]
        bad = J.not_started_but_full(rep) + J.told_not_implemented_but_scored(rep)
        ok2, why2 = J.stderr_clean(r, ctx.engine)
        return (rep["score"] == 17.0 and not bad and ok2,
                f"score {rep['score']}, flagged {bad}" + (f"; {why2}" if why2 else ""))
    return Case(cid, 9, what, build, play, verify)


CLASS_BOUND = '''import numpy as np


class _Prefill:
    """The lesson's functions, kept together."""

    @staticmethod
    def flops(N, P):
        return 2 * N * P

    @classmethod
    def seconds(cls, N, P, flops_per_sec, utilization=1.0):
        if not (0 < utilization <= 1):
            raise ValueError("utilization must be in (0, 1]")
        return cls.flops(N, P) / (flops_per_sec * utilization)

    pairs = staticmethod(lambda P: P * (P + 1) // 2)
    mask = staticmethod(lambda P: np.tril(np.ones((P, P), dtype=bool)))

    @staticmethod
    def matches(X, W):
        Y = X @ W
        seq, run = np.empty_like(Y), np.zeros(Y.shape[1:], Y.dtype)
        for i, y in enumerate(Y):
            run = run + y
            seq[i] = run
        return bool(np.allclose(np.cumsum(Y, axis=0), seq))


prefill_flops = _Prefill.flops
prefill_seconds = _Prefill.seconds
causal_pairs = _Prefill.pairs
causal_mask = _Prefill.mask
prefill_matches_sequential = _Prefill.matches
'''
TYPED = ('"""Prefill, lesson 2: my solutions."""\nfrom __future__ import annotations\n\n'
         'from dataclasses import dataclass\n\nimport numpy as np\nfrom numpy.typing import NDArray\n\n'
         '__all__ = ["prefill_flops", "prefill_seconds", "causal_pairs", "causal_mask", '
         '"prefill_matches_sequential"]\n\n\n@dataclass(frozen=True)\nclass Example:\n    N: float = 7e9\n'
         '    P: int = 1000\n\n\n'
         + "\n".join(S.FUNCS[k].replace("(N, P):", "(N: float, P: float) -> float:")
                     .replace("(P):", "(P: int) -> NDArray[np.bool_]:" if k == "causal_mask" else "(P: int) -> int:")
                     for k in S.FUNCS)
         + '\n\nif __name__ == "__main__":\n    e = Example()\n    print(prefill_flops(e.N, e.P))\n'
         '    print(causal_mask(5).astype(int))\n')
LATIN1 = ("# -*- coding: latin-1 -*-\n# Exercice de préfill, écrit à la main.\n" + S.module()
          .replace("def causal_pairs(P):\n", "def causal_pairs(P):\n    # paires (jeton, jeton précédent)\n"))


def v_ns17(st):
    """Import the built prefill.py in a fresh Python (as a module, as the worker does)."""
    out = run_local(f"import sys\nsys.path.insert(0, {str(st['sub'])!r})\nimport numpy as np\n"
                    "from prefill import *\n",
                    "print('ok', prefill_flops(7e9, 1000) == 1.4e13, causal_pairs(4) == 10, "
                    "causal_mask(3).dtype == np.bool_, prefill_matches_sequential(np.ones((3, 2)), np.eye(2)), "
                    "abs(prefill_seconds(7e9, 1000, 1e14, 0.5) - 0.28) < 1e-12)")
    return out.endswith("ok True True True True True"), "imported in a fresh Python: " + out[-80:]


def v_latin1(st):
    raw = st["raw"]
    try:
        raw.decode("utf-8")
        return False, "decodes as UTF-8 (should not)"
    except UnicodeDecodeError:
        pass
    compile(raw, "prefill.py", "exec")
    return v_ns17(st)[0], "not UTF-8; compiles by its cookie; functions right"


C9 = [
    junit_case("9a", "causal_pairs raises ValueError('bad ]]> <pairs> & \"q\" \\x01\\x08 ANSI \\ud800 end'), "
               "graded with --format junit:F: held when the JUnit file is well-formed XML with testcases"),
    honest17("9b", "honest: no def at the top level: the five functions are a class's static, class and lambda "
             "methods bound by assignment at the bottom: held when 17, none flagged not implemented, stderr "
             "clean", CLASS_BOUND, v_ns17),
    honest17("9c", "honest: a typed module (from __future__ import annotations, numpy.typing, a dataclass, "
             "__all__, a __main__ demo that prints): held when 17, none flagged, stderr clean", TYPED, v_ns17),
    honest17("9d", "honest: prefill.py saved in Latin-1 with a PEP 263 coding cookie and accented comments "
             "(not UTF-8): held when 17, none flagged, stderr clean", LATIN1, v_latin1,
             raw=LATIN1.encode("latin-1")),
]

CASES = C7 + C8 + C9
