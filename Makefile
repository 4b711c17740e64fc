# cardtable: `make serve` sets up and starts the web table; `make play` a terminal game;
# `make test` sets up and runs ruff, mypy (strict on core), the import contracts (import-linter) and every test
# with the doctests (reproducible);
# `make fuzz` runs the property tests with FUZZ times their examples from fresh random seeds.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup play serve system-deps test fuzz lint bench clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

play: setup
	$(BIN)/cardtable play biosphere5 --vs random

# serving needs only the web extra (not the development one with Ray and Playwright)
WEB_STAMP := $(VENV)/.installed-web

$(WEB_STAMP): pyproject.toml
	@echo "make serve: setting up $(VENV) with cardtable and its web extra (the first time takes a minute or two)..."
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[web]'
	touch $@

serve: $(WEB_STAMP)
	@echo "make serve: starting the web table (it loads every game and its bots first, a few seconds)..."
	$(BIN)/cardtable serve

# chromium and postgresql for the web tests (only missing ones; a no-op without root or apt-get)
system-deps:
	bash scripts/install-system-deps.sh

test: setup system-deps
	$(BIN)/ruff check src tests
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache
	$(BIN)/pytest -n auto

# opt-in, not in CI: new seeds every run; a failure is kept in .hypothesis/ and tried first next time
FUZZ ?= 20
fuzz: setup
	CARDTABLE_FUZZ=$(FUZZ) $(BIN)/pytest -m hypothesis -n auto

lint: setup
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

# side by side with OpenSpiel's C++ crazy_eights, so the bench installs the openspiel extra
bench: setup
	$(BIN)/pip install --quiet -e '.[openspiel]'
	$(BIN)/cardtable bench --ismcts 1000

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .ruff_cache
