#!/usr/bin/env bash
# The main job's path without a GPU (README quick start: tools/run.sh), with every GPU
# hidden (CUDA_VISIBLE_DEVICES=""), so that it runs the same on a GPU host:
# 1. on testdata/golden it says that no GPU is visible, reproduces every golden file and
#    exits 0;
# 2. one value of a stored y_r changed in its lowest bit (the file's rank hashes left as
#    they were, so only the full comparison can see it) is a MISMATCH and exit 1;
# 3. a truncated file is unreadable, counted among the files, and exit 1;
# 4. a folder with no golden file is exit 1, not "0 of 0" passed.
set -uo pipefail
runfiles=${RUNFILES_DIR:-${TEST_SRCDIR:-$0.runfiles}}/shared_expert
decode_step=$runfiles/perf/decode_step
goldens=$runfiles/testdata/golden
scratch=${TEST_TMPDIR:-$(mktemp -d)}
export CUDA_VISIBLE_DEVICES=""
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

run() { # folder -> sets out, code
  out=$("$decode_step" "$1" 2>&1); code=$?
  echo "$out" | sed 's/^/  /'
}
# has PATTERN: whether a line of $out matches. A here-string, not `echo | grep -q`: under
# pipefail that pipeline also fails when grep exits on its match before echo is done, and
# CI once failed "no MISMATCH" with the MISMATCH line in the printed output (stop 86; not
# reproduced in 80 runs here). A miss now prints the bytes grep was given.
has() {
  grep -q -- "$1" <<<"$out" && return 0
  echo "  (no line matches '$1'; the output's bytes:)"; cat -A <<<"$out" | sed 's/^/    /'
  return 1
}

echo "== 1. the golden files"
run "$goldens"
files=$(ls "$goldens"/*.bin | wc -l)
[ "$code" -eq 0 ] || fail "exit $code on the golden files"
has '^No Hopper (sm_90) GPU is visible' || fail "no 'No Hopper' line"
has "^CPU reference: $files of $files golden files reproduced bit-exactly" ||
  fail "not every one of $files files reproduced"

echo "== 2. one stored y_r value changed"
# tp8_b1 stores every y_r in full; its last two bytes are the last BF16 of rank 7's y_r.
mkdir -p "$scratch/flipped"
name=situ_h7168_i6144_tp8_b1.bin
cp "$goldens/$name" "$scratch/flipped/$name"
chmod u+w "$scratch/flipped/$name"
size=$(stat -c %s "$scratch/flipped/$name")
last=$(od -An -tu1 -j $((size - 2)) -N1 "$scratch/flipped/$name" | tr -d ' ')
printf "$(printf '\\%03o' $((last ^ 1)))" |
  dd of="$scratch/flipped/$name" bs=1 seek=$((size - 2)) conv=notrunc status=none
cmp -s "$goldens/$name" "$scratch/flipped/$name" && fail "the copy was not changed"
run "$scratch/flipped"
[ "$code" -eq 1 ] || fail "exit $code with a changed y_r value"
has "^$name .*MISMATCH" || fail "no MISMATCH for $name"

echo "== 3. a truncated file"
mkdir -p "$scratch/truncated"
head -c 1000 "$goldens/$name" > "$scratch/truncated/$name"
run "$scratch/truncated"
[ "$code" -eq 1 ] || fail "exit $code with a truncated file"
has "^$name .*unreadable" || fail "no 'unreadable' for $name"
has "^CPU reference: 0 of 1 golden files" || fail "the summary's count"

echo "== 4. no golden file"
mkdir -p "$scratch/empty"
run "$scratch/empty"
[ "$code" -eq 1 ] || fail "exit $code with no golden file"
has "^CPU reference: 0 of 0 golden files" || fail "no '0 of 0' summary for an empty folder"

[ "$failures" -eq 0 ] && echo "PASSED" || echo "$failures failed"
[ "$failures" -eq 0 ]
