#!/usr/bin/env bash
# `npm run test:scale`: the rolling restart under load and the scale-out test (gateway/test/scale.load.ts)
# on a distributed stack of its own (two instances of every service, two gateways), against
# infra/local's infrastructure. About 5 minutes on an idle 2-core machine, 10 on a loaded one. Also
# `npm test`'s "scale" phase (infra/scripts/test-all.sh), after the integration phase. (In the
# session-21 CI run its second gateway never reported ready: on a loaded machine the gateway's
# readiness fan-out took longer than the 2 s a probe waited, and each probe started a new one;
# the gateway now answers probes from its last finished round of checks.)
set -uo pipefail
source "$(dirname "$0")/lib.sh"
ensure_node
ensure_deps || exit 1
bash infra/local/up.sh || exit 1
set -a; source "$(infra_env_file)"; set +a
export KAFKAJS_NO_PARTITIONER_WARNING=1 SKIP_STACK=1
ensure_build || exit 1
npx jest --config jest.integration.config.cjs --runInBand --testMatch '<rootDir>/gateway/test/scale.load.ts' "$@"
