#!/usr/bin/env bash
# Every test of the console: unit and component tests of each package, the API suite on embedded
# PGlite and again on a real Postgres server, then browser tests in Chromium against the console
# served as `pnpm start` serves it. Ends with one line: "tests: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
export NO_COLOR=1 FORCE_COLOR=0
log=$(mktemp -d)/test.log
passed=0; failed=0; status=0; timings=()

count_vitest() { # adds every vitest run's "Tests  x failed | y passed" line to the totals
  local line p f
  while IFS= read -r line; do
    p=$(echo "$line" | grep -oE '[0-9]+ passed' | grep -oE '[0-9]+' || true)
    f=$(echo "$line" | grep -oE '[0-9]+ failed' | grep -oE '[0-9]+' || true)
    passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
  done < <(grep -E '^\s*Tests\s+[0-9]' "$1")
}

run() { # run NAME COMMAND...: runs a suite, keeps its output, counts its tests
  local name=$1; shift
  echo "=== $name"
  local out; out=$(mktemp)
  local started=$SECONDS
  "$@" 2>&1 | tee "$out"
  local rc=${PIPESTATUS[0]}
  timings+=("$(printf '%5ss  %s' $((SECONDS - started)) "$name")")
  if grep -qE '^\s*Tests\s+' "$out"; then count_vitest "$out"; fi
  if grep -qE '^\s+[0-9]+ passed \(' "$out"; then # playwright's summary
    local p f
    p=$(grep -oE '^\s+[0-9]+ passed' "$out" | tail -1 | grep -oE '[0-9]+'); passed=$((passed + ${p:-0}))
    f=$(grep -oE '^\s+[0-9]+ failed' "$out" | tail -1 | grep -oE '[0-9]+' || true); failed=$((failed + ${f:-0}))
  fi
  if [ "$rc" -ne 0 ]; then echo "=== $name FAILED (exit $rc)"; status=1; fi
  cat "$out" >> "$log"
}

bash scripts/ensure-system-deps.sh || exit 1

for pkg in shared-contracts shared-ui build-config host-shell mfe-storage mfe-auth-policies mfe-sql-editor mfe-logs mfe-settings-billing deploy; do
  if [ -f "$pkg/package.json" ] && grep -q '"test"' "$pkg/package.json"; then
    run "$pkg" pnpm --filter "./$pkg" run test
  fi
done
run "platform-api (embedded PGlite)" pnpm --filter @plinth/platform-api run test
run "platform-api (Postgres server)" bash platform-api/scripts/with-postgres.sh pnpm --filter @plinth/platform-api run test
run "build" pnpm run build
run "publish" pnpm --filter @plinth/deploy run publish-all
# Last: the browser tests need the build and the published remotes above.
run "browser tests" pnpm --filter @plinth/e2e run test

echo
echo "Time per suite:"; printf '  %s\n' "${timings[@]}"; echo "  total ${SECONDS}s"
[ "$status" -eq 0 ] || echo "Some suites failed; see the output above."
echo "tests: $passed passed, $failed failed"
exit $status
