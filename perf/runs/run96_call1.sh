#!/usr/bin/env bash
# Run 96 call 1 (stop 80): LATE IN REGISTERS at N = 24, 32 as an instance of its own
# (branch r96_late_instance, bundle_li: kFusedLate; every other kernel's PTX is main's and
# kFusedLate's is r95_late_regs's kFused at N = 24, 32, tools/same_ptx.sh), on an H200 only
# (run 95's eight calls all got H100s). tools/gpu_candidates.sh: its fused, split and
# mailbox tests (group_fused_1gpu_test also checks which plans take kFusedLate) and the
# SASS check; main and bundle_li twice in one run (B = 9, 17, 24, 25, 32, 64; TP16 should
# equal main everywhere, TP8 B = 9 and 64 too); limits at TP8 B = 24, 32. On another card
# it only prints the card and ends.
# Build (here): tools/bundle.sh bundle_m ab on main (6a4e562, or any commit whose kernels'
# PTX is main's); on r96_late_instance tools/bundle.sh bundle_li ab; then
# rm -f bundle_pack/*; tar cJf bundle_pack/run96_li.tar.xz bundle_m bundle_li.
#                                                                 carry: bundle_pack
{ date -u; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
nvidia-smi -L | grep -q H200 || { echo "not an H200: nothing run" | tee -a $OUT/head.txt; exit 0; }
tar xJf bundle_pack/run96_li.tar.xz
MAIN=bundle_m CANDIDATES=bundle_li BATCHES=9,17,24,25,32,64 LIMIT_CELLS="8 24;8 32" \
  timeout 400 tools/gpu_candidates.sh $OUT 2>&1 | tee $OUT/call.txt
echo "done after $SECONDS s" | tee -a $OUT/call.txt
