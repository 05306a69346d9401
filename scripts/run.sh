#!/usr/bin/env bash
# Set up and run the app: the server opens the game in your browser.
# Extra arguments go to `yukon serve` (e.g. --port 8080 --no-browser).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh run
exec .venv/bin/yukon serve "$@"
