#!/usr/bin/env bash
# Where compute-sanitizer synccheck reports barrier errors, with the SASS around each
# reported instruction: one step of profile_step VARIANT TP B from the bundle.
#   BUNDLE=bundle tools/gpu_synccheck_sites.sh OUTDIR VARIANT TP B
# Prints the error kinds, the distinct (function, offset) sites with their counts, the
# threads and shared addresses reported, and each site's SASS line with the 6 before it.
set -uo pipefail
source "$(dirname "$0")/gpu_env.sh" "${1:?usage: OUTDIR VARIANT TP B}"
variant=${2:?}; tp=${3:?}; batch=${4:?}
log="$out/synccheck_sites_${variant}_${tp}_${batch}.log"
(cd "$bundle" && SHX_REPLAYS=1 SHX_WATCHDOG_MS=5000 timeout ${SANITIZER_TIMEOUT:-120} \
  compute-sanitizer --tool synccheck --num-cuda-barriers 1024 --print-limit 2000 \
  ./profile_step "$variant" "$tp" \
  "$batch" 1 > "$log" 2>&1)
echo "== synccheck $variant tp $tp B $batch: exit $?"
grep -E "ERROR SUMMARY" "$log"
grep -E "^=========     at " "$log" | sed 's/^=========     at //' | sort | uniq -c | sort -rn | head -12
echo "-- threads (x) reported, most frequent:"
grep -oE "by thread \([0-9]+" "$log" | sort | uniq -c | sort -rn | head -8
echo "-- other detail lines:"
grep -E "^=========     " "$log" | grep -vE " at | by thread|Saved host|Host Frame|^=========     in " \
  | sort | uniq -c | sort -rn | head -8
sass="$out/sass_${variant}.txt"
cuobjdump -sass "$bundle/profile_step" > "$sass" 2>/dev/null
# The reported function's name (its last component before the template arguments) picks
# the SASS function; the first three functions of that name that have the offset are shown.
name=$(grep -m1 -E "^=========     at " "$log" | sed -E 's/.*::([A-Za-z_0-9]+)<.*/\1/')
grep -E "^=========     at " "$log" | sed -E 's/.*\+(0x[0-9a-f]+).*/\1/' | sort -u | head -6 |
while read -r offset; do
  hex=$(printf "%04x" "$offset")
  echo "-- SASS near /*$hex*/ in functions named $name (at most 3):"
  awk -v key="/*$hex*/" -v name="$name" '/Function :/ { fn = $0; mine = index($0, name) > 0 }
    { line[NR % 8] = $0 }
    mine && index($0, key) { print fn; for (i = NR - 6; i <= NR; ++i) print line[i % 8];
                             if (++shown == 3) exit }' "$sass"
done
