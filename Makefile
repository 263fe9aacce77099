# nekolib: the two commands a newcomer needs are `make test` and `make lab`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PORT   ?= 8866
GAME   ?= neko_in
WORKERS ?= auto
# make classroom: the class list, the output folder, and optionally some games (a,b).
ROSTER ?= docs/classroom/roster_example.csv
OUT    ?= classroom
GAMES  ?=
MODE   ?= graded
FEEDBACK ?= form
# Jupyter refuses to run as root unless told to (containers, CI machines).
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)

# make lite: the JupyterLite site's build tools live in their own venv (their Lite-only lab
# extension must not load in the JupyterLab of `make lab`); LITE_PORT for make lite-serve.
LITE_VENV  ?= .venv-lite
LITE_STAMP := $(LITE_VENV)/.installed
LITE_PORT  ?= 8000

# make docs: Sphinx and myst-nb in their own venv (.venv-docs), like the Lite build tools.
DOCS_VENV  ?= .venv-docs
DOCS_STAMP := $(DOCS_VENV)/.installed
DOCS_OUT   ?= docs/_build/html

.PHONY: help install test test-slow test-fast lint typecheck lab figures notebooks bench app test-browser classroom clean \
	lite lite-venv lite-serve lite-graded lint-imports docs docs-venv test-wheel

help:
	@echo "make test          create $(VENV), install everything, run pytest + nbval (not the slow suites)"
	@echo "make test-slow     the long seeded suites and strength tests (pytest -m slow; CI runs both)"
	@echo "make test-wheel    build the wheel, install it in fresh venvs outside the checkout, check it"
	@echo "make typecheck     mypy on the public API (core, each game's rules and analysis)"
	@echo "make lab           same install, then JupyterLab on notebooks/"
	@echo "make figures       write every chart into figures/"
	@echo "make notebooks     rebuild and re-execute notebooks from notebooks/src/"
	@echo "make app GAME=x    one game's notebook as a Voila web app on port $(PORT)"
	@echo "make test-browser  real-Chromium tests against Voila/JupyterLab/JupyterLite on loopback"
	@echo "make lite          build the JupyterLite site (every game in the browser) into lite/_output"
	@echo "make lite-graded   the site for graded work (no game, bank or solver) into lite/_output_graded"
	@echo "make lite-serve    serve lite/_output on http://127.0.0.1:$(LITE_PORT)/ (builds it if missing)"
	@echo "make lint-imports  check the import layers (core and kit, games, board, classroom/lab/CLI)"
	@echo "make docs          the documentation site (guides, notebooks, API) into docs/_build/html"
	@echo "make bench         run the benchmarks in bench/"
	@echo "make classroom     graded student notebooks, teacher folder, nbgrader course for ROSTER=x.csv"

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install -e ".[dev,app]"
	touch $(STAMP)

install: $(STAMP)

# pytest exits 5 when it collected no test: that is a failure here, not a pass.
# Tests run on every core (pytest-xdist); a notebook's cells stay together on one worker.
# Tests marked slow (long seeded suites, strength with Wilson bounds) run in make test-slow;
# make test keeps a smaller seeded sample of each (see docs/testing.md).
test: $(STAMP)
	$(BIN)/python -m pytest -p no:cacheprovider -n $(WORKERS) --dist loadscope --nbval \
	  --nbval-sanitize-with tests/nbval_sanitize.cfg -m "not slow" --ignore=tests/browser tests notebooks

test-slow: $(STAMP)
	$(BIN)/python -m pytest -p no:cacheprovider -n $(WORKERS) --dist load \
	  -m slow --ignore=tests/browser tests

test-fast: $(STAMP)
	$(BIN)/python -m pytest -q -x --ignore=tests/browser tests

# The wheel as a pip user gets it: built from the sdist, checked (twine, check-wheel-contents),
# installed into fresh venvs under mktemp -d (Python 3.11 with [all]; 3.10-3.13 core only) and
# used there: quickstart, notebooks, figures, lab, classroom + grade, nbval, missing extras.
# Needs no $(VENV); NBVAL=0 skips executing the notebooks. See tools/test_wheel.sh.
test-wheel:
	bash tools/test_wheel.sh

# mypy on the public API (core, each game's rules and analysis; [tool.mypy] in pyproject.toml).
typecheck: $(STAMP)
	$(BIN)/python -m mypy

lint: $(STAMP)
	$(BIN)/ruff check nekolib tests bench tools
	$(BIN)/ruff format --check nekolib tests bench tools

# The house's floors and the games' independence (pyproject's [tool.importlinter]); ~1 s.
lint-imports: $(STAMP)
	$(BIN)/lint-imports --no-cache

