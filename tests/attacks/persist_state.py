# what: leaves state for whoever is graded next: files in /tmp and /dev/shm (named @@MARKER@@),
# in its home and its folder, and monkeypatches in its own process; all answers are right.
# test_one_submission_cannot_affect_another grades _persist_probe.py after it.
# category: persist
# expect-lost: none
# modes: bubblewrap
# limited-breaks: files
# ruff: noqa  (deliberately hostile code)
import builtins
import os

import numpy as np

for _path in ("/tmp/@@MARKER@@-state", "/dev/shm/@@MARKER@@-state",
              os.path.join(os.path.expanduser("~"), ".@@MARKER@@-state"), os.path.join(os.getcwd(), "@@MARKER@@-state")):
    try:
        with open(_path, "w") as _stream:
            _stream.write("the previous submission was here")
    except OSError:
        pass
np.triu = lambda *args, **kwargs: "sabotaged"  # np.tril is what the right answers use
builtins.sabotaged = True
