"""Grading a whole class: ``grader batch``, resumable, on this machine or a Dask cluster.

- ``coordinator``: reads the folder, plans, hands out jobs, writes every result as it arrives.
- ``jobs``: the plain data that travels between coordinator and executors.
- ``entries``: the submissions folder as one entry per student.
- ``roster``: the class list (who is enrolled, their section and LMS ids); ``exports``: the gradebook
  as the CSV an LMS imports (Canvas, Moodle, the gradebook's own).
- ``commands``: the command line of ``grader batch`` and ``grader gradebook``.
- ``snapshot``: files frozen as bytes and named by their hash.
- ``gradebook``: the SQLite file that keeps every grade.
- ``progress``, ``summary``: what the instructor sees while and after a class is graded.
- ``executors``: where submissions are graded (``base`` declares the contract).
"""
