#!/usr/bin/env bash
# The archive's whole stack on this machine, without Docker: Kafka (KRaft), S3Proxy (S3 API on a
# local folder), the Iceberg REST catalog (Nessie on PostgreSQL, or the Iceberg REST fixture), a
# Flink session cluster (JobManager + TaskManager with flink-log's jar) and Trino, all from Maven
# artifacts and Debian packages, on 127.0.0.1. See docs/examples.md (section stack) and --help.
set -euo pipefail

readonly PROG=stack.sh
EXAMPLES_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
ROOT_DIR="$(dirname "$EXAMPLES_DIR")"
readonly EXAMPLES_DIR ROOT_DIR
readonly STACK_DIR="${FLINK_LOG_STACK_DIR:-$EXAMPLES_DIR/.stack}"
readonly SERVERS="$EXAMPLES_DIR/servers"
readonly LIB_DIR="$EXAMPLES_DIR/target/sql-client-lib"
readonly TRINO_HOME="$SERVERS/trino/target/trino-server"
readonly TRINO_PLUGINS="$SERVERS/trino-iceberg/target/trino-plugin"
readonly STATE="$STACK_DIR/stack.env"
readonly TOPIC=o11y.logs.v1
readonly JOB_NAME=o11y.logs.archive

usage() {
  cat <<'EOF'
Usage: examples/stack.sh up [--catalog nessie|rest]
       examples/stack.sh load N
       examples/stack.sh trino ['SQL']
       examples/stack.sh status
       examples/stack.sh env
       examples/stack.sh down [--wipe]

  up        starts what is not running: Kafka 4.1 (KRaft, topic o11y.logs.v1 with 4 partitions),
            S3Proxy (bucket warehouse), the catalog - Nessie 0.99 with its JDBC2 version store on
            PostgreSQL (default), or the Iceberg REST fixture on sqlite (--catalog rest, chosen at
            the first up) -, a Flink 2.1 session cluster (JobManager + one TaskManager with 2 slots,
            flink-sql-log and the connectors on their class path) and Trino 483 with the catalog
            `iceberg` (examples/kafka-iceberg-rest/trino/catalog/iceberg.properties); prints every
            endpoint. A second up reports what runs. Ports are picked free at the first up and kept.
  load N    N records of the project's log generator into the topic; submits the archive job
            (examples/kafka-iceberg-rest/archive.sql, restored from the savepoint `down` took, if
            any) when it is not running; returns once the records are committed to logs.events
  trino     runs one statement on the stack's Trino (catalog iceberg, schema logs) and prints the
            result as aligned text; without SQL, Trino's interactive CLI
  status    every server (running or not, pid, endpoint), the archive job, the table's rows
  env       the archive's variables for this stack, as `export` lines:
            eval "$(examples/stack.sh env)"; examples/sql-client.sh -f ...
  down      stops the archive job with a savepoint, then every server (nothing is left running);
            the data stays for the next up, unless --wipe

Environment: FLINK_LOG_STACK_DIR (default examples/.stack: data, logs, ports), STACK_CHECKPOINT_INTERVAL
(the archive job's, default 10s), LOAD_TIMEOUT (seconds, default 300), STACK_TRINO_HEAP (default 2g),
JAVA21_HOME / JAVA25_HOME (JDKs for Nessie / Trino; default: the newest under /usr/lib/jvm),
POSTGRES_BIN (PostgreSQL's programs; default the newest /usr/lib/postgresql/*/bin), FLINK_LOG_NO_BUILD=1.

Exit status: 0 done; 1 a server did not come up (its log's tail is printed) or a command failed;
2 usage; 3 missing build or program.
EOF
}

say() { printf '%s: %s\n' "$PROG" "$*" >&2; }
die() { local status=$1; shift; say "$*"; exit "$status"; }

# --- what the stack needs -------------------------------------------------------------------------

java_bin="${JAVA_HOME:+$JAVA_HOME/bin/}java"

# jdk MIN: the java launcher of the newest JDK of feature version MIN or later under /usr/lib/jvm
jdk() {
  local min=$1 home v best="" best_v=0
  for home in /usr/lib/jvm/*/; do
    [[ -x $home/bin/java && -f $home/release ]] || continue
    v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$home/release")
    if [[ -n $v ]] && ((v >= min && v > best_v)); then best=${home%/}/bin/java; best_v=$v; fi
  done
  printf '%s' "$best"
}

java21() { if [[ -n ${JAVA21_HOME:-} ]]; then printf '%s' "$JAVA21_HOME/bin/java"; else jdk 21; fi; }
java25() { if [[ -n ${JAVA25_HOME:-} ]]; then printf '%s' "$JAVA25_HOME/bin/java"; else jdk 25; fi; }

pg_bin() {
  if [[ -n ${POSTGRES_BIN:-} ]]; then printf '%s' "$POSTGRES_BIN"; return; fi
  local d best="" best_v=0 v
  for d in /usr/lib/postgresql/*/bin; do
    [[ -x $d/postgres && -x $d/initdb ]] || continue
    v=$(basename "$(dirname "$d")")
    if [[ $v =~ ^[0-9]+$ ]] && ((v > best_v)); then best=$d; best_v=$v; fi
  done
  printf '%s' "$best"
}

# PostgreSQL refuses to run as root: then its programs run as the Debian package's postgres user.
as_pg=()
if [[ $(id -u) -eq 0 ]]; then as_pg=(setpriv --reuid=postgres --regid=postgres --init-groups --); fi

classpath() { # classpath MODULE: what examples/servers/MODULE resolved
  local f="$SERVERS/$1/target/classpath.txt"
  [[ -s $f ]] || die 3 "no $f: run 'mvn -B package -DskipTests' first"
  cat -- "$f"
}

ensure_built() {
  local missing=() m
  for m in kafka s3proxy iceberg-rest nessie trino; do
    [[ -s $SERVERS/$m/target/classpath.txt ]] || missing+=("examples/servers/$m")
  done
  [[ -d $TRINO_HOME/lib ]] || missing+=("examples/servers/trino")
  [[ -d $TRINO_PLUGINS/iceberg ]] || missing+=("examples/servers/trino-iceberg")
  if ((${#missing[@]})); then
    if [[ ${FLINK_LOG_NO_BUILD:-} == 1 ]]; then
      die 3 "not built: ${missing[*]} (FLINK_LOG_NO_BUILD=1): run 'mvn -B package -DskipTests' first"
    fi
    local list
    list=$(printf '%s\n' "${missing[@]}" | sort -u | paste -sd, -)
    say "building $list (mvn -B -q package -DskipTests; Nessie and Trino are ~760 MB the first time)"
    (cd "$ROOT_DIR" && mvn -B -q -Dstyle.color=never package -DskipTests -pl "$list") >&2 ||
      die 3 "the Maven build failed (see above)"
  fi
  # The Flink class path (and flink-sql-log): sql-client.sh builds or refreshes it.
  "$EXAMPLES_DIR/sql-client.sh" --build-only
}

# --- state: ports, keys, catalog ------------------------------------------------------------------

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Below the kernel's ephemeral range (32768-60999 by default): a port kept in stack.env between
# its pick and the server's start must not be taken meanwhile as the local port of some connection.
pick_port() {
  local p taken=" ${PICKED:-} " low=32768 span
  if [[ -r /proc/sys/net/ipv4/ip_local_port_range ]]; then read -r low _ </proc/sys/net/ipv4/ip_local_port_range; fi
  span=$((low - 10000))
  ((span > 1000)) || span=20000
  while :; do
    p=$((10000 + RANDOM % span))
    if [[ $taken != *" $p "* ]] && port_free "$p"; then PICKED="${PICKED:-} $p"; printf '%s' "$p"; return; fi
  done
}

secret() { od -An -N12 -tx1 /dev/urandom | tr -d ' \n'; }

# Writes stack.env at the first up; later commands read it.
init_state() {
  local catalog=$1
  mkdir -p "$STACK_DIR"
  chmod 700 "$STACK_DIR"
  PICKED=""
  {
    echo "# examples/stack.sh: this stack's ports, keys and catalog (written at the first up)"
    echo "CATALOG=$catalog"
    for name in KAFKA_PORT KAFKA_CONTROLLER_PORT S3_PORT PG_PORT NESSIE_PORT NESSIE_MANAGEMENT_PORT REST_PORT \
      JM_PORT JM_RPC_PORT TRINO_PORT; do
      echo "$name=$(pick_port)"
    done
    echo "S3_KEY=stack"
    echo "S3_SECRET=$(secret)"
    echo "PG_PASSWORD=$(secret)"
  } >"$STATE"
}

load_state() {
  [[ -f $STATE ]] || die 1 "no stack in $STACK_DIR: run 'examples/stack.sh up' first"
  # shellcheck disable=SC1090
  source "$STATE"
  ARCHIVE_ENV=(
    "KAFKA_BOOTSTRAP_SERVERS=127.0.0.1:$KAFKA_PORT"
    "S3_ENDPOINT=http://127.0.0.1:$S3_PORT"
    "S3_ACCESS_KEY_ID=$S3_KEY"
    "S3_SECRET_ACCESS_KEY=$S3_SECRET"
    "S3_REGION=us-east-1"
    "CHECKPOINT_INTERVAL=${STACK_CHECKPOINT_INTERVAL:-10s}"
    "FLINK_JOBMANAGER=127.0.0.1:$JM_PORT"
  )
  if [[ $CATALOG == nessie ]]; then
    ARCHIVE_ENV+=("ICEBERG_REST_URI=http://127.0.0.1:$NESSIE_PORT/iceberg/" "ICEBERG_WAREHOUSE=warehouse")
    # No maintenance inside the job behind Nessie (docs/operations.md, maintenance rule 5).
    ARCHIVE_ENV+=("COMPACTION=${COMPACTION:-false}" "SNAPSHOT_EXPIRY=${SNAPSHOT_EXPIRY:-false}"
      "ORPHAN_REMOVAL=${ORPHAN_REMOVAL:-false}")
  else
    ARCHIVE_ENV+=("ICEBERG_REST_URI=http://127.0.0.1:$REST_PORT" "ICEBERG_WAREHOUSE=s3://warehouse/")
  fi
  SERVER_LIST=(kafka s3proxy)
  if [[ $CATALOG == nessie ]]; then SERVER_LIST+=(postgres nessie); else SERVER_LIST+=(iceberg-rest); fi
  SERVER_LIST+=(jobmanager taskmanager trino)
}

# --- processes ------------------------------------------------------------------------------------

pidfile() { printf '%s' "$STACK_DIR/run/$1.pid"; }
logfile() { printf '%s' "$STACK_DIR/logs/$1.log"; }

# pid NAME: the pid of the server if it runs (its command line names this stack's folder)
pid_of() {
  local f p
  f=$(pidfile "$1")
  [[ -f $f ]] || return 1
  p=$(<"$f")
  [[ -n $p && -r /proc/$p/cmdline ]] || return 1
  local marker=$STACK_DIR
  if [[ $1 == postgres ]]; then marker=$(pg_data); fi
  tr '\0' ' ' <"/proc/$p/cmdline" | grep -qF -- "$marker" || return 1
  printf '%s' "$p"
}

running() { pid_of "$1" >/dev/null; }

# alive NAME: the process this run started is still there. Unlike running, no check of its command
# line: while a process goes through exec (env, setsid, setpriv, then the server) the kernel shows
# an empty command line for a moment, which read as "died" on a loaded machine (CI, PostgreSQL).
alive() {
  local f p state
  f=$(pidfile "$1")
  [[ -f $f ]] || return 1
  p=$(<"$f")
  [[ -n $p ]] || return 1
  state=$(sed 's/.*) //' "/proc/$p/stat" 2>/dev/null) || return 1
  state=${state%% *}
  [[ -n $state && $state != Z && $state != X ]]
}

# start NAME ENV... -- COMMAND...: in the background, in its own session (a Ctrl-C of this script
# does not reach it), output appended to its log, stdin closed.
start() {
  local name=$1; shift
  local envs=()
  while [[ $1 != -- ]]; do envs+=("$1"); shift; done
  shift
  mkdir -p "$STACK_DIR/run" "$STACK_DIR/logs"
  local log
  log=$(logfile "$name")
  printf '# %s %s\n' "$(date -u +%FT%TZ)" "$*" >>"$log"
  LOG_OFFSET[$name]=$(stat -c %s "$log")
  env "${envs[@]}" setsid "$@" >>"$log" 2>&1 </dev/null &
  echo $! >"$(pidfile "$name")"
}

declare -A LOG_OFFSET
new_log() { tail -c +"$((${LOG_OFFSET[$1]:-0} + 1))" "$(logfile "$1")" 2>/dev/null; }

http_ok() { curl -s -o /dev/null -m 5 -w '%{http_code}' "$1" 2>/dev/null | grep -q "^${2:-200}$"; }

# wait_up NAME SECONDS CHECK...: polls CHECK until it succeeds; fails with the log's tail when the
# server dies or time runs out.
wait_up() {
  local name=$1 timeout=$2; shift 2
  local t0=$SECONDS
  while ! "$@"; do
    if ! alive "$name"; then
      say "$name died; the end of $(logfile "$name"):"
      tail -n 30 "$(logfile "$name")" | cut -c1-300 | sed 's/^/  | /' >&2
      exit 1
    fi
    if ((SECONDS - t0 > timeout)); then
      say "$name not up after $timeout s; the end of $(logfile "$name"):"
      tail -n 30 "$(logfile "$name")" | cut -c1-300 | sed 's/^/  | /' >&2
      exit 1
    fi
    sleep 0.5
  done
  say "$name up in $((SECONDS - t0)) s"
}

# stop NAME SIGNAL: the server's whole process group, then SIGKILL after 30 s
stop() {
  local name=$1 sig=${2:-TERM} p i
  p=$(pid_of "$name") || { rm -f "$(pidfile "$name")"; return 0; }
  kill -"$sig" -- "-$p" 2>/dev/null || kill -"$sig" "$p" 2>/dev/null || true
  for ((i = 0; i < 60; i++)); do
    [[ -d /proc/$p ]] || break
    sleep 0.5
  done
  if [[ -d /proc/$p ]]; then
    say "$name did not stop within 30 s: SIGKILL"
    kill -KILL -- "-$p" 2>/dev/null || kill -KILL "$p" 2>/dev/null || true
  fi
  rm -f "$(pidfile "$name")"
  say "$name stopped"
}

# --- the servers ----------------------------------------------------------------------------------

up_kafka() {
  local dir="$STACK_DIR/data/kafka" conf="$STACK_DIR/conf/kafka"
  mkdir -p "$dir" "$conf"
  cat >"$conf/server.properties" <<EOF
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,CONTROLLER://127.0.0.1:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT
controller.listener.names=CONTROLLER
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$dir
num.partitions=4
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=false
# Seven days, Kafka's default, written down: the archive must never lag this far (docs/operations.md).
log.retention.hours=168
EOF
  cat >"$conf/log4j2.properties" <<'EOF'
rootLogger.level=INFO
rootLogger.appenderRef.stdout.ref=STDOUT
appender.stdout.type=Console
appender.stdout.name=STDOUT
appender.stdout.layout.type=PatternLayout
appender.stdout.layout.pattern=[%d] %p %m (%c)%n
logger.state.name=state.change.logger
logger.state.level=WARN
EOF
  local cp
  cp=$(classpath kafka)
  if [[ ! -f $dir/meta.properties ]]; then
    "$java_bin" -Xmx256m "-Dlog4j2.configurationFile=$conf/log4j2.properties" -cp "$cp" kafka.tools.StorageTool \
      format -t "$("$java_bin" -cp "$cp" "-Dlog4j2.configurationFile=$conf/log4j2.properties" kafka.tools.StorageTool random-uuid 2>/dev/null)" \
      -c "$conf/server.properties" >>"$(logfile kafka)" 2>&1 || die 1 "formatting Kafka's storage failed: see $(logfile kafka)"
  fi
  start kafka -- "$java_bin" "-Xmx${STACK_KAFKA_HEAP:-512m}" "-Dlog4j2.configurationFile=$conf/log4j2.properties" \
    -cp "$cp" kafka.Kafka "$conf/server.properties"
}

up_s3proxy() {
  local data="$STACK_DIR/data/s3" conf="$STACK_DIR/conf/s3proxy"
  mkdir -p "$data/warehouse" "$conf"
  cat >"$conf/s3proxy.conf" <<EOF
s3proxy.endpoint=http://127.0.0.1:$S3_PORT
s3proxy.authorization=aws-v2-or-v4
s3proxy.identity=$S3_KEY
s3proxy.credential=$S3_SECRET
s3proxy.ignore-unknown-headers=true
jclouds.provider=filesystem
jclouds.filesystem.basedir=$data
EOF
  cat >"$conf/logback.xml" <<'EOF'
<configuration>
  <appender name="STDOUT" class="ch.qos.logback.core.ConsoleAppender">
    <encoder><pattern>%d{HH:mm:ss.SSS} %-5level %logger{36} - %msg%n</pattern></encoder>
  </appender>
  <root level="INFO"><appender-ref ref="STDOUT"/></root>
</configuration>
EOF
  start s3proxy -- "$java_bin" -Xmx256m "-Dlogback.configurationFile=$conf/logback.xml" -cp "$(classpath s3proxy)" \
    org.gaul.s3proxy.Main --properties "$conf/s3proxy.conf"
}

# PostgreSQL's data folder: under the stack's folder, or, when we run as root and the postgres
# user cannot reach that (a home folder of mode 700), a folder under /tmp named in stack.env.
pg_data() { printf '%s' "${PG_DATA:-$STACK_DIR/data/postgres}"; }

up_postgres() {
  local bin data
  bin=$(pg_bin)
  [[ -n $bin ]] || die 3 "PostgreSQL's server programs not found (/usr/lib/postgresql/*/bin): apt-get install postgresql, or set POSTGRES_BIN"
  data=$(pg_data)
  if [[ ! -f $data/PG_VERSION ]]; then
    mkdir -p "$data"
    if ((${#as_pg[@]})); then
      chown postgres:postgres "$data"
      if ! "${as_pg[@]}" test -w "$data" -a -x "$data"; then
        rmdir "$data"
        data=$(mktemp -d /tmp/flinklog-stack-postgres.XXXXXX)
        chown postgres:postgres "$data"
        echo "PG_DATA=$data" >>"$STATE"
        PG_DATA=$data
      fi
    fi
    # The password file must be readable by the postgres user: a private temporary file, given to it.
    local pw
    pw=$(mktemp /tmp/flinklog-stack-pgpw.XXXXXX)
    printf '%s\n' "$PG_PASSWORD" >"$pw"
    if ((${#as_pg[@]})); then chown postgres:postgres "$pw"; fi
    "${as_pg[@]}" "$bin/initdb" -D "$data" -U flinklog "--pwfile=$pw" --auth=scram-sha-256 -E UTF8 --locale=C \
      >>"$(logfile postgres)" 2>&1 || die 1 "initdb failed: see $(logfile postgres)"
    rm -f "$pw"
  fi
  start postgres -- "${as_pg[@]}" "$bin/postgres" -D "$(pg_data)" -p "$PG_PORT" -c listen_addresses=127.0.0.1 \
    -c unix_socket_directories= -c max_connections=50
}

pg_ready() { new_log postgres | grep -q 'database system is ready to accept connections'; }

pg_create_db() {
  local psql
  psql="$(pg_bin)/psql"
  [[ -x $psql ]] || psql=psql
  if ! PGPASSWORD=$PG_PASSWORD "$psql" -h 127.0.0.1 -p "$PG_PORT" -U flinklog -d postgres -tAc \
    "SELECT 1 FROM pg_database WHERE datname = 'nessie'" | grep -q 1; then
    PGPASSWORD=$PG_PASSWORD "$psql" -h 127.0.0.1 -p "$PG_PORT" -U flinklog -d postgres -qc 'CREATE DATABASE nessie' ||
      die 1 "CREATE DATABASE nessie failed"
  fi
}

up_nessie() {
  local java
  java=$(java21)
  [[ -x $java ]] || die 3 "Nessie needs Java 21+: none under /usr/lib/jvm, set JAVA21_HOME (or use --catalog rest)"
  pg_create_db
  start nessie -- "$java" -Xmx512m --enable-native-access=ALL-UNNAMED \
    -Dquarkus.http.host=127.0.0.1 "-Dquarkus.http.port=$NESSIE_PORT" \
    -Dquarkus.management.host=127.0.0.1 "-Dquarkus.management.port=$NESSIE_MANAGEMENT_PORT" \
    -Dquarkus.http.access-log.enabled=false \
    -Dnessie.version.store.type=JDBC2 -Dnessie.version.store.persist.jdbc.datasource=postgresql \
    "-Dquarkus.datasource.postgresql.jdbc.url=jdbc:postgresql://127.0.0.1:$PG_PORT/nessie" \
    -Dquarkus.datasource.postgresql.username=flinklog "-Dquarkus.datasource.postgresql.password=$PG_PASSWORD" \
    -Dnessie.catalog.default-warehouse=warehouse -Dnessie.catalog.warehouses.warehouse.location=s3://warehouse/ \
    "-Dnessie.catalog.service.s3.default-options.endpoint=http://127.0.0.1:$S3_PORT/" \
    -Dnessie.catalog.service.s3.default-options.path-style-access=true \
    -Dnessie.catalog.service.s3.default-options.region=us-east-1 \
    -Dnessie.catalog.service.s3.default-options.access-key=urn:nessie-secret:quarkus:stack-secrets.s3 \
    "-Dstack-secrets.s3.name=$S3_KEY" "-Dstack-secrets.s3.secret=$S3_SECRET" \
    "-Dstack.dir=$STACK_DIR" -jar "$(classpath nessie)"
}

up_iceberg_rest() {
  mkdir -p "$STACK_DIR/data/iceberg-rest"
  start iceberg-rest CATALOG_REST_PORT="$REST_PORT" CATALOG_CATALOG__IMPL=org.apache.iceberg.jdbc.JdbcCatalog \
    "CATALOG_URI=jdbc:sqlite:file:$STACK_DIR/data/iceberg-rest/catalog.db" CATALOG_JDBC_SCHEMA__VERSION=V1 \
    CATALOG_WAREHOUSE=s3://warehouse/ CATALOG_IO__IMPL=org.apache.iceberg.aws.s3.S3FileIO \
    "CATALOG_S3_ENDPOINT=http://127.0.0.1:$S3_PORT" CATALOG_S3_PATH__STYLE__ACCESS=true \
    "CATALOG_S3_ACCESS__KEY__ID=$S3_KEY" "CATALOG_S3_SECRET__ACCESS__KEY=$S3_SECRET" CATALOG_CLIENT_REGION=us-east-1 \
    CATALOG_HTTP__CLIENT_TYPE=urlconnection -- \
    "$java_bin" -Xmx256m "-Dstack.dir=$STACK_DIR" -cp "$(classpath iceberg-rest)" org.apache.iceberg.rest.RESTCatalogServer
}

# Flink's JVM flags for Java 17 (Kryo and a few internals reflect into JDK classes).
readonly FLINK_OPTS=(
  --add-exports=java.base/sun.net.util=ALL-UNNAMED --add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED
  --add-exports=java.security.jgss/sun.security.krb5=ALL-UNNAMED --add-opens=java.base/java.lang=ALL-UNNAMED
  --add-opens=java.base/java.net=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED
  --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/sun.nio.ch=ALL-UNNAMED
  --add-opens=java.base/java.lang.reflect=ALL-UNNAMED --add-opens=java.base/java.text=ALL-UNNAMED
  --add-opens=java.base/java.time=ALL-UNNAMED --add-opens=java.base/java.util=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent=ALL-UNNAMED --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent.locks=ALL-UNNAMED
)

flink_conf() {
  local conf="$STACK_DIR/conf/flink"
  mkdir -p "$conf" "$STACK_DIR/data/flink"
  cat >"$conf/config.yaml" <<EOF
jobmanager:
  rpc:
    address: 127.0.0.1
    port: $JM_RPC_PORT
  bind-host: 127.0.0.1
  memory:
    process:
      size: 768m
rest:
  address: 127.0.0.1
  bind-address: 127.0.0.1
  port: $JM_PORT
taskmanager:
  host: 127.0.0.1
  bind-host: 127.0.0.1
  numberOfTaskSlots: 2
  # TaskManagerRunner wants every memory component given (Flink's start scripts compute them);
  # they add up to the JVM flags stack.sh passes.
  cpu:
    cores: 2
  memory:
    framework:
      heap:
        size: 128m
      off-heap:
        size: 128m
    task:
      heap:
        size: 384m
      off-heap:
        size: 0m
    managed:
      size: 64m
    network:
      min: 64m
      max: 64m
    jvm-metaspace:
      size: 256m
    jvm-overhead:
      min: 192m
      max: 192m
parallelism:
  default: 2
execution:
  checkpointing:
    dir: file://$STACK_DIR/data/flink/checkpoints
    savepoint-dir: file://$STACK_DIR/data/flink/savepoints
    externalized-checkpoint-retention: RETAIN_ON_CANCELLATION
restart-strategy:
  type: exponential-delay
EOF
  cat >"$conf/log4j.properties" <<'EOF'
monitorInterval = 0
rootLogger.level = INFO
rootLogger.appenderRef.file.ref = FileAppender
appender.file.name = FileAppender
appender.file.type = FILE
appender.file.append = true
appender.file.fileName = ${sys:log.file}
appender.file.layout.type = PatternLayout
appender.file.layout.pattern = %d{HH:mm:ss,SSS} %-5p %-60c %x - %m%n
logger.kafka.name = org.apache.kafka
logger.kafka.level = WARN
logger.hadoop.name = org.apache.hadoop
logger.hadoop.level = WARN
logger.pekko.name = org.apache.pekko
logger.pekko.level = WARN
EOF
}

up_jobmanager() {
  flink_conf
  local conf="$STACK_DIR/conf/flink"
  start jobmanager "FLINK_CONF_DIR=$conf" -- "$java_bin" -Xmx512m "${FLINK_OPTS[@]}" -XX:+UseSerialGC \
    "-Dlog.file=$STACK_DIR/logs/jobmanager-flink.log" "-Dlog4j.configurationFile=$conf/log4j.properties" \
    "-Dlog4j2.configurationFile=$conf/log4j.properties" -cp "$LIB_DIR/*" \
    org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint --configDir "$conf" --executionMode cluster
}

up_taskmanager() {
  local conf="$STACK_DIR/conf/flink"
  start taskmanager "FLINK_CONF_DIR=$conf" -- "$java_bin" -Xms512m -Xmx512m -XX:MaxDirectMemorySize=192m \
    -XX:MaxMetaspaceSize=256m "${FLINK_OPTS[@]}" -XX:+UseSerialGC \
    "-Dlog.file=$STACK_DIR/logs/taskmanager-flink.log" "-Dlog4j.configurationFile=$conf/log4j.properties" \
    "-Dlog4j2.configurationFile=$conf/log4j.properties" -cp "$LIB_DIR/*" \
    org.apache.flink.runtime.taskexecutor.TaskManagerRunner --configDir "$conf" -D taskmanager.resource-id=stack-tm-1
}

tm_registered() { curl -s -m 5 "http://127.0.0.1:$JM_PORT/taskmanagers" 2>/dev/null | grep -q '"id":"stack-tm-1"'; }

up_trino() {
  local java etc="$STACK_DIR/conf/trino"
  java=$(java25)
  [[ -x $java ]] || die 3 "Trino 483 needs Java 25+: none under /usr/lib/jvm, set JAVA25_HOME"
  mkdir -p "$etc/catalog" "$STACK_DIR/data/trino"
  cat >"$etc/config.properties" <<EOF
coordinator=true
node-scheduler.include-coordinator=true
http-server.http.port=$TRINO_PORT
node.bind-ip=127.0.0.1
node.internal-address=127.0.0.1
discovery.uri=http://127.0.0.1:$TRINO_PORT
query.max-memory=1GB
query.max-memory-per-node=768MB
plugin.dir=$TRINO_PLUGINS
catalog.config-dir=$etc/catalog
http-server.log.path=$STACK_DIR/logs/trino-http-request.log
EOF
  echo "io.trino=INFO" >"$etc/log.properties"
  # The REST example's own catalog file: it reads the archive's variables with ${ENV:...}.
  cp "$EXAMPLES_DIR/kafka-iceberg-rest/trino/catalog/iceberg.properties" "$etc/catalog/iceberg.properties"
  start trino "${ARCHIVE_ENV[@]}" -- "$java" "-Xmx${STACK_TRINO_HEAP:-2g}" -XX:+UseG1GC --add-modules=jdk.incubator.vector -XX:TieredStopAtLevel=1 \
    -XX:+ExitOnOutOfMemoryError -XX:ReservedCodeCacheSize=256M -Djdk.attach.allowAttachSelf=true -Dfile.encoding=UTF-8 \
    -XX:+EnableDynamicAgentLoading --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow \
    -Dnode.environment=stack -Dnode.id=stack-1 "-Dnode.data-dir=$STACK_DIR/data/trino" \
    "-Dlog.levels-file=$etc/log.properties" "-Dconfig=$etc/config.properties" -cp "$TRINO_HOME/lib/*" \
    dev.flinklog.testservers.TrinoLauncher 483
}

endpoint() {
  case $1 in
    kafka) echo "127.0.0.1:$KAFKA_PORT (topic $TOPIC)" ;;
    s3proxy) echo "http://127.0.0.1:$S3_PORT (bucket warehouse, key $S3_KEY)" ;;
    postgres) echo "127.0.0.1:$PG_PORT (database nessie, user flinklog)" ;;
    nessie) echo "http://127.0.0.1:$NESSIE_PORT/iceberg/ (Iceberg REST; API /api/v2, UI /)" ;;
    iceberg-rest) echo "http://127.0.0.1:$REST_PORT (Iceberg REST)" ;;
    jobmanager) echo "http://127.0.0.1:$JM_PORT (Flink web UI and REST)" ;;
    taskmanager) echo "2 slots" ;;
    trino) echo "http://127.0.0.1:$TRINO_PORT (catalog iceberg, schema logs)" ;;
  esac
}

tool() { env "${ARCHIVE_ENV[@]}" "$java_bin" -Xmx256m -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
  "-Dlog4j2.configurationFile=$EXAMPLES_DIR/conf/log4j-cli.properties" -Dlog.file=/dev/null \
  -cp "$LIB_DIR/*" dev.flinklog.examples.stack.StackTool "$@"; }

cmd_up() {
  local catalog="" s
  while (($#)); do
    case $1 in
      --catalog)
        (($# >= 2)) || die 2 "--catalog needs nessie or rest"
        catalog=$2; shift 2 ;;
      *) die 2 "unknown option for up: $1 (see --help)" ;;
    esac
  done
  [[ -z $catalog || $catalog == nessie || $catalog == rest ]] || die 2 "--catalog must be nessie or rest, not '$catalog'"
  command -v curl >/dev/null || die 3 "curl is needed (apt-get install curl)"
  command -v setsid >/dev/null || die 3 "setsid (util-linux) is needed"
  ensure_built
  if [[ ! -f $STATE ]]; then init_state "${catalog:-nessie}"; fi
  load_state
  if [[ -n $catalog && $catalog != "$CATALOG" ]]; then
    die 2 "this stack runs the $CATALOG catalog (chosen at its first up); 'down --wipe' first to change it"
  fi
  mkdir -p "$STACK_DIR/logs" "$STACK_DIR/run" "$STACK_DIR/conf"
  local t0=$SECONDS started=()
  # Start order: what the others need first, Trino early (it takes longest and needs the catalog
  # only at query time); the Flink cluster once the catalog and the object store answer.
  for s in kafka s3proxy trino postgres nessie iceberg-rest; do
    [[ " ${SERVER_LIST[*]} " == *" $s "* ]] || continue
    if running "$s"; then say "$s: running (pid $(pid_of "$s"))"; continue; fi
    case $s in
      kafka) up_kafka ;;
      s3proxy) up_s3proxy ;;
      trino) up_trino ;;
      postgres) up_postgres; wait_up postgres 60 pg_ready; continue ;;
      nessie) up_nessie ;;
      iceberg-rest) up_iceberg_rest ;;
    esac
    started+=("$s")
  done
  for s in "${started[@]}"; do [[ $s == trino ]] || wait_for_server "$s"; done
  running kafka && tool create-topic >&2
  for s in jobmanager taskmanager; do
    if running "$s"; then say "$s: running (pid $(pid_of "$s"))"; continue; fi
    "up_$s"
    wait_for_server "$s"
  done
  if [[ " ${started[*]} " == *" trino "* ]]; then wait_for_server trino; fi
  say "up in $((SECONDS - t0)) s:"
  for s in "${SERVER_LIST[@]}"; do printf '  %-13s %s\n' "$s" "$(endpoint "$s")"; done
}

