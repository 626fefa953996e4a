#!/usr/bin/env bash
# Run 26, call 11 (perf/RESULTS.md): call 9's Nsight Compute stall profile (TP8 and TP16,
# B = 9, one launch each) on the current kernel: bundle = HEAD (tools/bundle.sh bundle
# ab), the st.async exchange. The same commands as perf/runs/run26_call9.sh.
exec bash "$(dirname "$0")/run26_call9.sh"
