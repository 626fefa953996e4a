#!/usr/bin/env bash
# Run 109 call 3: run109_call1.sh's group test, issue 3's bench table and limits, without
# the suite (call 1 ran it on an H100), but only on an H200: the README's table is an
# H200's and a call cannot choose its card. On any other card it stops at once, so that
# a call that lands on an H100 again costs only its start.
#   carry: bundle_pack/run109s.tar.xz
set -u
if ! nvidia-smi -L | grep -q H200; then
  nvidia-smi -L
  echo "run109_call3: not an H200; stopped"
  exit 0
fi
CALL_SECONDS=0 bash "$(dirname "$0")/run109_call1.sh"
