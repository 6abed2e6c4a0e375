#!/usr/bin/env bash
# Set everything up, then run the whole pytest suite (browser tests included).
# Extra arguments go to pytest, e.g. `bash scripts/test.sh -k board -x`.
# Exits with pytest's status; "no tests collected" (5) counts as a failure.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/setup.sh
if [[ -z "${CHROMIUM_PATH:-}" ]]; then
  CHROMIUM_PATH="$(cat .venv/chromium-path)"
  export CHROMIUM_PATH
fi
# One pytest worker a core, at most 4 (each browser test module starts a Chromium of its
# own); a test file's tests stay in one worker, with their module fixtures.
# WLC_TEST_JOBS=1 runs them all in this process.
jobs="${WLC_TEST_JOBS:-$(nproc 2>/dev/null || echo 2)}"
(( jobs > 4 )) && jobs=4
parallel=()
if (( jobs > 1 )); then
  parallel=(-n "$jobs" --dist loadfile)
fi
# Then the timed checks (marked "alone"), each by itself: a load measured beside another
# test file's browser measures that browser. Phase two finding nothing (a -k that selects
# none of them) is fine; phase one finding nothing is not.
status=0
.venv/bin/python -m pytest tests "${parallel[@]}" -m "not alone" "$@" </dev/null || status=$?
if [[ $status == 5 ]]; then
  echo "test.sh: pytest collected no tests: failing" >&2
  exit 1
fi
alone=0
.venv/bin/python -m pytest tests -m alone "$@" </dev/null || alone=$?
if [[ $alone != 0 && $alone != 5 && $status == 0 ]]; then
  status=$alone
fi
exit $status
