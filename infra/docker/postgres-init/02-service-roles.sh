#!/bin/bash
# Runs once, on the first start of the postgres container (after 01-create-databases.sql), as
# POSTGRES_USER. One login role per service (svc_identity, ...), each the owner of its own
# database and the only role besides the superuser that may connect to it: a service's
# credentials open its own data and nothing else. Passwords come from LUXE_DB_PW_<SERVICE>.
set -euo pipefail
for s in identity venues bookings social messaging payments admin notifications; do
  var="LUXE_DB_PW_${s^^}"
  pw="${!var:?$var is required (see the header of docker-compose.yml)}"
  psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
    -v role="${LUXE_ROLE_PREFIX:-svc_}$s" -v pw="$pw" -v db="${LUXE_DB_PREFIX:-luxe}_$s" <<'SQL'
CREATE ROLE :"role" LOGIN PASSWORD :'pw';
ALTER DATABASE :"db" OWNER TO :"role";
REVOKE ALL ON DATABASE :"db" FROM PUBLIC;
GRANT CONNECT, CREATE, TEMPORARY ON DATABASE :"db" TO :"role";
SQL
  # The public schema of that database belongs to its service's role too.
  psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "${LUXE_DB_PREFIX:-luxe}_$s" -v role="${LUXE_ROLE_PREFIX:-svc_}$s" <<'SQL'
ALTER SCHEMA public OWNER TO :"role";
SQL
done
