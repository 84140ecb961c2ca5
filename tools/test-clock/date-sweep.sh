#!/usr/bin/env bash
# Runs every test whose data depends on the calendar with the clock set to 40 instants spread
# over a year (every 9 days, at times of day that include the minutes before midnight UTC), and
# fails if any run fails. Usage: npm run test:dates   (DATES=5 for a quicker partial sweep)
set -uo pipefail
cd "$(dirname "$0")/../.."
count=${DATES:-40}
tests=(
  backend/test/market.int-spec.ts
  backend/test/market-before-import.int-spec.ts
  backend/test/realtime.int-spec.ts
  backend/test/corp.int-spec.ts
  backend/test/demo-accounts.int-spec.ts
  frontend/src/features/corp
  backend/src/market/domain/price-stats.spec.ts
  tools/fake-esi/test/fake-esi.test.ts
  frontend/src/features/market
  shared-types/src/format.spec.ts
)
times=("00:00:05" "06:30:00" "11:59:59" "17:45:10" "23:58:30")
start=$(date -u -d '2026-01-03T00:00:00Z' +%s)
failed=()
for ((i = 0; i < count; i++)); do
  day=$(date -u -d "@$((start + i * 9 * 86400))" +%Y-%m-%d)
  at="${day}T${times[$((i % ${#times[@]}))]}Z"
  echo "==> [$((i + 1))/$count] TEST_NOW=$at"
  if ! TEST_NOW="$at" npx jest --silent --selectProjects backend fake-esi frontend shared-types -- "${tests[@]}" >"/tmp/date-sweep-$i.log" 2>&1; then
    echo "    FAILED (log: /tmp/date-sweep-$i.log)"
    failed+=("$at")
  else
    grep -E '^Tests:' "/tmp/date-sweep-$i.log" | sed 's/^/    /'
  fi
done
if ((${#failed[@]})); then
  echo "Date sweep: ${#failed[@]} of $count dates failed: ${failed[*]}"
  exit 1
fi
echo "Date sweep: all $count dates passed"
