#!/usr/bin/env bash
# Run 112 call 9 (stop 98): the tail re-reads its op's error flag every 50 us while it
# waits (a review, helper 144: a flag set after the tail started, by a kernel on another
# stream, left it waiting for ever with the watchdog off); watchdog_gpu_test's case 5 sets
# the flag from the host while a tail waits. From main at b00f318 (the run112u pack, a full
# bundle): watchdog_gpu_test, the three 1-GPU group tests and mailbox_gpu_test (every
# variant's tails), the main job; then case 5 against the old tail (bundle_nf, branch
# r112_tail_noflag fbc3ce9), which should fail (its 30 s alarm). About 3 minutes.
#   carry: bundle_pack/run112u.tar.xz bundle_pack/run112f.tar.xz
set -u
source tools/gpu_env.sh "$OUT"
top=$out
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
for p in run112u run112f; do tar xJf bundle_pack/$p.tar.xz; done
cat bundle/COMMIT bundle_nf/COMMIT | tee -a $top/head.txt
TAIL=6 TEST_TIMEOUT=150 run_bundle_tests watchdog_gpu_test group_fused_1gpu_test \
  group_split_1gpu_test group_baseline_1gpu_test mailbox_gpu_test 2>&1 | tee $top/tests.txt
(cd bundle && timeout 120 ./decode_step ../testdata/golden) > $top/decode_step.txt 2>&1
echo "decode_step exit $? at $SECONDS s" | tee -a $top/head.txt
tail -3 $top/decode_step.txt
echo "== bundle_nf watchdog_gpu_test (expected to fail case 5)"
(cd bundle_nf && timeout 150 ./watchdog_gpu_test) > $top/noflag.txt 2>&1
echo "exit $?"; tail -4 $top/noflag.txt
