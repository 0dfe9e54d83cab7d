# what: rewrites, deletes and chmods what is in its working folder (the throwaway copy): its own
# prefill.py, answers.toml (full marks), new files; causal_mask is wrong. The submission's
# real folder must not change, and nothing may follow into later calls
# category: tamper
# expect-lost: causal_mask
# expect-feedback: lower triangle
# ruff: noqa  (deliberately hostile code)
import os

import numpy as np

_PERFECT = 'flops = "1.4e13"\nseconds = "0.28 s"\npairs = 10\nquiz = "B"\n'


def _tamper():
    for folder in {os.getcwd(), os.path.dirname(os.path.abspath(__file__)), os.path.expanduser("~")}:
        for name, text in (("answers.toml", _PERFECT), ("results.json", '{"score": 17}'),
                           ("prefill.py", "raise SystemExit('tampered')\n")):
            try:
                with open(os.path.join(folder, name), "w") as stream:
                    stream.write(text)
            except OSError:
                pass
        for action in (lambda: os.chmod(folder, 0o777), lambda: os.mkdir(os.path.join(folder, "new"))):
            try:
                action()
            except OSError:
                pass


def causal_mask(P):
    _tamper()
    return np.zeros((P, P), dtype=bool)
