# `make run` and `make test` set everything up on a fresh machine, then run.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: run test setup browser postgres lint typecheck unit bench clean

# `make run HOST=0.0.0.0` lets other devices on the network in.
run: setup
	$(BIN)/spieltisch serve $(if $(HOST),--host $(HOST))

test: setup browser postgres lint typecheck unit

setup: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[rl,web,postgres,dev]'
	touch $(STAMP)

# Browser tests drive Debian's Chromium; install it once if the machine lacks it.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; }

# Storage tests start a throwaway PostgreSQL server from Debian's binaries.
postgres:
	@command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq postgresql >/dev/null; }

lint:
	$(BIN)/ruff check src tests

typecheck:
	$(BIN)/mypy src

unit:
	$(BIN)/pytest -q

bench: setup
	$(BIN)/spieltisch bench

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
