"""Grading a submission: the trusted process's work from files to a ``Report``.

- ``engine``: ``grade()``, one submission start to finish.
- ``session``: ``GradingSession``, many submissions of one lesson with shared trusted state.
- ``suite``: the lesson's checks run by pytest in this process, calling into the worker.
- ``runner``: what runs each check and decides whose failure its end is, with or without pytest.
- ``collect``: a single grade's checks collected without pytest, when the suite needs nothing more.
- ``reference``: the solution module the checks compare with, or its recorded answers.
- ``answers``: the by-hand answers and the quiz, graded from the answers file.
- ``notebook``: what grading needs to know about a notebook submission.
"""
