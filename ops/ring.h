/* ring.h: the fused kernel family's position in its ring of shared-memory stages and
 * their mbarriers (ops/fused.cu, BARRIERS), kept apart so that the host model in
 * ops/ring_test.cc runs the same cursors the kernels run.
 *
 * Fill f of a CTA's stream of TMA loads goes into data stage f % kStages and uses the
 * full/empty mbarrier pair of slot f % kBarrierSlots, in phase (f / kBarrierSlots) & 1.
 * The producer waits, before fill f, for the release of fill f - kStages.
 */
#ifndef SHX_OPS_RING_H_
#define SHX_OPS_RING_H_

#include <stdint.h>

#ifdef __CUDACC__
#define SHX_RING_FN __host__ __device__ __forceinline__
#else
#define SHX_RING_FN inline
#endif

namespace shx {
namespace ring {

/* Each fill of a ring stage has its own pair of mbarriers (full, empty) while a CTA
 * makes at most this many fills (TP8: 28 + 12 fused, 48 in SharedDown on 32 SMs); past
 * that the slots are reused in order, one phase later (ops/fused.cu, BARRIERS). 48 pairs
 * (768 bytes) cost no stage at any N (at N = 8 the two-per-SM budget leaves 3,072 bytes
 * beside the ring and the staging). */
constexpr int kBarrierSlots = 48;

/* Position in the stream of fills, advanced identically by producer and consumer: fill f
 * uses data stage f % kStages and barrier slot f % kBarrierSlots, whose full and empty
 * mbarriers are then in phase (f / kBarrierSlots) & 1. */
template <int kStages>
struct RingCursor {
  int stage = 0;
  int slot = 0;
  uint32_t phase = 0;
  SHX_RING_FN void advance() {
    if (++stage == kStages) stage = 0;
    if (++slot == kBarrierSlots) {
      slot = 0;
      phase ^= 1u;
    }
  }
};

/* The release the producer waits for before its next fill f: that of fill
 * f - kStages, the stage's previous fill. It starts kStages slots before slot 0 and one
 * phase early, so the first kStages waits are on the previous phase of barriers that
 * have not been used yet (slot kBarrierSlots - kStages + i is first filled by fill
 * kBarrierSlots - kStages + i >= i), which returns at once: the first ring needs no
 * special case. Kept apart from the fill's RingCursor because the producer's per-fill
 * instructions are on the ring's critical path (a counter with a branch here cost
 * 0.7 us a step, perf/RESULTS.md run 24). */
template <int kStages>
struct ReleaseCursor {
  int slot = kBarrierSlots - kStages;
  uint32_t phase = 1;
  SHX_RING_FN void advance() {
    if (++slot == kBarrierSlots) {
      slot = 0;
      phase ^= 1u;
    }
  }
};

/* Where the producer is in its down jobs: K block `block` of the job on Wd tile pair
 * `pair` (cta, then cta + grid, ...). Advanced per fill without divisions: the
 * producer's per-fill instructions are on the ring's critical path. */
struct DownCursor {
  int block = 0, pair;
  SHX_RING_FN void advance(int down_blocks, int grid) {
    if (++block == down_blocks) {
      block = 0;
      pair += grid;
    }
  }
};

}  // namespace ring
}  // namespace shx

#endif  // SHX_OPS_RING_H_
