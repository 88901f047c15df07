#!/usr/bin/env bash
# Dry runs of .ci/postgres.sh's branches on a machine whose PostgreSQL already works, without
# touching it: privileged commands (apt-get, pg_createcluster, pg_ctlcluster) are printed, not run;
# the cluster list and connection checks are faked per case; pg_hba.conf edits go to a temporary
# copy. Only the "database missing" case is real, on a probe database that is dropped afterwards.
#   bash .ci/postgres-dry-run.sh
set -uo pipefail
cd "$(dirname "$0")/.."

failures=0
check() { # description, then a command that must succeed
  local what=$1
  shift
  if "$@"; then echo "ok   - $what"; else echo "FAIL - $what"; failures=$((failures + 1)); fi
}

as_root() {
  case "$1" in
  apt-get | pg_createcluster | pg_ctlcluster | env) echo "[dry run] would run as root: $*" ;;
  *) "$@" ;;
  esac
}
# shellcheck source=.ci/postgres.sh
source .ci/postgres.sh
real_pg_lsclusters=$(command -v pg_lsclusters)

echo "## 1. this machine as it is: everything answers"
out=$(pg_prepare 2>&1)
echo "$out"
check "reports the working database" grep -q "answers at .* with database test" <<<"$out"

echo "## 2. the database is missing (a real probe database, dropped afterwards)"
probe="ci_probe_$$"
out=$(CI_TEST_DATABASE=$probe bash -c "source .ci/postgres.sh; pg_prepare" 2>&1)
echo "$out"
check "creates the missing database" grep -q "Database $probe is missing: creating it" <<<"$out"
check "the database now exists" pg_connects "$probe"
out=$(CI_TEST_DATABASE=$probe bash -c "source .ci/postgres.sh; pg_ensure_database" 2>&1)
check "a second run finds it" grep -q "Database $probe exists" <<<"$out"
dropdb -w -h 127.0.0.1 -p 5432 -U postgres "$probe"
check "the probe database is gone" bash -c "! PGCONNECT_TIMEOUT=5 psql -w '$(pg_url "$probe")' -c 'select 1' >/dev/null 2>&1"
check "refuses an odd database name" bash -c "source .ci/postgres.sh; ! pg_ensure_database 'x; drop' 2>/dev/null"

echo "## 3. the server is not installed"
out=$(pg_server_versions() { :; }; pg_ensure_installed 2>&1)
echo "$out"
check "installs the postgresql package" grep -q "apt-get install -y --no-install-recommends postgresql" <<<"$out"
out=$(pg_ensure_installed 2>&1)
says_installed_only() { grep -q 'PostgreSQL is installed' <<<"$out" && ! grep -q apt-get <<<"$out"; }
check "installed: says so and installs nothing" says_installed_only

echo "## 4. no cluster at all"
out=$(pg_lsclusters() { :; }; pg_ensure_cluster 2>&1)
echo "$out"
check "creates one on port 5432" grep -qE "would run as root: pg_createcluster --port 5432 [0-9]+ main" <<<"$out"
out=$(pg_lsclusters() { echo "15 other 5433 online postgres /x /y"; }; pg_ensure_cluster 2>&1)
status=$?
echo "$out"
stops_without_creating() { [ "$status" -ne 0 ] && ! grep -q pg_createcluster <<<"$out"; }
check "a cluster on another port only: stops, creates nothing" stops_without_creating

echo "## 5. the cluster is down"
out=$(pg_lsclusters() { echo "15 main 5432 down postgres /x /y"; }; pg_ensure_running 2>&1)
echo "$out"
starts_and_waits() {
  grep -q 'pg_ctlcluster --skip-systemctl-redirect 15 main start' <<<"$out" && grep -q 'accepts connections' <<<"$out"
}
check "starts it and waits until it accepts connections" starts_and_waits

echo "## 6. postgres@127.0.0.1 needs a password (Debian's default pg_hba.conf)"
hba=$(mktemp)
cat >"$hba" <<'HBA'
# Database administrative login by Unix domain socket
local   all             postgres                                peer
local   all             all                                     peer
host    all             all             127.0.0.1/32            scram-sha-256
host    all             all             ::1/128                 scram-sha-256
HBA
state=$(mktemp)
echo 0 >"$state"
# Refused until the (printed) reload has happened.
fake_connects() { [ "$(cat "$state")" = reloaded ]; }
out=$(
  pg_connects() { fake_connects; }
  as_root() {
    case "$1" in
    pg_ctlcluster) echo "[dry run] would run as root: $*"; echo reloaded >"$state" ;;
    *) "$@" ;;
    esac
  }
  CI_PG_HBA_FILE=$hba pg_ensure_trust 2>&1
)
echo "$out"
echo "--- the edited copy:"
cat "$hba"
rule_first_and_reloaded() {
  sed -n 2p "$hba" | grep -qE '^host +all +postgres +127\.0\.0\.1/32 +trust$' && grep -q ' reload$' <<<"$out"
}
check "adds the trust rule first and reloads" rule_first_and_reloaded
check "keeps the file's own rules" grep -q "scram-sha-256" "$hba"
echo 0 >"$state"
out=$(pg_connects() { false; }; CI_PG_HBA_FILE=$hba pg_ensure_trust 2>&1)
status=$?
echo "$out"
added_once() { [ "$status" -ne 0 ] && [ "$(grep -c 'trust$' "$hba")" -eq 1 ]; }
check "does not add it twice; reports instead" added_once
out=$(pg_ensure_trust 2>&1)
check "this machine: nothing to add" grep -q "connects without a password" <<<"$out"
rm -f "$hba" "$state"

echo "## 7. the real cluster was not touched"
still_online() { "$real_pg_lsclusters" --no-header | grep -qE '5432 +online'; }
check "still online" still_online
check "test still answers" pg_connects test

echo
[ "$failures" -eq 0 ] && echo "all dry runs passed" || echo "$failures dry run(s) failed"
exit "$failures"
