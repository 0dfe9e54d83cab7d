# what: an import that takes 1.5 s (sleeping, then building a table) within the 4 s import limit
# category: benign
# expect-lost: none
# ruff: noqa  (deliberately hostile code)
import time

import numpy as np

time.sleep(1.2)
_deadline = time.monotonic() + 0.3
_table = []
while time.monotonic() < _deadline:
    _table.append(np.tril(np.ones((64, 64), dtype=bool)).sum())
