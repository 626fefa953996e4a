#!/usr/bin/env bash
# The size in bytes of each fused kernel instance's SASS (its cubin's .text section), for
# the working tree and for each REV given: which instances a change makes longer, and by
# how much, read here without cuobjdump (which only the GPU machine has). For the
# instruction-fetch question of docs/fused_performance.md (EXIT DRAIN, which changes no
# healthy step's logic, moved TP8 B = 9, 16 by 0.2-0.35 us on two H100s).
#   tools/sass_sizes.sh [REV...]      e.g. tools/sass_sizes.sh main r97_exit_drain
# Columns: shared_expert_fused's template arguments (N; mode: 0 kFused, 1 kGate, 2 kFusedX,
# 3 kFusedLate, 4 kFusedXOut; CTAs per SM; clusters of 16), then one size per tree. Other kernels (the
# split variant's down) are left out.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/rev_trees.sh
read -ra flags <<< "$(tools/nvcc_flags.sh)"   # the build's, from tools/cuda.bzl
names=(tree) trees=(.)
i=0
for rev in "$@"; do
  i=$((i + 1))
  add_rev_tree "$scratch/rev$i" "$rev"
  names+=("$rev") trees+=("$scratch/rev$i")
done
for j in "${!trees[@]}"; do
  (cd "${trees[$j]}" && "$nvcc" "${flags[@]}" -cubin ops/fused.cu -o "$scratch/$j.cubin") &
done
wait
python3 - "$scratch" "${names[@]}" <<'PY'
import re, struct, sys
scratch, names = sys.argv[1], sys.argv[2:]
def text_sizes(path):
    data = open(path, 'rb').read()
    shoff = struct.unpack_from('<Q', data, 0x28)[0]
    entsize, count, strndx = struct.unpack_from('<HHH', data, 0x3A)
    headers = [struct.unpack_from('<IIQQQQ', data, shoff + k * entsize) for k in range(count)]
    strtab = headers[strndx][4]
    sizes = {}
    for name, _, _, _, _, size in headers:
        text = data[strtab + name:data.index(b'\0', strtab + name)].decode()
        m = re.search(r'^\.text\..*shared_expert_fusedILi(\d+)ELNS1_4ModeE(\d)ELi(\d)ELb(\d)', text)
        if m: sizes[tuple(int(g) for g in m.groups())] = size
    return sizes
tables = [text_sizes(f'{scratch}/{j}.cubin') for j in range(len(names))]
print('| N | mode | CTAs per SM | clusters of 16 | ' + ' | '.join(names) + ' |')
print('|---:' * (4 + len(names)) + '|')
for key in sorted(set().union(*tables)):
    print('| ' + ' | '.join(map(str, key)) + ' | ' +
          ' | '.join(str(t.get(key, '-')) for t in tables) + ' |')
PY
