# what: registers a fork hook that sleeps 30 s, so the fork the worker makes for each task's
# calls never comes: every task fails to start; each try costs the fork's time limit, and the
# replacement worker's import, charged to the task that tried, so the grade stays within the
# lesson's limits instead of costing that much per check
# category: hang
# expect-lost: code
# expect-feedback: did not start task
# ruff: noqa  (deliberately hostile code)
import os
import time

os.register_at_fork(before=lambda: time.sleep(30))
