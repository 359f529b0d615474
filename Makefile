# `make play` and `make test` work on a fresh clone: each creates .venv when it is missing and
# installs the game with its test tools (pyproject.toml, the one list of dependencies) before
# it runs. The install is editable: the checkout is the program.
PYTHON ?= python3
VENV := .venv
VENV_PYTHON := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test test-fast bench dist dist-smoke install-smoke clean

play: $(STAMP)
	$(VENV_PYTHON) main.py

# two workers: the suite takes about 5 minutes instead of 9 on a 2-core machine
test: $(STAMP)
	$(VENV_PYTHON) -m pytest -n 2

# the fast tier: everything but the tests marked slow (whole games in the window, AI strength,
# process kills, packaging): about 35 s
test-fast: $(STAMP)
	$(VENV_PYTHON) -m pytest -n 2 -m "not slow"

bench: $(STAMP)
	$(VENV_PYTHON) benchmarks/engine_speed.py

# the stand-alone build: dist/tabletrio/ (one folder, no Python needed) and its archive
dist: $(STAMP)
	$(VENV_PYTHON) -m pip install --quiet -e '.[dist]'
	$(VENV_PYTHON) packaging/build_dist.py

# the built program starts: --version, a sim game, the window under SDL's dummy driver
dist-smoke: dist
	$(VENV_PYTHON) packaging/smoke.py dist/tabletrio/tabletrio

# the wheel installed in a fresh venv (no checkout on its path) starts and plays
install-smoke:
	$(PYTHON) packaging/install_smoke.py

$(STAMP): pyproject.toml
	test -x $(VENV_PYTHON) || $(PYTHON) -m venv $(VENV)
	$(VENV_PYTHON) -m pip install --quiet --upgrade pip
	$(VENV_PYTHON) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build dist *.egg-info
