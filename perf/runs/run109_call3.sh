#!/usr/bin/env bash
# Run 109 call 3: run109_call1.sh's group test, issue 3's bench table and limits, without
# the suite (call 1 ran it on an H100), then the DeepSeek dims' table (its TP8 cells have
# not been timed on an H200 since stop 86 fitted the steps to the weight sets), but only on
# an H200: the README's tables are an H200's and a call cannot choose its card. On any
# other card it stops at once, so that a call that lands on an H100 again costs only its
# start.
#   carry: bundle_pack/run109s.tar.xz
set -u
if ! nvidia-smi -L | grep -q H200; then
  nvidia-smi -L
  echo "run109_call3: not an H200; stopped"
  exit 0
fi
CALL_SECONDS=0 DEEPSEEK=1 bash "$(dirname "$0")/run109_call1.sh"
