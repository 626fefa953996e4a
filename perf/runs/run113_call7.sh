#!/usr/bin/env bash
# Run 113 call 7 (stop 99), named nvidia-h200: run113_call6.sh (the H200 cut, then
# DOWN-ONLY AFTER THE WAIT's forms against main), on an H200 only; on any other card it
# stops after naming it (three H100 hosts have run the A/B: calls 4-6).
#   carry: bundle_pack/run113s.tar.xz bundle_pack/run113c.tar.xz bundle_pack/run113d.tar.xz
set -u
if ! nvidia-smi -L | grep -q H200; then
  nvidia-smi -L; echo "run113_call7: not an H200; stopped"
  exit 0
fi
exec bash "$(dirname "$0")/run113_call6.sh"
