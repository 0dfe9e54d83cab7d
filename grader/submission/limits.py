"""How large a submission may be, wherever it comes from.

One set of numbers for every way a submission arrives (a folder, a zip, a Dask task) and
every reader of its files, so that a zip never gets further than the same folder would
and a parser never reads more than the engine would copy.
"""

MAX_SUBMISSION_BYTES = 50 * 1024 * 1024  # all files of a submission together
MAX_SUBMISSION_FILES = 1000
MAX_SOURCE_BYTES = 1 << 20  # of a module file that the trusted process parses (stubs, lines)
MAX_ANSWERS_BYTES = 1 << 20  # of an answers file
MAX_NOTEBOOK_BYTES = 32 * 1024 * 1024  # of an .ipynb, read as JSON
MAX_DEPTH = 32  # folders within folders, in a zip or a submission folder (unzip, grader.batch.snapshot)
MAX_NAME_BYTES = 1024  # of a zip member's whole name, encoded; each part at most NAME_PART_BYTES
NAME_PART_BYTES = 255  # what Linux, macOS and Windows file systems accept for one name
