# Two commands on a fresh machine: `make grade` and `make test`. Both create .venv/ first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# `make grade` installs what grading needs (requirements/grade.txt); `make test` adds the dev and dask
# extras (requirements/dev.txt). Both are lock files of exact versions; `make lock` refreshes them.
GRADE_STAMP := $(VENV)/.installed-grade
STAMP := $(VENV)/.installed
PIP := $(BIN)/python -m pip install --quiet --timeout 20 --retries 1
UV_VERSION ?= 0.13.8
LOCK_FLAGS ?= --upgrade

LESSON ?=
# empty: the default lesson's exercises (course.toml's first lesson, or LESSON's)
SUBMISSION ?=
FORMAT ?= text
OUTPUT ?=
SOLUTIONS ?=
GRADESCOPE_ZIP ?= dist/gradescope-autograder.zip

.PHONY: grade test typecheck validate stubs release diagnoses docs bench gradescope screenshots lock clean

# offline, the first run stops within seconds saying so, instead of pip retrying for minutes
$(GRADE_STAMP): requirements/grade.txt pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "this needs Python 3.11 or newer: make $(MAKECMDGOALS) PYTHON=python3.11"; exit 1; }
	@$(PYTHON) -m grader.authoring.reachable "make $(or $(MAKECMDGOALS),grade)"
	$(PYTHON) -m venv $(VENV)
	@# a current pip: faster here, and an old one cannot install every wheel the lock names
	$(PIP) --upgrade pip
	$(PIP) -r requirements/grade.txt
	$(PIP) --no-deps -e .
	@# bytecode for the editable package and the suites, as pip writes for installed ones: a grade
	@# would otherwise compile them on every run where PYTHONDONTWRITEBYTECODE is set (mutants are
	@# left out: some are broken on purpose, and they are graded as student code anyway)
	$(BIN)/python -m compileall -q -x '/mutants/' grader suites solutions > /dev/null
	touch $@

$(STAMP): requirements/dev.txt $(GRADE_STAMP)
	@$(PYTHON) -m grader.authoring.reachable "make $(or $(MAKECMDGOALS),test)"
	$(PIP) -r requirements/dev.txt
	touch $@

grade: $(GRADE_STAMP)
	@$(BIN)/grader grade $(SUBMISSION) --format $(FORMAT) $(if $(OUTPUT),--output $(OUTPUT)) $(if $(LESSON),--lesson $(LESSON))

# lint and the import contracts first (seconds); then two pytest processes: most test time is
# spent waiting on sandboxed workers and kernels; loadgroup keeps a module whose fixture grades a
# corpus on one worker (pytestmark = pytest.mark.xdist_group), so it is graded once
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-cache
	$(BIN)/python -m pytest -q -n 2 --dist loadgroup
	$(BIN)/grader stubs --check
	$(BIN)/grader validate

# mypy over grader/: a report for now, not a gate (Optional attributes it cannot narrow; see pyproject.toml)
typecheck: $(STAMP)
	-$(BIN)/mypy

# validate grades like `make grade` (the suites, the solutions, mutants and models): the grading lock alone
validate: $(GRADE_STAMP)
	$(BIN)/grader validate $(if $(LESSON),--lesson $(LESSON)) $(if $(SOLUTIONS),--solutions $(SOLUTIONS))

stubs: $(STAMP)
	$(BIN)/grader stubs $(if $(LESSON),--lesson $(LESSON))

release: $(STAMP)
	$(BIN)/grader release $(if $(LESSON),--lesson $(LESSON))

# docs/feedback.md: every diagnosis, what triggers it and its hint, from suites/*/diagnoses.toml.
diagnoses: $(STAMP)
	$(BIN)/grader diagnoses --markdown --output docs/feedback.md

# Every generated part of docs/: the diagnoses table and the lesson settings of authoring.md.
docs: diagnoses
	$(BIN)/python -m grader.authoring.docs docs

bench: $(STAMP)
	$(BIN)/python bench/grade_time.py
	$(BIN)/python bench/batch_throughput.py

# The Gradescope autograder (setup.sh, run_autograder, the grader, the course) for LESSON; without
# LESSON, for every lesson: the submission's files decide, else the course's first lesson.
gradescope: $(GRADE_STAMP)
	$(BIN)/python -m grader.authoring.autograder --output $(GRADESCOPE_ZIP) $(if $(LESSON),--lesson $(LESSON))

# requirements/grade.txt (what grading needs) and requirements/dev.txt (that, the dev and dask extras)
# resolved from PyPI for Python 3.11+ on every platform; dev.txt keeps grade.txt's versions.
lock:
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) 'uv==$(UV_VERSION)'
	$(BIN)/uv pip compile pyproject.toml $(LOCK_FLAGS) --universal --python-version 3.11 --quiet \
		--custom-compile-command 'make lock' --output-file requirements/grade.txt
	$(BIN)/uv pip compile pyproject.toml $(LOCK_FLAGS) --universal --python-version 3.11 --quiet \
		--custom-compile-command 'make lock' --extra dev --extra dask --constraint requirements/grade.txt \
		--output-file requirements/dev.txt

# docs/report-*.png, docs/class-report.png: the HTML report of the reference and of a wrong submission, and the
# class report of a realistic class (tests/sample_class.py), in headless Chromium.
screenshots: $(STAMP)
	$(BIN)/python tests/browser.py docs

clean:
	rm -rf $(VENV) build dist *.egg-info
