# Shared by the README's commands: install dependencies and build when needed.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"

ensure_node() {
  if ! command -v node >/dev/null 2>&1; then echo "Node.js 20.19+ is required (https://nodejs.org)" >&2; exit 1; fi
  local major; major=$(node -p 'process.versions.node.split(".")[0]')
  if [ "$major" -lt 20 ]; then echo "Node.js 20.19+ is required; found $(node --version)" >&2; exit 1; fi
}

ensure_deps() {
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "Installing dependencies (npm ci)..."
    npm ci --no-audit --no-fund
  fi
}

ensure_build() {
  npx tsc -b tsconfig.build.json
  if [ ! -f web/dist/index.html ] || [ -n "$(find web/src web/index.html web/vite.config.ts libs/contracts/src -newer web/dist/index.html -type f 2>/dev/null | head -n 1)" ]; then
    npm run build -w @luxe/web
  fi
}

infra_env_file() {
  echo "${LUXE_INFRA_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/luxeswipe-infra}/env"
}
