#!/usr/bin/env bash
# `npm run build`: TypeScript project references (libs, services, gateway, embedded), then the web client.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
npx tsc -b tsconfig.build.json
npm run build -w @luxe/web
