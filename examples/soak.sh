#!/usr/bin/env bash
# flink-log soak: the quickstart pipeline (generated logs -> 'format'='log-json' -> Iceberg
# logs.events, examples/quickstart/load.sql) as ONE streaming job with checkpoints over many
# records, in the SQL client's MiniCluster (examples/sql-client.sh). While it runs, every
# SOAK_SAMPLE_SECONDS it forces a full GC in the client JVM and records the heap used after it
# (jcmd GC.run + GC.heap_info) and the size of each retained checkpoint. It prints records/s, the
# heap after GC at the start and the end of the job, and the checkpoint sizes.
set -euo pipefail

EXAMPLES_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
ROOT_DIR="$(dirname "$EXAMPLES_DIR")"
readonly EXAMPLES_DIR ROOT_DIR

case ${1:-} in
  -h | --help)
    cat <<'USAGE'
Usage: examples/soak.sh

Environment:
  SOAK_RECORDS              records to generate and load (default 10000000; ~4 GiB of JSON lines)
  SOAK_SOURCE               file (default: the generator CLI writes a file, read with the filesystem
                            connector) or log-gen (the same records made inside the job by
                            'connector'='log-gen', examples/quickstart/load-log-gen.sql; no file)
  SOAK_DIR                  work folder (default examples/.soak); its warehouse is dropped first
  SOAK_CHECKPOINT_INTERVAL  Flink duration (default 10s)
  SOAK_SAMPLE_SECONDS       seconds between heap/checkpoint samples (default 30)
  SOAK_HEAP                 client JVM heap (default 2g)
and those of sql-client.sh (SQL_CLIENT_TIMEOUT defaults to 6 h here).
Output: SOAK_DIR/samples.tsv (elapsed s, heap used after GC in KiB, checkpoints and their sizes)
and a summary on stdout.
USAGE
    exit 0 ;;
  "") ;;
  *) echo "soak.sh: no arguments expected (see --help)" >&2; exit 2 ;;
esac

readonly RECORDS="${SOAK_RECORDS:-10000000}"
readonly INTERVAL="${SOAK_CHECKPOINT_INTERVAL:-10s}"
readonly SOURCE="${SOAK_SOURCE:-file}"
case $SOURCE in
  file | log-gen) ;;
  *) echo "soak.sh: SOAK_SOURCE must be file or log-gen, not '$SOURCE'" >&2; exit 2 ;;
esac
readonly SAMPLE_S="${SOAK_SAMPLE_SECONDS:-30}"
readonly HEAP="${SOAK_HEAP:-2g}"
[[ $RECORDS =~ ^[1-9][0-9]*$ ]] || { echo "soak.sh: SOAK_RECORDS must be a positive integer, not '$RECORDS'" >&2; exit 2; }
[[ $SAMPLE_S =~ ^[1-9][0-9]*$ ]] || { echo "soak.sh: SOAK_SAMPLE_SECONDS must be a positive integer, not '$SAMPLE_S'" >&2; exit 2; }
command -v jcmd >/dev/null || { echo "soak.sh: jcmd (JDK) is needed for the heap samples" >&2; exit 3; }

WORK_DIR="${SOAK_DIR:-$EXAMPLES_DIR/.soak}"
mkdir -p "$WORK_DIR"
WORK_DIR="$(cd "$WORK_DIR" && pwd -P)"
readonly WORK_DIR
readonly SAMPLE="$WORK_DIR/logs.jsonl"
readonly WAREHOUSE="$WORK_DIR/warehouse"
readonly CHECKPOINTS="$WORK_DIR/checkpoints"
readonly SAMPLES="$WORK_DIR/samples.tsv"

