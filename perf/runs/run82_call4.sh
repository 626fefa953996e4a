#!/usr/bin/env bash
# Run 82 call 4 (the own o-proj with L2 prefetch, batched a loads and a late-trigger form):
# the same commands as run82_call1.sh, over bundle_oproj rebuilt for this call (its
# COMMIT names the source).                                        carry: bundle_oproj
exec bash "$(dirname "$0")/run82_call1.sh"
