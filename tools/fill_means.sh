#!/usr/bin/env bash
# The means over several FILL STAMPS traces (`profile_step fused TP B 40 1 trace` of a
# FILL_STAMPS=1 bundle, one file a round) of what each prints: the step time, the events
# line ("MMAs done ..., next wait ...") and the landing time of every gate/up CTA fill
# ("fills | landed" and its rows), us after the dependency wait.
#   tools/fill_means.sh TRACE...     (e.g. perf/runs/run90_call3/fs/traces.tgz's files)
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: tools/fill_means.sh TRACE..." >&2; exit 2; }
awk '
  FNR == 1 { files++; landed = 0 }
  /us per step/ { for (i = 1; i <= NF; ++i) if ($(i + 1) == "us") step += $i }
  /^fills \| us after the wait:/ {
    line = $0; sub(/.*wait: /, "", line); sub(/ \(means.*/, "", line)
    n = split(line, parts, ", ")
    for (i = 1; i <= n; ++i) {
      m = split(parts[i], words, " "); name = words[1]
      for (j = 2; j < m; ++j) name = name " " words[j]
      event[i] = name; value[i] += words[m]; events = n
    }
  }
  /^fills \| landed/ { landed = 1; next }
  landed && /^fills \| [0-9]+:/ {
    for (i = 3; i <= NF; ++i) {
      split($i, kv, ":"); fill[kv[1] + 0] += kv[2]; if (kv[1] + 0 > last) last = kv[1] + 0
    }
    next
  }
  landed { landed = 0 }
  END {
    printf "%d traces; step %.2f us\n", files, step / files
    for (i = 1; i <= events; ++i) printf "%s %.2f%s", event[i], value[i] / files,
                                          i < events ? ", " : "\n"
    for (f = 0; f <= last; ++f) printf "%d:%.2f%s", f, fill[f] / files, f < last ? " " : "\n"
  }' "$@"