wait_for_server() {
  case $1 in
    kafka) wait_up kafka 90 eval 'new_log kafka | grep -q "Kafka Server started"' ;;
    s3proxy) wait_up s3proxy 60 eval 'curl -s -o /dev/null -m 5 "http://127.0.0.1:$S3_PORT/"' ;;
    nessie) wait_up nessie 120 http_ok "http://127.0.0.1:$NESSIE_PORT/iceberg/v1/config" ;;
    iceberg-rest) wait_up iceberg-rest 60 http_ok "http://127.0.0.1:$REST_PORT/v1/config" ;;
    jobmanager) wait_up jobmanager 90 http_ok "http://127.0.0.1:$JM_PORT/overview" ;;
    taskmanager) wait_up taskmanager 90 tm_registered ;;
    trino) wait_up trino 180 eval 'curl -s -m 5 "http://127.0.0.1:$TRINO_PORT/v1/info" | grep -q "\"starting\":false"' ;;
  esac
}

# The id of the RUNNING archive job, or nothing.
archive_job() {
  curl -s -m 10 "http://127.0.0.1:$JM_PORT/jobs/overview" 2>/dev/null |
    grep -o "{\"jid\":\"[0-9a-f]*\",\"name\":\"$JOB_NAME\"[^}]*\"state\":\"RUNNING\"" |
    sed -n 's/^{"jid":"\([0-9a-f]*\)".*/\1/p' | head -n 1
}

