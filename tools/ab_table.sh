#!/usr/bin/env bash
# The fused cells of a tools/gpu_candidates.sh A/B as one Markdown table: a row per (tp,
# B), a column per build in the order the A/B first ran them, each cell that build's
# fused medians (us) over its rounds, in run order. perf/RESULTS.md's A/B tables since run
# 96 were made this way from the call's own output:
#   tools/ab_table.sh perf/runs/run96_call1/call.txt
# A column: one "== NAME (commit)" header (gpu_ab.sh's), then bench's rows
# (" tp    B |   floor   %HBM |    base  sprd |   fused  sprd ..."), fused being field 5
# when the row is split at "|". Any other "== " line (a trace's header) ends the column's
# rows; after "== deepseek dims" (gpu_candidates.sh's DEEPSEEK_BATCHES part) the cells
# are rows of their own, their tp marked "(DeepSeek)".
set -euo pipefail
file=${1:?usage: tools/ab_table.sh CALL_TXT}
awk '
  /^== deepseek dims/ { dims = " (DeepSeek)"; build = ""; next }
  /^== [^ ]+ \(/ { build = $2; if (!(build in seen)) { seen[build] = 1; order[++n] = build } next }
  /^== / { build = ""; next }
  build != "" && /^ *(8|16|4|2) +[0-9]+ \|/ {
    split($0, part, "|"); split(part[1], key, " "); split(part[4], fused, " ")
    cell = key[1] dims " " key[2]
    if (!(cell in cells)) { cells[cell] = 1; cell_order[++m] = cell }
    value[build, cell] = rounds[build, cell]++ ? value[build, cell] ", " fused[1] : fused[1]
  }
  END {
    printf "| tp | B |"; for (i = 1; i <= n; ++i) printf " %s |", order[i]; print ""
    printf "|---:|---:|"; for (i = 1; i <= n; ++i) printf "---:|"; print ""
    for (j = 1; j <= m; ++j) {
      b = cell_order[j]; sub(/.* /, "", b); tp = cell_order[j]; sub(/ [^ ]+$/, "", tp)
      printf "| %s | %s |", tp, b
      for (i = 1; i <= n; ++i) printf " %s |", value[order[i], cell_order[j]]
      print ""
    }
  }' "$file"
