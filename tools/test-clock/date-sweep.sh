#!/usr/bin/env bash
# Runs every test whose data depends on the calendar with the wall clock set (TEST_NOW) to many
# instants, and fails if any run fails:
#   - the risky ones: the last seconds of a 31-day month, of 28 February in a common year and of
#     29 February in a leap year, New Year's Eve into New Year, the first seconds of a month;
#   - 40 more spread over a year (every 9 days, at times of day that include the minutes before
#     midnight UTC).
# Usage:
#   npm run test:dates                    every file below at every instant (~20 minutes)
#   DATES=5 npm run test:dates            the risky instants and the first 5 spread ones
#   npm run test:dates:quick              CI: the fast date-dependent files at the risky instants (~2 minutes)
set -uo pipefail
cd "$(dirname "$0")/../.."
risky=(
  "2026-01-31T23:59:30Z" # a 31-day month ends
  "2026-03-01T00:00:05Z" # the day after a common year's 28 February
  "2027-02-28T23:59:30Z" # 28 February, common year
  "2028-02-29T23:59:30Z" # 29 February, leap year
  "2026-12-31T23:59:30Z" # New Year's Eve
  "2027-01-01T00:00:10Z" # New Year
)
tests=(
  backend/test/market.int-spec.ts
  backend/test/market-before-import.int-spec.ts
  backend/test/realtime.int-spec.ts
  backend/test/corp.int-spec.ts
  backend/test/corp-pings.int-spec.ts
  backend/test/corp-calendar.int-spec.ts
  backend/test/corp-webhooks.int-spec.ts
  backend/test/character-checks.int-spec.ts
  backend/test/demo-accounts.int-spec.ts
  backend/test/admin.int-spec.ts
  backend/test/appraisal.int-spec.ts
  backend/test/lease.int-spec.ts
  frontend/src/features/corp
  backend/src/market/domain/price-stats.spec.ts
  tools/fake-esi/test/fake-esi.test.ts
  frontend/src/features/market
  shared-types/src/format.spec.ts
)
instants=("${risky[@]}")
if [[ "${QUICK:-}" == 1 ]]; then
  # The fast ones (no browser): calendar maths, the ESI stand-in's dated data, leases (expiry
  # instants), realtime (dated events), the calendar feed (at New Year's Eve 23:59:30 it lists a
  # ping 2 h ahead and one started 2 h ago, and drops one 30 h old; a one-system mini SDE).
  tests=(
    shared-types/src/format.spec.ts
    backend/src/market/domain/price-stats.spec.ts
    tools/fake-esi/test/fake-esi.test.ts
    backend/test/lease.int-spec.ts
    backend/test/realtime.int-spec.ts
    backend/test/corp-calendar.int-spec.ts
  )
  instants=("2026-01-31T23:59:30Z" "2027-02-28T23:59:30Z" "2028-02-29T23:59:30Z" "2026-12-31T23:59:30Z")
else
  count=${DATES:-40}
  times=("00:00:05" "06:30:00" "11:59:59" "17:45:10" "23:58:30")
  start=$(date -u -d '2026-01-03T00:00:00Z' +%s)
  for ((i = 0; i < count; i++)); do
    day=$(date -u -d "@$((start + i * 9 * 86400))" +%Y-%m-%d)
    instants+=("${day}T${times[$((i % ${#times[@]}))]}Z")
  done
fi
failed=()
total=${#instants[@]}
for i in "${!instants[@]}"; do
  at=${instants[$i]}
  echo "==> [$((i + 1))/$total] TEST_NOW=$at"
  log="${TMPDIR:-/tmp}/date-sweep-$i.log"
  if ! TEST_NOW="$at" npx jest --silent --maxWorkers="${JEST_WORKERS:-2}" --selectProjects backend fake-esi frontend shared-types -- "${tests[@]}" >"$log" 2>&1; then
    echo "    FAILED (log: $log)"
    tail -n 40 "$log" | sed 's/^/    | /'
    failed+=("$at")
  else
    grep -E '^Tests:' "$log" | sed 's/^/    /'
  fi
done
if ((${#failed[@]})); then
  echo "Date sweep: ${#failed[@]} of $total instants failed: ${failed[*]}"
  exit 1
fi
echo "Date sweep: all $total instants passed"
