#!/usr/bin/env bash
# Run 115 call 2 (stop 103), named nvidia-h200.
# On an H200 (about 200 s of command) it decides STREAM'S END EVERYWHERE:
#  1. run114_call8.sh's A/B of main, v2 and se, two rounds, over every batch of issue 3's
#     table (B = 1..128: se changes every fused mode, and no H200 has timed it at any
#     batch) and DeepSeek B = 1, 9, 16, 32, 64, 128;
#  2. in the same call, the README's numbers from the merge form's full bundle (pack
#     run115ms: branch r115_merge_se with main merged in, 73cb64e, its product code and
#     PTX those of 7744313), so that a merge does not wait for a second H200: its
#     group_fused_1gpu_test, issue 3's table (bench --repeat 2), tools/limits.sh at TP8
#     B = 9, 16 and TP16 B=9, and the DeepSeek dims' table. If the A/B says se loses, the
#     second half is recorded and not used.
# On any other card (about 50 s) it times main against se, two rounds, at the batches no
# call had timed se at before call 2 (design B = 1, 4, 8, 13, 40, 48, 56, 96, 128;
# DeepSeek B = 1, 4, 8, 16, 128): whether se loses anywhere on that card (call 2, an H100:
# it did not). With H200_ONLY=1 it stops at once on any other card instead.
#   carry: bundle_pack/run113c.tar.xz bundle_pack/run113f.tar.xz bundle_pack/run114se.tar.xz
#          bundle_pack/run115ms.tar.xz
# On an H200, PACKS and CANDIDATES (read by run114_call8.sh) and MS_PACK (the full
# bundle's pack) pick other bundles: run116_call1.sh runs it on stop 105's rebuilt packs.
set -u
here=$(dirname "$0")
top=$(cd "$OUT" && pwd)
if ! nvidia-smi -L | grep -q H200; then
  if [ "${H200_ONLY:-0}" = 1 ]; then # call 2 ran the H100 branch; later calls skip it
    { date -u; nvidia-smi -L; echo "not an H200 and H200_ONLY=1; stopped"; } 2>&1 |
      tee $top/head.txt
    exit 0
  fi
  echo "not an H200: main against se at the batches not yet timed"
  PACKS="run113c run114se" CANDIDATES=bundle_se AB_BATCHES=1,4,8,13,40,48,56,96,128 \
    AB_DEEPSEEK_BATCHES=1,4,8,16,128 AB_TIMEOUT=200 exec bash $here/run114_call8.sh
fi
AB_BATCHES=1,4,8,9,13,16,24,32,40,48,56,64,96,128 AB_DEEPSEEK_BATCHES=1,9,16,32,64,128 \
  AB_TIMEOUT=300 H200_ONLY=1 bash $here/run114_call8.sh
# run109_call1.sh's sequence on the merge form's pack, into m/ (it writes its own head.txt).
mkdir -p $top/m
OUT=$top/m PACK=${MS_PACK:-run115ms} CELLS="8 9;8 16;16 9" CALL_SECONDS=0 DEEPSEEK=1 \
  bash $here/run109_call1.sh
# The device tool brings back a few files: head.txt, call.txt, c.tgz and m.tgz.
(cd $top && tar czf m.tgz m && rm -rf m)
