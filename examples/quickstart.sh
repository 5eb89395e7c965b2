#!/usr/bin/env bash
# flink-log quickstart: generates a sample of mixed-producer logs (flink-log-gen), loads it with
# 'format'='log-json' into an Iceberg table on local disk (Hadoop catalog, partitioned by UTC dt/hr,
# zstd Parquet), then runs the analytics of examples/queries/flink/ in batch mode and prints them as
# tables. Everything runs in one Flink SQL client (examples/sql-client.sh). See examples/README.md.
set -euo pipefail

EXAMPLES_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
ROOT_DIR="$(dirname "$EXAMPLES_DIR")"
readonly EXAMPLES_DIR ROOT_DIR

# The sample: fixed seed, start and span, so every machine gets the same records and results.
readonly RECORDS="${QUICKSTART_RECORDS:-120000}"
readonly SEED="${QUICKSTART_SEED:-42}"
# file: the CLI writes the sample, the filesystem connector reads it; log-gen: the same records come
# from 'connector' = 'log-gen' inside the load job (docs/log-gen.md), no file.
readonly SOURCE="${QUICKSTART_SOURCE:-file}"
readonly START=2026-09-01T00:00:00Z
readonly DAYS=14
# The fixed load time of the file (ingest_time): the last second of the sample's last day (UTC),
# START + DAYS - 1 s; as epoch milliseconds for TO_TIMESTAMP_LTZ, which reads it in no time zone.
readonly INGEST_TIME=2026-09-14T23:59:59Z
readonly INGEST_EPOCH_MS=1789430399000

case ${1:-} in
  -h | --help)
    cat <<'EOF'
Usage: examples/quickstart.sh

1. builds the project (first run only; through sql-client.sh --build-only),
2. generates 120,000 log records of many producers over 14 days (flink-log-gen, fixed seed),
3. loads them with 'format'='log-json' into the Iceberg table logs.events (Hadoop catalog on local
   disk, partitioned by UTC dt/hr, zstd Parquet) - or reuses the table when it already holds this
   sample -,
4. runs every query of examples/queries/flink/ in batch mode and prints the results as tables.

Environment:
  QUICKSTART_DIR      work folder for the sample and the warehouse (default examples/.quickstart)
  QUICKSTART_FRESH=1  drop the warehouse and load again even when it holds this sample
  QUICKSTART_RECORDS  records to generate (default 120000); QUICKSTART_SEED (default 42)
  QUICKSTART_SOURCE   file (default: the generator CLI writes the sample, the load reads the file)
                      or log-gen (the load job reads the same records from 'connector' = 'log-gen')
and those of sql-client.sh (see sql-client.sh --help), e.g. FLINK_LOG_NO_BUILD=1.
EOF
    exit 0 ;;
  "") ;;
  *) echo "quickstart.sh: no arguments expected (see --help)" >&2; exit 2 ;;
esac

[[ $RECORDS =~ ^[1-9][0-9]*$ ]] || { echo "quickstart.sh: QUICKSTART_RECORDS must be a positive integer, not '$RECORDS'" >&2; exit 2; }
[[ $SEED =~ ^-?[0-9]+$ ]] || { echo "quickstart.sh: QUICKSTART_SEED must be an integer, not '$SEED'" >&2; exit 2; }
[[ $SOURCE == file || $SOURCE == log-gen ]] || { echo "quickstart.sh: QUICKSTART_SOURCE must be file or log-gen, not '$SOURCE'" >&2; exit 2; }

WORK_DIR="${QUICKSTART_DIR:-$EXAMPLES_DIR/.quickstart}"
mkdir -p "$WORK_DIR"
WORK_DIR="$(cd "$WORK_DIR" && pwd -P)"
readonly WORK_DIR
readonly WAREHOUSE="$WORK_DIR/warehouse"
readonly SAMPLE_KEY="records=$RECORDS seed=$SEED start=$START days=$DAYS"
# What a loaded table holds: the file's key as before, the source named when it is log-gen.
if [[ $SOURCE == log-gen ]]; then LOAD_KEY="$SAMPLE_KEY source=log-gen"; else LOAD_KEY="$SAMPLE_KEY"; fi
readonly LOAD_KEY
readonly SAMPLE="$WORK_DIR/sample/logs.jsonl"
readonly SAMPLE_STAMP="$WORK_DIR/sample/PARAMETERS"
# Written after a successful load; names the sample the table holds.
readonly LOADED_STAMP="$WAREHOUSE/LOADED"

