#!/usr/bin/env bash
# Every test of the console: unit and component tests of each package, the API suite on embedded
# PGlite and again on a real Postgres server, then browser tests in Chromium against the console
# served as `pnpm start` serves it. Ends with one line: "tests: N passed, N failed".
# Says at the start how long the run takes (the last full run on this machine, else the usual
# figure), prints a line per suite as it ends, and a progress line every minute a suite is quiet.
set -uo pipefail
cd "$(dirname "$0")/.."
export NO_COLOR=1 FORCE_COLOR=0
# This run's own files: the combined output and the browser tests' server logs.
run_dir=$(mktemp -d "${TMPDIR:-/tmp}/plinth-test-run-XXXXXX")
log=$run_dir/test.log
export PLINTH_E2E_LOG_DIR=$run_dir/e2e-logs
times_file=node_modules/.cache/plinth/test-times # "seconds suite" per line, from the last full run here
passed=0; failed=0; status=0; timings=(); suite_times=(); flaky=()

last_time() { # seconds the named suite took in the last full run, if known
  [ -f "$times_file" ] && awk -v name="$1" '{ t = $1; $1 = ""; sub(/^ /, ""); if ($0 == name) print t }' "$times_file"
}

count_vitest() { # adds every vitest run's "Tests  x failed | y passed" line to the totals
  local line p f
  while IFS= read -r line; do
    p=$(echo "$line" | grep -oE '[0-9]+ passed' | grep -oE '[0-9]+' || true)
    f=$(echo "$line" | grep -oE '[0-9]+ failed' | grep -oE '[0-9]+' || true)
    passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
  done < <(grep -E '^\s*Tests\s+[0-9]' "$1")
}

cpu_ticks() { # "busy total" jiffies of all cores so far (Linux), for each suite's share of the machine
  [ -r /proc/stat ] && awk '/^cpu / { print $2 + $3 + $4 + $7 + $8, $2 + $3 + $4 + $5 + $6 + $7 + $8 }' /proc/stat
}

