# shellcheck shell=bash
# PostgreSQL (Debian package `postgresql`, whatever major it ships): a private cluster on
# 127.0.0.1:55432, owned by the `postgres` OS user when run as root (pg refuses to run as root),
# by the current user otherwise. Login role `luxe` (LOGIN CREATEDB) with a generated password.
#
# Data location: $LUXE_INFRA_HOME/pg when the postgres user can traverse $LUXE_INFRA_HOME;
# otherwise (typical: HOME=/root is mode 700) /var/lib/luxeswipe-pg, with a symlink
# $LUXE_INFRA_HOME/pg pointing at it. Override with LUXE_PG_ROOT.

PG_PORT=55432
PG_ROLE=luxe

pg_root() {
  if [ -n "${LUXE_PG_ROOT:-}" ]; then printf '%s' "$LUXE_PG_ROOT"
  elif [ -L "$LUXE_INFRA_HOME/pg" ]; then readlink -f "$LUXE_INFRA_HOME/pg"
  elif [ -d "$LUXE_INFRA_HOME/pg" ]; then printf '%s' "$LUXE_INFRA_HOME/pg"
  elif ! is_root || { id postgres >/dev/null 2>&1 && (cd / && runuser -u postgres -- test -x "$LUXE_INFRA_HOME"); }; then
    printf '%s' "$LUXE_INFRA_HOME/pg"
  else printf '%s' /var/lib/luxeswipe-pg
  fi
}
pg_data()  { printf '%s/data' "$(pg_root)"; }
pg_sock()  {  # socket dir: next to the data, unless the path is too long for a unix socket
  local d; d="$(pg_root)/run"
  if [ "${#d}" -gt 90 ]; then printf '/tmp'; else printf '%s' "$d"; fi
}
pg_super() { if is_root; then printf postgres; else id -un; fi; }
pg_as() {  # run as the cluster owner, from / (root's cwd may be unreadable for postgres)
  if is_root; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi
}
pg_bin() {  # bin dir matching an existing cluster's major version, else the newest
  local data ver bin
  data="$(pg_data)"
  if [ -f "$data/PG_VERSION" ] && ver="$(pg_as cat "$data/PG_VERSION" 2>/dev/null)" && [ -n "$ver" ]; then
    bin="/usr/lib/postgresql/$ver/bin"
    [ -x "$bin/pg_ctl" ] || die "postgres: cluster $data is version $ver but $bin is missing (apt-get install postgresql-$ver, or remove the data dir)"
    printf '%s' "$bin"; return 0
  fi
  pg_bin_dir
}

postgres_packages() { [ -n "$(pg_bin_dir)" ] || echo postgresql; }

postgres_running() {
  [ -n "$(pg_bin_dir)" ] || return 1
  pg_as test -f "$(pg_data)/PG_VERSION" 2>/dev/null || return 1
  pg_as "$(pg_bin)/pg_ctl" status -D "$(pg_data)" >/dev/null 2>&1
}

