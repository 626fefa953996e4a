/* wgmma_rate_main.c: prints the MMA issue-rate table of perf/wgmma_rate.cu.
 *
 *   wgmma_rate [BLOCKS [random]]     (default 4096 K blocks per CTA; random: non-zero
 *                                    operands, zeros otherwise)
 *
 * Rows: N, chains, mode (0: no wait after a block, 1: wgmma.wait_group 1 after each,
 * 2: that plus the ring's mbarrier handshakes, 3: the handshakes alone, 4: the fused
 * kernel's loop, 5: that loop over pairs of blocks, 6: the loop testing two blocks ahead,
 * 7: mode 0 with the descriptors through R2UR; 8-11: mode 4 with its release before the
 * look-ahead test, as one arrival after a named barrier, without releases, without
 * tests; 12: mode 4 in two warpgroups of one CTA; 13, 14: modes 0 and 4 beside a warp
 * streaming bulk copies from L2 into other shared memory; 15: mode 0 in clusters of 4; 16:
 * mode 0 beside a thread polling an incomplete mbarrier; 17: mode 4 in clusters of 4;
 * 18: mode 0 with 100 KB more shared memory; 19, 20: modes 15, 17 at one CTA per SM;
 * 21: mode 5 with one handshake a pair; see perf/wgmma_rate.cu), CTAs (132: one per SM;
 * 264: two per SM);
 * columns: cycles per K block (four wgmma m64nNk16) of the slowest CTA, the weight
 * bytes (8 KB a block) one SM consumes per cycle at that pace, and (modes 13, 14) the
 * bytes per cycle the streaming warp copied meanwhile. Without a GPU it says so and
 * exits 77 (skipped).
 */
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perf/wgmma_rate.h"

int main(int argc, char **argv) {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    printf("wgmma_rate: no GPU, skipped\n");
    return 77;
  }
  const int blocks = argc > 1 ? atoi(argv[1]) : 4096;
  /* "random" as the second argument: non-zero operands (perf/wgmma_rate.h). */
  const int random_operands = argc > 2 && strcmp(argv[2], "random") == 0;
  static const int ns[] = {8, 16, 32, 64, 128};
  printf("%4s %6s %5s %5s %14s %16s %16s\n", "N", "chains", "mode", "ctas", "cycles/block",
         "weight B/cycle/SM", "stream B/cycle");
  for (size_t i = 0; i < sizeof ns / sizeof ns[0]; ++i)
    for (int chains = 1; chains <= 4; chains *= 2) {
      if (ns[i] == 128 && chains == 4) continue;
      for (int mode = 0; mode <= 21; ++mode)
        for (int ctas = 132; ctas <= 264; ctas += 132) {
          double cycles = 0.0, streamed = 0.0;
          if (shx_wgmma_rate_stream(ns[i], chains, mode, ctas, blocks, random_operands, &cycles,
                                    &streamed) != 0) {
            fprintf(stderr, "wgmma_rate: N %d chains %d failed\n", ns[i], chains);
            return 1;
          }
          const double per_sm = ctas == 264 ? 2.0 : 1.0; /* blocks of both CTAs of an SM */
          printf("%4d %6d %5d %5d %14.1f %16.1f %16.1f\n", ns[i], chains, mode, ctas, cycles,
                 per_sm * 8192.0 / cycles, streamed);
        }
    }
  return 0;
}
