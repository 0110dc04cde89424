#!/usr/bin/env bash
# `npm run test:helm`: checks the Helm chart (infra/helm/luxe) offline.
#   1. helm lint --strict, default values, the dev profile (values-dev.yaml) and monitoring on
#   2. helm template of the profiles; the chart refuses a render without its required values, with
#      fewer Kafka partitions than replicas, or alerts without a runbook URL
#   3. every rendered manifest validated by kubernetes-validate --strict against Kubernetes $K8S_VERSION;
#      the Prometheus operator's kinds (CRD_KINDS: no schema there) are left to the assertions' shape checks
#   4. assertions on the rendered output (infra/helm/test/assert-chart.mjs): deployables, probes,
#      resources, security contexts, hooks, network reachability, secrets, each process's
#      environment checked with its own configuration schema (needs `npm run build:ts`), partitions,
#      spread, rollout checksums, and the alerts against docs/runbook.md and the code's metrics
# Tools come from infra/local/helm.sh (pinned, cached). If they cannot be provisioned, that counts
# as one failure with the reason, never a hang (PROVISION_TIMEOUT seconds at most).
# Ends with "N passed, N failed"; `--report FILE` also writes a Jest-shaped JSON report for
# infra/scripts/summarize-tests.mjs (npm test).
set -uo pipefail
source "$(dirname "$0")/lib.sh"   # cd to the repository root

K8S_VERSION="${K8S_VERSION:-1.34.0}"
PROVISION_TIMEOUT="${PROVISION_TIMEOUT:-1800}"
CHART=infra/helm/luxe
OUT="$ROOT/.data/helm"
rm -rf "$OUT"; mkdir -p "$OUT"
REPORT_NAME=helm; REPORT_FILE=infra/scripts/test-helm.sh
source infra/scripts/report.sh   # record, step, finish
report_args "$@"

# ------------------------------------------------------------------ tools
t0=$(date +%s)
provision infra/local/helm.sh "helm tools" "the chart was not checked" \
  "provision helm and kubernetes-validate (infra/local/helm.sh)"
echo "tools ready in $(( $(date +%s) - t0 )) s: $("$HELM" version --short), $("$KUBERNETES_VALIDATE" --version 2>&1 | tail -n1)"
PY="$(dirname "$KUBERNETES_VALIDATE")/python"

# The environment assertions load the processes' own configuration schemas from the build.
step "TypeScript build is current (tsc -b; the assertions load the built configuration schemas)" npx tsc -b tsconfig.build.json

# An internal key pair for the dev profile (the chart generates every other dev credential).
eval "$(node infra/scripts/internal-keys.mjs)"
DEV_ARGS=(-f "$CHART/values-dev.yaml" --set-string "secrets.internalAuth.privateKey=$INTERNAL_AUTH_PRIVATE_KEY" --set-string "secrets.internalAuth.publicKey=$INTERNAL_AUTH_PUBLIC_KEY")
# helm built by `go install` has no default Kubernetes version of its own (it would say 1.20): give it.
render() { local out="$1"; shift; "$HELM" template luxe "$CHART" --namespace luxe --kube-version "$K8S_VERSION" "$@" >"$out"; }
to_json() { "$PY" -c 'import json, sys, yaml; json.dump(list(yaml.safe_load_all(open(sys.argv[1]))), open(sys.argv[2], "w"))' "$1" "$2"; }
# expect_failure PATTERN CMD...: CMD must fail and say PATTERN.
expect_failure() { local pattern="$1"; shift; if "$@"; then echo "succeeded, expected a failure"; return 1; fi; grep -q -- "$pattern" "$OUT/last-error.log" || { cat "$OUT/last-error.log"; return 1; }; }
render_err() { "$HELM" template luxe "$CHART" --kube-version "$K8S_VERSION" "$@" >/dev/null 2>"$OUT/last-error.log"; }

