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

timed() {
  local label=$1; shift
  local start end
  start=$(date +%s.%N)
  "$@" >"$tmp/out.log" 2>&1 || { tail -30 "$tmp/out.log"; echo "$label failed" >&2; exit 1; }
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" -v l="$label" 'BEGIN { printf "  %7.1f s  %s\n", e - s, l }'
}

echo "Fresh clone of $(git rev-parse --short HEAD) in $tmp/clone"
timed "pnpm install --frozen-lockfile (fresh clone, pnpm store warm)" pnpm install --frozen-lockfile
timed "pnpm test (cold: no turbo cache)" pnpm test
timed "pnpm test (again: turbo cache warm)" pnpm test
