#!/usr/bin/env bash
# `npm run test:scale`: the rolling restart under load and the scale-out test (gateway/test/scale.load.ts)
# on a distributed stack of its own (two instances of every service, two gateways), against
# infra/local's infrastructure. About 5 minutes on an idle 2-core machine, 10 on a loaded one. Also
# `npm test`'s "scale" phase (infra/scripts/test-all.sh), after the integration phase. Its second
# gateway starts while the machine is loaded, which is why the gateway answers readiness probes from
# its last finished round of checks (gateway/src/health/health.controller.ts) instead of waiting for one.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
ensure_node
ensure_deps || exit 1
bash infra/local/up.sh || exit 1
set -a; source "$(infra_env_file)"; set +a
export KAFKAJS_NO_PARTITIONER_WARNING=1 SKIP_STACK=1
ensure_build || exit 1
npx jest --config jest.integration.config.cjs --runInBand --testMatch '<rootDir>/gateway/test/scale.load.ts' "$@"
