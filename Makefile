# Two commands: `make run` serves the site, `make test` runs the whole suite.
# Both set everything up first; nothing needs installing by hand but Python >= 3.12.

VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
HOST ?= 127.0.0.1
PORT ?= 8000

# The first interpreter >= 3.12 found: $PYTHON, python3.13/3.12 on PATH, then pyenv's versions.
FIND_PYTHON = for c in "$$PYTHON" python3.14 python3.13 python3.12 python3 \
	  $$(ls -d $${PYENV_ROOT:-$$HOME/.pyenv}/versions/3.1[2-9]*/bin/python3 2>/dev/null | sort -rV); do \
	  [ -n "$$c" ] || continue; command -v "$$c" >/dev/null 2>&1 || [ -x "$$c" ] || continue; \
	  "$$c" -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null && { echo "$$c"; exit 0; }; \
	done; exit 1

.PHONY: run test test-postgres test-two-servers bench lint setup clean npm chromium gettext messages

$(PY):
	@interp=$$($(FIND_PYTHON)) || { \
	  echo "error: Django 6 needs Python 3.12 or newer and none was found." >&2; \
	  echo "Install one (e.g. 'pyenv install 3.13', or your system's python3.13 package)," >&2; \
	  echo "or point PYTHON=/path/to/python3.12 at one." >&2; exit 1; }; \
	echo "Using $$interp ($$($$interp --version))"; \
	"$$interp" -m venv $(VENV)

$(VENV)/.installed-run: $(PY) requirements.txt
	$(BIN)/pip install -q --disable-pip-version-check -r requirements.txt
	@touch $@

$(VENV)/.installed-dev: $(VENV)/.installed-run requirements-dev.txt
	$(BIN)/pip install -q --disable-pip-version-check -r requirements-dev.txt
	@touch $@

# npm's packages: Workbox, which the site serves (its service worker), and axe-core for the tests.
node_modules/.installed: package.json package-lock.json
	@command -v npm >/dev/null 2>&1 || { echo "error: the site serves Workbox from npm: install Node.js's npm (e.g. 'sudo apt-get install -y npm')" >&2; exit 1; }
	npm ci --silent --no-audit --no-fund
	@touch $@

# The Swedish interface: the catalogue compiled by GNU gettext's msgfmt (Debian's gettext,
# installed here when it is missing and we may, as the chromium target does for the browser).
gettext:
	@command -v msgfmt >/dev/null 2>&1 && exit 0; \
	if [ "$$(id -u)" = 0 ]; then sudo=""; elif sudo -n true 2>/dev/null; then sudo="sudo -n"; \
	else echo "error: compiling the Swedish interface needs GNU gettext: run 'sudo apt-get install -y gettext'" >&2; exit 1; fi; \
	echo "Installing Debian's gettext for the translations"; \
	$$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq gettext >/dev/null

MESSAGES := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/django.po))
messages: $(MESSAGES)
locale/%/LC_MESSAGES/django.mo: locale/%/LC_MESSAGES/django.po | gettext $(VENV)/.installed-run
	$(PY) manage.py compilemessages -l $* -v 0

setup: $(VENV)/.installed-run node_modules/.installed messages
	$(PY) manage.py migrate --noinput
	$(PY) manage.py collectstatic --noinput -v 0

run: setup
	$(PY) manage.py runserver $(HOST):$(PORT)

# The browser tests drive Debian's Chromium: install it when it is missing and we may
# (root, or sudo without a password); otherwise say in one line what to run.
CHROMIUM ?= /usr/bin/chromium
chromium:
	@[ -x "$(CHROMIUM)" ] && exit 0; \
	if [ "$$(id -u)" = 0 ]; then sudo=""; elif sudo -n true 2>/dev/null; then sudo="sudo -n"; \
	else echo "error: the browser tests need Chromium at $(CHROMIUM): run 'sudo apt-get install -y chromium' (or set CHROMIUM=/path/to/chromium)" >&2; exit 1; fi; \
	echo "Installing Debian's chromium for the browser tests (about 20 s)"; \
	$$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq chromium >/dev/null

test: $(VENV)/.installed-dev node_modules/.installed chromium messages
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/pytest

# The database-backed tests (score sheet, API, pages) against PostgreSQL at $(DATABASE_URL).
test-postgres: $(VENV)/.installed-dev messages
	@[ -n "$(DATABASE_URL)" ] || { echo "error: set DATABASE_URL=postgres://..." >&2; exit 1; }
	DATABASE_URL="$(DATABASE_URL)" $(BIN)/pytest -m "not browser" -p no:randomly \
	  tests/scoresheet tests/api tests/table tests/payouts tests/test_deployment.py

# Two gunicorn servers on one PostgreSQL ($(DATABASE_URL)) and one Redis ($(REDIS_URL), emptied):
# deals recorded through both at once, none lost or doubled, one rate limit (.ci/run runs it
# with .ci/postgres and .ci/redis).
test-two-servers: $(VENV)/.installed-dev messages node_modules/.installed
	@[ -n "$(DATABASE_URL)" ] && [ -n "$(REDIS_URL)" ] || { echo "error: set DATABASE_URL=postgres://... and REDIS_URL=redis://..." >&2; exit 1; }
	DATABASE_URL="$(DATABASE_URL)" REDIS_URL="$(REDIS_URL)" $(BIN)/pytest -p no:randomly -s \
	  -m two_servers tests/test_two_servers.py

# The engine's figures, then the pages' (in one process, each against a trivial view).
bench: $(VENV)/.installed-dev messages
	$(PY) -m bench

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/mypy

clean:
	rm -rf $(VENV) node_modules staticfiles db.sqlite3 locale/*/LC_MESSAGES/*.mo
