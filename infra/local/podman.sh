#!/usr/bin/env bash
# Podman, runc, podman-compose and a Debian base image with Node.js 20, for the container checks
# (infra/scripts/test-containers.sh); idempotent and cached under $LUXE_INFRA_HOME like the other
# infra tools (a second run only checks).
#
#   bash infra/local/podman.sh      # prints PODMAN=..., PODMAN_COMPOSE=..., CONTAINERS_CONF=...,
#                                   # LUXE_BASE_IMAGE=... lines (eval them)
#
# There is no Docker engine and no container registry here, so:
#   - apt: podman, runc (crun refuses on this kind of host: ulimits and hybrid cgroups), catatonit
#     (the init of `--init`) and debootstrap;
#   - $LUXE_INFRA_HOME/podman/containers.conf: runtime runc and no default ulimits (pass it as
#     CONTAINERS_CONF to every podman call);
#   - podman-compose from PyPI, pinned by infra/local/podman-requirements.txt, in a venv under
#     $LUXE_INFRA_HOME/venv-podman-compose;
#   - the base image (BASE_IMAGE of infra/docker/Dockerfile) made from Debian's own packages:
#     `debootstrap --variant=minbase trixie` plus nodejs (20.19) and ca-certificates, a `node` user
#     (uid/gid 1000, like the official node images), without apt lists, caches, docs and
#     translations, imported as $LUXE_BASE_IMAGE (default localhost/luxe-node:20-trixie). It is made
#     once; it is remade only when this recipe changes (the image carries the recipe's hash as a label).
# Needs root (or sudo) for apt and debootstrap.
set -euo pipefail
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"

PC_REQUIREMENTS="$LUXE_LOCAL_DIR/podman-requirements.txt"
PC_VENV="$LUXE_INFRA_HOME/venv-podman-compose"
CONF_DIR="$LUXE_INFRA_HOME/podman"
CONF="$CONF_DIR/containers.conf"
BASE_IMAGE="${LUXE_BASE_IMAGE:-localhost/luxe-node:20-trixie}"
DEBIAN_SUITE=trixie
DEBIAN_MIRROR="${LUXE_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
BASE_PACKAGES=nodejs,ca-certificates

case "${1:-}" in -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;; esac
ensure_home
exec 8>"$LUXE_INFRA_HOME/.podman.lock"
flock -w 1200 8 || die "timed out waiting for $LUXE_INFRA_HOME/.podman.lock"

# ------------------------------------------------------------------ packages
missing=()
command -v podman >/dev/null 2>&1 || missing+=(podman)
command -v runc >/dev/null 2>&1 || [ -x /usr/sbin/runc ] || missing+=(runc)
command -v debootstrap >/dev/null 2>&1 || [ -x /usr/sbin/debootstrap ] || missing+=(debootstrap)
# catatonit: podman's init for `--init` / compose's `init: true` (and the pause image of `podman kube play`)
[ -x /usr/libexec/podman/catatonit ] || command -v catatonit >/dev/null 2>&1 || missing+=(catatonit)
if [ "${#missing[@]}" -gt 0 ]; then
  # uidmap, slirp4netns and fuse-overlayfs are podman's usual companions (rootless use, networks)
  apt_install "${missing[@]}" uidmap slirp4netns fuse-overlayfs
fi
RUNC="$(command -v runc || echo /usr/sbin/runc)"
DEBOOTSTRAP="$(command -v debootstrap || echo /usr/sbin/debootstrap)"

mkdir -p "$CONF_DIR"
conf_want="$(printf '[containers]\ndefault_ulimits = []\n\n[engine]\nruntime = "runc"\n')"
[ "$(cat "$CONF" 2>/dev/null)" = "$conf_want" ] || printf '%s\n' "$conf_want" >"$CONF"
export CONTAINERS_CONF="$CONF"
podman_() { podman --runtime "$RUNC" "$@"; }
podman_ info >/dev/null 2>"$LUXE_LOGS/podman-info.log" || { tail_log "$LUXE_LOGS/podman-info.log"; die "podman does not work (podman info failed)"; }

# ------------------------------------------------------------------ podman-compose
ensure_venv podman-compose "$PC_VENV" "$PC_REQUIREMENTS" podman-compose

# ------------------------------------------------------------------ base image
# The recipe's hash: a change to the suite, the packages or the steps below makes a new base.
base_recipe="$(printf '%s\n' "$DEBIAN_SUITE" "$BASE_PACKAGES" "v1 node-user-1000 trimmed")"
base_want="$(printf '%s' "$base_recipe" | sha256sum | cut -c1-16)"
base_have="$(podman_ image inspect --format '{{ index .Labels "luxe.base.recipe" }}' "$BASE_IMAGE" 2>/dev/null || true)"
if [ "$base_have" != "$base_want" ]; then
  rootfs="$LUXE_INFRA_HOME/podman/rootfs-$DEBIAN_SUITE"
  rm -rf "$rootfs"
  log "base image: debootstrap --variant=minbase $DEBIAN_SUITE + $BASE_PACKAGES (first time only, about a minute)..."
  dlog="$LUXE_LOGS/debootstrap.log"
  if ! as_root "$DEBOOTSTRAP" --variant=minbase --include="$BASE_PACKAGES" "$DEBIAN_SUITE" "$rootfs" "$DEBIAN_MIRROR" >"$dlog" 2>&1; then
    tail_log "$dlog"
    rm -rf "$rootfs"
    die "debootstrap $DEBIAN_SUITE failed (needs $DEBIAN_MIRROR)"
  fi
  # the node user of the official images (uid/gid 1000), and nothing a runtime does not read
  as_root chroot "$rootfs" sh -c 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/sh --create-home node' \
    || die "base image: could not add the node user"
  as_root sh -c "rm -rf '$rootfs'/var/cache/apt/* '$rootfs'/var/lib/apt/lists/* '$rootfs'/usr/share/doc/* \
    '$rootfs'/usr/share/man/* '$rootfs'/usr/share/info/* '$rootfs'/usr/share/locale/* '$rootfs'/var/log/* '$rootfs'/tmp/*"
  node_version="$(as_root chroot "$rootfs" node --version)" || die "base image: node does not run in the new root"
  log "base image: Node.js $node_version; importing as $BASE_IMAGE..."
  as_root tar -C "$rootfs" -c . | podman_ import \
    --change "LABEL luxe.base.recipe=$base_want" \
    --change "LABEL org.opencontainers.image.description=Debian $DEBIAN_SUITE minbase with Node.js $node_version (infra/local/podman.sh)" \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["node"]' - "$BASE_IMAGE" >/dev/null || die "base image: podman import failed"
  rm -rf "$rootfs"
  log "base image: $BASE_IMAGE ready"
fi

printf 'PODMAN=%s\nRUNC=%s\nCONTAINERS_CONF=%s\nPODMAN_COMPOSE=%s\nLUXE_BASE_IMAGE=%s\n' \
  "$(command -v podman)" "$RUNC" "$CONF" "$PC_VENV/bin/podman-compose" "$BASE_IMAGE"
