# The README's two commands: `make lab` (open the notebooks) and `make test` (the suite: engines, exact odds,
# conformance games, doctests, notebooks under nbval, docs). `make test-browser` drives the notebooks, dashboards and
# sites in Chromium; CI runs both.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/pip install --quiet --disable-pip-version-check -c constraints.txt
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)
NOTEBOOKS := $(shell find notebooks -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' | sort)
export JUPYTER_PLATFORM_DIRS := 1

.PHONY: lab test test-browser classroom classroom-load site notebooks bench soak docs gallery

lab: $(VENV)/.lab
	$(BIN)/jupyter lab $(ALLOW_ROOT) notebooks/00_start_here.ipynb

test: $(VENV)/.dev
	$(BIN)/ruff check zaarlab tests bench docs conftest.py
	$(BIN)/mypy
	$(BIN)/pytest -n auto --dist loadgroup -m "not browser" --nbval --nbval-current-env \
		--nbval-sanitize-with tests/nbval_sanitize.cfg notebooks/ tests/ zaarlab/

# Debian's Chromium (apt-get install chromium) is required here: without it this fails rather than skip.
test-browser: $(VENV)/.dev
	@test -x /usr/bin/chromium || { echo "make test-browser drives /usr/bin/chromium: apt-get install chromium"; exit 1; }
	$(BIN)/pytest -n auto --dist loadgroup -m browser tests/browser

# The dashboards for a class: HOST=0.0.0.0 serves the local network (the address and a QR code are printed),
# POOL kernels are kept pre-heated per dashboard, CLASS for each of the LESSON's dashboards if it names any (e.g.
# LESSON="zargos_battle exercises"), the kernels of closed pages are freed within seconds. CODE=<a word>: no page without that class code (the
# printed address and QR code carry it). PAGES: pages held at once (default: what the free memory holds), PER_DEVICE
# of them per device. TEST=3: a test, no worked solution shown and 3 checks a question at most (TEST=0: no limit);
# no hint at the game tables either (HINTS=off: none in practice too).
# CLASS_NAME=7b: a class whose students sign in, kept in classroom-runs/7b across restarts; ROSTER=names.txt: its
# students, each signing in with a code of their own (the server prints the address of the sheet to print).
HOST ?= 127.0.0.1
PORT ?= 8866
POOL ?= 2
CLASS ?= 30
LESSON ?=
CODE ?=
PAGES ?=
PER_DEVICE ?= 6
TEST ?=
HINTS ?=
CLASS_NAME ?=
ROSTER ?=
classroom: $(VENV)/.dev
	$(BIN)/python -m zaarlab.classroom --host $(HOST) --port $(PORT) --pool $(POOL) --class-size $(CLASS) \
		--per-device $(PER_DEVICE) $(foreach page,$(LESSON),--lesson $(page)) $(if $(CODE),--code $(CODE)) \
		$(if $(PAGES),--pages $(PAGES)) $(if $(TEST),--test $(TEST)) $(if $(CLASS_NAME),--class $(CLASS_NAME)) \
		$(if $(ROSTER),--roster $(ROSTER)) $(if $(filter off,$(HINTS)),--no-hints)

# The classroom as a static offline site in build/site (Python in the browser): copy the folder anywhere, serve it
# with any static server (cd build/site && python3 -m http.server). Downloads are cached in build/site-cache.
site: $(VENV)/.dev
	$(BIN)/zaarlab site build/site --cache build/site-cache

# A class of 30 simulated students on the classroom server for two minutes, 3 of them in Chromium and the rest
# speaking the page's protocol (tests/classroom_load.py says why): render and round-trip times, memory.
# LESSON=<dashboard>: the whole class opens that one dashboard at once, with a page ready for every student.
classroom-load: $(VENV)/.dev
	$(BIN)/python -m tests.classroom_load --students 30 --browsers 3 --seconds 120 $(foreach page,$(LESSON),--lesson $(page))

# Re-execute every notebook in place after an intended change (outputs kept, widget state not stored).
notebooks: $(VENV)/.dev
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace --ExecutePreprocessor.kernel_name=python3 \
		--ExecutePreprocessor.store_widget_state=False $(NOTEBOOKS)

# Ten times CI's conformance games and more, with new seeds; prints games/s and every failing seed. Not in make test.
soak: $(VENV)/.dev
	$(BIN)/python -m tests.soak

# The documentation site, offline, into docs/_build/html; every warning is an error.
docs: $(VENV)/.dev
	$(BIN)/sphinx-build -W --keep-going -q -b html docs docs/_build/html

# The pictures of docs/gallery.md: every classroom dashboard from the classroom server, in Chromium, and those of the
# teachers' guide's "Students playing each other". Run it again after a change to a dashboard's or a page's look
# (tests/test_gallery.py checks the page lists every dashboard, not the pictures' looks).
gallery: $(VENV)/.dev
	$(BIN)/python docs/gallery_pictures.py
	$(BIN)/python docs/classroom_pictures.py

bench: $(VENV)/.dev
	for script in bench/*.py; do $(BIN)/python $$script || exit 1; done

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.lab: pyproject.toml constraints.txt | $(BIN)/python
	$(PIP) -e ".[lab]"
	touch $@

$(VENV)/.dev: pyproject.toml constraints.txt | $(BIN)/python
	$(PIP) -e ".[dev]"
	touch $@
