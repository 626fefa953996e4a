/* ring.h: the fused kernel family's position in its ring of shared-memory stages and
 * their mbarriers (ops/fused.cu, BARRIERS), kept apart so that the host model in
 * ops/ring_test.cc runs the same cursors the kernels run.
 *
 * Fill f of a CTA's stream of TMA loads goes into data stage f % kStages and uses the
 * full/empty mbarrier pair of slot f % kBarrierSlots, in phase (f / kBarrierSlots) & 1
 * (the late down fills of LATE IN REGISTERS in ops/fused.cu, kFusedX's at N = 16 and
 * kFusedLate's at N = 24, 32, take their slot but no stage: their h goes to the staging
 * area).
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
 * makes at most this many fills (TP8: 28 + 12 fused, 48 in SharedDown on 32 SMs at one
 * K block a fill, N >= 40); past
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

/* PAIRED FILLS (ops/fused.cu, mma_blocks_paired): the gate/up fills of a CTA's first
 * ring that its consumers take two at a time, on the full barrier of the pair's first
 * slot (armed for both stages; the second slot's full barrier is not used in this lap),
 * both slots released together. The fills whose stages the refills reuse (the first
 * `refills` of the ring) stay single, so that their releases, and the refills, are not
 * held back behind a pair; the refills themselves are single too. None where the ring
 * holds the whole share (no refills) or fewer than two fills are left between. */
struct PairedFills {
  int begin, count; /* fills [begin, begin + count), count even */
};
SHX_RING_FN PairedFills paired_fills(int k_count, int stages) {
  const int ring = k_count < stages ? k_count : stages;
  const int refills = k_count - ring;
  PairedFills pairs = {0, 0};
  if (refills >= 1 && ring - refills >= 2) {
    pairs.begin = refills;
    pairs.count = (ring - refills) & ~1;
  }
  return pairs;
}

}  // namespace ring
}  // namespace shx

#endif  // SHX_OPS_RING_H_
