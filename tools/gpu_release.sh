#!/usr/bin/env bash
# The validation of a kernel as a run ends, in one device call (190-250 s on
# nvidia-h200-x2, perf/RESULTS.md runs 36-39), from the repository root with a full
# bundle (tools/bundle.sh) and, optionally, an A/B bundle of the run's starting point
# (tools/bundle.sh NAME ab):
#   1. tools/gpu_session.sh parts check, bench, deepseek and limits: GPU facts, SASS
#      (HGMMA, LDL/STL), every GPU test on one GPU (and on two where the host has them),
#      the main job, bench --repeat 2 at both dims (with the TP2 NCCL comparison on two
#      GPUs), tools/limits.sh at every target cell of the design dims;
#   2. compute-sanitizer synccheck, memcheck and racecheck (tools/gpu_validate.sh) for
#      each case of SANITIZER_CASES: "dims tp B variant..." separated by ';';
#   3. with ORIG: the A/B of ORIG against BUNDLE (fused and split, twice each) at
#      AB_BATCHES (design dims) and AB_DEEPSEEK_BATCHES (DeepSeek dims);
#   4. tools/limits.sh at LIMIT_CELLS_DEEPSEEK of the DeepSeek dims.
# Everything but the summary tables is packed into OUTDIR/all.tgz (the device tool brings
# back at most 8 files: seven are left, so that the caller may tee its own log there);
# session.txt, bench.txt, bench.csv, bench_deepseek.csv, limits.txt and
# limits_deepseek.txt stay beside it (the session's tables, for perf/RESULTS.md).
# RELEASE_PARTS replaces step 1's parts (e.g. "check bench" where device time is short).
#   [BUNDLE=bundle] [ORIG=bundle_orig] tools/gpu_release.sh OUTDIR
set -u
source "$(dirname "$0")/gpu_env.sh" "${1:?usage: [ORIG=bundle_x] tools/gpu_release.sh OUTDIR}"
tools=$(cd "$(dirname "$0")" && pwd)
orig=${ORIG:-}
gpus=$(nvidia-smi -L | wc -l)
# Every test in the bundle (its TESTS, which tools/bundle.sh writes from the targets), the
# two-GPU ones only where the host has two GPUs.
tests=$({ [ "$gpus" -ge 2 ] && cat || grep -v 2gpu_test; } < "$bundle/TESTS" | tr '\n' ' ')
echo "bundle $(cat "$bundle/COMMIT")${orig:+, orig $orig $(cat "$orig/COMMIT")}, $gpus GPU(s)"
nvidia-smi -L

BUDGET=420 TESTS="$tests" PARTS="${RELEASE_PARTS:-check bench deepseek limits}" \
  "$tools/gpu_session.sh" \
  "$out/s" > /dev/null 2>&1
grep -E "^==|^===|exit|passed|failed|skipped|HGMMA|LDL|rror" "$out/s/session.txt" | head -40
echo "session done after $SECONDS s"

IFS=';' read -ra cases <<< "${SANITIZER_CASES:-design 8 16 fused split;deepseek 16 9 fused split}"
for case in "${cases[@]}"; do
  read -r dims tp batch variants <<< "$case"
  echo "== sanitizers, $dims dims, tp/B $tp $batch"
  SHX_DIMS=$dims SANITIZER_SHAPE="$tp $batch" SANITIZED="$variants" SANITIZER_TIMEOUT=60 \
    TESTS=" " timeout 150 "$tools/gpu_validate.sh" "$out/v_${dims}_${tp}_$batch" 2>&1 |
    grep -vE "^== (mailbox|group)"
done
echo "sanitizers done after $SECONDS s"

if [ -n "$orig" ]; then
  BATCHES=${AB_BATCHES:-1,9,16,32,64} timeout 90 "$tools/gpu_ab.sh" "$out/ab" \
    "$orig" "$bundle" "$orig" "$bundle" > "$out/ab.txt" 2>&1
  BENCH_ARGS="--dims deepseek" BATCHES=${AB_DEEPSEEK_BATCHES:-1,9,32,48,64} timeout 90 \
    "$tools/gpu_ab.sh" "$out/abds" "$orig" "$bundle" "$orig" "$bundle" > "$out/abds.txt" 2>&1
  cat "$out/ab.txt" "$out/abds.txt"
  echo "ab done after $SECONDS s"
fi

case " ${RELEASE_PARTS:-limits} " in *" limits "*)
  SHX_DIMS=deepseek BUNDLE=$bundle CELLS="${LIMIT_CELLS_DEEPSEEK:-16 9;16 64;8 9;8 64}" \
    timeout 60 "$tools/limits.sh" "$out/lds" > "$out/limits_deepseek.txt" 2>&1
  cat "$out/s/limits.txt" "$out/limits_deepseek.txt" ;;
esac

cd "$out" || exit 1
cp s/session.txt s/bench.csv s/bench.txt s/bench_deepseek.csv s/limits.txt . 2>/dev/null
tar czf all.tgz s v_* ab.txt abds.txt 2>/dev/null
rm -rf s v_* lds ab abds ab.txt abds.txt
ls "$out"
echo "all done after $SECONDS s"
