#!/usr/bin/env bash
# Set up and run every check: lint, format, types, and the whole test suite
# (engine, solver, storage, API, command line, and real-browser tests in Chromium), then the
# solver's tests again on the compiled build (scripts/compile.sh), unless arguments pick tests.
# The storage and API suites run on SQLite and on a throwaway PostgreSQL cluster
# started here (installed first when missing and run as root) and removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh dev

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's chromium for the browser tests..."
    apt-get -o DPkg::Lock::Timeout=600 update -qq
    apt-get -o DPkg::Lock::Timeout=600 install -y -qq chromium >/dev/null
  else
    echo "The browser tests need Debian's chromium: sudo apt-get install chromium" >&2
    exit 1
  fi
fi

# Debian's nginx (and openssl, for a certificate) for the test of the sites in deploy/.
if ! command -v nginx >/dev/null || ! command -v openssl >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's nginx for the test of the nginx sites..."
    apt-get -o DPkg::Lock::Timeout=600 update -qq
    apt-get -o DPkg::Lock::Timeout=600 install -y -qq nginx openssl >/dev/null
  else
    echo "The nginx sites are tested with Debian's nginx when it is there: sudo apt-get install nginx" >&2
  fi
fi

# The browser code's JSDoc types, checked by a pinned TypeScript kept in .tools/ (git-ignored).
TYPESCRIPT=7.0.2
if [ "$(.tools/node_modules/.bin/tsc --version 2>/dev/null)" != "Version $TYPESCRIPT" ]; then
  if ! command -v npm >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      apt-get -o DPkg::Lock::Timeout=600 update -qq
      apt-get -o DPkg::Lock::Timeout=600 install -y -qq nodejs npm >/dev/null
    else
      echo "The browser code's type check needs Node.js and npm: sudo apt-get install nodejs npm" >&2
      exit 1
    fi
  fi
  npm install --prefix .tools --no-save --no-audit --no-fund "typescript@$TYPESCRIPT" >/dev/null
fi

# The compiled build of the solver needs a C compiler and Python's headers.
if ! bash scripts/compile.sh --check 2>/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing a C compiler and Python's headers for the compiled solver..."
    apt-get -o DPkg::Lock::Timeout=600 update -qq
    apt-get -o DPkg::Lock::Timeout=600 install -y -qq gcc python3-dev >/dev/null
  fi
  bash scripts/compile.sh --check
fi
compiled="$(mktemp -d)"
source scripts/postgres.sh
trap 'stop_postgres; rm -rf "$compiled"' EXIT
# fsync off: the tests kill app processes, never the machine; it saves minutes.
start_postgres -c fsync=off

echo "== ruff check";         .venv/bin/ruff check src tests bench
echo "== ruff format --check"; .venv/bin/ruff format --check src tests bench
# bench/ scripts import each other by bare name (bench/ is their path when run)
echo "== mypy --strict";      MYPYPATH=bench .venv/bin/mypy src tests bench
echo "== tsc --strict --checkJs"; .tools/node_modules/.bin/tsc -p tsconfig.json
if [ $# = 0 ]; then
  echo "== mypyc: the compiled build"
  .venv/bin/python -m zipfile -e "$(scripts/compile.sh "$compiled/dist")" "$compiled/site"
fi
# Tests run side by side, one process per core (at most four: each browser test process runs
# its own Chromium and app server); worksteal keeps every process busy when the slowest come last.
# `scripts/test.sh -n 0 ...` runs them in one process.
PARALLEL=(-n auto --maxprocesses 4 --dist worksteal)
echo "== pytest"
.venv/bin/python -m pytest "${PARALLEL[@]}" "$@"
if [ $# = 0 ]; then
  # The same tests of the solver on the compiled modules: the installed wheel's copy of the
  # package comes first on the path (tests/solver/test_build.py checks that it is the one used).
  # Not those of orders.py: it stays pure Python in the compiled build (see pyproject.toml), so
  # a second run would test the same code again, for minutes; the pairs it derives come from
  # closure.py there, which tests/solver/proofs/test_pairs.py checks against the pure build's.
  echo "== pytest tests/solver, compiled"
  YUKON_EXPECT_BUILD=compiled PYTHONPATH="$compiled/site" \
    .venv/bin/python -m pytest "${PARALLEL[@]}" tests/solver \
    --ignore=tests/solver/proofs/test_orders.py
fi
