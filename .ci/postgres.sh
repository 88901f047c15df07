# PostgreSQL for the API tests on a Debian machine, sourced by .ci/run (bash). The tests connect to
# postgres://postgres@127.0.0.1:5432/<database> without a password. pg_prepare makes that work from
# whatever the machine has, one step at a time, each saying what it found and what it did:
#   1. the server and its tools (the `postgresql` package), installed with apt-get when missing;
#   2. a cluster on port 5432, created with pg_createcluster when the machine has none;
#   3. the cluster running, started with pg_ctlcluster when it is down;
#   4. postgres@127.0.0.1 trusted: Debian's default pg_hba.conf asks TCP clients for a password
#      (scram-sha-256), so a CI machine gets one `trust` rule for that user and address only;
#   5. the database, created with createdb when it is missing.
# Nothing is stopped, dropped or rewritten: a machine that already answers is left as it is.
#
# Knobs (for dry runs of single branches; CI sets none of them):
#   CI_TEST_DATABASE  the database to ensure (default: test)
#   CI_PG_HBA_FILE    the pg_hba.conf to edit (default: the cluster's, under /etc/postgresql)

pg_port=5432
pg_test_database=${CI_TEST_DATABASE:-test}

if ! declare -F as_root >/dev/null; then
  as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
  }
fi

pg_url() {
  printf 'postgres://postgres@127.0.0.1:%s/%s' "$pg_port" "${1:-$pg_test_database}"
}

# True when postgres@127.0.0.1 can open the database without a password (never prompts).
pg_connects() {
  PGCONNECT_TIMEOUT=5 psql -w "$(pg_url "$1")" -tAc 'select 1' >/dev/null 2>&1
}

# The installed server versions, newest last (Debian keeps each under /usr/lib/postgresql/<v>).
pg_server_versions() {
  local bin
  for bin in /usr/lib/postgresql/*/bin/postgres; do
    [ -x "$bin" ] && basename "$(dirname "$(dirname "$bin")")"
  done | sort -V
}

pg_ensure_installed() {
  local missing=() tool
  for tool in pg_ctlcluster pg_createcluster pg_lsclusters psql createdb pg_isready; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
  done
  [ -n "$(pg_server_versions)" ] || missing+=("the server (/usr/lib/postgresql/*/bin/postgres)")
  if [ ${#missing[@]} -eq 0 ]; then
    echo "PostgreSQL is installed: server $(pg_server_versions | tr '\n' ' ')"
    return 0
  fi
  echo "PostgreSQL is not installed (missing: ${missing[*]}): installing the postgresql package"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql
  echo "Installed: server $(pg_server_versions | tr '\n' ' ')"
}

# "version name port status" of the cluster on port 5432, if there is one.
pg_cluster_on_port() {
  pg_lsclusters --no-header 2>/dev/null | awk -v port="$pg_port" '$3 == port { print $1, $2, $3, $4; exit }'
}

pg_ensure_cluster() {
  local found
  found=$(pg_cluster_on_port)
  if [ -n "$found" ]; then
    echo "Cluster on port $pg_port: $found"
    return 0
  fi
  local others
  others=$(pg_lsclusters --no-header 2>/dev/null || true)
  if [ -n "$others" ]; then
    # Somebody's clusters on other ports: not ours to move or replace.
    echo "No cluster listens on port $pg_port, but others exist; leaving them alone:" >&2
    echo "$others" >&2
    return 1
  fi
  local version
  version=$(pg_server_versions | tail -n 1)
  echo "No PostgreSQL cluster on this machine: creating $version/main on port $pg_port"
  as_root pg_createcluster --port "$pg_port" "$version" main
  echo "Created: $(pg_cluster_on_port)"
}

pg_ensure_running() {
  local version name port status
  read -r version name port status <<<"$(pg_cluster_on_port)"
  if [[ "$status" == online* ]]; then
    echo "Cluster $version/$name is running"
    return 0
  fi
  echo "Cluster $version/$name is $status: starting it"
  as_root pg_ctlcluster --skip-systemctl-redirect "$version" "$name" start || true
  local waited
  for waited in $(seq 1 30); do
    if pg_isready -q -h 127.0.0.1 -p "$pg_port"; then
      echo "Cluster $version/$name accepts connections (after ${waited}s)"
      return 0
    fi
    sleep 1
  done
  echo "Cluster $version/$name did not start; see /var/log/postgresql/postgresql-$version-$name.log" >&2
  return 1
}

pg_ensure_trust() {
  if pg_connects postgres; then
    echo "postgres@127.0.0.1 connects without a password"
    return 0
  fi
  local version name port status
  read -r version name port status <<<"$(pg_cluster_on_port)"
  local hba=${CI_PG_HBA_FILE:-/etc/postgresql/$version/$name/pg_hba.conf}
  local rule="host    all             postgres        127.0.0.1/32            trust"
  if as_root grep -qE '^[[:space:]]*host[[:space:]]+all[[:space:]]+postgres[[:space:]]+127\.0\.0\.1/32[[:space:]]+trust' "$hba"; then
    echo "postgres@127.0.0.1 cannot connect, although $hba already trusts it" >&2
    return 1
  fi
  echo "postgres@127.0.0.1 needs a password (pg_hba.conf asks TCP clients for one):" \
    "adding '$rule' at the top of $hba"
  # The first matching line wins, so the rule goes before the file's own. The file is rewritten in
  # place (cat >), keeping its owner and mode.
  local edited
  edited=$(mktemp)
  {
    echo "# Added by .ci/run: the API tests connect as postgres over TCP without a password."
    echo "$rule"
    as_root cat "$hba"
  } >"$edited"
  as_root sh -c 'cat "$1" > "$2"' sh "$edited" "$hba"
  rm -f "$edited"
  echo "Reloading cluster $version/$name"
  as_root pg_ctlcluster --skip-systemctl-redirect "$version" "$name" reload
  local attempt
  for attempt in $(seq 1 10); do
    if pg_connects postgres; then
      echo "postgres@127.0.0.1 now connects without a password"
      return 0
    fi
    sleep 1
  done
  echo "postgres@127.0.0.1 still cannot connect after the reload" >&2
  return 1
}

pg_ensure_database() {
  local database=${1:-$pg_test_database}
  if [[ ! "$database" =~ ^[a-z_][a-z0-9_]*$ ]]; then
    echo "Not a database name this script creates: $database" >&2
    return 1
  fi
  local exists
  exists=$(PGCONNECT_TIMEOUT=5 psql -w "$(pg_url postgres)" -tAc \
    "select 1 from pg_database where datname = '$database'")
  if [ "$exists" = 1 ]; then
    echo "Database $database exists"
    return 0
  fi
  echo "Database $database is missing: creating it"
  createdb -w -h 127.0.0.1 -p "$pg_port" -U postgres "$database"
  echo "Created database $database"
}

# Everything above, in order; a machine whose database already answers is only reported on.
pg_prepare() {
  if pg_connects "$pg_test_database"; then
    echo "PostgreSQL answers at $(pg_url) with database $pg_test_database"
    return 0
  fi
  if pg_connects postgres; then
    echo "PostgreSQL answers at 127.0.0.1:$pg_port, without database $pg_test_database"
  else
    echo "PostgreSQL does not answer at 127.0.0.1:$pg_port as postgres: checking the installation"
    pg_ensure_installed
    pg_ensure_cluster
    pg_ensure_running
    pg_ensure_trust
  fi
  pg_ensure_database "$pg_test_database"
}