echo "==> flink-log soak: $RECORDS records from the $SOURCE source, checkpoints every $INTERVAL, work folder $WORK_DIR"
"$EXAMPLES_DIR/sql-client.sh" --build-only
if [[ $SOURCE == file ]]; then
  gen_jar=""
  for f in "$ROOT_DIR"/flink-log-gen/target/flink-log-gen-*.jar; do
    if [[ -f $f && $f != *-tests.jar && $f != *-sources.jar ]]; then gen_jar=$f; fi
  done
  if [[ -z $gen_jar ]]; then
    (cd "$ROOT_DIR" && mvn -B -q -Dstyle.color=never package -pl flink-log-gen -DskipTests)
    gen_jar=$(ls "$ROOT_DIR"/flink-log-gen/target/flink-log-gen-*.jar | grep -v -e -tests -e -sources | head -1)
  fi

  key="records=$RECORDS"
  if [[ -f $SAMPLE && -f $SAMPLE.key && $(cat "$SAMPLE.key") == "$key" ]]; then
    echo "==> reusing $SAMPLE"
  else
    echo "==> generating $SAMPLE"
    rm -f "$SAMPLE.key"
    # the quickstart's sample parameters, only longer (later records continue at the same pace)
    "${JAVA_HOME:+$JAVA_HOME/bin/}java" -cp "$gen_jar" dev.flinklog.gen.GenerateLogs --records "$RECORDS" \
      --seed 42 --start 2026-09-01T00:00:00Z --days 14 --out "$SAMPLE" | sed 's/^/    /'
    printf '%s' "$key" >"$SAMPLE.key"
  fi
fi
rm -rf -- "$WAREHOUSE" "$CHECKPOINTS"
mkdir -p "$WAREHOUSE" "$CHECKPOINTS"

script="$WORK_DIR/soak-run.sql"
load_sql="$EXAMPLES_DIR/quickstart/load.sql"
[[ $SOURCE == log-gen ]] && load_sql="$EXAMPLES_DIR/quickstart/load-log-gen.sql"
cat "$EXAMPLES_DIR/soak/settings.sql" "$load_sql" >"$script"

client_pid=""
cleanup() {
  if [[ -n $client_pid ]] && kill -0 "$client_pid" 2>/dev/null; then kill -TERM "$client_pid" 2>/dev/null || true; fi
}
trap cleanup EXIT INT TERM

t0=$(date +%s%N)
SOAK_CHECKPOINT_INTERVAL="$INTERVAL" SOAK_CHECKPOINTS="$CHECKPOINTS" \
  QUICKSTART_WAREHOUSE="$WAREHOUSE" QUICKSTART_SAMPLE="$SAMPLE" QUICKSTART_INGEST_EPOCH_MS=1789430399000 \
  QUICKSTART_RECORDS="$RECORDS" QUICKSTART_SEED=42 QUICKSTART_START=2026-09-01T00:00:00Z QUICKSTART_DAYS=14 \
  SQL_CLIENT_TIMEOUT="${SQL_CLIENT_TIMEOUT:-21600}" \
  SQL_CLIENT_JAVA_OPTS="-Xmx$HEAP -XX:TieredStopAtLevel=4 ${SQL_CLIENT_JAVA_OPTS:-}" \
  "$EXAMPLES_DIR/sql-client.sh" -i "$EXAMPLES_DIR/quickstart/init.sql" -f "$script" >"$WORK_DIR/client.log" 2>&1 &
client_pid=$!

# The client JVM: the java process below our sql-client.sh (sql-client.sh -> timeout -> java)
# that runs the SqlClient; sql-client.sh may first run Maven (a stale class path), also a java.
descendants() { # descendants PID -> all PIDs below it
  local c
  for c in $(ps -o pid= --ppid "$1" 2>/dev/null); do echo "$c"; descendants "$c"; done
}
find_client_jvm() {
  local p
  for p in $(descendants "$client_pid"); do
    # comm first: `timeout`'s own command line names SqlClient too, and jcmd signals what it attaches to
    if [[ $(ps -o comm= -p "$p" 2>/dev/null) == java ]] &&
      ps -o args= -p "$p" 2>/dev/null | grep -q 'org.apache.flink.table.client.SqlClient'; then
      echo "$p"
      return
    fi
  done
}
jvm=""
for _ in $(seq 1 1800); do
  jvm=$(find_client_jvm)
  [[ -n $jvm ]] && break
  kill -0 "$client_pid" 2>/dev/null || break
  sleep 1
done
[[ -n $jvm ]] || { echo "soak.sh: the SQL client JVM did not start; see $WORK_DIR/client.log" >&2; exit 1; }

