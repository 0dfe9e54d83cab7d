# Two commands on a fresh machine: `make grade` and `make test`. Both create .venv/ first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

LESSON ?=
SUBMISSION ?= exercises/$(or $(LESSON),prefill)
FORMAT ?= text
OUTPUT ?=
SOLUTIONS ?=
GRADESCOPE_ZIP ?= dist/gradescope-autograder.zip

.PHONY: grade test typecheck validate stubs release diagnoses docs bench gradescope screenshots clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,dask]'
	@# bytecode for the editable package and the suites, as pip writes for installed ones: a grade
	@# would otherwise compile them on every run where PYTHONDONTWRITEBYTECODE is set (mutants are
	@# left out: some are broken on purpose, and they are graded as student code anyway)
	$(BIN)/python -m compileall -q -x '/mutants/' grader suites solutions > /dev/null
	touch $(STAMP)

grade: $(STAMP)
	@$(BIN)/grader grade $(SUBMISSION) --format $(FORMAT) $(if $(OUTPUT),--output $(OUTPUT)) $(if $(LESSON),--lesson $(LESSON))

# lint and the import contracts first (seconds); then two pytest processes: most test time is
# spent waiting on sandboxed workers and kernels
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-cache
	$(BIN)/python -m pytest -q -n 2
	$(BIN)/grader stubs --check
	$(BIN)/grader validate

# mypy over grader/: a report for now, not a gate (Optional attributes it cannot narrow; see pyproject.toml)
typecheck: $(STAMP)
	-$(BIN)/mypy

validate: $(STAMP)
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
gradescope: $(STAMP)
	$(BIN)/python -m grader.authoring.autograder --output $(GRADESCOPE_ZIP) $(if $(LESSON),--lesson $(LESSON))

# docs/report-*.png: the HTML report of the reference and of a wrong submission, in headless Chromium.
screenshots: $(STAMP)
	$(BIN)/python tests/browser.py docs

clean:
	rm -rf $(VENV) build dist *.egg-info
