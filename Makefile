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

.PHONY: grade test validate bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,dask]'
	touch $(STAMP)

grade: $(STAMP)
	@$(BIN)/grader grade $(SUBMISSION) --format $(FORMAT) $(if $(OUTPUT),--output $(OUTPUT)) $(if $(LESSON),--lesson $(LESSON))

test: $(STAMP)
	$(BIN)/python -m pytest -q
	$(BIN)/grader validate

validate: $(STAMP)
	$(BIN)/grader validate $(if $(LESSON),--lesson $(LESSON)) $(if $(SOLUTIONS),--solutions $(SOLUTIONS))

bench: $(STAMP)
	$(BIN)/python bench/grade_time.py

clean:
	rm -rf $(VENV) build *.egg-info
