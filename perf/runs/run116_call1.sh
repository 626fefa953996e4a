#!/usr/bin/env bash
# Run 116 call 1 (stop 105), named nvidia-h200: run115_call2.sh's deciding job on packs
# rebuilt in stop 105. The stop began on a fresh checkout without bundle_pack/ or the
# r114/r115 branches, so STREAM'S END EVERYWHERE was rebuilt from its patches
# (docs/experiments/downonly_stream_end_v2.patch, then streams_end_everywhere.patch, on
# main 507f076; branch r116_merge_se) and the packs from it and from main:
#   run116c   bundle_main (`tools/bundle.sh bundle_main ab` on main 507f076);
#   run116se  bundle_se   (`tools/bundle.sh bundle_se ab` on r116_merge_se);
#   run116ms  bundle      (`tools/bundle.sh bundle` on r116_merge_se: the full bundle);
# each packed as `tar cJf bundle_pack/NAME.tar.xz FOLDER` (git-ignored; about 4 MB for
# all three). Branches do not survive to a new clone: where r116_merge_se is gone, commit
# `git apply docs/experiments/streams_end_merge.patch` on main (its diff from 507f076;
# main's ops/ and engine/ unchanged since) and build from that commit; bundle_main from
# main itself. A build takes a few minutes here.
# v2 is left out: its only change, kFusedXOut (TP8 B = 9..16), has the same PTX in se.
# On an H200 (an estimate: about 200 s of command) it runs run115_call2.sh on these packs:
#  1. the A/B of main and se, two rounds, over every batch of issue 3's table and DeepSeek
#     B = 1, 9, 16, 32, 64, 128 (run114_call8.sh; it writes call.txt and c.tgz);
#  2. the README's numbers from the full se bundle, into m.tgz (run109_call1.sh:
#     group_fused_1gpu_test, bench --repeat 2, tools/limits.sh at TP8 B = 9, 16 and
#     TP16 B=9, bench --dims deepseek --repeat 2).
# On any other card: with H200_ONLY=1 it stops at once; otherwise (about 60 s) it runs
# the full se bundle's group_fused_1gpu_test and watchdog_gpu_test, so that the rebuild
# is known to pass its tests before an H200 times it.
#   carry: bundle_pack/run116c.tar.xz bundle_pack/run116se.tar.xz bundle_pack/run116ms.tar.xz
set -u
here=$(dirname "$0")
top=$(cd "$OUT" && pwd)
if ! nvidia-smi -L | grep -q H200; then
  { date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
  if [ "${H200_ONLY:-0}" = 1 ]; then
    echo "not an H200 and H200_ONLY=1; stopped" | tee -a $top/head.txt
    exit 0
  fi
  export LD_LIBRARY_PATH=/usr/local/cuda-13.0/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
  tar xJf bundle_pack/run116ms.tar.xz && cat bundle/COMMIT | tee -a $top/head.txt
  for t in group_fused_1gpu_test watchdog_gpu_test; do
    (cd bundle && timeout 90 ./$t) > $top/$t.txt 2>&1
    echo "$t exit $? at $SECONDS s" | tee -a $top/head.txt
    tail -3 $top/$t.txt
  done
  exit 0
fi
PACKS="run116c run116se" CANDIDATES=bundle_se MS_PACK=run116ms \
  exec bash $here/run115_call2.sh
