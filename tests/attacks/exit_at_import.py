# what: the module raises SystemExit while it is imported: every code task scores 0, with a reason
# category: exit
# expect-lost: code
# expect-status: error
# expect-feedback: when the grader imports the file, and it raised SystemExit
# ruff: noqa  (deliberately hostile code)
import sys

sys.exit("this module refuses to be imported")
