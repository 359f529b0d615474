# `make play` and `make test` work on a fresh clone: each creates .venv when it is missing and
# installs the pinned dependencies (requirements.txt) before it runs.
PYTHON ?= python3
VENV := .venv
VENV_PYTHON := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test bench clean

play: $(STAMP)
	$(VENV_PYTHON) main.py

# two workers: the suite takes about 3 minutes instead of 5 on a 2-core machine
test: $(STAMP)
	$(VENV_PYTHON) -m pytest -n 2

bench: $(STAMP)
	$(VENV_PYTHON) benchmarks/engine_speed.py

$(STAMP): requirements.txt
	test -x $(VENV_PYTHON) || $(PYTHON) -m venv $(VENV)
	$(VENV_PYTHON) -m pip install --quiet --upgrade pip
	$(VENV_PYTHON) -m pip install --quiet -r requirements.txt
	touch $(STAMP)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
