#!/usr/bin/env bash
# `npm run test:fuzz`: schemathesis fuzzes the whole /api surface through the gateway, against the
# gateway's own OpenAPI document (GET /api/openapi.json), on the distributed stack with databases,
# consumer groups and a Redis database of its own (infra/scripts/fuzz.mjs: ports FUZZ_BASE_PORT=4900..4907).
# Signed in as a member (session cookie), a venue owner (session cookie) and the admin (bearer
# token); checks: no answer of 500 or above, every status documented, every answer valid against
# its documented schema and media type; at least FUZZ_MIN_REQUESTS (5,000) requests in all.
# schemathesis comes from infra/local/schemathesis.sh (pinned, cached); if it cannot be
# provisioned, that counts as one failure with the reason, never a hang.
# Needs the infrastructure (infra/local/up.sh) and the build (npm run build:ts).
# Ends with "N passed, N failed"; `--report FILE` also writes a Jest-shaped JSON report for
# infra/scripts/summarize-tests.mjs (npm test). Details (schemathesis' output, JUnit XML and
# NDJSON events per run, the stack's logs) under .data/fuzz/.
set -uo pipefail
source "$(dirname "$0")/lib.sh"   # cd to the repository root

REPORT=""
if [ "${1:-}" = "--report" ]; then REPORT="${2:?--report FILE}"; fi
PROVISION_TIMEOUT="${PROVISION_TIMEOUT:-900}"
OUT="$ROOT/.data/fuzz"
mkdir -p "$OUT"

# fail_report TITLE MESSAGE: a report with one failed test (the run could not start).
fail_report() {
  echo "not ok - $1"; echo "$2" | sed 's/^/    /' | tail -n 30
  if [ -n "$REPORT" ]; then
    mkdir -p "$(dirname "$REPORT")"
    node -e '
      const [file, title, msg] = process.argv.slice(1);
      const r = { title, fullName: "fuzz " + title, status: "failed", failureMessages: [msg] };
      require("fs").writeFileSync(file, JSON.stringify({ numPassedTests: 0, numFailedTests: 1, numPendingTests: 0, numTodoTests: 0, success: false,
        testResults: [{ name: "infra/scripts/test-fuzz.sh", status: "failed", assertionResults: [r] }] }, null, 1));' "$REPORT" "$1" "$2"
  fi
  echo ""; echo "fuzz: 0 passed, 1 failed"; echo "0 passed, 1 failed"
  exit 1
}

t0=$(date +%s)
tools="$(timeout "$PROVISION_TIMEOUT" bash infra/local/schemathesis.sh 2>"$OUT/provision.log")"
code=$?
if [ "$code" -ne 0 ]; then
  [ "$code" -eq 124 ] && echo "infra/local/schemathesis.sh did not finish within PROVISION_TIMEOUT=${PROVISION_TIMEOUT}s" >>"$OUT/provision.log"
  fail_report "provision schemathesis (infra/local/schemathesis.sh)" "$(tail -n 30 "$OUT/provision.log")"
fi
eval "$tools"
echo "schemathesis ready in $(( $(date +%s) - t0 )) s: $("$SCHEMATHESIS" --version 2>&1 | tail -n1)"

if [ -z "${LUXE_PG_ADMIN_URL:-}" ]; then
  bash infra/local/up.sh >"$OUT/infra.log" 2>&1 || fail_report "infrastructure (infra/local/up.sh)" "$(tail -n 30 "$OUT/infra.log")"
  set -a; source "$(infra_env_file)"; set +a
fi
export KAFKAJS_NO_PARTITIONER_WARNING=1
npx tsc -b tsconfig.build.json >"$OUT/build.log" 2>&1 || fail_report "TypeScript build is current (tsc -b)" "$(tail -n 30 "$OUT/build.log")"

# A hard bound: the run itself targets about 5 minutes on 2 cores.
FUZZ_PHASE_START_MS="$(( t0 * 1000 ))" timeout "${FUZZ_TIMEOUT:-1200}" node infra/scripts/fuzz.mjs --schemathesis "$SCHEMATHESIS" ${REPORT:+--report "$REPORT"}
code=$?
if [ "$code" -eq 124 ]; then
  fail_report "the fuzzing run finished within FUZZ_TIMEOUT=${FUZZ_TIMEOUT:-1200}s" "timed out; see .data/fuzz/"
fi
exit "$code"
