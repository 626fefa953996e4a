#!/usr/bin/env bash
# Run 104 call 1 (stop 86), any card: the one-GPU suite (tools/gpu_suite.sh, about 400 s)
# of the full bundle at 96f66d1: main with oproj_step's serial forms checked against the
# host, dims_gpu_test's SKIPPED-in-part ending, shx_ref_linear, and 556cdd1's
# shx_group_create_part mailbox checks (processes_1gpu_test passes caller mailboxes).
# The kernels' PTX is unchanged since 54b06ad (tools/same_ptx.sh).
# Build (here): tools/bundle.sh bundle; tar cJf bundle_pack/run104s.tar.xz bundle.
#                                                       carry: bundle_pack/run104s.tar.xz
set -u
top=$OUT
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
PACK=bundle_pack/run104s.tar.xz timeout 560 tools/gpu_suite.sh $top/suite > /dev/null 2>&1
echo "suite exit $? after $SECONDS s" | tee -a $top/head.txt
[ -f $top/suite/tests_full.txt ] && gzip -f $top/suite/tests_full.txt
tail -40 $top/suite/call.txt