submit_archive() {
  local init=() savepoint_file="$STACK_DIR/archive.savepoint"
  if [[ -s $savepoint_file ]]; then
    printf "SET 'execution.savepoint.path' = '%s';\n" "$(<"$savepoint_file")" >"$STACK_DIR/conf/restore.sql"
    init=(-i "$STACK_DIR/conf/restore.sql")
    say "submitting the archive job, restored from $(<"$savepoint_file")"
  else
    say "submitting the archive job (examples/kafka-iceberg-rest/archive.sql)"
  fi
  env "${ARCHIVE_ENV[@]}" FLINK_LOG_NO_BUILD=1 FLINK_LOG_RUN_ROOT="$STACK_DIR/sql-client-runs" \
    "$EXAMPLES_DIR/sql-client.sh" "${init[@]}" -D parallelism.default=2 \
    -f "$EXAMPLES_DIR/kafka-iceberg-rest/archive.sql" >"$STACK_DIR/logs/submit.log" 2>&1 || {
    say "submitting the archive job failed; the end of $STACK_DIR/logs/submit.log:"
    tail -n 30 "$STACK_DIR/logs/submit.log" | sed 's/^/  | /' >&2
    exit 1
  }
  rm -f "$savepoint_file"
  local i
  for ((i = 0; i < 120; i++)); do
    [[ -n $(archive_job) ]] && return 0
    sleep 1
  done
  die 1 "the archive job was submitted but is not RUNNING after 120 s (see http://127.0.0.1:$JM_PORT)"
}

