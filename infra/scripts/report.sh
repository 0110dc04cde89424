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
