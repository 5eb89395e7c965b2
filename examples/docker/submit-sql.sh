#!/usr/bin/env bash
# The job submitter of the docker-compose examples: runs one of the shipped SQL files with the Flink
# image's own SQL client against the compose cluster's JobManager, after replacing ${NAME} and
# ${NAME:-default} by environment variables - the same rule as examples/sql-client.sh, so the same
# file and the same variable names work in both. Flink's client does not substitute anything itself.
#
#   submit-sql.sh FILE.sql
#
# Exit status: 0 submitted (the client returns once the streaming INSERT is running on the cluster);
# 1 a statement failed (the client exits 0 even then, so its output is read); 2 usage or an unset
# variable without default.
set -euo pipefail

readonly PROG=submit-sql.sh
say() { printf '%s: %s\n' "$PROG" "$*" >&2; }

(($# == 1)) || { say "usage: $PROG FILE.sql"; exit 2; }
readonly SQL_FILE=$1
[[ -f $SQL_FILE ]] || { say "no such file: $SQL_FILE"; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/submit-sql.XXXXXX")
trap 'rm -rf -- "$work"' EXIT

# substitute SRC DEST: every ${NAME} / ${NAME:-default} replaced by the environment variable NAME
# (an empty value counts as set, as with sql-client.sh), else the default; unset names without a
# default are collected in MISSING. Values are inserted literally.
MISSING=()
substitute() {
  local src=$1 dest=$2 text rest out="" match name value
  local re='\$\{([A-Za-z_][A-Za-z0-9_]*)(:-([^}]*))?\}'
  text=$(cat -- "$src"; printf x) # the x keeps trailing newlines
  rest=${text%x}
  while [[ $rest =~ $re ]]; do
    match=${BASH_REMATCH[0]}
    name=${BASH_REMATCH[1]}
    out+=${rest%%"$match"*}
    rest=${rest#*"$match"}
    if value=$(printenv "$name"); then
      out+=$value
    elif [[ -n ${BASH_REMATCH[2]} ]]; then
      out+=${BASH_REMATCH[3]}
    else
      MISSING+=("$name")
    fi
  done
  out+=$rest
  printf '%s' "$out" >"$dest"
}

script="$work/$(basename -- "$SQL_FILE")"
substitute "$SQL_FILE" "$script"
if ((${#MISSING[@]})); then
  say "unset variable(s): $(printf '%s\n' "${MISSING[@]}" | sort -u | paste -sd, -) (see .env.example)"
  exit 2
fi

# The client's configuration (remote target = the compose JobManager) comes from FLINK_CONF_DIR.
say "submitting $SQL_FILE to ${FLINK_CONF_DIR:-/opt/flink/conf}"
set +e
"${FLINK_HOME:-/opt/flink}/bin/sql-client.sh" -f "$script" </dev/null 2>&1 | tee "$work/client.out"
rc=${PIPESTATUS[0]}
set -e
if ((rc != 0)); then
  say "the SQL client failed with exit status $rc"
  exit 1
fi
# Lines of result tables start with | or +; an [ERROR] anywhere else is the client reporting a failure.
if grep -v -E '^[|+]' "$work/client.out" | grep -E '\[ERROR\]|Could not execute SQL statement' >/dev/null; then
  say "a statement failed (the [ERROR] above)"
  exit 1
fi
say "submitted; the job runs on the cluster (Flink UI: http://localhost:8081)"
