#!/usr/bin/env bash
# Sourced by .ci/run: a throwaway PostgreSQL server for the hub's test suite (the `hub-postgres` vitest
# project). It listens on a Unix socket in a temporary folder only (no TCP port to collide with or expose),
# runs as the `postgres` user (the server refuses root), and is stopped by its pid.

HUB_PG_DIR=""
HUB_PG_PID=""

# The server refuses to run as root; as any other user (a developer trying this script) it runs as that user.
hub_pg_as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start_test_postgres() {
  if ! compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
    echo "Installing Debian's PostgreSQL for the hub's tests…"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq postgresql >/dev/null
  fi
  local bin
  bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
  HUB_PG_DIR="$(mktemp -d /tmp/hub-postgres-XXXXXX)"
  if [ "$(id -u)" = 0 ]; then chown postgres "$HUB_PG_DIR"; fi
  hub_pg_as_owner "$bin/initdb" -D "$HUB_PG_DIR/data" -U postgres -A trust -E UTF8 >"$HUB_PG_DIR/initdb.log"
  # Durability is worthless for a database dropped after the run: fsync off keeps the tests fast. The bench
  # measures a server as a practice runs it, durable: it sets HUB_PG_DURABLE=1.
  local settings="-c listen_addresses='' -k $HUB_PG_DIR"
  if [ "${HUB_PG_DURABLE:-}" != 1 ]; then settings="$settings -c fsync=off -c synchronous_commit=off -c full_page_writes=off"; fi
  hub_pg_as_owner "$bin/pg_ctl" -D "$HUB_PG_DIR/data" -l "$HUB_PG_DIR/server.log" -w -s -o "$settings" start
  HUB_PG_PID="$(head -n 1 "$HUB_PG_DIR/data/postmaster.pid")"
  export HUB_TEST_DATABASE_URL="postgres://postgres@/postgres?host=$HUB_PG_DIR"
  echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') for the hub's tests: pid $HUB_PG_PID, socket in $HUB_PG_DIR"
}

# Safe to call at any point (trap on EXIT): stops only the server this script started, by its pid.
stop_test_postgres() {
  if [ -n "$HUB_PG_PID" ] && kill -0 "$HUB_PG_PID" 2>/dev/null; then
    # SIGINT is PostgreSQL's fast shutdown: clients are disconnected, nothing waits on them.
    kill -INT "$HUB_PG_PID"
    for _ in $(seq 1 100); do
      kill -0 "$HUB_PG_PID" 2>/dev/null || break
      sleep 0.1
    done
    if kill -0 "$HUB_PG_PID" 2>/dev/null; then kill -QUIT "$HUB_PG_PID" || true; fi
  fi
  HUB_PG_PID=""
  if [ -n "$HUB_PG_DIR" ]; then rm -rf "$HUB_PG_DIR"; fi
  HUB_PG_DIR=""
}
