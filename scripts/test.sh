#!/usr/bin/env bash
# `npm test`: every check and every test, as CI runs them (docs/testing.md "Both cores busy").
#
# Vitest keeps about one and a half of the two cores busy: one worker (cores − 1) plus the main process and
# PostgreSQL. The static checks (ESLint, Prettier, tsc, the diagrams) each use one core, one after the other.
# So they run beside Vitest rather than before it, and so does installing Chromium when a new machine lacks it
# (network, not CPU). The browser specs come last and alone: they keep both cores busy themselves.
# Each check's output is kept and printed whole when it ends, so the logs do not interleave; Vitest's goes to
# the terminal as it runs. The exit status is the first failure's, after everything started has ended.
set -uo pipefail
cd "$(dirname "$0")/.."

logs=$(mktemp -d)
server_pid=
# The browser specs' server (below) is stopped however the run ends.
trap '[ -n "$server_pid" ] && kill -TERM "$server_pid" 2>/dev/null && wait "$server_pid"; rm -rf "$logs"' EXIT
pids=()
names=()

# Each job notes when it ended (seconds since the start), so a log shows which one the run waited for.
beside() {
  local name=$1
  shift
  (
    "$@" >"$logs/$name.log" 2>&1
    rc=$?
    echo "$SECONDS" >"$logs/$name.ended"
    exit "$rc"
  ) &
  pids+=($!)
  names+=("$name")
}

beside lint npm run lint
beside format-types-diagrams bash -c 'npm run format:check && npm run typecheck && npm run diagrams:check'
beside chromium bash scripts/ensure-chromium.sh
# The client builds the browser specs serve: dist/client (which the Playwright global setup would otherwise
# build while nothing else runs) and the update flow's build B (tests/e2e/support/prepare-second-build.ts). They
# start when the static checks have ended: then Vitest alone leaves a core free, and ESLint and Prettier never
# meet a half-written dist/.
checks=("${pids[@]:0:2}")
beside build bash -c '
  for pid in "$@"; do while kill -0 "$pid" 2>/dev/null; do sleep 1; done; done
  npm run build && npx tsx tests/e2e/support/prepare-second-build.ts' build "${checks[@]}"
build_pid=${pids[-1]}

# The browser specs' server (the real app on a fresh seeded database) starts once the client is built, still
# beside Vitest, instead of in the Playwright global setup while nothing else runs. It writes the environment
# Playwright needs when it is up, and serves until this script ends. If it cannot start, Playwright's global
# setup starts one itself and shows why.
(
  while kill -0 "$build_pid" 2>/dev/null; do sleep 1; done
  exec node node_modules/tsx/dist/cli.mjs tests/e2e/support/serve-for-run.ts "$logs/e2e-server.env"
) >"$logs/e2e-server.log" 2>&1 &
server_pid=$!

npx vitest run
status=$?
echo "── vitest (exit $status, ended at ${SECONDS} s) ──"

for i in "${!pids[@]}"; do
  wait "${pids[$i]}"
  rc=$?
  echo
  echo "── ${names[$i]} (exit $rc, ended at $(cat "$logs/${names[$i]}.ended" 2>/dev/null || echo '?') s) ──"
  cat "$logs/${names[$i]}.log"
  if [ "$rc" -ne 0 ] && [ "$status" -eq 0 ]; then status=$rc; fi
done

if [ "$status" -ne 0 ]; then
  echo "npm test: a check or a unit test failed (above); the browser specs did not run." >&2
  exit "$status"
fi

while [ ! -f "$logs/e2e-server.env" ] && kill -0 "$server_pid" 2>/dev/null; do sleep 1; done
echo
echo "── the browser specs' server ──"
cat "$logs/e2e-server.log"
if [ -f "$logs/e2e-server.env" ]; then
  # shellcheck disable=SC1091
  source "$logs/e2e-server.env"
fi

npx playwright test
status=$?
echo "── playwright (exit $status, ended at ${SECONDS} s) ──"
exit "$status"
