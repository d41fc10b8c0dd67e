#!/usr/bin/env bash
# Every test, as `make test` runs it: two pytest processes side by side. The integration tests run
# in one (in file order, as they always did: they share one database, the local server's ports and
# the audit chains of fixed agents); every other test (unit and red-team: no I/O, no Neo4j) runs in
# the second. On a slow 2-core VM the two halves took 17 and 15 minutes one after the other
# (2026-12-02), and the integration half spends much of its time waiting for Neo4j and for the
# processes it starts, so together they take little more than the longer one.
#
# Usage: tests/run.sh PYTHON [pytest args...]   TEST_SPLIT=0 runs everything in one process.
# The second process's output is kept in a file (its path is printed first) and shown at the end;
# the exit status is non-zero when either process failed.
set -u
py=$1
shift
if [ "${TEST_SPLIT:-1}" = "0" ]; then
  exec "$py" -m pytest -p no:cacheprovider "$@"
fi
log=$(mktemp "${TMPDIR:-/tmp}/a4s-unit-tests.XXXXXX.log")
"$py" -m pytest -p no:cacheprovider --ignore=tests/integration "$@" >"$log" 2>&1 &
rest=$!
trap 'kill "$rest" 2>/dev/null' INT TERM
echo "== unit and red-team tests run beside the integration tests; their output: $log"
"$py" -m pytest -p no:cacheprovider tests/integration "$@"
integration_rc=$?
wait "$rest"
rest_rc=$?
trap - INT TERM
echo "== unit and red-team tests (ran beside the integration tests; exit status $rest_rc)"
cat "$log"
rm -f "$log"
[ "$integration_rc" = 0 ] && [ "$rest_rc" = 0 ]
