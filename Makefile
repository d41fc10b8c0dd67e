# a4s-memory — the two commands are `make run` and `make test` (README.md).
# Everything installs from nothing: a .venv with the package, and the Maven-built local Neo4j.

SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
CLI := $(BIN)/a4s-memory
STAMP := $(VENV)/.installed-stamp
# Dependencies come from the committed uv.lock (`make lock` regenerates it). uv itself is pinned in
# pyproject's dev extra; pip bootstraps exactly that version into the .venv, then `uv sync` owns it.
UV := $(BIN)/uv
UV_VERSION := $(shell sed -n 's/^ *"uv==\([^"]*\)".*/\1/p' pyproject.toml)
EXTRAS := --extra test --extra dev
export UV_PROJECT_ENVIRONMENT := $(abspath $(VENV))
export UV_PYTHON_DOWNLOADS := never
# Neo4j for `make test`: NEO4J_URI when set, else testcontainers when Docker answers, else the local
# server. LOCAL_NEO4J=1 forces the local server, at the port NEO4J_URI names (e.g. a second checkout).
LOCAL_NEO4J ?= auto
ifeq ($(LOCAL_NEO4J),auto)
USE_LOCAL_NEO4J = $(shell if [ -z "$$NEO4J_URI" ] && ! timeout 5 docker info >/dev/null 2>&1; then echo 1; fi)
else
USE_LOCAL_NEO4J = $(LOCAL_NEO4J)
endif

.PHONY: help install lock browser-deps prefilter run test test-unit neo4j-up neo4j-down neo4j-status schema lint bench bench-large clean

help:
	@echo "make run        install, start the local Neo4j, apply the schema, serve the API on :8000"
	@echo "make test       install, start the local Neo4j, run every test (unit + integration)"
	@echo "make neo4j-up   start the local Neo4j (idempotent); make neo4j-down stops it"
	@echo "make prefilter  compile the firewall's Hyperscan prefilter into its cache file (make test/run do)"
	@echo "make lint       ruff check + ruff format --check + mypy --strict;  make bench  benchmarks -> bench/results/"
	@echo "make lock       regenerate uv.lock after editing pyproject.toml (make install syncs it)"
	@echo "make bench-large  policy search at 100k and 1M facts (about 20 minutes)"

$(UV):
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet 'uv==$(UV_VERSION)'

# --locked: fails when uv.lock no longer matches pyproject.toml (run `make lock`). The package itself
# is installed editable; any other package is removed from the .venv (except pip and setuptools).
$(STAMP): pyproject.toml uv.lock a4s_memory/firewall/_scan.c | $(UV)
	$(UV) sync --locked $(EXTRAS)
	@touch $@

install: $(STAMP)

# Regenerates uv.lock after a change to pyproject.toml, keeping every pin that still fits.
# `make lock LOCK_ARGS=--upgrade` moves every pin to the newest allowed version.
lock: | $(UV)
	$(UV) lock $(LOCK_ARGS)

# Headless Chromium (Debian) + playwright-core (npm) for the Neo4j Browser test; idempotent.
browser-deps:
	./deploy/browser-test-deps.sh

neo4j-up: install
	$(CLI) neo4j start

neo4j-down:
	@if [ -x $(CLI) ]; then $(CLI) neo4j stop; else echo "not installed; nothing to stop"; fi

neo4j-status: install
	$(CLI) neo4j status

schema: neo4j-up
	$(CLI) schema apply

# The firewall's Hyperscan prefilter compiled once into its cache file (a no-op when the file holds
# it): every process started afterwards reads it in about a second. Compiling takes 15-30 s of CPU
# on a fast machine and ~3 minutes on a slow 2-core VM; without this, each test process and each
# `serve` started before the file exists compiles it again, all at once.
prefilter: install
	$(CLI) firewall prepare

# Loopback demo mode: the X-Requester-Id header is trusted (see README, "Authentication").
run: schema prefilter
	A4S_AUTH_MODE=$${A4S_AUTH_MODE:-trusted-header} $(CLI) serve --host 127.0.0.1 --port 8000

# The prefilter compiles (`firewall prepare`, minutes on a slow VM) while the local Neo4j builds and
# starts. The integration tests and the others then run side by side in two pytest processes
# (tests/run.sh; TEST_SPLIT=0 runs them in one). Fails (never skips) when Neo4j cannot be reached.
# Stops the local Neo4j again if it started it.
export TEST_SPLIT ?= 1
test: install browser-deps
	@set -u; started=0; \
	$(CLI) firewall prepare & prepare=$$!; \
	if [ "$(USE_LOCAL_NEO4J)" = "1" ] && ! $(CLI) neo4j status --quiet; then \
	  $(CLI) neo4j start || { kill $$prepare; exit 1; }; started=1; \
	fi; \
	if wait $$prepare; then \
	  A4S_REQUIRE_NEO4J=1 A4S_REQUIRE_CORPORA=1 ./tests/run.sh $(BIN)/python; rc=$$?; \
	else rc=1; fi; \
	if [ $$started = 1 ]; then $(CLI) neo4j stop; fi; \
	exit $$rc

test-unit: install
	$(BIN)/python -m pytest tests/unit -q

lint: install
	$(BIN)/ruff check a4s_memory tests bench
	$(BIN)/ruff format --check a4s_memory tests bench
	$(BIN)/mypy
	$(BIN)/pre-commit validate-config .pre-commit-config.yaml

bench: neo4j-up
	@mkdir -p bench/results
	@set -e; for script in bench/*_bench.py; do echo "== $$script"; $(BIN)/python $$script; done

# Policy search at 100k and 1M facts (about 20 minutes for 1M on 2 cores); results in bench/results/.
# The 1M figures were measured with A4S_NEO4J_HEAP=2g A4S_NEO4J_PAGECACHE=3g set before Neo4j started.
bench-large: neo4j-up
	@mkdir -p bench/results
	$(BIN)/python bench/search_bench.py --large --out bench/results/search-100k.json
	$(BIN)/python bench/search_bench.py --huge --allow-1m --seed-budget 1500 --out bench/results/search-1m.json

clean: neo4j-down
	rm -rf $(VENV) deploy/neo4j-local/target .pytest_cache .mypy_cache .ruff_cache a4s_memory/firewall/model/hyperscan.cache
