#!/usr/bin/env bash
# Run the whole test suite: lint (Python and JavaScript), the JavaScript unit tests, the shared conformance
# scenarios, then pytest (engine, server, browser). Installs the locked test tools into .venv, the JavaScript dev
# tools into node_modules (npm ci, whenever package-lock.json is newer), and Debian's chromium, nginx, redis-server
# and postgresql (tests/test_cluster.py) when they are missing and we are root.
set -euo pipefail
cd "$(dirname "$0")"
source ./venv.sh
lock_check requirements.txt requirements.lock
lock_check requirements.txt requirements-dev.lock
lock_check requirements-dev.txt requirements-dev.lock
venv_install requirements-dev.lock dev
if [ ! -f node_modules/.installed ] || [ package-lock.json -nt node_modules/.installed ]; then
  npm ci --no-audit --no-fund --loglevel=error
  touch node_modules/.installed
fi
if [ ! -x /usr/bin/chromium ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium
fi
# nginx, Redis and PostgreSQL for tests/test_cluster.py (several workers; skipped, saying so, without them)
cluster=()
[ -x /usr/sbin/nginx ] || command -v nginx >/dev/null || cluster+=(nginx)
command -v redis-server >/dev/null || cluster+=(redis-server)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || cluster+=(postgresql)
if [ ${#cluster[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing ${cluster[*]} from Debian for tests/test_cluster.py"
    { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${cluster[@]}"; } \
      >/tmp/cardtable-apt.log 2>&1 || { tail -20 /tmp/cardtable-apt.log; exit 1; }
  else
    echo "tests/test_cluster.py will be skipped: ${cluster[*]} missing (./test.sh installs them when run as root)" >&2
  fi
fi
.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/mypy engine webapp
npx --no-install eslint static/js tests/js eslint.config.js
node --test --test-reporter=spec tests/js/*.test.mjs
if [ -d ../shared/conformance/cases ]; then
  .venv/bin/python -m engine.scenario ../shared/conformance/cases
fi
.venv/bin/python -m engine.scenario tests/scenarios
# two workers (TEST_WORKERS; 0 runs in this process), each taking whole files: the browser and live-server tests
# spend most of their time waiting on a server or a page, so two files at once nearly halve the run on two cores.
# Files are handed out in their order by name (the browser files early), not by their count of tests: that order
# left the long browser files with few tests for the end, one worker finishing them alone (2.5 minutes).
exec .venv/bin/python -m pytest -q -n "${TEST_WORKERS:-2}" --dist loadfile --no-loadscope-reorder "$@"
