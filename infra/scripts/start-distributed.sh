#!/usr/bin/env bash
# `npm run start:distributed`: real PostgreSQL, Redis, Kafka, MinIO (infra/local), one process per service.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ensure_node
ensure_deps
bash infra/local/up.sh
set -a; source "$(infra_env_file)"; set +a
ensure_build
exec node infra/scripts/start-distributed.mjs
