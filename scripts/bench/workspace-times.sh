#!/usr/bin/env bash
# Benchmark: wall times of `pnpm install` on a fresh clone, `pnpm test` cold, and `pnpm test`
# again with turbo's cache warm. Clones the current commit into a temporary folder.
#
#   bash scripts/bench/workspace-times.sh
set -euo pipefail
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git clone -q "$repo" "$tmp/clone"
cd "$tmp/clone"

# A figure for the README check (figures.ts): recorded when pnpm bench runs this script.
record() { if [ -n "${BENCH_FIGURES:-}" ]; then printf '{"id":"%s","text":"%s"}\n' "$1" "$2" >>"$BENCH_FIGURES"; fi; }

timed() {
  local id=$1 label=$2; shift 2
  local start end took
  start=$(date +%s.%N)
  "$@" >"$tmp/out.log" 2>&1 || { tail -30 "$tmp/out.log"; echo "$label failed" >&2; exit 1; }
  end=$(date +%s.%N)
  took=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.1f s", e - s }')
  printf "  %9s  %s\n" "$took" "$label"
  record "workspace-times.$id" "$took"
}

echo "Fresh clone of $(git rev-parse --short HEAD) in $tmp/clone"
timed install "pnpm install --frozen-lockfile (fresh clone, pnpm store warm)" pnpm install --frozen-lockfile
timed test-cold "pnpm test (cold: no turbo cache)" pnpm test
timed test-warm "pnpm test (again: turbo cache warm)" pnpm test