cmd_load() {
  (($# == 1)) && [[ $1 =~ ^[0-9]+$ ]] && (($1 > 0)) || die 2 "load needs a positive number of records"
  load_state
  for s in "${SERVER_LIST[@]}"; do running "$s" || die 1 "$s is not running: examples/stack.sh up"; done
  [[ -n $(archive_job) ]] || submit_archive
  local next_file="$STACK_DIR/load.next" first=0
  [[ -s $next_file ]] && first=$(<"$next_file")
  ARCHIVE_ENV+=("LOAD_TIMEOUT=${LOAD_TIMEOUT:-300}")
  tool load "$1" "$first"
  echo $((first + $1)) >"$next_file"
}

cmd_trino() {
  load_state
  running trino || die 1 "trino is not running: examples/stack.sh up"
  local cli=(-Dorg.jline.terminal.dumb=true -jar "$(classpath trino)" --server "http://127.0.0.1:$TRINO_PORT"
    --catalog iceberg --schema logs --user "${USER:-stack}")
  if (($# == 0)); then exec "$java_bin" "${cli[@]}"; fi
  "$java_bin" "${cli[@]}" --output-format ALIGNED --execute "$1"
}

cmd_status() {
  load_state
  local s all=1
  for s in "${SERVER_LIST[@]}"; do
    if running "$s"; then
      printf '%-13s running  pid %-8s %s\n' "$s" "$(pid_of "$s")" "$(endpoint "$s")"
    else
      printf '%-13s stopped\n' "$s"; all=0
    fi
  done
  if running jobmanager; then
    local job
    job=$(archive_job)
    if [[ -n $job ]]; then printf '%-13s RUNNING %s\n' "archive job" "$job"; else printf '%-13s not running\n' "archive job"; fi
  fi
  if ((all)); then
    printf '%-13s %s\n' "logs.events" "$(tool rows 2>/dev/null || echo '?') rows committed"
  fi
}

cmd_env() {
  load_state
  local kv
  for kv in "${ARCHIVE_ENV[@]}"; do printf 'export %q\n' "$kv"; done
}

# Stop with a savepoint (the next load restores from it: nothing is read twice, nothing lost).
stop_archive() {
  local job req status body location i
  job=$(archive_job)
  [[ -n $job ]] || return 0
  body=$(curl -s -m 10 -X POST -H 'Content-Type: application/json' \
    -d "{\"drain\":false,\"targetDirectory\":\"file://$STACK_DIR/data/flink/savepoints\"}" \
    "http://127.0.0.1:$JM_PORT/jobs/$job/stop")
  req=$(printf '%s' "$body" | sed -n 's/.*"request-id":"\([^"]*\)".*/\1/p')
  [[ -n $req ]] || { say "stop with savepoint refused: $body"; return 1; }
  for ((i = 0; i < 120; i++)); do
    body=$(curl -s -m 10 "http://127.0.0.1:$JM_PORT/jobs/$job/savepoints/$req")
    status=$(printf '%s' "$body" | sed -n 's/.*"status":{"id":"\([A-Z_]*\)".*/\1/p')
    if [[ $status == COMPLETED ]]; then
      location=$(printf '%s' "$body" | sed -n 's/.*"location":"\([^"]*\)".*/\1/p')
      if [[ -z $location ]]; then say "stop with savepoint failed: $body"; return 1; fi
      printf '%s\n' "$location" >"$STACK_DIR/archive.savepoint"
      say "archive job $job stopped with savepoint $location"
      return 0
    fi
    sleep 1
  done
  say "stop with savepoint of $job did not complete in 120 s"
  return 1
}

cmd_down() {
  local wipe=0
  while (($#)); do
    case $1 in
      --wipe) wipe=1; shift ;;
      *) die 2 "unknown option for down: $1 (see --help)" ;;
    esac
  done
  if [[ ! -f $STATE ]]; then
    ((wipe)) && rm -rf -- "$STACK_DIR"
    say "no stack in $STACK_DIR"
    return 0
  fi
  load_state
  if running jobmanager && running taskmanager; then
    stop_archive || say "the archive job was not stopped cleanly; the next load starts from the group's offsets"
  fi
  local i s
  for ((i = ${#SERVER_LIST[@]} - 1; i >= 0; i--)); do
    s=${SERVER_LIST[i]}
    # PostgreSQL's fast shutdown is SIGINT (SIGTERM waits for the clients to disconnect).
    if [[ $s == postgres ]]; then stop "$s" INT; else stop "$s" TERM; fi
  done
  if ((wipe)); then
    if [[ -n ${PG_DATA:-} && $PG_DATA == /tmp/flinklog-stack-postgres.* ]]; then rm -rf -- "$PG_DATA"; fi
    rm -rf -- "$STACK_DIR"
    say "removed $STACK_DIR"
  else
    say "data kept in $STACK_DIR (down --wipe removes it)"
  fi
}

(($#)) || { usage >&2; exit 2; }
cmd=$1; shift
case $cmd in
  -h | --help | help) usage ;;
  up) cmd_up "$@" ;;
  load) cmd_load "$@" ;;
  trino) cmd_trino "$@" ;;
  status) cmd_status "$@" ;;
  env) cmd_env "$@" ;;
  down) cmd_down "$@" ;;
  *) usage >&2; die 2 "unknown command: $cmd" ;;
esac
