#!/usr/bin/env bash
# Runs a command against a throwaway Postgres 15 cluster: initdb in a temp directory, start on a
# free port, export DATABASE_URL, run the command, stop the cluster and remove it.
# The API connects as a user with CREATEDB and CREATEROLE only (plinth_api), as the README
# recommends for production; with PLINTH_PG_API_USER=superuser as the cluster's superuser (plinth),
# which the API warns about. Either way every project database gets a login role of its own and a
# platform role of its own, neither a superuser (see the README, server mode).
# Usage: bash platform-api/scripts/with-postgres.sh <command> [args...]
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: $0 <command> [args...]" >&2; exit 2; }

BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
[ -x "$BIN/initdb" ] || BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$BIN/initdb" ] || { echo "Postgres server binaries not found (install the postgresql package)" >&2; exit 1; }

PORT=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
DIR=$(mktemp -d /tmp/plinth-pg-XXXXXX)
PASSWORD=plinth

# Postgres refuses to run as root: run the cluster as the postgres user then.
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin postgres
  chown postgres "$DIR"
  chmod 700 "$DIR"
fi

PWFILE="$DIR/pw"
echo "$PASSWORD" > "$PWFILE"
[ "$(id -u)" = 0 ] && chown postgres "$PWFILE"
as_pg "$BIN/initdb" -D "$DIR/data" -U plinth --pwfile="$PWFILE" -A scram-sha-256 >"$DIR/initdb.log" 2>&1 || { cat "$DIR/initdb.log" >&2; exit 1; }
stop() {
  as_pg "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap stop EXIT
as_pg "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off" start >/dev/null \
  || { cat "$DIR/server.log" >&2; exit 1; }

export DATABASE_URL="postgres://plinth:$PASSWORD@127.0.0.1:$PORT/postgres"
# By default the API connects as a user that is no superuser (CREATEDB and CREATEROLE, as the
# README recommends); the roles anon, authenticated and service_role (this one with BYPASSRLS,
# which only a superuser may give) are made ahead by the superuser.
if [ "${PLINTH_PG_API_USER:-limited}" != superuser ]; then
  PGPASSWORD=$PASSWORD "$BIN/psql" -q -v ON_ERROR_STOP=1 "$DATABASE_URL" >/dev/null <<SQL
create role plinth_api login createdb createrole password '$PASSWORD';
create database plinth_api owner plinth_api;
create role anon nologin noinherit;
create role authenticated nologin noinherit;
create role service_role nologin noinherit bypassrls;
SQL
  export DATABASE_URL="postgres://plinth_api:$PASSWORD@127.0.0.1:$PORT/plinth_api"
fi
echo "Postgres on 127.0.0.1:$PORT (DATABASE_URL exported)"
set +e
"$@"
rc=$?
set -e
exit $rc
