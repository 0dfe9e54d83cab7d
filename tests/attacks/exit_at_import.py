# what: the module raises SystemExit while it is imported: every code task scores 0, with a reason
# category: exit
# expect-lost: code
# expect-status: error
# expect-feedback: could not be imported
# ruff: noqa  (deliberately hostile code)
import sys

sys.exit("this module refuses to be imported")
