#!/usr/bin/env bash
# tools/ab_table.sh on a two-build, two-round A/B in gpu_candidates.sh's output form:
# columns in first-run order, each cell its build's fused medians in run order, other
# lines (headers, the plans line, limits rows) ignored, a trace's header ending a
# column's rows, the main bundle named plain `bundle` a column, and the DeepSeek part's
# cells rows of their own.
set -euo pipefail
table=$(dirname "$0")/ab_table.sh
input=$(mktemp)
trap 'rm -f "$input"' EXIT
row() { # tp B fused
  printf '%3s %4s |    7.65 1   96 |   18.65  0.10 |   %s  0.10   72   1.35  1.81 |   16.48  0.05   2.15  1.13\n' "$@"
}
{
  echo "== bundle_m (93adf63)"
  echo " tp    B |   floor   %HBM |    base  sprd |   fused  sprd %HBM xfloor xbase |   split"
  row 8 9 10.29; row 16 64 8.55
  echo "fused plans (CTAs = clusters x size, CTAs an SM): tp 8 B 9 112 = 28 x 4, 2;"
  echo "== bundle_li (bf54baf)"
  row 8 9 10.30; row 16 64 8.56
  echo "== bundle_m (93adf63)"
  row 8 9 10.26; row 16 64 8.57
  echo "== bundle_li (bf54baf)"
  row 8 9 10.31; row 16 64 8.58
  echo "| 8 | 24 | 33.0 | 7.37 | 11.42 | 1.14 | 4.61 | m |"
  # a trace's header ends bundle_li's rows: the row after it is no fused median
  echo "== bundle_li trace TP/B 8 9, last of 40 steps"
  row 8 9 99.99
  # the main bundle under bundle.sh's default name is a column too
  echo "== bundle (93adf63)"
  row 8 9 10.28
  # the DeepSeek part: the same (tp, B) as rows of their own
  echo "== deepseek dims"
  echo "== bundle_m (93adf63)"
  row 8 9 5.46
  echo "== bundle_li (bf54baf)"
  row 8 9 5.47
} > "$input"
expected='| tp | B | bundle_m | bundle_li | bundle |
|---:|---:|---:|---:|---:|
| 8 | 9 | 10.29, 10.26 | 10.30, 10.31 | 10.28 |
| 16 | 64 | 8.55, 8.57 | 8.56, 8.58 |  |
| 8 (DeepSeek) | 9 | 5.46 | 5.47 |  |'
actual=$("$table" "$input")
if [ "$actual" != "$expected" ]; then
  echo "ab_table.sh printed:"; echo "$actual"; echo "expected:"; echo "$expected"; exit 1
fi
echo "ab_table_test: passed"
