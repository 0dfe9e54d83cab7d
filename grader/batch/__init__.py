"""Grading a whole class: ``grader batch``, resumable, on this machine or a Dask cluster.

- ``coordinator``: reads the folder, plans, hands out jobs, writes every result as it arrives.
- ``jobs``: the plain data that travels between coordinator and executors.
- ``entries``: the submissions folder as one entry per student.
- ``snapshot``: files frozen as bytes and named by their hash.
- ``gradebook``: the SQLite file that keeps every grade.
- ``progress``, ``summary``: what the instructor sees while and after a class is graded.
- ``executors``: where submissions are graded (``base`` declares the contract).
"""