postgres_provision() {
  local bin root data sock owner
  bin="$(pg_bin)"; [ -n "$bin" ] || die "postgres: no /usr/lib/postgresql/*/bin/pg_ctl (apt-get install postgresql)"
  root="$(pg_root)"; data="$root/data"; sock="$(pg_sock)"
  if is_root; then owner=postgres; id postgres >/dev/null 2>&1 || die "postgres: OS user 'postgres' missing (reinstall the postgresql package)"
  else owner="$(id -un)"; fi

  mkdir -p "$root"
  if is_root; then chown "$owner:" "$root"; fi
  chmod 700 "$root"
  pg_as test -x "$root" || die "postgres: $root is not reachable by the '$owner' user (a parent directory" \
    "is not traversable, e.g. a mode-700 HOME); set LUXE_PG_ROOT to a reachable directory"
  pg_as mkdir -p "$root/run"
  if [ "$root" != "$LUXE_INFRA_HOME/pg" ] && [ ! -e "$LUXE_INFRA_HOME/pg" ]; then
    ln -s "$root" "$LUXE_INFRA_HOME/pg"   # remember the choice, and make it easy to find
  fi

  if ! pg_as test -f "$data/PG_VERSION"; then
    log "postgres: initdb $data ($(basename "$(dirname "$bin")"), superuser $(pg_super))..."
    pg_as "$bin/initdb" -D "$data" -U "$(pg_super)" --encoding=UTF8 --locale=C.UTF-8 \
      --auth-local=peer --auth-host=scram-sha-256 >"$LUXE_LOGS/postgres-initdb.log" 2>&1 \
      || { tail_log "$LUXE_LOGS/postgres-initdb.log"; die "postgres: initdb failed"; }
  fi

  # Our settings live in an included file, rewritten only when they change.
  local conf
  conf="$(cat <<EOF
# Managed by infra/local/postgres.sh; edits are overwritten.
listen_addresses = '127.0.0.1'
port = $PG_PORT
unix_socket_directories = '$sock'
max_connections = 200
password_encryption = 'scram-sha-256'
synchronous_commit = off
logging_collector = off
EOF
)"
  if [ "$(pg_as cat "$data/luxeswipe.conf" 2>/dev/null)" != "$conf" ]; then
    printf '%s\n' "$conf" | pg_as tee "$data/luxeswipe.conf" >/dev/null
    postgres_running && warn "postgres: settings changed; apply with: infra/local/down.sh postgres && infra/local/up.sh postgres"
  fi
  pg_as grep -q "^include_if_exists = 'luxeswipe.conf'" "$data/postgresql.conf" \
    || printf "\ninclude_if_exists = 'luxeswipe.conf'\n" | pg_as tee -a "$data/postgresql.conf" >/dev/null
}

postgres_accepting() {
  "$(pg_bin)/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT" >/dev/null 2>&1
}

postgres_start() {
  if postgres_running; then
    # A server killed uncleanly (say, with the session that started it) can still look alive
    # for a moment while it goes down: wait for it to answer or to be gone.
    local i
    for ((i = 0; i < 40; i++)); do
      if postgres_accepting; then log "postgres: already running on 127.0.0.1:$PG_PORT"; return 0; fi
      postgres_running || break
      sleep 0.25
    done
    postgres_running && die "postgres: a server is running on $(pg_data) but does not accept connections on 127.0.0.1:$PG_PORT"
  fi
  ensure_port_free postgres "$PG_PORT"
  local logf; logf="$(pg_root)/postgres.log"
  log "postgres: starting (log $logf)..."
  pg_as "$(pg_bin)/pg_ctl" start -D "$(pg_data)" -l "$logf" -w -t 60 -s \
    || { pg_as tail -n 40 "$logf" >&2 || true; die "postgres: pg_ctl start failed (log $logf)"; }
}

postgres_wait() {
  local i
  for ((i = 0; i < 120; i++)); do
    "$(pg_bin)/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT" && break
    sleep 0.25
  done
  "$(pg_bin)/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT" || die "postgres: not accepting connections on 127.0.0.1:$PG_PORT"
  # Create/refresh the app role. The password goes through stdin, never argv.
  local pw; pw="$(cred_get LUXE_PG_PASSWORD)"
  pg_as "$(pg_bin)/psql" -X -q -v ON_ERROR_STOP=1 -h "$(pg_sock)" -p "$PG_PORT" -U "$(pg_super)" -d postgres >/dev/null <<SQL \
    || die "postgres: could not create/update role $PG_ROLE"
SELECT 'CREATE ROLE $PG_ROLE' WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '$PG_ROLE') \gexec
ALTER ROLE $PG_ROLE WITH LOGIN CREATEDB PASSWORD '$pw';
SQL
  log "postgres: ready on 127.0.0.1:$PG_PORT (role $PG_ROLE)"
}

postgres_stop() {
  if ! postgres_running; then log "postgres: not running"; return 0; fi
  log "postgres: stopping..."
  pg_as "$(pg_bin)/pg_ctl" stop -D "$(pg_data)" -m fast -w -t 60 -s || die "postgres: pg_ctl stop failed"
  log "postgres: stopped"
}

postgres_status() {
  if postgres_running; then echo "running (127.0.0.1:$PG_PORT, data $(pg_data))"; else echo "stopped"; return 1; fi
}

postgres_env() {
  local pw; pw="$(cred_peek LUXE_PG_PASSWORD)"
  [ -n "$pw" ] || return 1
  printf 'LUXE_PG_ADMIN_URL=postgres://%s:%s@127.0.0.1:%s/postgres\n' "$PG_ROLE" "$pw" "$PG_PORT"
}
