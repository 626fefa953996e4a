/* ring_test.cc: the fused kernel family's ring protocol (ops/fused.cu, BARRIERS) in a
 * host model that runs the kernels' own cursors (ops/ring.h).
 *
 * One CTA: a producer thread that issues fills in the order producer() and shared_down()
 * do (first ring without a wait, then a wait for the stage's previous release before each
 * fill; in the fused kernel the early down fills' h copies only after the grid barrier;
 * with the REFILL ISSUER, a second thread that issues every other refill as
 * issue_odd_refills does, the producer skipping those),
 * four consumer warps that consume fills in the order mma_blocks() does (one wgmma-group
 * in flight: fill f is released after fill f + 1 is issued, the last one at the end of
 * each call; with PAIRED FILLS, ops/ring.h, a pair is one such unit on its first fill's
 * full barrier), and a TMA engine that lands the copies in any order. mbarriers follow the
 * PTX rules: a phase completes when its pending arrivals and transaction bytes reach
 * zero; try_wait.parity P succeeds when the completed-phase count has the other parity.
 * Every run interleaves the actors at random, and asserts:
 *   - nothing deadlocks;
 *   - every arrival and every armed transaction lands in the phase of its own fill;
 *   - a producer wait returns only once the stage's previous fill is released by all
 *     four warps (or, for the first ring, on a barrier nobody has used yet);
 *   - no copy writes a stage before its previous fill is released, and no consumer reads
 *     a fill before all its bytes landed;
 *   - while a CTA makes at most kBarrierSlots fills, no barrier ever completes a second
 *     phase (compute-sanitizer synccheck's condition).
 * DownCursor is checked against the division it replaced.
 * Limits: the model follows the kernels' order as written here, not their code; a read
 * ends when its warp releases the fill (the kernel's wgmma_wait before the release is
 * assumed), and each fill's copies add up to its armed bytes by construction. CONSUMER X
 * (ops/fused.cu: the consumers store the first fills' x themselves, those fills armed for
 * their weights alone) is not modelled: it adds no arrival, wait or stage reuse, only
 * fewer armed bytes that the same function decides for producer and consumers; the GPU
 * tests (a hang under the watchdog, or a wrong result) are what check it.
 */
#include <stdio.h>
#include <stdlib.h>

#include <random>
#include <vector>

#include "ops/ring.h"

