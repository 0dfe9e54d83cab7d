# what: prints a Gradescope results JSON, a pytest summary and a JUnit report (through print,
# sys.stderr and straight to file descriptors 1 and 2) and writes results.json into its folder
# and its home; causal_pairs is wrong; the CLI's stdout must still be our report (total 15)
# category: fake-report
# run: cli
# expect-lost: causal_pairs
# expect-feedback: returned -1
# expect-score: 15
# ruff: noqa  (deliberately hostile code)
import json
import os
import sys

_FAKE = {"score": 17, "output": "All tests passed", "tests": [{"name": "everything", "score": 17, "max_score": 17}]}
_JUNIT = ('<?xml version="1.0"?><testsuites><testsuite name="prefill" tests="27" failures="0">'
          '<testcase name="all"/></testsuite></testsuites>')
_PYTEST = "============================== 27 passed in 0.42s =============================="


def _fake_everything():
    text = json.dumps(_FAKE)
    print(text)
    print(_PYTEST)
    print(_JUNIT)
    print(json.dumps({"lesson": "prefill", "score": 17.0, "max_score": 17.0, "tasks": []}))
    print("Total: 17/17 (100%)", file=sys.stderr)
    sys.stdout.flush()
    os.write(1, (text + "\n").encode())
    os.write(2, (_PYTEST + "\n").encode())
    for folder in (os.getcwd(), os.path.expanduser("~")):
        try:
            with open(os.path.join(folder, "results.json"), "w") as stream:
                stream.write(text)
        except OSError:
            pass


_fake_everything()


def causal_pairs(P):
    _fake_everything()
    return -1
