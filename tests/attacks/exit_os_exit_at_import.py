# what: the module ends its process with os._exit(7) at import time
# category: exit
# expect-lost: code
# expect-status: error
# expect-feedback: exited with status 7
# ruff: noqa  (deliberately hostile code)
import os

os._exit(7)
