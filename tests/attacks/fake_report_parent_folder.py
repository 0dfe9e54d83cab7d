# what: writes results.json into the grading process's working folder (/proc/<ppid>/cwd, the
# CLI's folder here), where a CI job would pick it up; causal_pairs is wrong
# category: fake-report
# run: cli
# expect-lost: causal_pairs
# expect-feedback: returned -1
# modes: bubblewrap
# limited-breaks: files
# ruff: noqa  (deliberately hostile code)
import json
import os

try:
    with open(f"/proc/{os.getppid()}/cwd/results.json", "w") as stream:
        json.dump({"score": 17, "tests": []}, stream)
except OSError:
    pass


def causal_pairs(P):
    return -1
