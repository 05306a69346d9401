# A throwaway PostgreSQL cluster for the tests and benchmarks (sourced, not run).
#   start_postgres [server options…]  initdb in a temp folder, start on a free loopback
#                                     port, export YUKON_TEST_POSTGRES_URL
#   stop_postgres                     stop it and remove the folder
# As root the cluster runs as the `postgres` user, and Debian's postgresql is
# installed when missing. The superuser `postgres` connects without a password,
# every other user over TCP with one (the tests meet a refused password so).
# Without PostgreSQL the URL stays unset and the tests that need it are
# skipped, except under CI=true, where that is an error.

_pg_bin() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

_pg_install() {
  if [ -n "$(_pg_bin)" ]; then return 0; fi
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's postgresql for the PostgreSQL tests..."
    apt-get -o DPkg::Lock::Timeout=600 update -qq
    apt-get -o DPkg::Lock::Timeout=600 install -y -qq postgresql >/dev/null
  fi
  [ -n "$(_pg_bin)" ]
}

start_postgres() {
  if [ -n "${YUKON_TEST_POSTGRES_URL:-}" ]; then return 0; fi
  if ! _pg_install; then
    if [ "${CI:-}" = true ]; then
      echo "PostgreSQL is needed for the tests in CI and could not be installed" >&2
      return 1
    fi
    echo "PostgreSQL not found (sudo apt-get install postgresql): its tests are skipped" >&2
    return 0
  fi
  local bin as=()
  bin="$(_pg_bin)"
  _PG_DIR="$(mktemp -d -t yukon-pg.XXXXXX)"
  if [ "$(id -u)" = 0 ]; then
    chown postgres: "$_PG_DIR"
    as=(runuser -u postgres --)
  fi
  _PG_PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  # From the cluster's folder: the postgres user may not enter the checkout's.
  (cd "$_PG_DIR" && "${as[@]}" "$bin/initdb" -D "$_PG_DIR/data" -U postgres -A trust --no-sync \
    -E UTF8 >/dev/null)
  _pg_hba | "${as[@]}" tee "$_PG_DIR/data/pg_hba.conf" >/dev/null
  (cd "$_PG_DIR" && "${as[@]}" "$bin/pg_ctl" -D "$_PG_DIR/data" -l "$_PG_DIR/log" -w -s start -o \
    "-p $_PG_PORT -k $_PG_DIR -c listen_addresses=127.0.0.1 -c max_connections=200 $*")
  _PG_CTL=("${as[@]}" "$bin/pg_ctl" -D "$_PG_DIR/data")
  export YUKON_TEST_POSTGRES_URL="postgresql://postgres@127.0.0.1:$_PG_PORT/postgres"
  echo "PostgreSQL test cluster at 127.0.0.1:$_PG_PORT"
}

_pg_hba() {
  printf '%s\n' \
    'local all all trust' \
    'host all postgres 127.0.0.1/32 trust' \
    'host all postgres ::1/128 trust' \
    'host all all 127.0.0.1/32 scram-sha-256' \
    'host all all ::1/128 scram-sha-256'
}

stop_postgres() {
  if [ -n "${_PG_DIR:-}" ]; then
    (cd "$_PG_DIR" && "${_PG_CTL[@]}" -s -m immediate stop) || true
    rm -rf "$_PG_DIR"
    _PG_DIR=""
  fi
}
