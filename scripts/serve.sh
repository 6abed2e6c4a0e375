#!/usr/bin/env bash
# Set up the runtime, then serve the game on 127.0.0.1 and print its URL.
#   bash scripts/serve.sh          a free port
#   bash scripts/serve.sh 8000     a given port (or PORT=8000)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/setup.sh --runtime
exec python3 scripts/webtool.py serve --port "${1:-${PORT:-0}}"
