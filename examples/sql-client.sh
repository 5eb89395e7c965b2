#!/usr/bin/env bash
# Runs a SQL script through Flink's own SQL client (org.apache.flink.table.client.SqlClient, embedded
# mode, every job on a local MiniCluster inside the client JVM, or submitted to a running Flink
# cluster with --jobmanager) with the flink-sql-log jar and the connectors of the examples on the
# class path. No Flink distribution, no Docker.
# See examples/README.md. Run with --help for the options.
set -euo pipefail

readonly PROG=sql-client.sh
EXAMPLES_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
ROOT_DIR="$(dirname "$EXAMPLES_DIR")"
readonly EXAMPLES_DIR ROOT_DIR
readonly LIB_DIR="$EXAMPLES_DIR/target/sql-client-lib"
readonly CONF_DIR="${FLINK_LOG_CONF_DIR:-$EXAMPLES_DIR/conf}"
readonly RUN_ROOT="${FLINK_LOG_RUN_ROOT:-$EXAMPLES_DIR/.run}"
readonly TIMEOUT_S="${SQL_CLIENT_TIMEOUT:-900}"
# How many old run folders to keep under RUN_ROOT.
readonly KEEP_RUNS=20

usage() {
  cat <<'EOF'
Usage: examples/sql-client.sh -f FILE.sql [-i INIT.sql] [--jobmanager HOST:PORT] [more SqlClient options]
       examples/sql-client.sh --dry-run -f FILE.sql [-i INIT.sql]
       examples/sql-client.sh --build-only
       examples/sql-client.sh --help

Runs FILE.sql with Flink 2.1's SQL client (embedded mode, local MiniCluster) with flink-sql-log
(LOAD MODULE logs), flink-json, the filesystem, datagen and Kafka connectors, the Iceberg runtime and
a minimal Hadoop on the class path. Works from any directory.

Before the client starts, ${NAME} in FILE.sql and INIT.sql is replaced by the environment variable
NAME (an unset variable is an error, exit 2), and ${NAME:-default} by NAME's value, or by the text
after :- when NAME is unset or empty (the default cannot contain '}'). ${FLINK_LOG_EXAMPLES}
defaults to this examples folder.

Options:
  --jobmanager HOST:PORT  submit the jobs to a running Flink cluster (session mode) whose REST
                          endpoint is HOST:PORT, instead of a MiniCluster inside the client
                          (execution.target=remote, rest.address, rest.port). Same as the
                          environment variable FLINK_JOBMANAGER. A streaming INSERT then keeps
                          running on the cluster after the client exits when the script says
                          SET 'table.dml-sync' = 'false'.
  --dry-run               print the scripts as the client would get them (variables replaced) and
                          exit, without building or starting anything

Exit status: 0 all statements succeeded; 1 a statement failed ([ERROR] in the client's output) or
the client failed; 2 usage or unset variable; 3 build failed or class path missing; 124 timeout;
130 interrupted.

Environment:
  SQL_CLIENT_TIMEOUT     seconds before the client's whole process group is killed (default 900)
  SQL_CLIENT_JAVA_OPTS   extra JVM options, after the defaults -Xmx1g -XX:TieredStopAtLevel=1
                         -XX:+UseSerialGC (a later -Xmx or -XX:TieredStopAtLevel wins)
  FLINK_LOG_NO_BUILD=1   never run Maven; use examples/target/sql-client-lib as it is
  FLINK_LOG_MVN_ARGS     extra Maven arguments for the automatic build (e.g. -o)
  FLINK_LOG_RUN_ROOT     where run folders go (default examples/.run); each run keeps the
                         substituted SQL, the client's output and Flink's log (flink.log)
  FLINK_LOG_CONF_DIR     Flink configuration folder (default examples/conf)
  FLINK_JOBMANAGER       HOST:PORT of a Flink cluster's REST endpoint, as --jobmanager

The class path is built with `mvn -B -q package -pl examples -am -DskipTests` (from the repository
root) when examples/target/sql-client-lib or flink-sql-log's shaded jar is missing, or when any
pom.xml or src/main file of flink-log-sql-functions, flink-log-format, flink-sql-log or examples is
newer than the lib folder's examples jar (which every such build rewrites last).
EOF
}

say() { printf '%s: %s\n' "$PROG" "$*" >&2; }
die() { # die STATUS MESSAGE...
  local status=$1; shift
  say "$*"
  exit "$status"
}

# Flink's own JVM flags for Java 17 (from the distribution's env.java.default-opts.all): Kryo and a
# few Flink internals reflect into JDK classes.
readonly JAVA17_OPTS=(
  --add-exports=java.base/sun.net.util=ALL-UNNAMED
  --add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED
  --add-exports=java.security.jgss/sun.security.krb5=ALL-UNNAMED
  --add-opens=java.base/java.lang=ALL-UNNAMED
  --add-opens=java.base/java.net=ALL-UNNAMED
  --add-opens=java.base/java.io=ALL-UNNAMED
  --add-opens=java.base/java.nio=ALL-UNNAMED
  --add-opens=java.base/sun.nio.ch=ALL-UNNAMED
  --add-opens=java.base/java.lang.reflect=ALL-UNNAMED
  --add-opens=java.base/java.text=ALL-UNNAMED
  --add-opens=java.base/java.time=ALL-UNNAMED
  --add-opens=java.base/java.util=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent.locks=ALL-UNNAMED
)

# --- class path: build it through Maven when missing or stale ---------------------------------------

first_match() { # first existing file matching a glob, or nothing
  local f
  for f in "$@"; do
    if [[ -f $f ]]; then printf '%s' "$f"; return 0; fi
  done
  return 0
}

# Prints why a build is needed (nothing when the lib folder is up to date).
stale_reason() {
  local shaded stamp lib_shaded newer
  shaded=$(first_match "$ROOT_DIR"/flink-sql-log/target/flink-sql-log-*.jar)
  stamp=$(first_match "$LIB_DIR"/flink-log-examples-*.jar)
  lib_shaded=$(first_match "$LIB_DIR"/flink-sql-log-*.jar)
  if [[ ! -d $LIB_DIR ]]; then echo "no $LIB_DIR"; return; fi
  if [[ -z $shaded ]]; then echo "no shaded jar in flink-sql-log/target"; return; fi
  if [[ -z $stamp || -z $lib_shaded ]]; then echo "incomplete $LIB_DIR"; return; fi
  if [[ $shaded -nt $stamp ]]; then echo "flink-sql-log jar is newer than the lib folder"; return; fi
  local inputs=("$ROOT_DIR/pom.xml") m p
  for m in flink-log-core flink-log-sql-functions flink-log-format flink-log-gen flink-log-gen-connector flink-sql-log examples; do
    for p in "$ROOT_DIR/$m/pom.xml" "$ROOT_DIR/$m/src/main"; do
      if [[ -e $p ]]; then inputs+=("$p"); fi
    done
  done
  newer=$(find "${inputs[@]}" -newer "$stamp" -print -quit 2>/dev/null || true)
  if [[ -n $newer ]]; then echo "${newer#"$ROOT_DIR"/} changed since the last build"; fi
}

ensure_classpath() {
  local reason
  reason=$(stale_reason)
  if [[ -z $reason ]]; then return 0; fi
  if [[ ${FLINK_LOG_NO_BUILD:-} == 1 ]]; then
    if [[ -d $LIB_DIR ]] && [[ -n $(first_match "$LIB_DIR"/flink-sql-log-*.jar) ]]; then
      say "class path may be stale ($reason); FLINK_LOG_NO_BUILD=1, using it as it is"
      return 0
    fi
    die 3 "no usable class path ($reason) and FLINK_LOG_NO_BUILD=1: run 'mvn -B package -pl examples -am -DskipTests' first"
  fi
  command -v mvn >/dev/null 2>&1 || die 3 "mvn not found; it is needed once to build $LIB_DIR ($reason)"
  # Two scripts started together must not run two Maven builds in the same target folders: the
  # second waits for the first and then finds the class path fresh.
  if command -v flock >/dev/null 2>&1; then
    mkdir -p "$EXAMPLES_DIR/target"
    exec 9>"$EXAMPLES_DIR/target/.sql-client-build.lock"
    flock 9
    reason=$(stale_reason)
    if [[ -z $reason ]]; then exec 9>&-; return 0; fi
  fi
  local extra=() t0=$SECONDS
  if [[ -n ${FLINK_LOG_MVN_ARGS:-} ]]; then read -r -a extra <<<"$FLINK_LOG_MVN_ARGS"; fi
  say "building the class path ($reason): mvn -B -q package -pl examples -am -DskipTests ${extra[*]}"
  # -Dmaven.jar.forceCreation=true: flink-sql-log has no classes of its own, so without it jar:jar
  # keeps the previous (already shaded) jar as "up to date" and the shade plugin then prefers that
  # jar's old classes over the freshly built flink-log-* jars: a stale LOAD MODULE logs.
  # (Maven 3.8 -q still writes colour resets; they are dropped.)
  if ! (cd "$ROOT_DIR" && mvn -B -q -Dstyle.color=never -Dmaven.jar.forceCreation=true \
    package -pl examples -am -DskipTests "${extra[@]}" 2>&1 | sed -e $'s/\e\\[0m//g' >&2); then
    die 3 "the Maven build failed (see above)"
  fi
  say "class path built in $((SECONDS - t0)) s"
  exec 9>&-
}

# --- ${NAME} substitution ---------------------------------------------------------------------------

MISSING=()
# substitute SRC DEST: copies SRC to DEST with every ${NAME} replaced by the variable's value and
# every ${NAME:-default} by the value, or the default when the variable is unset or empty (as in
# the shell); the names of unset variables without a default are collected in MISSING. Values and
# defaults are inserted literally (no further expansion, no quoting rules); there is no escape for a
# literal ${NAME}.
substitute() {
  local src=$1 dest=$2 text rest out="" match name value has_default default
  local re='\$\{([A-Za-z_][A-Za-z0-9_]*)(:-([^}]*))?\}'
  text=$(cat -- "$src"; printf x) # the x keeps trailing newlines
  rest=${text%x}
  while [[ $rest =~ $re ]]; do
    match=${BASH_REMATCH[0]}
    name=${BASH_REMATCH[1]}
    has_default=${BASH_REMATCH[2]}
    default=${BASH_REMATCH[3]}
    out+=${rest%%"$match"*}
    rest=${rest#*"$match"}
    # printenv, not ${!name}: only the environment counts, never this script's own variables.
    if value=$(printenv "$name") && [[ -z $has_default || -n $value ]]; then
      out+=$value
    elif [[ -n $has_default ]]; then
      out+=$default
    else
      MISSING+=("$name")
    fi
  done
  out+=$rest
  printf '%s' "$out" >"$dest"
}

# --- arguments ---------------------------------------------------------------------------------------

build_only=0
dry_run=0
jobmanager=${FLINK_JOBMANAGER:-}
sql_file=""
init_file=""
client_args=()
while (($#)); do
  case $1 in
    -h | --help) usage; exit 0 ;;
    --build-only) build_only=1; shift ;;
    --dry-run) dry_run=1; shift ;;
    --jobmanager)
      (($# >= 2)) || die 2 "$1 needs HOST:PORT (see --help)"
      jobmanager=$2; shift 2 ;;
    -f | --file)
      (($# >= 2)) || die 2 "$1 needs a file (see --help)"
      sql_file=$2; shift 2 ;;
    -i | --init)
      (($# >= 2)) || die 2 "$1 needs a file (see --help)"
      init_file=$2; shift 2 ;;
    *) client_args+=("$1"); shift ;;
  esac
done

if ((build_only)); then
  ensure_classpath
  exit 0
fi
[[ -n $sql_file ]] || { usage >&2; die 2 "missing -f FILE.sql (only scripts are supported, not the interactive shell)"; }
[[ -f $sql_file ]] || die 2 "no such file: $sql_file"
[[ -z $init_file || -f $init_file ]] || die 2 "no such file: $init_file"
[[ $TIMEOUT_S =~ ^[0-9]+$ && $TIMEOUT_S -gt 0 ]] || die 2 "SQL_CLIENT_TIMEOUT must be a positive number of seconds, not '$TIMEOUT_S'"
[[ -f $CONF_DIR/config.yaml ]] || die 2 "no config.yaml in $CONF_DIR"
if [[ -n $jobmanager ]]; then
  [[ $jobmanager =~ ^([^:/[:space:]]+):([0-9]+)$ ]] ||
    die 2 "--jobmanager/FLINK_JOBMANAGER must be HOST:PORT of the cluster's REST endpoint, not '$jobmanager'"
  # Session options of the client (-D) override config.yaml's execution.target: local.
  client_args+=(-D execution.target=remote -D "rest.address=${BASH_REMATCH[1]}" -D "rest.port=${BASH_REMATCH[2]}")
fi

export FLINK_LOG_EXAMPLES="${FLINK_LOG_EXAMPLES:-$EXAMPLES_DIR}"

if ((dry_run)); then
  dry_dir=$(mktemp -d "${TMPDIR:-/tmp}/flink-log-sql.XXXXXX")
  trap 'rm -rf -- "$dry_dir"' EXIT
  substitute "$sql_file" "$dry_dir/script.sql"
  if [[ -n $init_file ]]; then substitute "$init_file" "$dry_dir/init.sql"; fi
  if ((${#MISSING[@]})); then
    names=$(printf '%s\n' "${MISSING[@]}" | sort -u | paste -sd, -)
    die 2 "unset environment variable(s) used in the SQL: $names"
  fi
  if [[ -n $init_file ]]; then printf -- '-- %s\n' "$init_file"; cat -- "$dry_dir/init.sql"; fi
  printf -- '-- %s\n' "$sql_file"
  cat -- "$dry_dir/script.sql"
  exit 0
fi

# --- run folder, substitution ------------------------------------------------------------------------

mkdir -p "$RUN_ROOT"
RUN_DIR="$RUN_ROOT/$(date +%Y%m%d-%H%M%S)-$$"
# The substituted copies may hold credentials taken from the environment: run folders are private.
mkdir -m 700 -p "$RUN_DIR"
# Keep the newest KEEP_RUNS run folders (their names sort by start time).
old_runs=()
for d in "$RUN_ROOT"/*/; do [[ -d $d ]] && old_runs+=("${d%/}"); done
if ((${#old_runs[@]} > KEEP_RUNS)); then
  rm -rf -- "${old_runs[@]:0:${#old_runs[@]}-KEEP_RUNS}"
fi

# The client takes -f and -i as URIs and does not decode them: a space (or %, #, ?) in the path makes
# it fail ("Invalid uri"), percent-encoding makes it look for the encoded name. So the client reads
# copies with plain names, from the run folder when its path is plain, else from a temporary folder.
uri_safe() { [[ $1 =~ ^[A-Za-z0-9/._~+-]+$ ]]; }
plain_name() { local n=${1//[^A-Za-z0-9._-]/_}; printf '%s' "$n"; }
client_dir=$RUN_DIR
if ! uri_safe "$RUN_DIR"; then
  client_dir=$(mktemp -d "${TMPDIR:-/tmp}/flink-log-sql.XXXXXX")
  trap 'rm -rf -- "$client_dir"' EXIT
  uri_safe "$client_dir" || die 2 "need a folder without spaces or %#? for the client's copy of the SQL (set TMPDIR)"
fi
script="$client_dir/$(plain_name "$(basename -- "$sql_file")")"
substitute "$sql_file" "$script"
init_script=""
if [[ -n $init_file ]]; then
  init_script="$client_dir/init-$(plain_name "$(basename -- "$init_file")")"
  substitute "$init_file" "$init_script"
fi
if ((${#MISSING[@]})); then
  names=$(printf '%s\n' "${MISSING[@]}" | sort -u | paste -sd, -)
  die 2 "unset environment variable(s) used in the SQL: $names"
fi
if [[ $client_dir != "$RUN_DIR" ]]; then
  cp -- "$script" ${init_script:+"$init_script"} "$RUN_DIR/"
fi

ensure_classpath

# --- run the client ------------------------------------------------------------------------------------

java_bin="${JAVA_HOME:+$JAVA_HOME/bin/}java"
extra_java=()
if [[ -n ${SQL_CLIENT_JAVA_OPTS:-} ]]; then read -r -a extra_java <<<"$SQL_CLIENT_JAVA_OPTS"; fi
# The client JVM lives for seconds to minutes and plans more than it computes, on 2 cores shared with
# the job: the C2 compiler's and a parallel GC's threads cost more than they return there. C1 only and
# the serial collector halved the quickstart's time (about 20 s against 32-42 s, alternating runs on
# the same loaded machine). A long, heavy job may want -XX:TieredStopAtLevel=4 back (SQL_CLIENT_JAVA_OPTS;
# the later flag wins).
# org.jline.terminal.dumb: output goes to a pipe, so ask jline for its plain terminal directly instead
# of letting it try a real one and warn on stderr.
cmd=("$java_bin" -Xmx1g -XX:TieredStopAtLevel=1 -XX:+UseSerialGC "${JAVA17_OPTS[@]}"
  -Dorg.jline.terminal.dumb=true "${extra_java[@]}"
  "-Dlog.file=$RUN_DIR/flink.log"
  "-Dlog4j.configurationFile=$CONF_DIR/log4j-cli.properties"
  "-Dlog4j2.configurationFile=$CONF_DIR/log4j-cli.properties"
  -cp "$LIB_DIR/*"
  org.apache.flink.table.client.SqlClient
  -hist "$RUN_DIR/sql-history")
if [[ -n $init_script ]]; then cmd+=(-i "$init_script"); fi
cmd+=(-f "$script" "${client_args[@]}")
printf '%q ' "${cmd[@]}" >"$RUN_DIR/command"
export FLINK_CONF_DIR="$CONF_DIR"

out="$RUN_DIR/client.out"
say "running $sql_file (timeout ${TIMEOUT_S} s, run folder $RUN_DIR)"
t0=$(date +%s%N)
# The client writes into a FIFO read by tee (rather than a pipe to tee) so that $! is the PID of
# `timeout` itself. `timeout` puts itself and the client into a new process group and, on expiry or
# when it gets our TERM (Ctrl-C), signals that whole group, and KILLs it 15 s later if need be.
# tee ignores Ctrl-C so that the client's last words still reach the terminal and the file.
mkfifo "$RUN_DIR/client.fifo"
(trap '' INT; exec tee "$out" <"$RUN_DIR/client.fifo") &
tee_pid=$!
timeout --kill-after=15s "${TIMEOUT_S}s" "${cmd[@]}" </dev/null >"$RUN_DIR/client.fifo" 2>&1 &
client_pid=$!
interrupted=0
trap 'interrupted=1; kill -TERM "$client_pid" 2>/dev/null || true' INT TERM HUP
set +e
while :; do
  wait "$client_pid"
  rc=$?
  # wait also returns when a trapped signal arrives; the client (a zombie at worst) is still there then.
  kill -0 "$client_pid" 2>/dev/null || break
done
wait "$tee_pid"
set -e
trap - INT TERM HUP
rm -f "$RUN_DIR/client.fifo"
elapsed_ms=$((($(date +%s%N) - t0) / 1000000))
elapsed="$((elapsed_ms / 1000)).$(printf '%03d' $((elapsed_ms % 1000))) s"

# The client exits 0 even after a failed statement, so its output decides. Only lines outside result
# tables count (table rows start with | or +), so a log message containing "[ERROR]" in a result is
# not mistaken for a failure. The client echoes some statements without a line break, so its
# "[ERROR]" may come mid-line: it counts at the start of a line, after the prompt or right after a
# colour code, which a quoted string in an echoed statement does not produce.
error_in_output() {
  local esc=$'\e'
  grep -v -E '^[|+]' "$out" |
    grep -E "(^|> |$esc\\[[0-9;]*m)\\[ERROR\\]|Could not execute SQL statement|^Exception in thread" >/dev/null
  # (not grep -q: stopping early would make the first grep fail with SIGPIPE under pipefail)
}

fail() { # fail STATUS MESSAGE
  say "$2"
  local log="$RUN_DIR/flink.log" lines
  if [[ -s $log ]]; then
    # The log's tail is shutdown chatter; its last warnings and errors usually say what went wrong.
    # Known harmless warnings of this set-up (no YARN, no plugins folder) are left out.
    lines=$(grep -E '^[0-9:,]+ +(WARN|ERROR) |^Caused by:' "$log" |
      grep -v -E 'FlinkYarnSessionCli|plugins directory|Dropwizard|MiniCluster is not yet running|workflow-scheduler.type' |
      tail -n 20 || true)
    if [[ -n $lines ]]; then
      say "last warnings and errors in Flink's log $log:"
    else
      say "last lines of Flink's log $log:"
      lines=$(tail -n 15 "$log")
    fi
    printf '%s\n' "$lines" | cut -c1-400 | sed 's/^/  | /' >&2
  fi
  say "run folder: $RUN_DIR"
  exit "$1"
}

if ((interrupted)); then
  fail 130 "interrupted after $elapsed"
elif ((rc == 124 || rc == 137)); then
  fail 124 "timed out after ${TIMEOUT_S} s (SQL_CLIENT_TIMEOUT): killed the client's process group"
elif ((rc != 0)); then
  fail 1 "the SQL client failed with exit status $rc after $elapsed"
elif error_in_output; then
  fail 1 "a statement failed after $elapsed (the [ERROR] above)"
fi
say "done in $elapsed"
