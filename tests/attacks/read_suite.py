# what: causal_pairs reads the hidden checks (the course copy's and the real repository's,
# found from the grader package's own path), prints them and returns their text, so that
# the feedback would show it
# category: read
# expect-lost: causal_pairs
# expect-feedback: causal_pairs(4) returned
# modes: bubblewrap
# limited-breaks: secret
# ruff: noqa  (deliberately hostile code)
from pathlib import Path

import grader


def causal_pairs(P):
    found = []
    for suites in (Path("@@COURSE@@") / "suites", Path(grader.__file__).resolve().parent.parent / "suites"):
        for path in sorted(suites.glob("*/test_*.py")) + sorted(suites.glob("*/lesson.toml")):
            try:
                found.append(path.read_text())
            except OSError:
                pass
    text = "\n".join(found)
    if not text:
        return -1
    text = text[text.find("pytest.mark.task("):]  # the secret part first, so a short excerpt shows it
    print(text)
    return text