account() { # account NAME EXIT_CODE SECONDS OUTPUT_FILE CPU_BUSY_PERCENT: counts a finished suite's tests, prints its line
  local name=$1 rc=$2 took=$3 out=$4 busy=$5
  timings+=("$(printf '%5ss  %s%s' "$took" "$name" "${busy:+ (CPU ${busy}% busy)}")"); suite_times+=("$took $name")
  if grep -qE '^\s*Tests\s+' "$out"; then count_vitest "$out"; fi
  if grep -qE '^\s+[0-9]+ passed \(' "$out"; then # playwright's summary
    local p f
    p=$(grep -oE '^\s+[0-9]+ passed' "$out" | tail -1 | grep -oE '[0-9]+'); passed=$((passed + ${p:-0}))
    f=$(grep -oE '^\s+[0-9]+ failed' "$out" | tail -1 | grep -oE '[0-9]+' || true); failed=$((failed + ${f:-0}))
    # On CI a failed browser test runs once more; one that then passes counts as passed and is named.
    local k; k=$(grep -oE '^\s+[0-9]+ flaky' "$out" | tail -1 | grep -oE '[0-9]+' || true)
    if [ -n "$k" ]; then passed=$((passed + k)); flaky+=("$k in $name: see the 'flaky' list above"); fi
  fi
  if [ "${COUNT_AS_ONE_TEST:-}" = 1 ]; then # a check without tests of its own (lint) counts as one
    if [ "$rc" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
  fi
  if [ "$rc" -ne 0 ]; then echo "=== $name FAILED (exit $rc)"; status=1; fi
  printf -- '--- %s: %s in %ss (%dm%02ds into the run; so far %s passed, %s failed)\n' \
    "$name" "$([ "$rc" -eq 0 ] && echo ok || echo FAILED)" "$took" $((SECONDS / 60)) $((SECONDS % 60)) "$passed" "$failed"
  cat "$out" >> "$log"; rm -f "$out"
}

busy_since() { # busy_since "BUSY TOTAL": percent of the machine's CPU time busy since then
  local now; now=$(cpu_ticks) || return 0
  [ -n "$1" ] && [ -n "$now" ] && echo "$1 $now" | awk '{ d = $4 - $2; if (d > 0) printf "%d", 100 * ($3 - $1) / d }'
}

run() { # run NAME COMMAND...: runs a suite, keeps its output, counts its tests
  local name=$1; shift
  local last; last=$(last_time "$name")
  echo "=== $name${last:+ (last run: ${last}s)}"
  local out; out=$(mktemp -p "$run_dir")
  local started=$SECONDS ticks; ticks=$(cpu_ticks)
  # A quiet suite (a build, a publish, a slow test file) still says it is alive once a minute.
  ( while sleep 60; do echo "    ... $name still running ($((SECONDS - started))s)"; done ) &
  local ticker=$!
  "$@" 2>&1 | tee "$out"
  local rc=${PIPESTATUS[0]}
  kill "$ticker" 2>/dev/null; wait "$ticker" 2>/dev/null
  account "$name" "$rc" $((SECONDS - started)) "$out" "$(busy_since "$ticks")"
}

# Suites that leave a core idle (lint is one process) run beside the next suite: `beside NAME
# COMMAND...` queues one in the background (one after another, never two at once) with its output
# kept aside; `joined` waits for those queued so far and prints and counts each, in their order.
beside_names=(); beside_pids=(); beside_outs=()
beside() {
  local name=$1; shift
  echo "=== $name (runs beside the next suite; its output follows when it ends)"
  local out; out=$(mktemp -p "$run_dir")
  local previous=""; [ "${#beside_outs[@]}" -eq 0 ] || previous=${beside_outs[-1]}
  (
    if [ -n "$previous" ]; then while [ ! -f "$previous.end" ]; do sleep 1; done; fi
    echo $SECONDS > "$out.start"
    "$@" > "$out" 2>&1; echo $? > "$out.rc"; echo $SECONDS > "$out.end"
  ) &
  beside_names+=("$name"); beside_pids+=($!); beside_outs+=("$out")
}
joined() {
  local i
  for i in "${!beside_pids[@]}"; do
    wait "${beside_pids[$i]}"
    local out=${beside_outs[$i]}
    echo "=== ${beside_names[$i]} (ran beside)"; cat "$out"
    COUNT_AS_ONE_TEST=$([ "${beside_names[$i]}" = lint ] && echo 1) \
      account "${beside_names[$i]}" "$(cat "$out.rc")" $(( $(cat "$out.end") - $(cat "$out.start") )) "$out" ""
    rm -f "$out.rc" "$out.start" "$out.end"
  done
  beside_names=(); beside_pids=(); beside_outs=()
}

last_total=$([ -f "$times_file" ] && awk '{ s += $1 } END { print s }' "$times_file")
if [ -n "$last_total" ]; then
  echo "The full run takes about $(( (last_total + 30) / 60 )) minutes here (the last full run took ${last_total}s)."
else
  echo "The full run takes about an hour on a 2-core machine; each suite prints a line with its time as it ends."
fi
echo "This run's output and browser-test server logs: $run_dir"

bash scripts/ensure-system-deps.sh || exit 1

# The layout rules (ESLint, one process) and the public API reports run beside the unit and
# component tests of every browser-side package and of deploy (one run, one pool of two workers;
# vitest.packages.config.ts lists them; each keeps its own config).
beside "lint" pnpm run lint
beside "lint rules" pnpm run test:lint-rules
beside "api reports" pnpm run api-report:check
run "packages (unit and component tests)" pnpm run test:packages
joined
run "server packages (embedded PGlite)" pnpm --filter @plinth/platform-api run test:server-packages
# The Postgres suite leaves about a fifth of the machine idle (its tests wait on the server): the
# build, the publish and the budgets (which read no test's files and no test reads theirs) run
# beside it, one after another.
beside "build" pnpm run build
beside "publish" pnpm --filter @plinth/deploy run publish-all
# Sizes, not times: a route over its first-load budget (bench/budgets.json) fails the run, named.
beside "bundle budgets" pnpm --filter @plinth/bench run gate:budgets
run "server packages (Postgres server)" bash platform-api/scripts/with-postgres.sh pnpm --filter @plinth/platform-api run test:server-packages
joined
# Last: the browser tests need the build and the published remotes above.
run "browser tests" pnpm --filter @plinth/e2e run test

echo
echo "Time per suite:"; printf '  %s\n' "${timings[@]}"; echo "  total ${SECONDS}s"
mkdir -p "$(dirname "$times_file")" && printf '%s\n' "${suite_times[@]}" > "$times_file"
echo "Output of every suite: $log"
[ "$status" -eq 0 ] || echo "Some suites failed; see the output above."
[ "${#flaky[@]}" -eq 0 ] || printf 'Failed once, passed when run again (flaky): %s\n' "${flaky[@]}"
echo "tests: $passed passed, $failed failed"
exit $status
