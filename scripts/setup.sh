#!/usr/bin/env bash
# Create .venv and install the locked dependencies (checked against their hashes; the lock is
# made by scripts/lock.sh) and the app (idempotent).
# Usage: scripts/setup.sh [run|dev]   (run: the app only; dev: also the test tools)
set -euo pipefail
cd "$(dirname "$0")/.."
kind="${1:-run}"
python="${PYTHON:-python3}"

"$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' || {
  echo "Yukon Solitaire needs Python 3.11 or newer; $python is $("$python" --version 2>&1)" >&2
  exit 1
}
if [ ! -x .venv/bin/python ]; then
  if ! "$python" -m venv .venv 2>/dev/null; then
    # Debian ships venv separately.
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      apt-get -o DPkg::Lock::Timeout=600 update -qq
      apt-get -o DPkg::Lock::Timeout=600 install -y -qq python3-venv >/dev/null
      rm -rf .venv
      "$python" -m venv .venv
    else
      echo "python3 -m venv failed: install Debian's python3-venv (sudo apt-get install python3-venv)" >&2
      exit 1
    fi
  fi
fi
.venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip
if [ "$kind" = dev ]; then
  .venv/bin/python -m pip install -q --disable-pip-version-check --require-hashes -r requirements/dev.txt
else
  .venv/bin/python -m pip install -q --disable-pip-version-check --require-hashes -r requirements/run.txt
fi
.venv/bin/python -m pip install -q --disable-pip-version-check --no-deps -e .
