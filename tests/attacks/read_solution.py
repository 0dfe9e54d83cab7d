# what: causal_pairs runs the course's reference solution (the course copy's, else the real
# repository's next to the grader package) and returns its answer; -1 when it cannot
# category: read
# expect-lost: causal_pairs
# expect-feedback: returned -1
# modes: bubblewrap
# limited-breaks: raised
# ruff: noqa  (deliberately hostile code)
from pathlib import Path

import grader

_SOLUTIONS = (Path("@@COURSE@@") / "solutions" / "prefill" / "prefill.py",
              Path(grader.__file__).resolve().parent.parent / "solutions" / "prefill" / "prefill.py")


def causal_pairs(P):
    for path in _SOLUTIONS:
        try:
            source = path.read_text()
        except OSError:
            continue
        namespace = {}
        exec(compile(source, str(path), "exec"), namespace)
        return namespace["causal_pairs"](P)
    return -1
