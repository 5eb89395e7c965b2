#!/usr/bin/env bash
# Long fuzzing campaign: fuzzes each entry point in turn (Jazzer fuzzes one @FuzzTest per JVM) and
# prints the executions libFuzzer reports. Findings are written next to the seeds as crash-*; keep
# each as a regression input (rename to regression-*) together with a unit test and the fix.
#
# usage: scripts/fuzz-campaign.sh [DURATION] [TARGET...]
#   DURATION  per target, libFuzzer style (default 2h; each target also stops at 10M executions)
#   TARGET    Class#method, default: all nine entry points
# example: nice -n 19 scripts/fuzz-campaign.sh 10m dev.flinklog.format.LogJsonFuzzTest#deserialize
set -euo pipefail

cd "$(dirname "$0")/.."
duration="${1:-2h}"
shift || true
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
  targets=(
    "LogJsonFuzzTest#deserialize" "LogJsonFuzzTest#tokenizer" "LogJsonFuzzTest#logParse"
    "LogFunctionsFuzzTest#logTimestamp" "LogFunctionsFuzzTest#logLevel"
    "LogFunctionsFuzzTest#logTemplateFingerprint" "LogFunctionsFuzzTest#logErrorClass"
    "LogFunctionsFuzzTest#logLabels" "LogFunctionsFuzzTest#logParseLine"
  )
fi
logs="${FUZZ_LOG_DIR:-target/fuzz-logs}"
mkdir -p "$logs"
status=0
for t in "${targets[@]}"; do
  log="$logs/${t//[#.]/_}.log"
  echo "== $t ($duration) -> $log"
  if JAZZER_FUZZ=1 JAZZER_MAX_DURATION="$duration" mvn -o -B -pl flink-log-sql-functions,flink-log-format -am test \
      -Dtest="$t" -Dsurefire.failIfNoSpecifiedTests=false >"$log" 2>&1; then
    result="no finding"
  else
    result="FINDING or build failure (see the log)"
    status=1
  fi
  # libFuzzer's last status line and its closing line carry the execution count.
  grep -E '^Done [0-9]+ runs|^#[0-9]+' "$log" | tail -1 || true
  echo "   $result"
done
exit "$status"
