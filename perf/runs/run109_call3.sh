#!/usr/bin/env bash
# Run 109 call 3: run109_call1.sh's group test, issue 3's bench table and limits, without
# the suite (call 1 ran it on an H100), then the DeepSeek dims' table (its TP8 cells have
# not been timed on an H200 since stop 86 fitted the steps to the weight sets), but only on
# an H200: the README's tables are an H200's and a call cannot choose its card. On any
# card it first runs api_gpu_test (stop 95: shx_bind_peers refuses overlapping mailboxes,
# and the test now binds 8 distinct ones), a few seconds, and on a card other than an H200
# it stops there, so that a call that lands on an H100 costs little and still answers that.
#   carry: bundle_pack/run109s.tar.xz
set -u
top=$(cd "$OUT" && pwd)
nvidia-smi -L
export LD_LIBRARY_PATH=/usr/local/cuda-13.0/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
tar xJf bundle_pack/run109s.tar.xz && cat bundle/COMMIT
(cd bundle && timeout 60 ./api_gpu_test) > $top/api_gpu_test.txt 2>&1
echo "api_gpu_test exit $? at $SECONDS s"
tail -4 $top/api_gpu_test.txt
if ! nvidia-smi -L | grep -q H200; then
  echo "run109_call3: not an H200; stopped"
  exit 0
fi
CALL_SECONDS=0 DEEPSEEK=1 bash "$(dirname "$0")/run109_call1.sh"
