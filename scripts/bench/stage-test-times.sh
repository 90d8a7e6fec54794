#!/usr/bin/env bash
# Benchmark: each stage's tests on their own, one after another (nothing else running), as
# `pnpm --filter <stage> test` runs them: wall time and CPU time (user + system, child
# processes included). What a student waits for when testing one lesson; the CPU column is
# what each stage costs the cold `pnpm test`, where all run at once on the machine's cores.
#
#   bash scripts/bench/stage-test-times.sh [stage ...]     (default: every package)
set -euo pipefail
cd "$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
# A figure for the README check (figures.ts): recorded when pnpm bench runs this script.
record() { if [ -n "${BENCH_FIGURES:-}" ]; then printf '{"id":"%s","text":"%s"}\n' "$1" "$2" >>"$BENCH_FIGURES"; fi; }
stages=("$@")
if [ ${#stages[@]} -eq 0 ]; then stages=(core s01 s02 s03 s04 s05 s06 s07 s08 s09 s10 s11 s12 docs); fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
printf "%-6s %8s %8s\n" stage wall cpu
for stage in "${stages[@]}"; do
  filter=$stage
  [ "$stage" = core ] || [ "$stage" = docs ] && filter="@learn/$stage"
  TIMEFORMAT="%R %U %S"
  times=$( { time pnpm --filter "$filter" test >"$log" 2>&1 || { tail -20 "$log" >&2; echo "$stage failed" >&2; exit 1; }; } 2>&1 )
  read -r wall user sys <<<"$times"
  awk -v s="$stage" -v w="$wall" -v u="$user" -v y="$sys" 'BEGIN { printf "%-6s %7.1fs %7.1fs\n", s, w, u + y }'
  record "stage-test-times.$stage" "$(awk -v w="$wall" -v u="$user" -v y="$sys" 'BEGIN { printf "%.0f / %.0f s", w, u + y }')"
done