# ------------------------------------------------------------------ lint and render
step "helm lint --strict (default values)" "$HELM" lint --strict --kube-version "$K8S_VERSION" "$CHART"
step "helm lint --strict (dev profile)" "$HELM" lint --strict --kube-version "$K8S_VERSION" "$CHART" "${DEV_ARGS[@]}"
# Monitoring on (ServiceMonitors, PrometheusRule, dashboard) and a secrets.revision of an existing Secret.
MON_ARGS=(--set monitoring.serviceMonitor.enabled=true --set monitoring.prometheusRule.enabled=true --set monitoring.dashboard.enabled=true
  --set monitoring.runbookUrl=https://git.example.com/luxeswipe/blob/main/docs/runbook.md --set-string secrets.revision=2026-11-26)
step "helm lint --strict (monitoring on)" "$HELM" lint --strict --kube-version "$K8S_VERSION" "$CHART" "${MON_ARGS[@]}"
step "helm template (default values: external PostgreSQL, Redis, Kafka, S3)" render "$OUT/default.yaml"
step "helm template (dev profile: in-cluster infrastructure)" render "$OUT/dev.yaml" "${DEV_ARGS[@]}"
render "$OUT/dev-again.yaml" "${DEV_ARGS[@]}" 2>/dev/null
step "helm template (monitoring on, secrets.revision set)" render "$OUT/monitoring.yaml" "${MON_ARGS[@]}"
step "the chart refuses to render without the existing Secret's name" \
  expect_failure "secrets.existingSecret" render_err --set secrets.existingSecret=
step "the dev profile refuses to render without the internal key pair" \
  expect_failure "secrets.internalAuth.privateKey is required" render_err -f "$CHART/values-dev.yaml"
step "the chart refuses to render without the Kafka brokers" \
  expect_failure "kafka.brokers is required" render_err --set kafka.brokers=
schema_refusals() {
  expect_failure "additional properties 'componets' not allowed" render_err --set componets.gateway.port=1 \
    && expect_failure "want integer" render_err --set components.gateway.port=abc
}
step "values.schema.json refuses a misspelt key and a port that is not a number" schema_refusals
step "values.schema.json refuses ingress.trustedProxies=true (trusting every hop lets a client choose its address)" \
  expect_failure "trustedProxies" render_err --set-string ingress.trustedProxies=true
partition_refusals() {
  expect_failure "kafka.partitions (5) is fewer than the 6 pods" render_err --set kafka.partitions=5 \
    && expect_failure "kafka.partitions (6) is fewer than the 8 pods messaging" render_err --set components.messaging.autoscaling.maxReplicas=8 \
    && expect_failure "kafka.partitions (6) is fewer than the 7 pods social" render_err --set components.social.autoscaling.enabled=false --set components.social.replicas=7
}
step "the chart refuses fewer Kafka partitions than the pods a deployable may run (maxReplicas, or replicas)" partition_refusals
step "the chart refuses alerts without monitoring.runbookUrl" \
  expect_failure "monitoring.runbookUrl is required" render_err --set monitoring.prometheusRule.enabled=true
monitoring_schema() {
  expect_failure "additional properties 'enable' not allowed" render_err --set monitoring.serviceMonitor.enable=true \
    && expect_failure "topologySpread" render_err --set defaults.topologySpread.whenUnsatisfiable=Sometimes
}
step "values.schema.json refuses an unknown monitoring key and a spread policy Kubernetes does not have" monitoring_schema

# ------------------------------------------------------------------ schema validation
# The Prometheus operator's kinds have no schema in Kubernetes' own: kubernetes-validate would only
# warn and pass them. They are taken out here and their shape is asserted (assert-chart.mjs); any
# other kind without a schema is a failure.
CRD_KINDS="PrometheusRule ServiceMonitor"
validate() {
  [ -s "$1" ] || { echo "$1 is empty (the render failed)"; return 1; }
  local builtin="${1%.yaml}.builtin.yaml" log skipped
  skipped="$("$PY" -c '
import sys, yaml
skip = set(sys.argv[3].split())
docs = [d for d in yaml.safe_load_all(open(sys.argv[1])) if d]
yaml.safe_dump_all([d for d in docs if d["kind"] not in skip], open(sys.argv[2], "w"), sort_keys=False)
print(sum(d["kind"] in skip for d in docs))' "$1" "$builtin" "$CRD_KINDS")" || return 1
  log="$("$KUBERNETES_VALIDATE" --strict --kubernetes-version "$K8S_VERSION" --quiet "$builtin" 2>&1)" || { printf '%s\n' "$log"; return 1; }
  if printf '%s' "$log" | grep -q "Couldn't find schema"; then printf '%s\n' "$log"; return 1; fi
  echo "$(grep -c '^kind:' "$builtin") resources valid; $skipped of the operator's kinds ($CRD_KINDS) left to the assertions"
}
step "kubernetes-validate --strict, Kubernetes $K8S_VERSION (default values)" validate "$OUT/default.yaml"
step "kubernetes-validate --strict, Kubernetes $K8S_VERSION (dev profile)" validate "$OUT/dev.yaml"
step "kubernetes-validate --strict, Kubernetes $K8S_VERSION (monitoring on; $CRD_KINDS by shape)" validate "$OUT/monitoring.yaml"

# ------------------------------------------------------------------ assertions
if to_json "$OUT/default.yaml" "$OUT/default.json" 2>"$OUT/json.log" && to_json "$OUT/dev.yaml" "$OUT/dev.json" 2>>"$OUT/json.log" \
  && to_json "$OUT/dev-again.yaml" "$OUT/dev-again.json" 2>>"$OUT/json.log" && to_json "$CHART/values.yaml" "$OUT/values.json" 2>>"$OUT/json.log" \
  && to_json "$OUT/monitoring.yaml" "$OUT/monitoring.json" 2>>"$OUT/json.log" \
  && to_json docker-compose.yml "$OUT/compose.json" 2>>"$OUT/json.log"; then
  "$PY" -c 'import json, sys; d = json.load(open(sys.argv[1])); json.dump(d[0], open(sys.argv[1], "w"))' "$OUT/values.json"
  "$PY" -c 'import json, sys; d = json.load(open(sys.argv[1])); json.dump(d[0], open(sys.argv[1], "w"))' "$OUT/compose.json"
  node infra/helm/test/assert-chart.mjs "$OUT/default.json" "$OUT/dev.json" "$OUT/dev-again.json" "$OUT/values.json" "$OUT/compose.json" "$OUT/monitoring.json" >"$OUT/assertions.log" 2>&1
  code=$?
  # one result per assertion; the problems listed under a failed one become its message
  while IFS= read -r line; do
    case "$line" in
      "ok - "*) record "${line#ok - }" passed ;;
      "not ok - "*) name="${line#not ok - }"; msg="$(awk -v n="$line" '$0 == n { on = 1; next } on && /^    / { print; next } on { exit }' "$OUT/assertions.log")"
                    record "$name" failed "$msg"; printf '%s\n' "$msg" ;;
    esac
  done <"$OUT/assertions.log"
  if [ "$code" -ne 0 ] && ! grep -q '^not ok - ' "$OUT/assertions.log"; then
    record "assertions on the rendered chart (infra/helm/test/assert-chart.mjs)" failed "$(tail -n 30 "$OUT/assertions.log")"
    tail -n 30 "$OUT/assertions.log"
  fi
else
  record "rendered manifests convert to JSON for the assertions" failed "$(cat "$OUT/json.log")"
  cat "$OUT/json.log"
fi

finish
