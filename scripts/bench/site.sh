#!/usr/bin/env bash
# Benchmark: the course website (packages/site). Builds it from scratch — pages generated
# from the repository, then VitePress — and prints the build's wall and CPU time, the built
# site's total size and page count, and its largest page and largest file.
#
#   bash scripts/bench/site.sh
set -euo pipefail
site="$(git -C "$(dirname "$0")" rev-parse --show-toplevel)/packages/site"
cd "$site"
rm -rf dist ../../.site-pages .vitepress/cache

# A figure for the README check (figures.ts): recorded when pnpm bench runs this script.
record() { if [ -n "${BENCH_FIGURES:-}" ]; then printf '{"id":"%s","text":"%s"}\n' "$1" "$2" >>"$BENCH_FIGURES"; fi; }
timed() {
  local id=$1 label=$2; shift 2
  /usr/bin/env time -f "%e %U %S" -o /tmp/site-bench-time.$$ "$@" >/tmp/site-bench-out.$$ 2>&1 || { tail -30 /tmp/site-bench-out.$$; exit 1; }
  rm -f /tmp/site-bench-out.$$
  read -r wall user sys </tmp/site-bench-time.$$
  rm -f /tmp/site-bench-time.$$
  awk -v w="$wall" -v u="$user" -v s="$sys" -v l="$label" 'BEGIN { printf "  %6.1f s wall  %6.1f s CPU  %s\n", w, u + s, l }'
  record "site.$id" "$(awk -v w="$wall" -v u="$user" -v s="$sys" 'BEGIN { printf "%.1f s wall, %.1f s CPU", w, u + s }')"
}

echo "Site build (2 steps, from scratch):"
timed pages "pages: generate the site's pages from the repository (tsx src/pages-cli.ts)" pnpm exec tsx src/pages-cli.ts
timed build "vitepress build" pnpm exec vitepress build

pages=$(find dist -name '*.html' ! -name 404.html | wc -l)
total=$(du -sb dist | cut -f1)
echo "Built site: $pages pages, $(numfmt --to=iec-i --suffix=B "$total") in dist/"
record site.size "$pages pages, $(numfmt --to=iec-i --suffix=B "$total")"
echo "Largest page (HTML):"
find dist -name '*.html' -printf '%s %P\n' | sort -n | tail -1 | awk '{ printf "  %8.1f KiB  %s\n", $1 / 1024, $2 }'
echo "Largest files:"
find dist -type f -printf '%s %P\n' | sort -n | tail -3 | awk '{ printf "  %8.1f KiB  %s\n", $1 / 1024, $2 }'
