# Sourced by the shell-driven test phases (test-helm.sh, test-containers.sh): pass/fail bookkeeping,
# each check's output in a log shown on failure, and the Jest-shaped JSON report that
# infra/scripts/summarize-tests.mjs reads (npm test). Before sourcing, set:
#   REPORT_NAME  the phase's name (titles and the "<name>: N passed, N failed" line)
#   REPORT_FILE  the script's path (the report's test file name)
#   OUT          a directory for the step logs
# and call `report_args "$@"` to take `--report FILE` from the command line.
PASSED=0; FAILED=0; RESULTS=(); REPORT=""; STEP=0
report_args() { if [ "${1:-}" = "--report" ]; then REPORT="${2:?--report FILE}"; fi; }
record() {  # record NAME STATUS(passed|failed) [message]
  if [ "$2" = passed ]; then PASSED=$((PASSED + 1)); echo "ok - $1"; else FAILED=$((FAILED + 1)); echo "not ok - $1"; fi
  RESULTS+=("$(node -e 'console.log(JSON.stringify({ title: process.argv[1], fullName: process.argv[4] + " " + process.argv[1], status: process.argv[2], failureMessages: process.argv[3] ? [process.argv[3]] : [] }))' "$1" "$2" "${3:-}" "$REPORT_NAME")")
}
# finish: runs the script's `report_on_finish` when it defines one (its cleanup), writes the report
# (when asked), prints the counts, exits 0 only if something passed and nothing failed.
finish() {
  if declare -F report_on_finish >/dev/null; then report_on_finish; fi
  if [ -n "$REPORT" ]; then
    mkdir -p "$(dirname "$REPORT")"
    printf '%s\n' "${RESULTS[@]}" | node -e '
      const lines = require("fs").readFileSync(0, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
      const failed = lines.filter((r) => r.status === "failed").length;
      const report = { numPassedTests: lines.length - failed, numFailedTests: failed, numPendingTests: 0, numTodoTests: 0, success: failed === 0,
        testResults: [{ name: process.argv[2], status: failed ? "failed" : "passed", assertionResults: lines }] };
      require("fs").writeFileSync(process.argv[1], JSON.stringify(report, null, 1));' "$REPORT" "$REPORT_FILE"
  fi
  echo ""
  echo "$REPORT_NAME: $PASSED passed, $FAILED failed"
  echo "$PASSED passed, $FAILED failed"
  [ "$FAILED" -eq 0 ] && [ "$PASSED" -gt 0 ]
  exit $?
}
# step NAME CMD...: runs CMD, its output to $OUT/step-<n>.log (shown on failure), and records the result.
step() {
  local name="$1"; shift
  STEP=$((STEP + 1))
  local log="$OUT/step-$STEP.log"
  if "$@" >"$log" 2>&1; then record "$name" passed
  else
    record "$name" failed "$(tail -n 30 "$log")"
    sed 's/^/    /' "$log" | tail -n 30
  fi
}
# provision SCRIPT WHAT CONSEQUENCE STEP: runs the provisioning SCRIPT (infra/local/*.sh, cached; its
# stdout is shell assignments of the tools' paths) within PROVISION_TIMEOUT seconds and takes them
# into this shell. When it fails, "WHAT could not be provisioned (SCRIPT; log below): CONSEQUENCE"
# and the log's tail go to stderr, STEP is recorded failed and the phase finishes.
provision() {
  local script="$1" what="$2" consequence="$3" name="$4" tools code
  tools="$(timeout "$PROVISION_TIMEOUT" bash "$script" 2>"$OUT/provision.log")"
  code=$?
  if [ "$code" -ne 0 ]; then
    [ "$code" -eq 124 ] && echo "$script did not finish within PROVISION_TIMEOUT=${PROVISION_TIMEOUT}s" >>"$OUT/provision.log"
    echo "$what could not be provisioned ($script; log below): $consequence" >&2
    tail -n 30 "$OUT/provision.log" >&2
    record "$name" failed "$(tail -n 30 "$OUT/provision.log")"
    finish
  fi
  eval "$tools"
}
