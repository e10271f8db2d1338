# Two jobs a person needs: the dashboards and the whole test suite.
# Each creates its own virtual environment on first use: serving needs only `[dashboard]`
# (.venv-dashboard, light), testing everything `[dev]` (.venv).
VENV ?= .venv
PY := $(VENV)/bin/python
DASH_VENV ?= .venv-dashboard
PORT ?= 8866

.PHONY: dashboard test test-fast lint bench clean

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip 2>&1 | grep -v "^WARNING: Location" || true
	$(PY) -m pip install --quiet -e ".[dev]" 2>&1 | grep -v "^WARNING: Location" || true
	$(PY) -c "import rulekit, ipywidgets, anywidget, voila, pytest"
	touch $@

$(DASH_VENV)/.installed: pyproject.toml
	python3 -m venv $(DASH_VENV)
	$(DASH_VENV)/bin/python -m pip install --quiet --upgrade pip 2>&1 | grep -v "^WARNING: Location" || true
	$(DASH_VENV)/bin/python -m pip install --quiet -e ".[dashboard]" 2>&1 | grep -v "^WARNING: Location" || true
	$(DASH_VENV)/bin/python -c "import rulekit, ipywidgets, anywidget, voila, ipykernel"
	touch $@

dashboard: $(DASH_VENV)/.installed
	$(DASH_VENV)/bin/rulekit dashboard --port $(PORT)

test: $(VENV)/.installed
	$(PY) -m pytest --nbval-lax --nbval-sanitize-with .ci/nbval-sanitize.cfg -p no:cacheprovider tests src/rulekit/notebooks
	$(PY) -m pytest --doctest-modules -p no:cacheprovider -q src/rulekit

# The fast lane while working: unit tests without the browser, notebooks and long random runs,
# spread over every core (pytest-xdist).
test-fast: $(VENV)/.installed
	RULEKIT_FAST=1 $(PY) -m pytest -q -p no:cacheprovider -n auto -m "not slow" --ignore=tests/browser tests --doctest-modules src/rulekit

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check src tests benchmarks
	$(VENV)/bin/ruff format --check src tests benchmarks

bench: $(VENV)/.installed
	$(PY) benchmarks/engine.py

clean:
	rm -rf $(VENV) $(DASH_VENV)
