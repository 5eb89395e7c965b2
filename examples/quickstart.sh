#!/usr/bin/env bash
# flink-log quickstart: runs examples/quickstart/quickstart.sql through Flink's SQL client on the
# shipped sample (examples/quickstart/sample-logs.jsonl), read with 'format'='log-json', and prints
# four small tables: levels per service, the most frequent error templates, error classes, and the
# functions on a few literal values. Builds what it needs on first use
# (through sql-client.sh's rule). See examples/README.md.
set -euo pipefail

EXAMPLES_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
readonly EXAMPLES_DIR

case ${1:-} in
  -h | --help)
    cat <<'EOF'
Usage: examples/quickstart.sh

Runs examples/quickstart/quickstart.sql on examples/quickstart/sample-logs.jsonl with
examples/sql-client.sh (Flink 2.1 SQL client, local MiniCluster, LOAD MODULE logs).
The first run builds the class path with Maven (minutes when ~/.m2 is cold); later runs take
seconds. Same environment variables as sql-client.sh (see sql-client.sh --help).
EOF
    exit 0 ;;
  "") ;;
  *) echo "quickstart.sh: no arguments expected (see --help)" >&2; exit 2 ;;
esac

now_ms() { echo $(($(date +%s%N) / 1000000)); }
seconds_since() { # seconds_since START_MS -> "12.345"
  local d=$(($(now_ms) - $1))
  printf '%d.%03d' $((d / 1000)) $((d % 1000))
}

t_start=$(now_ms)
echo "==> flink-log quickstart ($EXAMPLES_DIR)"

echo "==> [1/2] class path (built only when missing or older than the sources)"
t=$(now_ms)
"$EXAMPLES_DIR/sql-client.sh" --build-only
echo "    ready in $(seconds_since "$t") s"

echo "==> [2/2] quickstart.sql on quickstart/sample-logs.jsonl ($(wc -l <"$EXAMPLES_DIR/quickstart/sample-logs.jsonl") lines)"
t=$(now_ms)
status=0
"$EXAMPLES_DIR/sql-client.sh" -f "$EXAMPLES_DIR/quickstart/quickstart.sql" || status=$?
if ((status != 0)); then
  echo "==> quickstart FAILED (exit $status) after $(seconds_since "$t_start") s" >&2
  exit "$status"
fi
echo "    queries took $(seconds_since "$t") s"
echo "==> quickstart done in $(seconds_since "$t_start") s"