now_ms() { echo $(($(date +%s%N) / 1000000)); }
seconds_since() { # seconds_since START_MS -> "12.345"
  local d=$(($(now_ms) - $1))
  printf '%d.%03d' $((d / 1000)) $((d % 1000))
}

t_start=$(now_ms)
echo "==> flink-log quickstart ($EXAMPLES_DIR)"
echo "    work folder: $WORK_DIR"

echo "==> [1/4] class path and generator (built only when missing or stale)"
t=$(now_ms)
"$EXAMPLES_DIR/sql-client.sh" --build-only
# sql-client.sh's build (-pl examples -am) packages flink-log-gen too; its staleness rule does not
# look at flink-log-gen's sources, so they are checked here.
gen_jar=""
for f in "$ROOT_DIR"/flink-log-gen/target/flink-log-gen-*.jar; do
  if [[ -f $f && $f != *-tests.jar && $f != *-sources.jar ]]; then gen_jar=$f; fi
done
gen_stale=""
if [[ -z $gen_jar ]]; then
  gen_stale="no flink-log-gen jar"
elif [[ -n $(find "$ROOT_DIR/flink-log-gen/src/main" "$ROOT_DIR/flink-log-gen/pom.xml" -newer "$gen_jar" -print -quit) ]]; then
  gen_stale="flink-log-gen changed since its jar was built"
fi
if [[ -n $gen_stale ]]; then
  if [[ ${FLINK_LOG_NO_BUILD:-} == 1 ]]; then
    if [[ -z $gen_jar ]]; then
      echo "quickstart.sh: $gen_stale and FLINK_LOG_NO_BUILD=1: run 'mvn -B package -pl examples -am -DskipTests' first" >&2
      exit 3
    fi
    echo "    $gen_stale; FLINK_LOG_NO_BUILD=1, using it as it is"
  else
    mvn_extra=()
    if [[ -n ${FLINK_LOG_MVN_ARGS:-} ]]; then read -r -a mvn_extra <<<"$FLINK_LOG_MVN_ARGS"; fi
    echo "    $gen_stale: mvn -B -q package -pl flink-log-gen -DskipTests ${mvn_extra[*]}"
    # (Maven 3.8 -q still writes colour resets; they are dropped, as sql-client.sh does)
    (cd "$ROOT_DIR" && mvn -B -q -Dstyle.color=never package -pl flink-log-gen -DskipTests "${mvn_extra[@]}" 2>&1 |
      sed -e $'s/\e\\[0m//g') ||
      { echo "quickstart.sh: building flink-log-gen failed" >&2; exit 3; }
    gen_jar=""
    for f in "$ROOT_DIR"/flink-log-gen/target/flink-log-gen-*.jar; do
      if [[ -f $f && $f != *-tests.jar && $f != *-sources.jar ]]; then gen_jar=$f; fi
    done
    [[ -n $gen_jar ]] || { echo "quickstart.sh: no flink-log-gen jar after the build" >&2; exit 3; }
  fi
fi
echo "    ready in $(seconds_since "$t") s"

echo "==> [2/4] sample: $SAMPLE_KEY"
t=$(now_ms)
if [[ $SOURCE == log-gen ]]; then
  echo "    no file: the load reads these records from 'connector' = 'log-gen' (QUICKSTART_SOURCE=log-gen)"
elif [[ -f $SAMPLE && -f $SAMPLE_STAMP && $(cat "$SAMPLE_STAMP") == "$SAMPLE_KEY" && ! $gen_jar -nt $SAMPLE ]]; then
  echo "    reusing $SAMPLE (same parameters)"