namespace {

using shx::ring::DownCursor;
using shx::ring::kBarrierSlots;
using shx::ring::PairedFills;
using shx::ring::ReleaseCursor;
using shx::ring::RingCursor;

/* Not engine/check.h's CHECK, which exits at the first failure: a broken protocol fails
 * in many runs at once, and the count and the first few fills named tell more. */
int failures = 0;

#define EXPECT(condition, ...)                                              \
  do {                                                                      \
    if (!(condition)) {                                                     \
      if (failures++ < 10) {                                                \
        fprintf(stderr, "%s:%d: %s failed: ", __FILE__, __LINE__, #condition); \
        fprintf(stderr, __VA_ARGS__);                                       \
        fprintf(stderr, "\n");                                              \
      }                                                                     \
    }                                                                       \
  } while (0)

constexpr int kWarps = 4;
constexpr int kWeightBytes = 8, kActivationBytes = 2; /* units: any positive sizes do */

struct Barrier {
  int expected = 0, pending = 0, completed = 0;
  long transactions = 0;
  void init(int arrivals) { expected = pending = arrivals; }
  void maybe_complete() {
    if (pending == 0 && transactions == 0) {
      ++completed;
      pending = expected;
    }
  }
  void arrive() {
    --pending;
    maybe_complete();
  }
  bool try_wait(uint32_t parity) const { return (completed & 1) != static_cast<int>(parity); }
};

enum Mode { kFused, kGate, kSharedDown };

/* One producer operation, generated in the kernel's order with the kernel's cursors. */
struct Op {
  enum Kind { kWait, kArm, kCopy, kGridBarrier } kind;
  int fill;         /* the fill it serves (kWait: the fill about to be made) */
  int slot;         /* barrier slot (kWait: the empty barrier waited on) */
  uint32_t parity;  /* kWait */
  int stage;        /* kCopy */
  int bytes;        /* kArm: armed transaction bytes; kCopy: copied bytes */
};

template <int kStages>
struct Cta {
  Mode mode;
  int k_count, jobs, down_blocks, fills;
  PairedFills pairs = {0, 0}; /* PAIRED FILLS of the gate/up loop (fused only) */
  bool refill_issuer = false;  /* REFILL ISSUER (fused only): its refills, its program */
  std::vector<Barrier> full, empty;
  std::vector<Op> program, issuer_program;
  std::vector<int> landed, expected_bytes, released;
  bool multiphase_seen = false;

  /* The producer's operations, as producer() (fused, gate) or shared_down() makes them. */
  void make_program() {
    RingCursor<kStages> cursor;
    ReleaseCursor<kStages> released_cursor;
    int fill = 0;
    /* A fill after its stage's previous release: the weights, and the activations now
     * (`with_activations`) or later. */
    auto fill_after_wait = [&](bool with_activations) {
      program.push_back({Op::kWait, fill, released_cursor.slot, released_cursor.phase, 0, 0});
      released_cursor.advance();
      program.push_back({Op::kArm, fill, cursor.slot, 0, 0, kWeightBytes + kActivationBytes});
      program.push_back({Op::kCopy, fill, cursor.slot, 0, cursor.stage, kWeightBytes});
      if (with_activations)
        program.push_back({Op::kCopy, fill, cursor.slot, 0, cursor.stage, kActivationBytes});
      cursor.advance();
      ++fill;
    };
    const int down_fills = mode == kGate ? 0 : jobs * down_blocks;
    if (mode != kSharedDown) {
      const int first_ring = k_count < kStages ? k_count : kStages;
      RingCursor<kStages> first_cursor = cursor;
      /* A paired fill's copies complete on its pair's first slot, armed once for both. */
      auto pair_first = [&](int block) {
        return block >= pairs.begin && block < pairs.begin + pairs.count
                   ? pairs.begin + ((block - pairs.begin) & ~1)
                   : -1;
      };
      for (int block = 0; block < first_ring; ++block) { /* no wait: advance only */
        released_cursor.advance();
        const int first = pair_first(block);
        const int slot = first >= 0 ? first % kBarrierSlots : first_cursor.slot;
        if (first < 0 || first == block)
          program.push_back({Op::kArm, fill + block, slot, 0, 0,
                             (first < 0 ? 1 : 2) * (kWeightBytes + kActivationBytes)});
        program.push_back({Op::kCopy, fill + block, slot, 0, first_cursor.stage, kWeightBytes});
        first_cursor.advance();
      }
      for (int block = 0; block < first_ring; ++block) { /* x after griddepcontrol.wait */
        const int first = pair_first(block);
        const int slot = first >= 0 ? first % kBarrierSlots : cursor.slot;
        program.push_back({Op::kCopy, fill, slot, 0, cursor.stage, kActivationBytes});
        cursor.advance();
        ++fill;
      }
      for (int block = first_ring; block < k_count; ++block) {
        if (refill_issuer && ((block - first_ring) & 1)) {
          /* issue_odd_refills: fill f after the release of fill f - kStages (phase 0), on
           * slot f; the producer only moves its cursors. */
          const int previous = fill - kStages;
          issuer_program.push_back({Op::kWait, fill, previous, 0u, 0, 0});
          issuer_program.push_back(
              {Op::kArm, fill, fill, 0, 0, kWeightBytes + kActivationBytes});
          issuer_program.push_back({Op::kCopy, fill, fill, 0, fill % kStages, kWeightBytes});
          issuer_program.push_back({Op::kCopy, fill, fill, 0, fill % kStages, kActivationBytes});
          released_cursor.advance();
          cursor.advance();
          ++fill;
          continue;
        }
        fill_after_wait(true);
      }
      if (mode == kFused) {
        const int early = down_fills < kStages ? down_fills : kStages;
        RingCursor<kStages> early_cursor = cursor;
        const int first_down = fill;
        for (int d = 0; d < early; ++d) fill_after_wait(false); /* h after the barrier */
        program.push_back({Op::kGridBarrier, fill, 0, 0, 0, 0});
        for (int d = 0; d < early; ++d) {
          program.push_back({Op::kCopy, first_down + d, early_cursor.slot, 0,
                             early_cursor.stage, kActivationBytes});
          early_cursor.advance();
        }
        for (int d = early; d < down_fills; ++d) fill_after_wait(true);
      }
    } else {
      for (int d = 0; d < down_fills; ++d) fill_after_wait(true);
    }
    fills = fill;
  }

  /* The consumer warps' calls of mma_blocks: gate/up, then one per down job. */
  std::vector<int> calls() const {
    std::vector<int> blocks;
    if (mode != kSharedDown && k_count > 0) blocks.push_back(k_count);
    if (mode != kGate)
      for (int j = 0; j < jobs; ++j) blocks.push_back(down_blocks);
    return blocks;
  }

  struct Warp {
    std::vector<int> calls;
    size_t call = 0;
    int block = 0;
    int fill = 0;
    int previous_fill = -1, previous_slot = -1, previous_count = 0; /* the unit in flight */
    RingCursor<kStages> cursor;
    bool gate_up_done = false;
    bool done() const { return call == calls.size(); }
  };

  void release_unit(Warp &w) {
    for (int i = 0; i < w.previous_count; ++i) release(w.previous_fill + i, w.previous_slot + i);
    w.previous_fill = -1;
    w.previous_count = 0;
  }

  void release(int fill, int slot) {
    Barrier &b = empty[slot];
    EXPECT(b.completed == fill / kBarrierSlots, "empty arrival of fill %d in phase %d",
           fill, b.completed);
    if (b.completed > 0 && fills <= kBarrierSlots) multiphase_seen = true;
    b.arrive();
    ++released[fill];
  }

  /* Runs the model once; returns false on deadlock. */
  bool run(std::mt19937 &random) {
    full.assign(kBarrierSlots, Barrier());
    empty.assign(kBarrierSlots, Barrier());
    for (int s = 0; s < kBarrierSlots; ++s) {
      full[s].init(1);
      empty[s].init(kWarps);
    }
    make_program();
    landed.assign(fills, 0);
    released.assign(fills, 0);
    expected_bytes.assign(fills, kWeightBytes + kActivationBytes);
    std::vector<Warp> warps(kWarps);
    for (Warp &w : warps) w.calls = calls();
    struct Copy {
      int fill, slot, bytes;
    };
    std::vector<Copy> in_flight;
    size_t pc = 0, ipc = 0;

    for (;;) {
      /* Who can move: 0 = producer, 1..4 = warps, 5 = TMA, 6 = the REFILL ISSUER. */
      std::vector<int> movers;
      if (pc < program.size()) {
        const Op &op = program[pc];
        bool blocked = false;
        if (op.kind == Op::kWait) blocked = !empty[op.slot].try_wait(op.parity);
        if (op.kind == Op::kGridBarrier) {
          for (const Warp &w : warps) blocked |= !(w.gate_up_done || k_count == 0);
        }
        if (!blocked) movers.push_back(0);
      }
      if (ipc < issuer_program.size()) {
        const Op &op = issuer_program[ipc];
        if (op.kind != Op::kWait || empty[op.slot].try_wait(op.parity)) movers.push_back(6);
      }
      for (int w = 0; w < kWarps; ++w) {
        const Warp &warp = warps[w];
        if (warp.done()) continue;
        if (full[warp.cursor.slot].try_wait(warp.cursor.phase)) movers.push_back(1 + w);
      }
      if (!in_flight.empty()) movers.push_back(5);
      if (movers.empty()) break;
      const int mover = movers[random() % movers.size()];

      if (mover == 0 || mover == 6) {
        const Op &op = mover == 0 ? program[pc++] : issuer_program[ipc++];
        switch (op.kind) {
          case Op::kWait: {
            const int previous = op.fill - kStages; /* the release this wait stands for */
            if (previous < 0) {
              EXPECT(empty[op.slot].completed == 0 && empty[op.slot].pending == kWarps,
                     "first-ring wait of fill %d on slot %d, which is in use", op.fill,
                     op.slot);
            } else {
              EXPECT(op.slot == previous % kBarrierSlots, "wait of fill %d on slot %d",
                     op.fill, op.slot);
              EXPECT(released[previous] == kWarps, "fill %d waited for fill %d: %d releases",
                     op.fill, previous, released[previous]);
              EXPECT(empty[op.slot].completed == previous / kBarrierSlots + 1,
                     "wait for fill %d saw phase %d", previous, empty[op.slot].completed);
            }
            break;
          }
          case Op::kArm: {
            Barrier &b = full[op.slot];
            EXPECT(op.slot == op.fill % kBarrierSlots, "fill %d armed slot %d", op.fill,
                   op.slot);
            EXPECT(b.completed == op.fill / kBarrierSlots && b.pending == b.expected,
                   "fill %d armed in phase %d (pending %d)", op.fill, b.completed, b.pending);
            if (b.completed > 0 && fills <= kBarrierSlots) multiphase_seen = true;
            b.transactions += op.bytes;
            b.arrive();
            break;
          }
          case Op::kCopy: {
            EXPECT(op.stage == op.fill % kStages, "fill %d copied into stage %d", op.fill,
                   op.stage);
            const int previous = op.fill - kStages;
            EXPECT(previous < 0 || released[previous] == kWarps,
                   "fill %d overwrote stage %d before fill %d was released", op.fill, op.stage,
                   previous);
            in_flight.push_back({op.fill, op.slot, op.bytes});
            break;
          }
          case Op::kGridBarrier:
            break;
        }
      } else if (mover == 5) {
        const size_t i = random() % in_flight.size();
        const Copy copy = in_flight[i];
        in_flight.erase(in_flight.begin() + i);
        landed[copy.fill] += copy.bytes;
        full[copy.slot].transactions -= copy.bytes;
        full[copy.slot].maybe_complete();
      } else {
        Warp &w = warps[mover - 1];
        const int fill = w.fill;
        /* mma_blocks_paired: a pair starts at every other fill of the paired range */
        const bool pair = w.call == 0 && mode == kFused && k_count > 0 &&
                          fill >= pairs.begin && fill < pairs.begin + pairs.count &&
                          (fill - pairs.begin) % 2 == 0;
        const int unit = pair ? 2 : 1;
        EXPECT(fill + unit <= fills, "a warp consumed fill %d of %d", fill + unit - 1, fills);
        if (fill + unit > fills) return false;
        EXPECT(full[w.cursor.slot].completed == fill / kBarrierSlots + 1,
               "fill %d's full barrier in phase %d", fill, full[w.cursor.slot].completed);
        EXPECT(w.cursor.slot == fill % kBarrierSlots, "fill %d waited on slot %d", fill,
               w.cursor.slot);
        for (int i = 0; i < unit; ++i) {
          EXPECT(landed[fill + i] == expected_bytes[fill + i], "fill %d read with %d of %d bytes",
                 fill + i, landed[fill + i], expected_bytes[fill + i]);
          EXPECT(w.cursor.stage == (fill + i) % kStages, "fill %d read from stage %d", fill + i,
                 w.cursor.stage);
          if (i == 0) {
            release_unit(w);
            w.previous_fill = fill;
            w.previous_slot = w.cursor.slot;
            w.previous_count = unit;
          }
          w.cursor.advance();
        }
        w.fill += unit;
        w.block += unit;
        EXPECT(w.block <= w.calls[w.call], "a pair past the end of call %zu", w.call);
        if (w.block >= w.calls[w.call]) { /* mma_blocks returns: release the last */
          release_unit(w);
          if (w.call == 0 && mode != kSharedDown && k_count > 0) w.gate_up_done = true;
          w.block = 0;
          ++w.call;
        }
      }
    }
    bool finished = pc == program.size() && ipc == issuer_program.size() && in_flight.empty();
    for (const Warp &w : warps) finished &= w.done() && w.fill == fills;
    for (int f = 0; f < fills; ++f)
      EXPECT(released[f] == kWarps, "fill %d released %d times", f, released[f]);
    return finished;
  }
};

template <int kStages>
void check_shapes(std::mt19937 &random, int *runs, int *paired_runs, int *issuer_runs) {
  const int k_counts[] = {0,  1,  kStages - 1, kStages, kStages + 1, 2 * kStages - 2,
                          14, 28, 47,          48,      49,          70};
  const int down_blocks_list[] = {1, 4, 6, 12, 13};
  const int jobs_list[] = {0, 1, 2, 4, 5};
  for (Mode mode : {kFused, kGate, kSharedDown})
    for (int k_count : k_counts)
      for (int down_blocks : down_blocks_list)
        for (int jobs : jobs_list) {
          if (k_count < 0 || (mode == kGate && (jobs > 0 || down_blocks != 1))) continue;
          if (mode == kSharedDown && k_count != 0) continue;
          for (int repeat = 0; repeat < 6; ++repeat) {
            Cta<kStages> cta;
            cta.mode = mode;
            cta.k_count = k_count;
            cta.jobs = jobs;
            cta.down_blocks = down_blocks;
            /* PAIRED FILLS on every other run of a fused CTA whose fills each have a slot
             * of their own (the kernel's condition, paired_fills in ops/fused.cu). */
            if (mode == kFused && repeat % 2 == 1 &&
                k_count + jobs * down_blocks <= kBarrierSlots) {
              cta.pairs = shx::ring::paired_fills(k_count, kStages);
              if (cta.pairs.count > 0) ++*paired_runs;
            }
            /* REFILL ISSUER on the last three runs of a fused CTA where the kernel takes
             * it (refill_issuer_takes in ops/fused.cu: 2..stages-1 refills, a slot a fill),
             * with and without pairs. */
            const int refills = k_count - kStages;
            if (mode == kFused && repeat >= 3 && refills >= 2 && refills < kStages &&
                k_count + jobs * down_blocks <= kBarrierSlots) {
              cta.refill_issuer = true;
              ++*issuer_runs;
            }
            const bool finished = cta.run(random);
            EXPECT(finished, "deadlock: stages %d mode %d k %d jobs %d x %d", kStages, mode,
                   k_count, jobs, down_blocks);
            EXPECT(!cta.multiphase_seen,
                   "a barrier went past phase 0 with %d fills: stages %d mode %d", cta.fills,
                   kStages, mode);
            ++*runs;
          }
        }
}

/* DownCursor against d / down_blocks and d % down_blocks (ops/fused_plan.h's job order:
 * job j of CTA cta is tile pair cta + j * grid). */
void check_down_cursor() {
  for (int down_blocks = 1; down_blocks <= 13; ++down_blocks)
    for (int grid : {1, 7, 112, 132})
      for (int cta : {0, 5, 111}) {
        DownCursor cursor;
        cursor.pair = cta;
        for (int d = 0; d < 5 * down_blocks; ++d) {
          EXPECT(cursor.block == d % down_blocks && cursor.pair == cta + d / down_blocks * grid,
                 "down fill %d: block %d pair %d", d, cursor.block, cursor.pair);
          cursor.advance(down_blocks, grid);
        }
      }
}

}  // namespace

int main() {
  std::mt19937 random(20261130u);
  int runs = 0, paired_runs = 0, issuer_runs = 0;
  check_shapes<4>(random, &runs, &paired_runs, &issuer_runs);
  check_shapes<5>(random, &runs, &paired_runs, &issuer_runs);
  check_shapes<7>(random, &runs, &paired_runs, &issuer_runs);
  check_shapes<8>(random, &runs, &paired_runs, &issuer_runs);
  check_shapes<10>(random, &runs, &paired_runs, &issuer_runs);
  check_shapes<12>(random, &runs, &paired_runs, &issuer_runs);
  check_shapes<24>(random, &runs, &paired_runs, &issuer_runs);
  EXPECT(paired_runs > 100, "only %d runs with paired fills", paired_runs);
  EXPECT(issuer_runs > 100, "only %d runs with the refill issuer", issuer_runs);
  /* The rule itself: singles for the refilled stages, an even count, inside the ring. */
  for (int stages = 2; stages <= 24; ++stages)
    for (int k_count = 0; k_count <= 3 * stages; ++k_count) {
      const PairedFills pairs = shx::ring::paired_fills(k_count, stages);
      const int ring = k_count < stages ? k_count : stages;
      /* No pairs where the ring holds the whole share: nothing is refilled then. */
      EXPECT(k_count > stages || pairs.count == 0,
             "paired_fills(%d, %d) = {%d, %d} without refills", k_count, stages, pairs.begin,
             pairs.count);
      if (pairs.count == 0) continue;
      EXPECT(pairs.begin == k_count - ring && pairs.count % 2 == 0 &&
                 pairs.begin + pairs.count <= ring && pairs.count >= 2,
             "paired_fills(%d, %d) = {%d, %d}", k_count, stages, pairs.begin, pairs.count);
    }
  check_down_cursor();
  if (failures > 0) {
    fprintf(stderr, "ring_test: %d failures in %d runs\n", failures, runs);
    return 1;
  }
  printf("ring_test: %d randomized runs of the ring protocol (%d with paired fills, %d with "
         "the refill issuer), all invariants held\n",
         runs, paired_runs, issuer_runs);
  return 0;
}
