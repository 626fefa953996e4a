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
CALL_SECONDS=0 bash "$(dirname "$0")/run109_call1.sh"
# call 1's environment is its own process's: set it again for the DeepSeek table.
top=$(cd "$OUT" && pwd)
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda-13.0/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
(cd bundle && timeout 60 ./bench --dims deepseek --repeat 2 --csv $top/bench_deepseek.csv) \
  > $top/bench_deepseek.txt 2> /dev/null
echo "bench deepseek exit $? at $SECONDS s" | tee -a $top/head.txt
grep -E "^ +(8|16) +(9|16|64) " $top/bench_deepseek.txt
