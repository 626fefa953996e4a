#!/usr/bin/env bash
# Draws the benchmark's CSV (perf/bench) as a PNG: us per step against the batch, one
# line per variant, one panel per tp, with the HBM roofline (weight bytes / 4.48 TB/s).
# The weight bytes come from the CSV's floor rows (GB/s x us), so both dims plot right;
# a CSV written by bench --engine-state says so in the title.
#   tools/plot.sh perf/bench.csv [perf/bench.png]
set -euo pipefail
csv=${1:?usage: tools/plot.sh FILE.csv [FILE.png]}
png=${2:-${csv%.csv}.png}
command -v gnuplot >/dev/null || { echo "plot: installing gnuplot-nox"; apt-get install -y -qq gnuplot-nox >/dev/null; }
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
for tp in 8 16; do
  for variant in floor baseline fused split; do
    awk -F, -v tp=$tp -v v=$variant '$1 == tp && $3 == v { print $2, $4 }' "$csv" \
      > "$data/tp${tp}_$variant.dat"
  done
done
# Weight MB per step at each tp: the floor row's weight GB/s times its us.
mb8=$(awk -F, '$1 == 8 && $3 == "floor" { printf "%.2f", $7 * $4 / 1000; exit }' "$csv")
mb16=$(awk -F, '$1 == 16 && $3 == "floor" { printf "%.2f", $7 * $4 / 1000; exit }' "$csv")
state=""
grep -q "^# engine state" "$csv" && state=", engine state"
gnuplot <<GNUPLOT
set terminal pngcairo size 1200,500 font "sans,10"
set output "$png"
set multiplot layout 1,2 title "Shared expert, one rank's decode step on an H200 (graphs of 40 steps or more, cold L2$state)"
set logscale x 2
set xlabel "batch B"
set ylabel "us per step"
set key top left
set grid
do for [tp in "8 16"] {
  mb = tp eq "8" ? ${mb8:-0} : ${mb16:-0}
  roof = mb / 4.48
  set title sprintf("TP%s (%.1f MB of weights)", tp, mb)
  set yrange [0:*]
  plot "$data/tp".tp."_baseline.dat" with linespoints title "baseline (cuBLASLt)", \
       "$data/tp".tp."_fused.dat" with linespoints title "fused", \
       "$data/tp".tp."_split.dat" with linespoints title "split (SharedDown on 32 SMs)", \
       "$data/tp".tp."_floor.dat" with lines dt 2 title "floor: weight stream, 112 CTAs", \
       roof with lines dt 3 lc rgb "black" title "HBM roofline (4.48 TB/s)"
}
unset multiplot
GNUPLOT
echo "plot: wrote $png"
