#!/usr/bin/env bash
# Helm and kubernetes-validate for the chart's tests (infra/scripts/test-helm.sh), pinned and cached
# under $LUXE_INFRA_HOME like the other infra tools; idempotent (a second run only checks).
#
#   bash infra/local/helm.sh          # prints HELM=... and KUBERNETES_VALIDATE=... lines
#
# helm: `go install helm.sh/helm/v3/cmd/helm@<pin>` into $LUXE_INFRA_HOME/bin (several minutes
# the first time: Go builds it; needs Go >= 1.24 and the Go module proxy).
# kubernetes-validate: the PyPI package (its schemas ship inside it, so validation is offline),
# pinned with its dependencies by infra/local/helm-requirements.txt, in a venv under
# $LUXE_INFRA_HOME/venv-kubernetes-validate (python3 -m venv; apt python3-venv when missing).
set -euo pipefail
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"

HELM_MODULE="helm.sh/helm/v3/cmd/helm@v3.21.4"
KV_REQUIREMENTS="$LUXE_LOCAL_DIR/helm-requirements.txt"
KV_VENV="$LUXE_INFRA_HOME/venv-kubernetes-validate"

case "${1:-}" in -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;; esac
ensure_home
# Own lock (not up.sh's): two first runs at once would build helm twice into the same place.
exec 8>"$LUXE_INFRA_HOME/.helm.lock"
flock -w 1200 8 || die "timed out waiting for $LUXE_INFRA_HOME/.helm.lock"

go_install_pinned helm "$HELM_MODULE"

ensure_venv kubernetes-validate "$KV_VENV" "$KV_REQUIREMENTS" kubernetes-validate

"$LUXE_BIN/helm" version --short >/dev/null 2>&1 || die "helm: $LUXE_BIN/helm does not run"
printf 'HELM=%s\nKUBERNETES_VALIDATE=%s\n' "$LUXE_BIN/helm" "$KV_VENV/bin/kubernetes-validate"
