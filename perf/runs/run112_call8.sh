#!/usr/bin/env bash
# Run 112 call 8 (stop 98): shx_group_rearm now returns once its arms have run (a review,
# helper 143: in a multi-process group a part's queued arm could overwrite a push from
# another process that overtook it after the caller's barrier), and mailbox_gpu_test
# checks it after every re-arm (shx_group_idle). Runs, from main at 8b2ef7f (the run112t
# pack, a full bundle): mailbox_gpu_test, processes_1gpu_test, watchdog_gpu_test,
# neighbour_gpu_test and dims_gpu_test (each re-arms), then the new check against the
# same code without the final wait (bundle_nw, branch r112_rearm_nowait f006ff6), which
# should fail it. About 3 minutes, any card.
#   carry: bundle_pack/run112t.tar.xz bundle_pack/run112n.tar.xz
set -u
source tools/gpu_env.sh "$OUT"
top=$out
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
for p in run112t run112n; do tar xJf bundle_pack/$p.tar.xz; done
cat bundle/COMMIT bundle_nw/COMMIT | tee -a $top/head.txt
TAIL=4 TEST_TIMEOUT=150 run_bundle_tests mailbox_gpu_test processes_1gpu_test \
  watchdog_gpu_test neighbour_gpu_test dims_gpu_test 2>&1 | tee $top/tests.txt
echo "== bundle_nw mailbox_gpu_test (expected to fail the idle check)"
(cd bundle_nw && timeout 120 ./mailbox_gpu_test) > $top/nowait.txt 2>&1
echo "exit $?"; tail -4 $top/nowait.txt
