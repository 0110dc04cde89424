#!/usr/bin/env bash
# `npm run chaos [-- --chaos-only | --soak-only] [--soak-minutes N] [--rate N]`: see infra/scripts/chaos.mjs.
# Uses infra/local's Redis, MinIO and stripe-mock; starts its own Kafka and PostgreSQL (never infra/local's).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ensure_node
ensure_deps
bash infra/local/up.sh redis minio stripe
set -a; source "$(infra_env_file)"; set +a
npx tsc -b tsconfig.build.json
exec node infra/scripts/chaos.mjs "$@"
