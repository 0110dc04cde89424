#!/usr/bin/env bash
# `npm start`: the whole product in one process with embedded stand-ins and demo data.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ensure_node
ensure_deps
ensure_build
exec node infra/embedded/dist/main.js
