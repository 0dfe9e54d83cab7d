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