printf 'elapsed_s\theap_used_after_gc_kib\tcheckpoints\n' >"$SAMPLES"
while kill -0 "$client_pid" 2>/dev/null; do
  sleep "$SAMPLE_S"
  kill -0 "$client_pid" 2>/dev/null || break
  elapsed=$((($(date +%s%N) - t0) / 1000000000))
  used=""
  if jcmd "$jvm" GC.run >/dev/null 2>&1; then
    # The Java heap's "used NK" figures: both generations (Serial, Parallel) or the one G1 heap
    # line; eden/survivor lines say "N% used [" and Metaspace is not heap.
    used=$(jcmd "$jvm" GC.heap_info 2>/dev/null | awk '!/Metaspace|class space/ {
        for (i = 1; i < NF; i++) if ($i == "used" && $(i+1) ~ /^[0-9]+K/) {v = $(i+1); sub(/K.*/, "", v); s += v}
      } END {if (s) print s}')
  fi
  cps=$(find "$CHECKPOINTS" -mindepth 2 -maxdepth 2 -name 'chk-*' -type d 2>/dev/null | sort -t- -k2 -n |
    while read -r d; do printf '%s=%s ' "$(basename "$d")" "$(du -sb "$d" | cut -f1)"; done)
  printf '%s\t%s\t%s\n' "$elapsed" "${used:-?}" "$cps" | tee -a "$SAMPLES"
done
set +e
wait "$client_pid"
rc=$?
set -e
client_pid=""
elapsed_ms=$((($(date +%s%N) - t0) / 1000000))
if ((rc != 0)); then
  echo "==> soak FAILED (sql-client.sh exit $rc); see $WORK_DIR/client.log" >&2
  exit "$rc"
fi

# The job's own figures from the client's Flink log: its RUNNING -> FINISHED times and the state
# size of every completed checkpoint as the CheckpointCoordinator reports it.
run_dir=$(sed -n 's/.*run folder \(.*\))$/\1/p' "$WORK_DIR/client.log" | tail -1)
flink_log="$run_dir/flink.log"
job_s=""
cp_summary="?"
if [[ -f $flink_log ]]; then
  to_ms() { awk -F'[:,]' '{print (($1 * 60 + $2) * 60 + $3) * 1000 + $4}' <<<"$1"; }
  started=$(grep -a -m1 'switched from state CREATED to RUNNING' "$flink_log" | awk '{print $1}')
  finished=$(grep -a 'switched from state RUNNING to FINISHED' "$flink_log" | tail -1 | awk '{print $1}')
  if [[ -n $started && -n $finished ]]; then
    d=$(($(to_ms "$finished") - $(to_ms "$started")))
    ((d < 0)) && d=$((d + 86400000))
    job_s="$((d / 1000)).$(printf '%03d' $((d % 1000)))"
  fi
  cp_summary=$(grep -a -o 'Completed checkpoint [0-9]* for job [0-9a-f]* ([0-9]* bytes' "$flink_log" |
    awk '{gsub(/\(/, "", $7); n++; b = $7 + 0; if (min == "" || b < min) min = b; if (b > max) max = b; last = b}
         END {if (n) printf "%d checkpoints, state %d-%d bytes, last %d bytes", n, min, max, last}')
fi

rows=$(find "$WAREHOUSE" -name '*.metadata.json' | sort -V | tail -1 | xargs grep -o '"total-records" *: *"[0-9]*"' | tail -1 | grep -o '[0-9][0-9]*' || true)
echo "==> soak done: $RECORDS records in $((elapsed_ms / 1000)).$(printf '%03d' $((elapsed_ms % 1000))) s (whole client run, start-up included)"
echo "    records/s: $((RECORDS * 1000 / elapsed_ms)) over the whole run"
if [[ -n $job_s ]]; then
  echo "    job RUNNING -> FINISHED: $job_s s, $(awk -v r="$RECORDS" -v s="$job_s" 'BEGIN {printf "%d", r / s}') records/s"
fi
echo "    checkpoints (Flink's reported state size): $cp_summary"
echo "    rows in logs.events (Iceberg snapshot summary): ${rows:-?}"
echo "    heap used after GC, first sample: $(awk -F'\t' 'NR == 2 {print $2 " KiB at " $1 " s"}' "$SAMPLES")"
echo "    heap used after GC, last sample:  $(awk -F'\t' 'NR > 1 {l = $2 " KiB at " $1 " s"} END {print l}' "$SAMPLES")"
echo "    last retained checkpoint folders on disk (bytes): $(awk -F'\t' 'NR > 1 && $3 != "" {l = $3} END {print l}' "$SAMPLES")"
echo "    samples: $SAMPLES"
