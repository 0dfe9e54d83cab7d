# Two commands on a fresh machine: `make grade` and `make test`. Both create .venv/ first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# `make grade` installs what grading needs (requirements/grade.txt); `make test` adds the dev and dask
# extras (requirements/dev.txt). Both are lock files of exact versions; `make lock` refreshes them.
GRADE_STAMP := $(VENV)/.installed-grade
STAMP := $(VENV)/.installed
# uv installs the lock in seconds (pip took 30+ s from an empty cache): grader.authoring.fetch_uv fetches the
# version it pins (PINNED; UV_VERSION=x.y.z another) into .venv/.uv/ (standard library only, sha256 checked
# against the index); where uv cannot be had (no wheel for this platform, an index without uv), pip installs.
UV_VERSION ?=
FETCH_UV = $(PYTHON) -m grader.authoring.fetch_uv "make $(or $(MAKECMDGOALS),grade)" $(VENV)/.uv \
	$(if $(UV_VERSION),--version $(UV_VERSION))
UV := $(VENV)/.uv/uv
PIP := $(BIN)/python -m pip install --quiet --timeout 20 --retries 1
# one package set: by uv where it was fetched, else by pip (the set-up's fallback gave the venv a pip)
install = if test -x $(UV); then $(UV) pip install --config-file $(VENV)/.uv/uv.toml --quiet \
	--python $(BIN)/python $(1); else $(PIP) $(1); fi
LOCK_FLAGS ?= --upgrade

LESSON ?=
# empty: the default lesson's exercises (course.toml's first lesson, or LESSON's)
SUBMISSION ?=
# a student's id: grade with their own numbers (their variant, docs/students.md); empty: the lesson's numbers
STUDENT ?=
FORMAT ?= text
OUTPUT ?=
SOLUTIONS ?=
GRADESCOPE_ZIP ?= dist/gradescope-autograder.zip

.PHONY: grade test typecheck validate stubs release diagnoses docs bench gradescope screenshots lock clean

# offline, the first run stops within seconds saying so (fetch_uv asks the index first), instead of pip
# retrying for minutes; nothing is created then
$(GRADE_STAMP): requirements/grade.txt pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "this needs Python 3.11 or newer: make $(MAKECMDGOALS) PYTHON=python3.11"; exit 1; }
	@$(FETCH_UV)
	$(PYTHON) -m venv --without-pip $(VENV)
	@test -x $(UV) || { $(BIN)/python -m ensurepip --default-pip >/dev/null && $(PIP) --upgrade pip; }
	@$(call install,-r requirements/grade.txt)
	@$(call install,--no-deps -e .)
	touch $@

$(STAMP): requirements/dev.txt $(GRADE_STAMP)
	@$(PYTHON) -m grader.authoring.reachable "make $(or $(MAKECMDGOALS),test)"
	@$(call install,-r requirements/dev.txt)
	@# bytecode for all that grading imports, notebooks' kernels included: uv compiles nothing, and where
	@# PYTHONDONTWRITEBYTECODE is set (CI) every grade of the test suite would compile them again
	$(BIN)/python -m grader.authoring.bytecode
	touch $@

# PYTHONDONTWRITEBYTECODE emptied for the grader's own process: the first grade writes the bytecode of what
# it imports, as Python does by default (uv compiles nothing at install; where the variable is set, every
# grade would compile numpy and pytest again). Student code never writes any: its worker sets it again.
grade: $(GRADE_STAMP)
	@PYTHONDONTWRITEBYTECODE= $(BIN)/grader grade $(SUBMISSION) --format $(FORMAT) $(if $(OUTPUT),--output $(OUTPUT)) $(if $(LESSON),--lesson $(LESSON)) $(if $(STUDENT),--student '$(STUDENT)')

# lint, the import contracts, the stubs and every lesson's claims first; then four pytest processes
# on however many cores (most test time is spent waiting on sandboxed workers, kernels and deadlines,
# so two per core fill it). tests/schedule.py (-p schedule) sends a module that declares a module
# fixture (a graded corpus, a built release) to one worker whole, so the fixture is built once, and
# spreads every other test over all workers: a module sent whole, without a fixture to share, was the
# run's critical path (the xdist_group marks once meant for this do nothing under pytest 9.2, which
# ignores the node ids xdist 3.8 rewrites; tests/test_setup.py checks both halves). The units go longest
# first, by the seconds of the last run (build/test-durations.json, else tests/durations.json).
# tests/rewritten.py (-p rewritten) keeps the test modules' rewritten bytecode between runs where
# PYTHONDONTWRITEBYTECODE is set (8 s of CPU per worker per run); the tests still run with it set.
# pytest comes last: its final lines say what this machine could not test, and what to install.
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-cache
	$(BIN)/grader stubs --check
	$(BIN)/grader validate
	$(BIN)/python -m pytest -q -n 4 --dist loadscope -p schedule -p rewritten

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

# Every generated part of docs/: the diagnoses table, the lesson settings of authoring.md and the
# command-line reference (docs/cli.md, from grader/cli.py's parser).
docs: diagnoses
	$(BIN)/python -m grader.authoring.docs docs
	$(BIN)/python -m grader.cli_docs docs/cli.md

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
	test -x $(UV) || $(FETCH_UV)
	test -x $(UV)
	$(UV) pip compile pyproject.toml $(LOCK_FLAGS) --universal --python-version 3.11 --quiet \
		--custom-compile-command 'make lock' --output-file requirements/grade.txt
	$(UV) pip compile pyproject.toml $(LOCK_FLAGS) --universal --python-version 3.11 --quiet \
		--custom-compile-command 'make lock' --extra dev --extra dask --constraint requirements/grade.txt \
		--output-file requirements/dev.txt

# docs/report-*.png, docs/class-report.png: the HTML report of the reference and of a wrong submission, and the
# class report of a realistic class (tests/sample_class.py), in headless Chromium.
screenshots: $(STAMP)
	$(BIN)/python tests/browser.py docs

clean:
	rm -rf $(VENV) build dist *.egg-info
