#!/usr/bin/env bash
# Build the compiled wheel: the whole app, with the solver's hot path (the modules listed under
# [tool.hatch.build.targets.wheel.hooks.mypyc] in pyproject.toml) compiled to C by mypyc, about
# four times the states a second. The normal build (`pip install .`, the released wheel) stays pure
# Python. Needs the dev tools (scripts/setup.sh dev), a C compiler and Python's headers (Debian:
# sudo apt-get install gcc python3-dev); says what is missing and exits with status 3 without them.
# The compiled yukon.solver.proofs.closure runs on mypyc's runtime library, librt (installed with
# the dev tools); where it is missing, the pairs fall back to their pure derivation.
# Built from a copy of the sources, so no compiled module is left in src/, where the checkout's
# editable install would import it in place of the code being edited.
# Usage: scripts/compile.sh [OUT_DIR]   (default dist/; prints the wheel's path)
#        scripts/compile.sh --check     (only whether it can build here)
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
python="$root/.venv/bin/python"

if ! "$python" -c 'import hatch_mypyc' 2>/dev/null; then
  echo "The compiled build needs the dev tools: bash scripts/setup.sh dev" >&2
  exit 3
fi
compiler="$("$python" -c 'import sysconfig; print((sysconfig.get_config_var("CC") or "cc").split()[0])')"
headers="$("$python" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')"
if ! command -v "$compiler" >/dev/null; then
  echo "The compiled build needs a C compiler ($compiler): sudo apt-get install gcc" >&2
  exit 3
fi
if [ ! -f "$headers/Python.h" ]; then
  echo "The compiled build needs Python's headers ($headers/Python.h): sudo apt-get install python3-dev" >&2
  exit 3
fi
if [ "${1:-}" = --check ]; then
  exit 0
fi

out="$(realpath -m "${1:-dist}")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tar -c --exclude=__pycache__ --exclude='*.so' pyproject.toml README.md LICENSE .gitignore src |
  tar -x -C "$work/"
cd "$work"
HATCH_BUILD_HOOK_ENABLE_MYPYC=1 "$python" -m pip wheel -q --disable-pip-version-check \
  --no-build-isolation --no-deps --wheel-dir "$work/dist" . >&2
mkdir -p "$out"
for wheel in "$work"/dist/*.whl; do
  mv -f "$wheel" "$out/"
  echo "$out/$(basename "$wheel")"
done
