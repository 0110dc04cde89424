#!/usr/bin/env bash
# Everything `npm test` provisions, in the order its phases need it: the infrastructure of up.sh
# (started, as up.sh does), then the tools of the helm, fuzz and container phases (helm.sh,
# schemathesis.sh, podman.sh). Idempotent and cached like each of them.
#
#   bash infra/local/provision-all.sh        # foreground; or in the background, as .ci/run and
#                                            # infra/scripts/test-all.sh start it
#
# Why a chain of its own: on a fresh machine provisioning is mostly downloads and Go builds (MinIO,
# stripe-mock, Mailpit, helm: minutes each) and the debootstrap of the container base image, while
# npm ci, lint, type checking, the build and the unit and web phases need none of it. Started first
# in the background, it runs beside them; each script holds its own lock, so a phase that asks for
# its tool before the chain got there simply waits for it (never a second install).
# Each step's failure is logged and the chain goes on: the phase that needs the tool provisions it
# again itself and reports why it could not.
# The tools after up.sh run at the lowest CPU priority (nice 19): the phases that need them start
# with the integration phase, which leaves about a core idle, while lint, the type check and the
# unit and web phases before it are CPU-bound and on the way to every later phase, so they take
# the CPU first.
set -uo pipefail
LOCAL="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
start=$SECONDS
for step in up helm schemathesis podman; do
  t=$SECONDS
  priority=()
  [ "$step" = up ] || priority=(nice -n 19)
  if "${priority[@]}" bash "$LOCAL/$step.sh" >/dev/null; then
    echo "provision-all: $step.sh done in $((SECONDS - t)) s" >&2
  else
    echo "provision-all: $step.sh failed after $((SECONDS - t)) s (its phase provisions it again)" >&2
  fi
done
echo "provision-all: finished in $((SECONDS - start)) s" >&2
