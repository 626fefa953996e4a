#!/usr/bin/env bash
# Run 94 call 2 (stop 78; run after call 1 in the same device command): OWN PREFETCH ALL
# (branch r94_own_prefetch_all, 8d8c400), OWN PREFETCH's 8 refills after 1024 cycles also
# in every kFused CTA of more than 16 gate/up blocks, i.e. TP8 at the design dims at N != 16
# (B = 1..8, 17..128), where nothing asks the refills into L2 today. Its tests, then two
# rounds of the table against main (bundle_now, d2ff557) at B = 1, 9 (kFusedX, unchanged:
# a control), 32, 48, 64, 128 at both tps (TP16's kFused code changed, its branch is not
# taken), and tools/limits.sh at TP8 B = 32, 64.
# Build (here): on the branch `tools/bundle.sh bundle_opall ab`; then
#   tar cJf bundle_pack_r94/run94b.tar.xz bundle_opall bundle_now   carry: bundle_pack_r94
{ date -u; tar xJf bundle_pack_r94/run94b.tar.xz
  for b in bundle_now bundle_opall; do echo "$b: $(cat $b/COMMIT)"; done; nvidia-smi -L; } 2>&1 |
  tee $OUT/call2.txt
MAIN=bundle_now CANDIDATES=bundle_opall BATCHES=1,9,32,48,64,128 LIMIT_CELLS="8 32;8 64" \
  timeout 400 tools/gpu_candidates.sh $OUT/c2 2>&1 | tee -a $OUT/call2.txt
echo "call 2 done after $SECONDS s" | tee -a $OUT/call2.txt