else
  mkdir -p "$WORK_DIR/sample"
  # a new sample (another generator build may write other records) invalidates a loaded table
  rm -f "$SAMPLE_STAMP" "$LOADED_STAMP"
  "${JAVA_HOME:+$JAVA_HOME/bin/}java" -cp "$gen_jar" dev.flinklog.gen.GenerateLogs \
    --records "$RECORDS" --seed "$SEED" --start "$START" --days "$DAYS" \
    --out "$SAMPLE" --truth "$WORK_DIR/sample/truth.tsv" 2>&1 | sed 's/^/    /'
  printf '%s' "$SAMPLE_KEY" >"$SAMPLE_STAMP"
fi
if [[ $SOURCE == file ]]; then
  echo "    $(wc -l <"$SAMPLE") records, $(($(wc -c <"$SAMPLE") / 1048576)) MiB, in $(seconds_since "$t") s"
fi

# Start clean or reuse: the table is reused only when a previous run loaded this very sample into
# it completely (the stamp is written after the load succeeded); anything else - a different
# sample, an interrupted load, QUICKSTART_FRESH=1 - drops the warehouse and loads again.
load=1
if [[ ${QUICKSTART_FRESH:-} != 1 && -f $LOADED_STAMP && $(cat "$LOADED_STAMP") == "$LOAD_KEY" ]]; then
  load=0
  echo "==> [3/4] reusing the Iceberg table logs.events in $WAREHOUSE: it already holds this sample (QUICKSTART_FRESH=1 reloads)"
else
  if [[ -e $WAREHOUSE ]]; then
    echo "==> [3/4] starting clean: removing the previous warehouse $WAREHOUSE"
    rm -rf -- "$WAREHOUSE"
  else
    echo "==> [3/4] starting clean: new warehouse $WAREHOUSE"
  fi
fi
mkdir -p "$WAREHOUSE"

# One client session: the load (when needed), a summary of the table, then every analytics query
# in file-name order.
script="$WORK_DIR/quickstart-run.sql"
{
  if ((load)); then
    if [[ $SOURCE == log-gen ]]; then cat "$EXAMPLES_DIR/quickstart/load-log-gen.sql"; else cat "$EXAMPLES_DIR/quickstart/load.sql"; fi
    printf '\n'
  fi
  cat "$EXAMPLES_DIR/quickstart/summary.sql"
  printf '\n'
  for q in "$EXAMPLES_DIR"/queries/flink/*.sql; do
    cat "$q"
    printf '\n'
  done
} >"$script"

if ((load)); then
  echo "    loading the sample into logs.events, then the queries (examples/queries/flink/)"
else
  echo "    the queries (examples/queries/flink/)"
fi
t=$(now_ms)
status=0
QUICKSTART_WAREHOUSE="$WAREHOUSE" QUICKSTART_SAMPLE="$SAMPLE" QUICKSTART_INGEST_EPOCH_MS="$INGEST_EPOCH_MS" \
  QUICKSTART_RECORDS="$RECORDS" QUICKSTART_SEED="$SEED" QUICKSTART_START="$START" QUICKSTART_DAYS="$DAYS" \
  "$EXAMPLES_DIR/sql-client.sh" -i "$EXAMPLES_DIR/quickstart/init.sql" -f "$script" || status=$?
if ((status != 0)); then
  echo "==> quickstart FAILED (exit $status) after $(seconds_since "$t_start") s" >&2
  exit "$status"
fi
if ((load)); then
  printf '%s' "$LOAD_KEY" >"$LOADED_STAMP"
fi
echo "    SQL client took $(seconds_since "$t") s"
echo "==> [4/4] the table: Iceberg Hadoop catalog, warehouse $WAREHOUSE (table folder logs/events),"
echo "    ingest_time of every row = $INGEST_TIME (one file, one load)"
echo "==> quickstart done in $(seconds_since "$t_start") s"
