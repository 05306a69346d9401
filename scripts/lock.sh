#!/usr/bin/env bash
# Make the lock: requirements/run.txt (the app) and requirements/dev.txt (the app and its test
# tools) from pyproject.toml, every package pinned with its hashes, for every platform and
# Python version the project supports (a universal lock keeps markers such as uvloop's).
# scripts/setup.sh installs from them with --require-hashes. Run this after changing the
# dependencies in pyproject.toml, and commit the two files.
set -euo pipefail
cd "$(dirname "$0")/.."
UV_VERSION=0.13.9
tools=.tools/uv
if [ "$("$tools/bin/uv" --version 2>/dev/null | cut -d' ' -f2)" != "$UV_VERSION" ]; then
  python3 -m venv "$tools"
  "$tools/bin/python" -m pip install -q --disable-pip-version-check "uv==$UV_VERSION"
fi

compile() {
  local out="$1"; shift
  "$tools/bin/uv" pip compile pyproject.toml "$@" \
    --universal --python-version 3.11 --generate-hashes \
    --no-emit-index-url --no-emit-find-links --custom-compile-command scripts/lock.sh \
    --quiet --output-file "$out"
  # The lock names packages, never where they came from.
  if grep -q '://' "$out"; then
    echo "$out names an address; it must not" >&2
    exit 1
  fi
}
compile requirements/run.txt
compile requirements/dev.txt --extra dev
echo "requirements/run.txt and requirements/dev.txt are locked"
