#!/usr/bin/env bash
# Whether a change leaves the CUDA kernels' code as it was: compiles each .cu under ops/
# to PTX (the build's flags, tools/nvcc_flags.sh, for compute_90a) at REV and in the
# working tree and compares the files byte for byte. Identical PTX means identical SASS
# from the same ptxas, so a refactor that passes needs no device time to keep a measured
# kernel's results.
#   tools/same_ptx.sh REV        (exit 0: every file identical; 1: some differ)
# With FUNCTIONS=1 a file that differs is also compared function by function (each
# .entry and .func of both PTX files by name): which are identical, which differ, which
# are new or gone. A change that adds kernel instances passes where the old ones are
# identical. With IGNORE_PARAM_SIZES=1 that comparison ignores the declared sizes of the
# kernels' by-value parameters: a struct parameter that grew at its end (a field the
# kernels never read, e.g. the plan's out_at_wait) leaves every instruction as it was,
# though the parameters after it sit a few bytes later in the constant bank in SASS.
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:?usage: [FUNCTIONS=1] tools/same_ptx.sh REV}
source tools/rev_trees.sh
# The build's flags, for PTX: code=compute_90a in place of code=sm_90a.
read -ra flags <<< "$(tools/nvcc_flags.sh | sed 's/code=sm_90a/code=compute_90a/')"
add_rev_tree "$scratch/rev" "$rev"
status=0
for src in ops/*.cu; do
  [ -f "$scratch/rev/$src" ] || { echo "$src: not at $rev"; status=1; continue; }
  out=$scratch/$(basename "$src" .cu)
  "$nvcc" "${flags[@]}" -ptx "$src" -o "$out.now.ptx"
  (cd "$scratch/rev" && "$nvcc" "${flags[@]}" -ptx "$src" -o "$out.rev.ptx")
  # The anonymous namespace's mangled name, and an internal function's, carry hashes of
  # the file's path: zeroed, so that the two checkouts' PTX compare.
  for f in "$out.now.ptx" "$out.rev.ptx"; do
    sed -i -e 's/_GLOBAL__N__[0-9a-f]\{8\}_/_GLOBAL__N__00000000_/g' \
      -e 's/_INTERNAL_[0-9a-f]\{8\}_/_INTERNAL_00000000_/g' \
      -e 's/_cu_[0-9a-f]\{8\}/_cu_00000000/g' "$f"
  done
  if cmp -s "$out.now.ptx" "$out.rev.ptx"; then
    echo "$src: PTX identical"
  else
    echo "$src: PTX differs"
    status=1
    if [ "${FUNCTIONS:-0}" = 1 ]; then
      python3 - "$out.rev.ptx" "$out.now.ptx" <<'PY'
import os, re, sys
def functions(path):
    text, found = open(path).read(), {}
    heads = list(re.finditer(r'^(?:\.visible |\.weak )?\.(?:entry|func)\s+(?:\([^)]*\)\s*)?(\w+)',
                             text, re.M))
    for i, m in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
        # labels carry the function's ordinal in the file ($L__BB12_3): dropped
        body = re.sub(r'\$L__BB\d+_', '$L__BB_', text[m.start():end])
        if os.environ.get("IGNORE_PARAM_SIZES") == "1":
            body = re.sub(r'(_param_\d+)\[\d+\]', r'\1[]', body)
        found[m.group(1)] = body
    return found
old, new = functions(sys.argv[1]), functions(sys.argv[2])
same = [n for n in old if n in new and old[n] == new[n]]
print(f"  functions identical: {len(same)}")
for n in sorted(set(old) | set(new)):
    if n in old and n in new and old[n] != new[n]: print("  differs:", n)
    elif n not in old: print("  new:", n)
    elif n not in new: print("  gone:", n)
PY
    fi
  fi
done
exit $status
