#!/usr/bin/env bash
# Run 82 call 2 (call 1 found its check binding no weights; the own o-proj added):
# the same commands as run82_call1.sh, over bundle_oproj rebuilt for this call (its
# COMMIT names the source).                                        carry: bundle_oproj
exec bash "$(dirname "$0")/run82_call1.sh"
