#!/usr/bin/env bash
# Run 118 call 1 (stop 107 wrote it), named nvidia-h200: run116_call1.sh's deciding job
# on packs rebuilt from main after stop 107's host changes, then the GPU tests that those
# changes added and no GPU has run yet.
#   run118c   bundle_main (`tools/bundle.sh bundle_main ab` on main e4986cc);
#   run118se  bundle_se   (`tools/bundle.sh bundle_se ab` on fbe6b52, branch r118_merge_se:
#             `git apply docs/experiments/streams_end_merge.patch` on e4986cc, committed);
#   run118ms  bundle      (`tools/bundle.sh bundle` on fbe6b52: the full bundle);
# each packed as `tar cJf bundle_pack/NAME.tar.xz FOLDER` (git-ignored; about 4 MB).
# On an H200 (an estimate: about 200 s, then at most 240 s more: four tests of 60 s at most):
#  1. run115_call2.sh: the A/B of main and se, two rounds, over issue 3's batches and
#     DeepSeek B = 1, 9, 16, 32, 64, 128 (call.txt, c.tgz), and the README's numbers from
#     the full se bundle (m.tgz);
#  2. from that full bundle (main's host code with se's kernels): api_gpu_test (stop 107's
#     refusals of buffers that share bytes with a bound mailbox or weight), watchdog_gpu_test
#     (shx_check_device's forget), and group_gpu_test's re-arm checks (d71cf91) in the split
#     and baseline forms (the fused form runs in m.tgz's group.txt), into t.tgz.
# On any other card: with H200_ONLY=1 it stops at once; otherwise it runs step 2 alone
# (the tests do not depend on the card; at most 240 s).
#   carry: bundle_pack/run118c.tar.xz bundle_pack/run118se.tar.xz bundle_pack/run118ms.tar.xz
#   (step 2 alone needs only run118ms)
set -u
here=$(dirname "$0")
top=$(cd "$OUT" && pwd)
if nvidia-smi -L | grep -q H200; then
  PACKS="run118c run118se" CANDIDATES=bundle_se MS_PACK=run118ms bash $here/run115_call2.sh
else
  { date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
  if [ "${H200_ONLY:-0}" = 1 ]; then
    echo "not an H200 and H200_ONLY=1; stopped" | tee -a $top/head.txt
    exit 0
  fi
  echo "not an H200: the tests alone" | tee -a $top/head.txt
fi
export LD_LIBRARY_PATH=/usr/local/cuda-13.0/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
export NCCL_NVLS_ENABLE=0
mkdir -p $top/t
tar xJf bundle_pack/run118ms.tar.xz # again: the full bundle, whatever ran before
cat bundle/COMMIT > $top/t/commit.txt
for t in api_gpu_test watchdog_gpu_test group_split_1gpu_test group_baseline_1gpu_test; do
  (cd bundle && timeout 60 ./$t) > $top/t/$t.txt 2>&1
  echo "$t exit $? at $SECONDS s" | tee -a $top/t/exits.txt
  tail -2 $top/t/$t.txt
  (cd $top && tar czf t.tgz t) # after each test: a call cut by its limit keeps the ones done
done
rm -rf $top/t
