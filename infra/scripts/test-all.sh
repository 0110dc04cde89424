#!/usr/bin/env bash
# `npm test`: provisions the real infrastructure (infra/local), builds, and runs every suite:
# unit (Jest: libs, services, gateway, infra), web (Vitest + Testing Library), and integration (Jest: (outbox/Kafka,
# API through the distributed stack, embedded mode, browser journeys in headless Chromium), scale (rolling
# restart under load and scale-out on a stack of two instances per service and two gateways), and the
# Helm chart (infra/scripts/test-helm.sh: lint, render, schema validation, assertions), API fuzzing
# (infra/scripts/test-fuzz.sh: schemathesis against the gateway's OpenAPI document), and the
# container images (infra/scripts/test-containers.sh: podman builds every image from
# infra/docker/Dockerfile and runs the stack from them against the same infrastructure).
# Ends with one line: "N passed, N failed".
set -uo pipefail
source "$(dirname "$0")/lib.sh"
ensure_node
ensure_deps || exit 1
# Every phase's provisioning starts now in the background (infra/local/provision-all.sh) unless a
# caller already started it (.ci/run): the build runs beside it, and each phase's own provisioning
# below waits on the same locks.
if [ -z "${LUXE_PROVISIONING_STARTED:-}" ]; then
  mkdir -p .data
  bash infra/local/provision-all.sh > .data/provision-all.log 2>&1 &
fi
ensure_build || { echo "build failed"; echo "0 passed, 1 failed"; exit 1; }
bash infra/local/up.sh || { echo "infrastructure provisioning failed"; echo "0 passed, 1 failed"; exit 1; }
set -a; source "$(infra_env_file)"; set +a
export KAFKAJS_NO_PARTITIONER_WARNING=1
echo "=== provisioning and build took $SECONDS s ==="

RESULTS="$ROOT/.data/test-results"
rm -rf "$RESULTS"; mkdir -p "$RESULTS"
# Jest (libs, services, gateway, infra) and Vitest (web) both write a Jest-shaped JSON report.
jest_phase() {
  local name=$1; shift
  echo ""; echo "=== $name (jest) ==="
  local start=$SECONDS
  npx jest "$@" --json --outputFile="$RESULTS/$name.json"
  echo "=== $name: exit $? after $((SECONDS - start)) s ==="
}
vitest_phase() {
  local name=$1; shift
  echo ""; echo "=== $name (vitest) ==="
  local start=$SECONDS
  npx vitest run --configLoader runner "$@" --reporter=default --reporter=json --outputFile.json="$RESULTS/$name.json"
  echo "=== $name: exit $? after $((SECONDS - start)) s ==="
}
jest_phase unit --config jest.config.cjs
vitest_phase web --config web/vitest.config.ts
jest_phase integration --config jest.integration.config.cjs --runInBand
# Rolling restart under load, scale-out, two gateways (gateway/test/scale.load.ts): a stack of its own
# (18 processes), once the integration phase has stopped the shared one (npm run test:scale alone).
SKIP_STACK=1 jest_phase scale --config jest.integration.config.cjs --runInBand --testMatch '<rootDir>/gateway/test/scale.load.ts'
# The chart's checks (infra/scripts/test-helm.sh: a tool that cannot be provisioned counts as a failure),
# schemathesis against the gateway's OpenAPI document on a stack of its own (test-fuzz.sh), and the
# container images with podman (test-containers.sh; podman that cannot be provisioned counts as a
# failure): build, size, user and HEALTHCHECK of each image, then the stack from the images. Each
# writes a report of the same shape.
script_phase() {
  local name=$1 start=$SECONDS
  echo ""; echo "=== $name (infra/scripts/test-$name.sh) ==="
  bash "infra/scripts/test-$name.sh" --report "$RESULTS/$name.json"
  echo "=== $name: exit $? after $((SECONDS - start)) s ==="
}
script_phase helm
script_phase fuzz
script_phase containers
if [ -f .data/provision-all.log ]; then echo ""; echo "=== background provisioning ==="; cat .data/provision-all.log; fi
node infra/scripts/summarize-tests.mjs "$RESULTS" unit web integration scale helm fuzz containers
