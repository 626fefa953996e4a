#!/usr/bin/env bash
# Run 41, call 12 (perf/RESULTS.md), nvidia-h200: SASS only. The fused kernel's N = 16
# instance (main's bench): what griddepcontrol.wait compiles to (a blocking instruction,
# or a loop that waiting warps spin in beside the previous grid's CTA on the same SM?).
# carry: bundle_pack
date -u
tar xJf bundle_pack/run41_call12.tar.xz
fn='_ZN3shx5fused40_GLOBAL__N__a1f4aaad_8_fused_cu_cddb773919shared_expert_fusedILi16ELNS1_4ModeE0ELi2ELb0EEEv14CUtensorMap_stS4_S4_S4_14shx_fused_plan14shx_fused_args'
cuobjdump --dump-sass --function "$fn" bundle_m/bench > $OUT/fused_n16.sass 2>&1
echo "cuobjdump exit $?"
wc -l $OUT/fused_n16.sass
grep -c "ACQBULK\|DEPBAR\|CCTL\|ERRBAR" $OUT/fused_n16.sass
echo "all done after $SECONDS s"