# Trusting the notebooks lets Lab render their saved widget state before any cell runs.
lab: $(STAMP)
	$(BIN)/jupyter trust notebooks/*.ipynb
	$(BIN)/jupyter lab --notebook-dir=notebooks $(ALLOW_ROOT)

figures: $(STAMP)
	$(BIN)/python -m nekolib figures

notebooks: $(STAMP)
	$(BIN)/python tools/build_notebooks.py

bench: $(STAMP)
	@for f in bench/bench_*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

# Voila runs the notebook in a fresh kernel and shows only its outputs (no code cells).
app: $(STAMP)
	@test -f notebooks/$(GAME).ipynb || { echo "no notebooks/$(GAME).ipynb; try GAME=" \
	  $$(ls notebooks/*.ipynb 2>/dev/null | xargs -n1 basename 2>/dev/null | sed 's/.ipynb//'); exit 1; }
	@echo "app: open http://127.0.0.1:$(PORT)/ (Ctrl-C stops it)"
	$(BIN)/voila notebooks/$(GAME).ipynb --port=$(PORT) --no-browser --Voila.ip=127.0.0.1

# Real Chromium (Debian's, via apt; Playwright never downloads a browser) against Voila
# and JupyterLab on 127.0.0.1. Installs what it needs; see docs/browser.md.
BROWSER_STAMP := $(VENV)/.installed-browser

$(BROWSER_STAMP): pyproject.toml | $(STAMP)
	$(BIN)/python -m pip install -e ".[browser]"
	touch $(BROWSER_STAMP)

# axe-core (tests/browser/test_axe.py) is an npm package pinned in tests/browser/package-lock.json,
# installed from the npm registry (never a CDN) into tests/browser/node_modules.
AXE_JS := tests/browser/node_modules/axe-core/axe.min.js

$(AXE_JS): tests/browser/package.json tests/browser/package-lock.json
	@command -v npm >/dev/null 2>&1 || { echo "make test-browser needs npm (apt-get install npm)"; exit 1; }
	cd tests/browser && npm ci --no-audit --no-fund
	touch $(AXE_JS)

# The docs site's test opens its "Play in your browser" link in the Lite site built here.
test-browser: $(BROWSER_STAMP) $(LITE_STAMP) $(DOCS_STAMP) $(AXE_JS)
	sh tests/browser/install_chromium.sh
	@test -f lite/_output/index.html || $(MAKE) lite
	PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 NEKOLIB_BROWSER_REQUIRED=1 \
	  $(BIN)/python -m pytest -p no:cacheprovider tests/browser

# One notebook per student and game (graded by default: their own numbers written in, nothing
# that yields an answer), teacher notebooks and answer key in OUT/teacher, an nbgrader course;
# MODE=practice for notebooks with hints, FEEDBACK=form|right-wrong|none; see docs/classroom.md.
classroom: $(STAMP)
	$(BIN)/python -m nekolib classroom --roster "$(ROSTER)" --out "$(OUT)" \
	  --mode "$(MODE)" --feedback "$(FEEDBACK)" $(if $(GAMES),--games "$(GAMES)")

# JupyterLite: a static site (Pyodide kernel, nekolib preloaded), built offline from PyPI and
# npm packages; Node.js runs Pyodide at build time to precompile the wheels. See docs/lite.md.
$(LITE_STAMP): pyproject.toml
	$(PYTHON) -m venv $(LITE_VENV)
	$(LITE_VENV)/bin/python -m pip install --upgrade pip
	$(LITE_VENV)/bin/python -m pip install -e ".[lite]"
	touch $(LITE_STAMP)

lite-venv: $(LITE_STAMP)

lite: $(LITE_STAMP)
	@command -v node >/dev/null 2>&1 || { echo "make lite needs Node.js (>= 18; apt-get install nodejs)"; exit 1; }
	$(LITE_VENV)/bin/python tools/build_lite.py

lite-graded: $(LITE_STAMP)
	@command -v node >/dev/null 2>&1 || { echo "make lite-graded needs Node.js (>= 18; apt-get install nodejs)"; exit 1; }
	$(LITE_VENV)/bin/python tools/build_lite.py --graded

lite-serve: $(LITE_STAMP)
	@test -f lite/_output/index.html || $(MAKE) lite
	$(LITE_VENV)/bin/python tools/build_lite.py --serve $(LITE_PORT)

# The site from the committed notebooks (stored outputs, no kernel), the guides and the
# docstrings; warnings are errors, then every internal link and anchor is checked. The
# JupyterLite site is placed under $(DOCS_OUT)/lite/ when `make lite` has built it.
$(DOCS_STAMP): pyproject.toml
	$(PYTHON) -m venv $(DOCS_VENV)
	$(DOCS_VENV)/bin/python -m pip install --upgrade pip
	$(DOCS_VENV)/bin/python -m pip install -e ".[docs]"
	touch $(DOCS_STAMP)

docs-venv: $(DOCS_STAMP)

docs: $(DOCS_STAMP)
	$(DOCS_VENV)/bin/sphinx-build -W --keep-going -q -b html docs $(DOCS_OUT)
	$(DOCS_VENV)/bin/python tools/check_site_links.py $(DOCS_OUT)

clean:
	rm -rf $(VENV) $(LITE_VENV) $(DOCS_VENV) docs/_build docs/games .pytest_cache lite/_cache \
	  lite/_build lite/_output lite/_output_graded
