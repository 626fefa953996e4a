#!/usr/bin/env bash
# Run 114 call 6 (stop 102), named nvidia-h200, any card, about 500 s of command (CALL_END,
# default 540, bounds it). Call 3 ran on an H100: v2's sanitizers were clean and se
# (STREAM'S END EVERYWHERE, r114_streams_all) passed its first tests and was 0.05-0.26 us
# faster than main in every cell there. What merging se still needs:
#  1. on an H200 only, the A/B that decides it (run 94: an H100's does not): main, sa, sa2
#     and se at TP8 and TP16 B = 9, 16, 24, two rounds, no tests (call 5's, about 40 s);
#  2. compute-sanitizer synccheck, memcheck and racecheck of se's fused variant in the two
#     modes se changes and v2 does not: TP16 B=9 (kFused) and TP8 B=24 (kFusedLate on an
#     H100; an H200's plan, run 109, may pick another mode there), about 80 s;
#  3. the whole one-GPU suite on se's full bundle (pack run114ses, built at 7744313, its
#     PTX that of 298b35b), about 390 s, given what is left.
#   carry: bundle_pack/run113c.tar.xz bundle_pack/run113e.tar.xz bundle_pack/run113f.tar.xz
#          bundle_pack/run114se.tar.xz bundle_pack/run114ses.tar.xz
set -u
here=$(dirname "$0")
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
if nvidia-smi -L | grep -q H200; then
  mkdir -p $top/ab && OUT=$top/ab bash $here/run114_call5.sh > $top/ab/out.txt 2>&1
  echo "A/B exit $? at $SECONDS s" | tee -a $top/head.txt
  cat $top/ab/out.txt
fi
rm -rf bundle && tar xJf bundle_pack/run114ses.tar.xz && cat bundle/COMMIT | tee -a $top/head.txt
for shape in "16 9" "8 24"; do
  BUNDLE=bundle TESTS=" " SANITIZED=fused SANITIZER_SHAPE="$shape" SANITIZER_TIMEOUT=100 \
    timeout 150 tools/gpu_validate.sh $top/v >> $top/validate.txt 2>&1
  echo "validate $shape exit $? at $SECONDS s" | tee -a $top/head.txt
done
cat $top/validate.txt
(cd $top && tar czf v.tgz v && rm -rf v)
left=$((${CALL_END:-540} - SECONDS))
mkdir -p $top/suite
BUNDLE=bundle TEST_TIMEOUT=200 timeout $left tools/gpu_suite.sh $top/suite > /dev/null 2>&1
echo "suite exit $? at $SECONDS s (given $left s)" | tee -a $top/head.txt
tail -14 $top/suite/call.txt
