/* fused.cu: the shared-expert kernel family for Hopper (sm_90a) and its C launchers:
 * the fused kernel (with kFusedX, its N = 16 instance for TP8-like grids: CONSUMER X;
 * kFusedXOut, kFusedX with OUT AT THE WAIT, launched instead where the plan says so: cards
 * of 3000-5000 GB/s HBM, ops/fused_plan.h shx_fused_out_at_wait_on; and
 * kFusedLate, its N = 24, 32 instances: LATE IN REGISTERS), its gate mode (the split
 * variant's first half) and SharedDown (the split variant's second half). ops/fused.h is
 * the interface; SPEC.md "Variants".
 *
 *   g, u = x Wg^T, x Wu^T     gate/up GEMM, K = H split over the CTAs of a cluster
 *   h    = BF16(act(BF16(g), BF16(u)))   owners reduce the split K through DSMEM
 *   ---- grid barrier: every h column written ----      (gate mode ends before it)
 *   y    = h Wd^T              down GEMM, one 64-row tile of Wd per CTA
 *   push BF16(y) (-0 -> +0) into mailbox[peer][parity][rank][token][column]
 *
 * Build: bazel build //ops:fused (ptxas report: bazel-bin/ops/fused.ptxas.txt).
 *
 * ALGORITHM
 * Gate/up M-tile m (0 <= m < I / 32) stacks gate rows [32 m, 32 m + 32) over up rows
 * [I + 32 m, I + 32 m + 32): a 64-row wgmma A operand whose outputs are the h columns
 * [32 m, 32 m + 32). Cluster m (`cluster` CTAs) computes tile m; its CTA of rank q covers
 * the K blocks (64 wide) [k_begin, k_begin + k_count) of H, so each CTA holds an FP32
 * partial [64 rows x N tokens] in registers. The tile's 32 h columns are owned
 * width = 32 / cluster at a time: owner q gets columns [width q, width (q + 1)). Every
 * CTA stores its partial rows into the owners' receive buffers with st.async, each store
 * completing its bytes on the owner's `received` mbarrier (its own columns' parts with
 * plain shared stores); once all have landed each owner sums the parts in rank (= K)
 * order, rounds,
 * applies the activation (ops/activation.cuh) and stores its h columns, one thread per
 * element. No float atomics anywhere: the result is the same on every run.
 *
 * The grid has whole clusters past the gate/up ones ("down-only" CTAs, no gate/up work)
 * until every 64-row tile of Wd has its own CTA (where the device allows such a grid;
 * otherwise some CTAs take two tiles). Down tile p = granules 2p and 2p+1 (32 rows each)
 * stacked into one A operand. Up to a ring's worth of a CTA's down weights streams before
 * the grid barrier as ring stages free up (down-only CTAs stream theirs before
 * griddepcontrol.wait: they depend on nothing); after the barrier come h and the down
 * blocks the ring could not hold (TP8: 2, 4 or 5 of 12 at N = 16, 32, 128), asked into
 * L2 (cp.async.bulk.prefetch) before it so that they arrive from L2 (in kFusedX, TP8's
 * N = 16 instance, and in kFusedLate, TP8's N = 24, 32 instances, where its tile
 * overruns the ring by 3 and 4, the consumers load them into wgmma's A registers
 * instead: LATE IN REGISTERS, and the grid then triggers early). Every K
 * loop (gate/up and down) runs its k16 steps round-robin over accumulator chains
 * (Chains<N>: 4 at N <= 16, 2 at N = 24..64, 1 above; DownChains<N>: 2 at N <= 16),
 * summed in chain order at the end: a fixed order. The epilogue stages y^T transposed in
 * shared memory and stores 16-byte BF16 vectors of 8 consecutive columns of one token
 * into the owning peer's mailbox.
 *
 * GEOMETRY (H200: 132 SMs; H = 7168, I_total = 6144; from Geometry<N, CTAs per SM>, plan)
 *                                     TP8 (I = 768)          TP16 (I = 384)
 *   gate/up tiles (I / 32)            24                     12
 *   cluster (K split)                 4                      8
 *   CTAs: gate/up + down-only = grid  96 + 16 = 112          96 + 16 = 112
 *   gate/up K blocks per CTA          28 (112 / 4)           14 (112 / 8)
 *   down tiles (H / 64 = 112)         one per CTA, K = I / 64 = 12 (TP8) or 6 (TP16)
 *   padded batch N                    the batch rounded up to a multiple of 8 up to 64,
 *                                     of 16 up to 128 (ops/fused.h's buckets; batches
 *                                     1..8 at 16 where shx_fused_bucket_plan_make says so)
 *   ring stages, shared memory        N = 8: 12, 16: 10, 24: 9, 32: 8 stages in at most
 *                                     113 KB: two CTAs per SM, so the next step's grid
 *                                     (PDL) is resident beside this one;
 *                                     N = 40, 48, 56, 64: 7, 7, 6, 6 stages, two CTAs
 *                                     per SM too (the plan's ctas_per_sm,
 *                                     kTwoPerSmMaxGateUpBlocksN64), so at TP16 the whole
 *                                     down tile (6 blocks) fits the ring;
 *                                     N = 80, 96, 112, 128: 11, 9, 8, 7 stages in at most
 *                                     220 KB, one CTA per SM (shared memory a CTA: N = 16
 *                                     107,304 B, N = 32 107,304 B (kFusedLate, with LATE
 *                                     IN REGISTERS's 16 KB staging: 115,496 B), N = 64 at
 *                                     two per SM 115,496 B, N = 128 205,608 B)
 * DeepSeek-V3 / Kimi-K2 (I_total = 2048): I = 256 -> 8 tiles, cluster 8, 64 + 48 CTAs;
 * I = 128 -> 4 tiles, cluster 16 (cluster16_fits), 64 + 48 CTAs of 7 gate/up K blocks.
 *
 * Why not the reference design's 120 CTAs in clusters of 5 (TP8) or 10 (TP16): on an
 * H200 at one CTA per SM only 22 clusters of 5 (110 CTAs) or 7 of 10 (70 CTAs) are
 * co-resident (SPEC.md table), so the grid barrier would wait for CTAs that can never
 * run. Cluster sizes 2, 4, 8 and 16 divide the 32 h columns of a tile evenly (66, 30, 15
 * and 7 co-resident clusters at one CTA per SM). shx_fused_plan_make tries 16 (only where
 * cluster16_fits: a size above 8 is non-portable), 8, 4, 2 (largest gate/up grid <= 132
 * first), each with and without the down-only clusters (and, on a green context's SMs,
 * instead of the widest, a grid between them that fits twice: TWO GRIDS), and keeps
 * the first that cudaOccupancyMaxActiveClusters proves fully co-resident for the real
 * kernel, shared memory and cluster size. Measured alternatives and their times are in
 * perf/RESULTS.md (96 CTAs with two down tiles on some CTAs: 20.6 us a step at TP8 B=9;
 * this geometry: 14.0 us).
 *
 * COOPERATIVE LAUNCH: the plan proves the grid fits an idle device, but kernels on other
 * streams (an engine's persistent dispatch or collective) may hold SMs when a step
 * launches. A plain launch places what fits and lets the rest in as SMs free: the placed
 * CTAs spun at the grid barrier until the watchdog (beside a kernel holding 40-44 SMs at
 * B = 9, 64, 16 at B = 128; perf/RESULTS.md run 60). A fused-mode launch is therefore
 * cooperative (cudaLaunchAttributeCooperative, with the cluster and PDL attributes): the
 * grid is placed whole or waits. Measured (run 61 call 1): beside every k held SMs the
 * step then completed or waited for the neighbour, never timed out; between fused steps
 * (PDL, two rounds, design dims) TP8 B = 9..64 0.02-0.11 us slower than the plain
 * launch, TP16 B = 9..64 -0.07..+0.02 us, B = 128 (one CTA an SM: the next grid enters
 * only once the whole previous one has left) 0.25-0.29 us slower. A placement wait has
 * no watchdog: beside a kernel that never leaves, the grid never starts. Gate mode has
 * no grid barrier and launches plainly.
 *
 * WARP ROLES (160 threads; the kFused instance at N = 16 in clusters of at most 8 has a
 * sixth warp, the REFILL ISSUER; the FILL STAMPS diagnostic build adds one more warp after
 * those, which only stamps when ring fills land: stamp_fills)
 *   warps 0-3 (consumer warpgroup): where CONSUMER X says so, the first ring's x tiles
 *       (ld.global, st.shared); wgmma for every ring stage, the DSMEM partial push,
 *       the owner reduction and h store, the grid-barrier arrival, in the late
 *       instances (kFusedX, kFusedLate) the late down blocks' A operand (LATE IN
 *       REGISTERS, ld.global), the down epilogue and the mailbox push; thread 0
 *       triggers the dependent grid once the gate/up MMAs are done (or, per the
 *       plan, the exchange) where the CTA triggers early
 *       (triggers_early, triggers_after_exchange).
 *   warp 4 lane 0 (producer): all TMA loads (but the REFILL ISSUER's), the grid-barrier
 *       wait and its re-arm, and griddepcontrol.launch_dependents otherwise (after the
 *       grid barrier; a down-only CTA that triggers early, at once). Lanes 1-31 only wait
 *       for the dependency.
 *   warp 5 lane 0 (REFILL ISSUER, one instance: RefillIssuer): every other gate/up refill
 *       where a CTA has at least two and fewer than its stages and every fill of the
 *       CTA has a barrier slot of its own (refill_issuer_takes).
 *   The role is chosen by warp_index_uniform (the warp index shuffled from lane 0), so
 *   that ptxas compiles each role's code as warp-uniform (run 43).
 *
 * SHARED MEMORY: [ring: kNumStages x (A 8 KB | B N x 128 B), 1024-aligned]
 *   [staging: DSMEM receive buffer, in the late instances then the late down blocks' h
 *   (LATE IN REGISTERS; at N = 24, 32 the area is grown for them), later the down
 *   epilogue's y^T] [mbarriers]
 *   [the owners' scalars (OwnerScalars): parameters read after the gate/up loop]
 *
 * BARRIERS, and what each waits for
 *   Ring fill f (data in stage f % kNumStages) has its own pair of mbarriers, slot
 *   f % kBarrierSlots (48): while a CTA makes at most 48 fills each mbarrier completes
 *   one phase per launch, so no thread ever arrives on a phase k >= 1. That holds for
 *   the H200 TP8 and TP16 plans of the fused kernel with its down-only CTAs (at most
 *   28 + 12 fills) and for SharedDown on >= 28 SMs (TP8) or >= 14 (TP16) at one K block
 *   a fill, half as many where its fills carry two (FILLS OF 128 K); on fewer SMs,
 *   or in the fused fallback without down-only CTAs and the partitions' TWO GRIDS plans
 *   (CTAs of two down jobs: up to 28 + 24 fills at TP8), the slots are reused one phase
 *   later: still correct, but synccheck reports again.
 *   compute-sanitizer synccheck requires a thread that does so to have waited for
 *   phase k - 1 itself ("Missing wait"), which a stage-indexed ring breaks at every
 *   refill (perf/RESULTS.md runs 17-20 and 24; run it with --num-cuda-barriers, since
 *   its automatic count is smaller than the 97 a CTA initializes: 96 ring barriers and
 *   `received`). Pairing each arrival with a wait cost
 *   0.8-1.8 us a step (runs 19-20); the slots cost 0.2-0.45 us (fused) and 0.6-1.5 us
 *   (split: SharedDown's pace is set by its ring, and it starts without PDL, so its
 *   per-fill counter and 96 initializations show), against the same division-free
 *   producer without them (run 24).
 *   full[f]   (count 1 + TMA bytes) the producer's (or, for its refills, the REFILL
 *             ISSUER's) arrive.expect_tx and all bytes of the fill (weights, and x or h;
 *             a CONSUMER X fill: its weights alone, its x stored by the consumers; a
 *             late fill, LATE IN REGISTERS: its h alone, in the staging area, no
 *             stage): the consumer may run its
 *             wgmma. The consumers test it one fill ahead with the non-blocking
 *             test_wait and wait (try_wait) only if it had not completed then
 *             (mma_blocks).
 *   empty[f]  (count 4: lane 0 of each consumer warp, after the fill's wgmma-group is
 *             complete; one group stays in flight) the stage may be refilled: the
 *             producer (or the REFILL ISSUER, for its own refills) waits for empty[f]
 *             before fill f + kNumStages (not before a
 *             late fill, which takes no stage). Not arrived on in the
 *             LATE IN REGISTERS down job, which refills nothing (mma_blocks, kLate).
 *   PAIRED FILLS (at N = 32 where the grid triggers early; paired_fills): two first-ring
 *             gate/up fills f, f + 1 complete on full[f], armed once for both stages;
 *             full[f + 1] is not used in the launch (every fill has a slot of its own
 *             there), and both empty barriers are arrived on after the pair's group.
 *   cluster barrier, prologue only: every CTA's mbarriers are initialized and armed
 *             (and the CTAs exist) before any DSMEM traffic.
 *   received  (count 1 + the other ranks' share of kReceiveBytes) the owner's thread 0
 *             arms it in the prologue (arrive.expect_tx); every other source CTA's
 *             st.async stores of its partial rows complete the bytes; the consumers wait
 *             (acquire at cluster scope) before reducing, after a named barrier that
 *             orders the owner's own parts, stored by its threads into the same
 *             buffer. Run 26 replaced an exchange phase of the cluster barrier: its
 *             arrive.release compiled to MEMBAR.ALL.GPU, and the phase cost about 1 us a
 *             step (TP8 B=9: 13.08 -> 12.10 us). No barrier at the end: every store to
 *             a CTA lands before that CTA passes its own wait, so CTAs leave as soon as
 *             they are done. (Only after a timeout of this thread's, this wait's or
 *             any earlier ring wait's, since a watchdog that gave up makes every later
 *             wait return at once, could a late store reach a CTA that has exited, which
 *             the runtime may report as a fault; that case is untested. The same holds
 *             for the CTA's own TMA copies: after a timeout the consumers' later ring
 *             waits return at once and the producer returns once its copies are
 *             issued, so the CTA may exit with copies into its shared memory in flight
 *             (a review in stop 79). kFusedX drains as such a thread leaves
 *             (ExitWatchdog, EXIT DRAIN X); the other instances do not, since the same
 *             drain in them made healthy steps slower (perf/RESULTS.md run 100). Where
 *             no drain covers it, should the runtime fault, shx_check_device reports
 *             SHX_CUDA_ERROR, not SHX_DEVICE_TIMEOUT. The
 *             cluster-barrier phase it replaced had no timeout: it would have hung
 *             instead.)
 *   named barrier 1 (128 consumer threads): h stored before thread 0's release; the
 *             epilogue's staging written before it is read, and read before reuse; in
 *             the late instances every warp's late MMAs (their h in the staging area) done before
 *             the epilogue writes there.
 *   grid barrier (counters[0]): each CTA adds 1 (red.release.gpu) once its owned h
 *             columns are stored (down-only CTAs at once); the producer spins
 *             (ld.acquire.gpu) until it reads `grid`, issues the h loads of the down
 *             fills loaded before the barrier (the late fills' first), then counts
 *             through counters[1] (the last one re-arms both to 0 for the next
 *             launch), then loads its down fills past the ring, weights and h.
 *   griddepcontrol.wait: every thread before reading x, h, the counters or writing
 *             anything global (the consumers read the x pointer, batch and H from the
 *             parameter bank before it, CONSUMER X). Only weights are loaded before
 *             it: the first ring (a down-only CTA's: its down weights, and its later
 *             down blocks asked into L2), and where the grid triggers early and a CTA
 *             has at most 16 gate/up blocks its refills asked into L2 (producer step
 *             0). With a debug trace buffer the entry and SM stamps are written too
 *             (trace point 8, the SM point), and the FILL STAMPS build's stamp warp
 *             never waits.
 *   griddepcontrol.launch_dependents: by each CTA, once its gate/up MMAs are done
 *             (at N >= 40 with 12 MiB of weights or more, once its cluster's partials
 *             arrived: triggers_after_exchange) where all its down fills (jobs x
 *             blocks) fit in the ring and N <= 32 (64 in clusters of 16 and where two
 *             CTAs share an SM), or fit in the ring and the late registers (LATE IN
 *             REGISTERS),
 *             or, on a partition's TWO GRIDS plan at N = 16, overruns the ring by at
 *             most the plan's two fills (EARLY PAST THE RING, ops/fused_plan.h),
 *             else once it passed the grid barrier (triggers_early, which also says
 *             why neither can hang). (Gate mode has no grid barrier and triggers once
 *             its loads are issued.)
 *   Watchdog: every wait on other CTAs reads %globaltimer; after args.watchdog_ns
 *             (twice that for mbarrier waits) it sets *error_flag and stops waiting
 *             (in kFusedX the thread then stays 100 us more as it leaves, as does a
 *             copy issuer that finds the error flag set as it leaves: ExitWatchdog).
 *             The output is then garbage, but the kernel ends; the engine re-arms the
 *             counters when it reports SHX_DEVICE_TIMEOUT.
 *
 * SYNC DOMAINS: a fused launch goes into a memory synchronization domain of its own
 * (Hopper: a fence orders only its own domain's traffic), one per parity: the logical
 * remote domain (cudaLaunchAttributeMemSyncDomain), mapped for this launch
 * (cudaLaunchAttributeMemSyncDomainMap; step_sync_domain) to physical domain 2 at
 * parity 1 and 3 at parity 0, apart from the default domain 0 of the engine's other
 * kernels (a kernel launched after a step with PDL, e.g. the routed experts, can run
 * beside its chain) and from domain 1, where "remote" maps by default and NCCL launches
 * its kernels. Consecutive steps alternate parity, so a step's fences need not order the
 * next step's first-ring loads, which run beside them once the step has triggered (run
 * 41: a release waits for its own CTA's loads in flight; run 42: also for another CTA's
 * copies on its SM). Little of that wait went (TP8 B=9 0.65 -> 0.61 us): a release still
 * waits for the next grid's copies in flight on its SM, as long with the domains as
 * without (run 59 calls 4, 6: with the next grid let in at this grid's start, the TP16
 * B=9 release took 1.9-2.2 us either way, against 0.53), and the grid's completion for
 * the next grid's traffic (run 44; the gap to the next wait did not shrink measurably,
 * call 4's limits).
 * What this kernel synchronizes through h, the grid barrier's counters and DSMEM is
 * synchronized within one launch; the reuse of those buffers by the next launch, x and
 * the mailboxes' re-arm are ordered by stream order or griddepcontrol.wait, which makes
 * every memory operation of the prerequisite grids visible to the current grid whatever
 * its domain (PTX ISA), and the tails read each mailbox element as its own flag, which
 * needs no ordering. Measured between consecutive fused steps (perf/RESULTS.md run 58
 * calls 4-6, three rounds each, domains 0 and 1 then, the kernels' code unchanged): TP8 B
 * = 9..16 0.09-0.16 us a step faster, B = 40, 64 0.1, the DeepSeek TP8 B = 9..64
 * 0.04-0.14, TP16 within 0.04 but B=48 (0.09 faster), the DeepSeek TP16 cells at B >= 32
 * bimodal either way; the floor kernel alternated the same way did not move, and the
 * split variant's gate kernel, equal in the A/B, stays in the default domain. Domain 2
 * instead of 1: call 11; parity 0 in 3 instead of the default: call 13. Followed by a
 * default-domain kernel (run 59, the routed stand-in): within 0.1 us with and without the
 * domains, launched with PDL (call 6) or without (call 1).
 *
 * WEIGHTS IN L2: every TMA weight load (gate/up and down, in both kernels) carries an L2
 * evict_first cache policy (the late down blocks, read by ld.global into
 * registers, and the L2 prefetches carry none). A step reads each weight once, and a TP8
 * step streams 33 MB through the H200's 60 MB L2: with the default policy those lines push
 * out what the step reads again (the down blocks asked into L2 ahead of the grid barrier, x, h, the
 * mailboxes). Measured (perf/RESULTS.md run 32 calls 3, 4): TP8 0.35-0.85 us a step
 * faster (B=32 12.93 -> 12.08 us); TP16 from 0.12 us slower (B=32 in call 3; equal in
 * call 4) to 0.26 faster (B=128); the DeepSeek dims within 0.05; the split variant up to
 * 1 us faster. x and h keep the default policy.
 *
 * SHAREDDOWN (shared_down): plan.sms CTAs of the same 160 threads; CTA c takes down
 * tiles c, c + sms, ... and runs the same functions as the fused kernel's down phase
 * (mma_blocks with DownChains, push_down_job) at the same N, so its pushes are
 * bit-identical to the fused kernel's.
 *
 * FILLS OF 128 K (SharedDown up to N = 32 where I / 64 is even: DownGeometry): a ring
 * stage holds two 64-K blocks, [A | A | B | B], under one full/empty pair; the consumers
 * run one look-ahead test, one wgmma-group of eight MMAs and one release a fill. The K
 * loops are bound by their own instructions, about 80 a fill at one every 2.4-2.9 cycles
 * (Nsight Compute, perf/RESULTS.md run 42 call 10), so one handshake per 128 K runs a
 * 64-K block in 117-141 cycles against 202-229 (perf/wgmma_rate mode 21, call 12), and
 * the split step measured 0.85-1.9 us faster at B <= 16 and 1.0-1.6 at B = 32 at the
 * design dims, 0.2-1.0 at the DeepSeek dims, 0.3 slower only at TP8 B=24 (call 15).
 * (Where every fill is already resident the handshake is not the pace: the fused
 * kernel's down loop with none at all ran as long, run 43 calls 1, 2.) The fused kernel
 * keeps one block a fill: with two (call 14) its down loop was shorter too,
 * but its first fill (20 KB) landed later after the dependency wait and TP8's gate/up
 * refills moved in 20-KB units, 0.2-1.35 us a step slower at B <= 32. The second block's
 * k16 steps continue the chains' round-robin, so the sums, and the pushes, are those of
 * one block a fill.
 */
#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_runtime.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <initializer_list>
#include <type_traits>

#include "ops/activation.cuh"
#include "ops/driver.h"
#include "ops/fused.h"
#include "ops/fused_plan.h"
#include "ops/ring.h"
#include "ops/ptx/cluster.cuh"
#include "ops/ptx/mbarrier.cuh"
#include "ops/ptx/memory.cuh"
#include "ops/ptx/tensor_map.cuh"
#include "ops/ptx/tma.cuh"
#include "ops/ptx/wgmma.cuh"

namespace shx {
namespace fused {
namespace {

using ring::DownCursor;
using ring::kBarrierSlots;
using ring::PairedFills;
using ring::ReleaseCursor;
using ring::RingCursor;

/* ---- Compile-time geometry ------------------------------------------------------- */

/* 160 threads: four consumer warps and the producer warp (WARP ROLES); a warp more in the
 * FILL STAMPS build, and in the REFILL ISSUER's instance (RefillIssuer). */
constexpr int kThreads = SHX_FILL_STAMPS ? 192 : 160;
/* REFILL ISSUER: the warp whose lane 0 issues every other gate/up refill, in the one
 * instance that has it (RefillIssuer); the FILL STAMPS warp then comes after it. */
constexpr int kRefillIssuerWarp = 5;
constexpr int kConsumerThreads = 128; /* one warpgroup */
constexpr int kConsumerWarps = 4;
constexpr int kProducerWarp = 4;
constexpr uint32_t kConsumerBarrierId = 1; /* named barrier of the consumer warpgroup */

constexpr int kBlockK = 64;               /* K elements of a stage: one 128-byte row */
constexpr int kRowBytes = kBlockK * 2;    /* BF16 */
constexpr int kTileRows = 64;             /* wgmma M */
constexpr int kHalfRows = 32;             /* gate rows (and up rows) of a gate/up tile */
constexpr int kMmaK = 16;                 /* K of one wgmma */
constexpr int kWeightTileBytes = kTileRows * kRowBytes;  /* 8 KB */
constexpr int kHalfTileBytes = kHalfRows * kRowBytes;    /* 4 KB: the up rows' offset */
constexpr int kSwizzleAtomBytes = 1024;   /* 8 rows x 128 B */
/* Floats per token in the y^T epilogue: the 64 rows, no padding (a swizzle keeps the
 * fragment's writes on distinct banks, epilogue_offset), so the epilogue takes exactly
 * the receive buffer's 256 N bytes. */
constexpr int kStagingPitch = kTileRows;
constexpr int kColumnsPerStore = 8;       /* BF16 columns of one 16-byte mailbox store */

constexpr int kSmemBudget = 220 * 1024;   /* what the ring may grow into, one CTA/SM */
/* Small batches: two CTAs per SM (228 KB per SM, 1 KB reserved per CTA), so that the
 * next step's grid (PDL) is resident beside this one and streams its weights while this
 * one finishes its barrier and down phase. 8 KB x 8 weight stages in flight per CTA
 * already saturate HBM (SPEC's measured facts). */
constexpr int kTwoPerSmBudget = 113 * 1024; /* 2 x (113 + 1 reserved) = 228 KB */
constexpr int kTwoPerSmMaxN = 32;
/* The padded batches (wgmma N) with a kernel instance: every multiple of 8 up to 64, then
 * of 16 up to 128 (ops/fused.h's buckets). */
constexpr bool is_padded_batch(int n) {
  return n > 0 && ((n <= 64 && n % 8 == 0) || (n <= SHX_FUSED_MAX_N && n % 16 == 0));
}
/* Padded batches above kTwoPerSmMaxN with a two-CTAs-per-SM geometry (the fused kernel's
 * only instance at N = 40..56, beside one at one CTA per SM at N = 64: fused_instance). */
constexpr bool two_per_sm_allowed(int n) { return n > kTwoPerSmMaxN && n <= 64; }
/* Two CTAs per SM above N = 32 (the fused plan's ctas_per_sm; SharedDown keeps one,
 * DefaultCtasPerSm): rings of 7, 7, 6, 6 stages at N = 40, 48, 56, 64. At N = 40..56 the
 * plan takes them whatever the gate/up blocks: TP8 B = 33..56 0.6-1.4 us faster than one
 * CTA per SM with 13-15 stages (then; 16, 14, 13 at N = 40, 48, 56 now), the next step's
 * grid then resident beside this one (perf/RESULTS.md run 37 calls 2, 3). At N = 64 only
 * for a gate/up CTA of at most this many K blocks: with a ring of 5 (before run 37 call 7)
 * TP16 (14 blocks) was 1.1 us faster than one CTA per SM with 12 stages and TP8 (28
 * blocks) 1.4 us slower (run 29 call 6); with a ring of 6 TP8 B = 57..64 is 0.5-0.65 us
 * faster (run 37 call 8). More blocks a CTA (no plan at the measured dims) are not measured.
 * The count compared is a CTA's average share, ceil(H / 64 / cluster): where the K split
 * gives CTAs of fewer down jobs more blocks (shx_fused_balance_k_split), the largest share
 * can be a few over it (e.g. H = 15616, I = 512: average 31, largest 34); at the measured
 * dims the two are equal. */
constexpr int kTwoPerSmMaxGateUpBlocksN64 = 32;
constexpr int kSmemOptInLimit = 227 * 1024;
constexpr int kMinStages = 4;
constexpr int kMaxStages = 24;
/* full, empty; received; then the owners' scalars (OwnerScalars, 32 bytes) */
constexpr int kOwnerScalarsBytes = 32;
constexpr int kBarrierBytes = 8 * 2 * kBarrierSlots + 8 + kOwnerScalarsBytes;
/* ALIGNMENT: the dynamic shared memory is declared __align__(1024) and nothing else is in
 * shared memory, so its base is where a swizzled stage may start: no slack for aligning
 * it by hand (with the unpadded epilogue, the 1 KB that gives N = 64 its ring of 6 at two
 * CTAs per SM). The kernels check it in their prologue (refuses_misaligned) and end at
 * once, with the error flag set, if a toolchain ever placed it otherwise (after
 * griddepcontrol.wait, as every global write of the kernels but the debug trace's entry
 * stamp). */
constexpr int kMaxCluster = 16;           /* 16 is non-portable (cluster16_fits) */
constexpr int kMaxPortableCluster = 8;
static_assert(kMaxCluster == SHX_FUSED_MAX_CLUSTER, "the work split's per-cluster arrays");
/* The early PDL trigger (triggers_early) only up to this padded batch (runs 28, 29), and
 * up to the second in the instances for clusters of 16 (run 33) and wherever two CTAs
 * share an SM (run 35, with the refill prefetch). */
constexpr int kEarlyTriggerMaxN = 32;
constexpr int kEarlyTriggerMaxNShared = 64;
/* The refill prefetch before the dependency wait (producer step 0) only for a CTA of at
 * most this many gate/up K blocks (run 35). */
constexpr int kRefillPrefetchMaxGateUpBlocks = 16;
static_assert(SHX_FUSED_EARLY_TRIGGER_OVERRUN_MAX_K <= kRefillPrefetchMaxGateUpBlocks,
              "EARLY PAST THE RING only in the fused instances (takes_consumer_x)");
constexpr int kMaxGrid = SHX_FUSED_MAX_CTAS;
/* TWO GRIDS (shx_fused_plan_make): on a green context (fewer SMs than the device) where
 * the widest grid (a CTA for every down tile) does not fit twice, the widest grid of
 * whole clusters that does (at least the gate/up CTAs) is taken instead, so that the
 * next step's grid is resident beside this one under PDL, at the cost of a second down
 * job for some CTAs. Measured on 64 to 104 SMs (perf/RESULTS.md run 63 calls 2-4 and
 * 7, against the widest grid): 1.1-3.4 us a step faster at the design dims at TP16
 * (B = 4..64), 0.8-1.9 at TP8 B = 32, 64, 1.0-2.7 at the DeepSeek dims (both tps, B =
 * 4..64; TP16 B=128 too, where the widest grid does not fit even once and the rule
 * takes 40-48 CTAs over the gate/up-only 32); but 0.5-0.7 us slower at the design TP8
 * B = 9, 16 (call 2: 28 gate/up blocks a CTA, where the widest grid's CTAs trigger early
 * through LATE IN REGISTERS and the narrower one's CTAs of two down jobs stream 14 down
 * blocks after the grid barrier). So not at n <= 16 for CTAs of more than 16 gate/up
 * blocks (the same bound as the refill prefetch; n = 8 too, which the first bucket
 * would otherwise trade for the n = 16 plan). Where the narrower grid leaves a CTA at most
 * two down fills past its ring (the design TP16 at n = 16), the plan also lets it trigger
 * early (EARLY PAST THE RING, ops/fused_plan.h). Never on a context of the whole device:
 * there the rule would change plans no run has timed (dims other than the design and
 * DeepSeek ones, e.g. H >= 7680, or n >= 80), so whole-GPU plans stay as measured. */
constexpr int kTwoGridsSlowerMaxN = 16;


static_assert(kHalfTileBytes % kSwizzleAtomBytes == 0,
              "the up rows' box must start on a swizzle atom");
static_assert(kRowBytes == 128, "a stage row must be exactly one 128-byte swizzle span");

/* What one launch of the kernel family does. */
enum Mode {
  kFused = 0,  /* gate/up, activation, grid barrier, down, push */
  kGate = 1,   /* the split variant's first half: gate/up and activation into h */
  kFusedX = 2, /* kFused with CONSUMER X: its N = 16 instance for CTAs of more than 16
                * gate/up blocks (takes_consumer_x), so that kFused's stays as it was */
  kFusedLate = 3, /* kFused with LATE IN REGISTERS: its N = 24, 32 instances for plans whose
                   * CTAs' one down job overruns the ring by N / 8 blocks (the design TP8
                   * at B = 17..32: takes_late_registers), so that kFused's (TP16, the
                   * DeepSeek dims) and the split variant's stay as they were */
  kFusedXOut = 4  /* kFusedX with OUT AT THE WAIT, where the plan's out_at_wait says so (a
                   * per-card choice), so that kFusedX stays as it was on the other cards */
};

/* The CONSUMER X instances: kFusedX and kFusedXOut differ in OUT AT THE WAIT alone. */
__host__ __device__ constexpr bool fused_x(Mode mode) {
  return mode == kFusedX || mode == kFusedXOut;
}

/* Whether a fused-family instance has the REFILL ISSUER's warp (kHas: kFused at N = 16 in
 * clusters of at most 8, the design TP16 and the DeepSeek TP8 at B = 1..16), and its
 * threads. Every other instance keeps kThreads: with the warp in all of them
 * (perf/RESULTS.md run 54 call 6) TP8 B=32, whose CTAs never take the issuer, was
 * 0.41-0.46 us slower and TP16 B=32 0.06-0.09. */
template <int N, Mode kMode, bool kCluster16>
struct RefillIssuer {
  static constexpr bool kHas = kMode == kFused && N == 16 && !kCluster16;
  static constexpr int kBlockThreads = kThreads + (kHas ? 32 : 0);
};

/* CTAs per SM that a kernel instance's shared memory is sized for: two up to N = 32; at
 * N = 40..64 one by default (SharedDown), two where the fused plan says so
 * (fused_ctas_per_sm); one above 64. */
template <int N>
struct DefaultCtasPerSm {
  static constexpr int value = N <= kTwoPerSmMaxN ? 2 : 1;
};

template <int N, int kSlots = DefaultCtasPerSm<N>::value, int kFill = 1, int kLateFills = 0>
struct Geometry {
  static_assert(is_padded_batch(N), "a padded batch of the plan");
  static_assert(kLateFills == 0 || kFill == 1, "late fills are of one K block");
  static_assert(kSlots == 1 || kSlots == 2, "one or two CTAs per SM");
  static_assert(kFill == 1 || kFill == 2, "one or two K blocks a ring fill");
  /* K blocks of 64 a ring fill: one in the fused kernel, two in SharedDown up to N = 32
   * (DownGeometry: FILLS OF 128 K). */
  static constexpr int kFillBlocks = kFill;
  static constexpr int kActivationTileBytes = N * kRowBytes; /* one K block's */
  static constexpr int kStageBytes = kFill * (kWeightTileBytes + kActivationTileBytes);
  /* An owner's receive buffer: [cluster][gate, up][width][N] FP32, cluster x width = 32. */
  static constexpr int kReceiveBytes = 2 * kHalfRows * N * 4;
  static constexpr int kEpilogueBytes = N * kStagingPitch * 4;
  static_assert(kEpilogueBytes == kReceiveBytes, "the epilogue reuses the receive buffer");
  /* LATE IN REGISTERS's h tiles (kLateFills of [N x 64] BF16: the late instances' N / 8
   * at N = 16, 24, 32, late_capacity) share the staging area, which grows to hold them
   * in kFusedLate at N = 24 (9 KB against the 6 KB receive buffer) and N = 32 (16 KB
   * against 8 KB); the ring keeps its stages (static_assert below). Every other instance
   * (kLateFills 0) keeps the receive buffer's size. */
  static constexpr int kLateTileBytes = kLateFills * kActivationTileBytes;
  static constexpr int kStagingBytes =
      kReceiveBytes > kLateTileBytes ? kReceiveBytes : kLateTileBytes;
  static constexpr int kFixedBytes = kStagingBytes + kBarrierBytes;
  static constexpr int kCtasPerSm = kSlots;
  static constexpr int kBudget = kCtasPerSm == 2 ? kTwoPerSmBudget : kSmemBudget;
  static constexpr int kRingFit = (kBudget - kFixedBytes) / kStageBytes;
  static constexpr int kNumStages = kRingFit < kMaxStages ? kRingFit : kMaxStages;
  static constexpr int kRingBytes = kNumStages * kStageBytes;
  static constexpr int kSmemBytes = kFixedBytes + kRingBytes;

  static_assert(kStageBytes % kSwizzleAtomBytes == 0, "stages must stay 1024-aligned");
  static_assert(kWeightTileBytes % kSwizzleAtomBytes == 0, "B tile must be 1024-aligned");
  static_assert(kRingBytes % 16 == 0 && kStagingBytes % 16 == 0, "staging alignment");
  static_assert(kNumStages >= kMinStages, "ring too shallow for this N");
  static_assert(kNumStages <= kBarrierSlots, "the fills in flight need distinct slots");
  static_assert(kSmemBytes <= kSmemOptInLimit, "over the H200's shared memory per block");
  static_assert(N <= 256, "a TMA box dimension is at most 256");
};

/* SharedDown's ring (FILLS OF 128 K): F = 2 K blocks a fill up to N = 32 where I / 64 is
 * even (down_fill_blocks), where the split step measured faster so (perf/RESULTS.md run
 * 42 call 15; validated on two H200s in call 16); else one. The fused kernel keeps one
 * block a fill: with two its down loop was shorter too, but its first fill lands after a
 * dependency wait and TP8's gate/up refills were slower in 20-KB units (call 14).
 * SharedDown's pushes stay bit-identical to the fused kernel's: step k of a fill's second
 * block goes to chain k % kCount as in the first. */
template <int N, int F>
using DownGeometry = Geometry<N, DefaultCtasPerSm<N>::value, F>;

/* Stricter than ReleaseCursor needs (kNumStages <= kBarrierSlots): its first-lap slots
 * stay apart from the first ring's. */
static_assert(kBarrierSlots >= 2 * kMaxStages, "ReleaseCursor's first-lap slots");
/* The barrier slots take no ring stage (the stage counts of the GEOMETRY table). */
static_assert(Geometry<8>::kNumStages == 12 && Geometry<16>::kNumStages == 10 &&
                  Geometry<24>::kNumStages == 9 && Geometry<32>::kNumStages == 8 &&
                  Geometry<40>::kNumStages == 16 && Geometry<40, 2>::kNumStages == 7 &&
                  Geometry<48>::kNumStages == 14 && Geometry<48, 2>::kNumStages == 7 &&
                  Geometry<56>::kNumStages == 13 && Geometry<56, 2>::kNumStages == 6 &&
                  Geometry<64>::kNumStages == 12 && Geometry<64, 2>::kNumStages == 6 &&
                  Geometry<80>::kNumStages == 11 && Geometry<96>::kNumStages == 9 &&
                  Geometry<112>::kNumStages == 8 && Geometry<128>::kNumStages == 7,
              "ring stages changed: update the GEOMETRY table and kBarrierSlots");
/* The late instances' staging (LATE IN REGISTERS) costs no stage, and kFusedX's two N = 16
 * tiles fit the receive buffer: its layout is kFused's. */
static_assert(Geometry<24, 2, 1, 3>::kNumStages == Geometry<24>::kNumStages &&
                  Geometry<32, 2, 1, 4>::kNumStages == Geometry<32>::kNumStages &&
                  Geometry<16, 2, 1, 2>::kSmemBytes == Geometry<16>::kSmemBytes,
              "LATE IN REGISTERS's staging takes no ring stage");

/* The work of each CTA (down jobs, K ranges) is in ops/fused_plan.h. */

/* ---- Device helpers ---------------------------------------------------------------- */

/* Debug trace (args.trace non-NULL): %globaltimer at phase `point` of this CTA. The
 * gate kernel (the split variant's first half) holds no stamps: compiled out there, the
 * split step measured 0.03-0.18 us faster in every cell (perf/RESULTS.md run 48 call 7).
 * The fused instances keep theirs for perf/profile_step and tools/limits.sh (out of
 * every instance: fused 0.04-0.2 us faster in 10 and 0.03-0.12 slower in 5 of run 48
 * call 6's 22 cells, TP8 B=32 slower in calls 3, 4 and 6 alike). */
template <Mode kMode>
__device__ __forceinline__ void trace_point(const shx_fused_args &args, int point) {
  if constexpr (kMode != kGate) {
    if (args.trace != nullptr) args.trace[blockIdx.x * SHX_FUSED_TRACE_POINTS + point] =
        ptx::globaltimer();
  }
}

/* The trace buffer a K loop stamps into (mma_blocks): none in the gate kernel. (kFusedX's
 * HELD X call passes args.trace itself: through this helper its PTX had registers
 * renumbered, and it is kept as measured.) */
template <Mode kMode>
__device__ __forceinline__ unsigned long long *trace_of(const shx_fused_args &args) {
  return kMode == kGate ? nullptr : args.trace;
}

/* The kernel parameters the owners' reduction reads, copied into shared memory by
 * thread 0 in the prologue. Read from the parameter bank after the gate/up loop, they
 * were three serial constant-cache misses at the head of the exchange, on the critical
 * path of every step (Nsight Compute, perf/RESULTS.md run 29 call 1); from shared
 * memory the step is 0.3 us shorter at TP16 B = 1..16 (calls 2 and 3). Copying the
 * other parameters read after the loop too (the trace pointer, the counters, the
 * push's batch: cache hits there) was slower (call 3). */
struct OwnerScalars {
  __nv_bfloat16 *h;
  int batch, inter;
  shx_activation activation;
  float beta, lambda;
};
static_assert(sizeof(OwnerScalars) <= kOwnerScalarsBytes, "OwnerScalars slot");

/* The shared-memory layout of one CTA (addresses in the shared::cta window). */
template <int N, int S = DefaultCtasPerSm<N>::value, int F = 1, int L = 0>
struct SharedLayout {
  using G = Geometry<N, S, F, L>; /* L: the late fills its staging area holds */
  uint32_t ring;
  uint32_t staging;
  uint32_t barriers;
  float *staging_floats; /* generic pointer to the same bytes as `staging` */
  OwnerScalars *owner_scalars; /* generic pointer, after the barriers */

  __device__ __forceinline__ explicit SharedLayout(uint8_t *dynamic) {
    const uint32_t raw = ptx::smem_address(dynamic);
    ring = raw;
    staging = ring + G::kRingBytes;
    barriers = staging + G::kStagingBytes;
    staging_floats = reinterpret_cast<float *>(dynamic + G::kRingBytes);
    owner_scalars = reinterpret_cast<OwnerScalars *>(
        dynamic + G::kRingBytes + G::kStagingBytes + 8 * (2 * kBarrierSlots + 1));
  }
  /* Whether the ring starts on a 1024-byte swizzle atom (ALIGNMENT). */
  __device__ __forceinline__ bool aligned() const {
    return (ring & (kSwizzleAtomBytes - 1)) == 0;
  }
  __device__ __forceinline__ uint32_t weights(int stage) const {
    return ring + stage * G::kStageBytes;
  }
  /* A stage is [A of block 0 | A of block 1 | B of block 0 | B of block 1] (one of each
   * where G::kFillBlocks is 1): block h's A tile at weights + 8 KB h, its B tile at
   * activations + N 128 h. */
  __device__ __forceinline__ uint32_t activations(int stage) const {
    return weights(stage) + G::kFillBlocks * kWeightTileBytes;
  }
  __device__ __forceinline__ uint32_t full(int slot) const { return barriers + 8 * slot; }
  __device__ __forceinline__ uint32_t empty(int slot) const {
    return barriers + 8 * (kBarrierSlots + slot);
  }
  /* The owner's exchange barrier: complete once every part of its h columns landed. */
  __device__ __forceinline__ uint32_t received() const {
    return barriers + 8 * 2 * kBarrierSlots;
  }
  /* Every slot's barriers, by the calling thread (one thread: spreading the
   * initialization over threads made steps slower, RESULTS.md run 24); a CTA or cluster
   * barrier must follow before any use. All slots, even in a CTA with few fills: the
   * producer's first waits (ReleaseCursor) read the last kNumStages slots. */
  __device__ __forceinline__ void init_barriers() const {
    for (int slot = 0; slot < kBarrierSlots; ++slot) {
      ptx::mbarrier_init(full(slot), 1);
      ptx::mbarrier_init(empty(slot), kConsumerWarps);
    }
    ptx::mbarrier_init(received(), 1);
    ptx::fence_mbarrier_init();
  }
};

/* SharedDown's layout (DownGeometry). */
template <int N, int F>
using DownLayout = SharedLayout<N, DefaultCtasPerSm<N>::value, F>;

/* What this CTA does, from the plan. */
struct CtaWork {
  int cta;
  int tile;          /* gate/up tile = cluster index */
  int cluster_rank;  /* = the K-split index */
  int cluster;
  int width;         /* h columns owned by each cluster rank (a power of two) */
  int width_shift;   /* log2(width) */
  int k_begin, k_count;
  int down_blocks;   /* I / 64 */
  int down_jobs;     /* shx_down_job_count, computed once in the prologue */
  bool trigger_after_exchange; /* the plan's (triggers_after_exchange) */
  int early_trigger_overrun;   /* the plan's: down fills past the ring that still let
                                  this CTA trigger early (triggers_early) */
};

/* Sets the error flag once a wait gave up; afterwards this thread's mbarrier waits only
 * try once, so a broken run ends in bounded time. */
struct Watchdog {
  uint32_t *flag;
  uint64_t limit_ns; /* the grid barrier's bound; mbarrier waits get twice it; 0: none */
  bool gave_up;
  __device__ __forceinline__ void fire() {
    atomicExch(flag, 1u);
    gave_up = true;
  }
};

/* EXIT DRAIN, in kFusedX and kFusedXOut only (kDrains = fused_x(mode)): a thread that
 * gave up sleeps kExitDrainNs as it leaves (the destructor, so that every return path has
 * it), which keeps its CTA and shared memory alive past TMA copies into its ring and
 * peers' st.async partials issued before it left (a review in stop 79). The copy issuers
 * whose own waits all passed drain too if the op's error flag is set as they leave
 * (adopt_grid_timeout): their consumers may have given up and left first. Put in every
 * instance (EXIT DRAIN), the drain made the healthy step 0.18-0.37 us faster at TP8 B =
 * 9, 16 (kFusedX) but up to 0.27 slower in other cells on H100s (perf/RESULTS.md runs
 * 97-100), a layout effect of unknown cause; so the other instances keep their exits'
 * code, and with it the gap that docs/integration.md describes (a CTA that gave up may
 * leave with copies in flight). A healthy kFusedX step pays one branch at each role's
 * exit and the issuers' one load. */
constexpr uint64_t kExitDrainNs = 100000; /* copies and stores land within microseconds */

template <bool kDrains>
struct ExitWatchdog : Watchdog {
  __device__ __forceinline__ void adopt_grid_timeout() {
    if (kDrains && *static_cast<volatile uint32_t *>(flag) != 0u) gave_up = true;
  }
  __device__ __forceinline__ ~ExitWatchdog() {
    if (kDrains && gave_up) sleep_exit_drain();
  }
  /* Out of line: the roles' exits keep their code but for one branch. A member of the
   * template, not a function of the namespace: nvcc gives a namespace's __device__
   * function a host body that calls exit(), which library code must not reference
   * (tools/consumer_build_test.sh). */
  static __device__ __noinline__ void sleep_exit_drain() {
    const uint64_t until = ptx::globaltimer() + kExitDrainNs;
    while (ptx::globaltimer() < until) __nanosleep(1000);
  }
};

/* This thread's warp, as a value the compiler knows to be the same in every lane (a
 * shuffle from lane 0): branching on threadIdx.x / 32 itself makes every role's code a
 * divergent region to ptxas, which then keeps the consumers' stage addresses, barrier
 * addresses and wgmma descriptors in per-thread registers (16 R2UR and about 20 more
 * instructions a fill, perf/RESULTS.md run 43 call 5), where perf/wgmma_rate's loop
 * builds them on the uniform datapath. With it the gate/up loop builds its descriptors
 * there: fused 0.04-0.32 us and split 0.2-1.0 us a step faster (calls 6, 7). */
__device__ __forceinline__ int warp_index_uniform() {
  return __shfl_sync(0xffffffffu, static_cast<int>(threadIdx.x / 32), 0);
}

/* ALIGNMENT's check, in each kernel's prologue: whether the ring is off a 1024-byte
 * swizzle atom, in which case the kernel sets the error flag and must end at once. Every
 * CTA sees the same base, so all of them end. The flag is written after the grid
 * dependency, as every other global write: nothing before the predecessor is done. */
template <class Layout>
__device__ __forceinline__ bool refuses_misaligned(const Layout &smem,
                                                   const shx_fused_args &args) {
  if (smem.aligned()) return false;
  ptx::griddep_wait();
  if (threadIdx.x == 0) atomicExch(args.error_flag, 1u);
  return true;
}

/* Waits for the phase of `parity` of `barrier`, bounded by the watchdog. kCluster: with
 * acquire at cluster scope, for a phase completed by other CTAs' st.async writes that the
 * caller reads next (the owners' `received` barrier); otherwise at CTA scope (the ring). */
template <bool kCluster = false>
__device__ __forceinline__ void wait_barrier(uint32_t barrier, uint32_t parity,
                                             Watchdog &watchdog) {
  auto try_wait = [](uint32_t b, uint32_t p) {
    return kCluster ? ptx::mbarrier_try_wait_cluster(b, p) : ptx::mbarrier_try_wait(b, p);
  };
  if (try_wait(barrier, parity) || watchdog.gave_up) return;
  const uint64_t start = ptx::globaltimer();
  while (!try_wait(barrier, parity)) {
    if (watchdog.limit_ns != 0 && ptx::globaltimer() - start > 2 * watchdog.limit_ns) {
      watchdog.fire();
      return;
    }
  }
}

/* Before the producer's next fill: waits until the stage it will use is free, i.e. its
 * previous fill (if any) was released by every consumer warp. */
template <int N, int S, int F, int L>
__device__ __forceinline__ void wait_stage_free(
    const SharedLayout<N, S, F, L> &smem, ReleaseCursor<Geometry<N, S, F>::kNumStages> &released,
    Watchdog &watchdog) {
  wait_barrier(smem.empty(released.slot), released.phase, watchdog);
  released.advance();
}

/* The producer's side of the grid barrier: wait until every CTA counted its h columns.
 * A timeout reports and goes on (h may then be stale, but every TMA still completes, so
 * nothing hangs). A producer that already gave up on an mbarrier still waits here up to
 * its own bound once more: bounded, and kept out of this spin, which every step runs. */
__device__ __forceinline__ void grid_barrier_wait(uint32_t *counters, uint32_t grid,
                                                  Watchdog &watchdog) {
  const uint64_t start = ptx::globaltimer();
  while (ptx::ld_acquire_gpu(&counters[0]) < grid) {
    if (watchdog.limit_ns != 0 && ptx::globaltimer() - start > watchdog.limit_ns) {
      watchdog.fire(); /* this thread's later waits return at once (mbarrier timeouts do) */
      break;
    }
  }
}

/* After the barrier (off the critical path: once the h loads are issued): count
 * through; the last CTA through re-arms both counters for the next launch. */
__device__ __forceinline__ void grid_barrier_depart(uint32_t *counters, uint32_t grid) {
  if (atomicAdd(&counters[1], 1u) == grid - 1) {
    /* Every CTA has read counters[0] == grid: nobody reads either counter again. */
    atomicExch(&counters[0], 0u);
    atomicExch(&counters[1], 0u);
  }
}

/* LATE IN REGISTERS (kFusedX at N = 16; kFusedLate at N = 24, 32, below): a down tile of
 * one ring plus two K blocks (TP8 at the design dims: 12 blocks, 10 stages) has two
 * "late" fills, which could only go into the stages of the first two down fills once
 * those were consumed after the grid barrier: they landed 1.6-1.9 us after it and ended
 * the down loop (perf/RESULTS.md run 50, run 51 call 2). Here the consumers load those
 * two blocks' weights from global memory (asked into L2 before the barrier) straight into
 * wgmma's A registers right after the h release (load_late_a; 32 registers a thread), and
 * their h tiles go into the staging area (free from the reduction to the epilogue; two
 * [16 x 64] tiles are exactly its 4 KB) on the full barriers of the fills that follow the
 * ring's, armed for the h bytes alone. The sums are the same: the same k16 steps into the
 * same chains in the same order, only A's source differs (fused = split bit for bit: the
 * graphs/ GPU tests). With the whole down tile so resident, these CTAs trigger early
 * (triggers_early). Measured (perf/RESULTS.md run 51 calls 3-6): the TP8 down loop 1.8 ->
 * 1.21-1.37 us; alone (the trigger after the grid barrier) the step 0.18-0.29 us slower,
 * since the next grid's first ring then landed later after its wait (fill 0: 0.57 -> 1.02
 * us); with the early trigger TP8 B = 9, 16 0.30-0.40 us faster in call 4 (10.57-10.65 ->
 * 10.22-10.34 us) and 0.17-0.23 in call 5's A/B (10.61-10.67 -> 10.38-10.49); TP16 and
 * the DeepSeek dims have no kFusedX (their kernels' PTX is unchanged). The trigger after
 * the exchange or after the h release instead gained 0.12-0.23 us (call 4).
 * At N = 24, 32 (kFusedLate; run 95) the design TP8 tile overruns the 9- and 8-stage rings
 * by 3 and 4 blocks, so those CTAs hold 3 and 4 late fills (48 and 64 registers a thread;
 * 98 and 122 registers, no spills) and their h in a staging area grown to 9 and 16 KB
 * (Geometry's kLateFills; the rings keep their stages). A diagnostic that simply
 * dropped the blocks past the ring (DOWN RING ONLY, perf/RESULTS.md run 95 command 2)
 * bounded the gain at 1.2-1.35 us a step on an H100; this form measured (commands 3-5
 * and 8, four H100s) TP8 B = 17..24 0.63-0.82 us and B = 25..32 0.10-0.27 us faster: the four
 * blocks of N = 32 (32 KB a CTA through the LSU after the release) delay h's landing
 * (0.39 -> 0.75 us). Loaded right after the partials' push instead (EARLY LATE A) they
 * lengthened the exchange and h's landing: 0.8-1.35 us slower; after a named barrier
 * behind the release (RELEASE FIRST), 0.15-0.2 us slower at B = 17..24 (command 8).
 * Measured in kFused itself (branch r95_late_regs), TP16 B = 17..24, which never takes the
 * late path, was 0.13-0.21 us slower (the code and the larger staging area alone), so it
 * is an instance of its own, kFusedLate, like kFusedX: every other instance's PTX is as
 * before, and kFusedLate's is r95_late_regs's kFused at N = 24, 32 (tools/same_ptx.sh). */
/* The instances that hold late fills, and how many (shx_fused_late_register_capacity):
 * kFusedX at N = 16 (2), kFusedLate at N = 24, 32 (3, 4: the design TP8 at B = 17..32,
 * whose 12-block down tile overruns the ring by that many). Their shared memory's staging
 * area holds that many h tiles (SharedLayout's L). */
template <int N, Mode kMode>
__host__ __device__ constexpr int late_capacity() {
  return (fused_x(kMode) && N == 16) || (kMode == kFusedLate && (N == 24 || N == 32))
             ? N / 8
             : 0;
}
/* The dynamic shared memory of a fused-family instance: its geometry's, with the staging
 * area grown for LATE IN REGISTERS's h tiles in kFusedLate (late_capacity). */
template <int N, int S, Mode kMode>
constexpr int instance_smem_bytes() {
  return Geometry<N, S, 1, late_capacity<N, kMode>()>::kSmemBytes;
}
/* kFusedX's two late h tiles fill exactly the staging area the receive buffer sizes, so
 * its shared memory is kFused's, which the plan records; only kFusedLate grows it. */
static_assert(instance_smem_bytes<16, DefaultCtasPerSm<16>::value, kFusedXOut>() ==
                  instance_smem_bytes<16, DefaultCtasPerSm<16>::value, kFusedX>(),
              "kFusedXOut's shared memory is kFusedX's");
static_assert(instance_smem_bytes<16, DefaultCtasPerSm<16>::value, kFusedX>() ==
                  instance_smem_bytes<16, DefaultCtasPerSm<16>::value, kFused>(),
              "kFusedX's shared memory is kFused's");

template <int L>
struct LateA {
  uint32_t a[L][kBlockK / kMmaK][4]; /* wgmma_bf16_a_regs's a, L late fills */
};
template <int N>
constexpr bool late_tiles_fit() {
  using G = Geometry<N, DefaultCtasPerSm<N>::value, 1, N / 8>;
  return N / 8 * G::kActivationTileBytes <= G::kStagingBytes &&
         G::kRingBytes % kSwizzleAtomBytes == 0 &&
         G::kActivationTileBytes % kSwizzleAtomBytes == 0;
}
/* (shx_fused_late_register_capacity(N) is late_capacity's count for these instances.) */
static_assert(late_tiles_fit<16>() && late_tiles_fit<24>() && late_tiles_fit<32>(),
              "LATE IN REGISTERS: the late h tiles fit the staging area, each on a swizzle "
              "atom");
template <int N, Mode kMode, int S>
__device__ __forceinline__ bool late_in_registers(const CtaWork &work) {
  return late_capacity<N, kMode>() > 0 &&
         shx_fused_late_register_fills(work.down_jobs, work.down_blocks,
                                       Geometry<N, S>::kNumStages, N) > 0;
}

/* OUT AT THE WAIT (kFusedXOut: kFusedX with it, an instance of its own so that kFusedX's
 * code stays as it was; the launcher runs it where the plan's out_at_wait says so, on the
 * cards where it measured faster: ops/fused_plan.h shx_fused_out_at_wait_on): at the
 * design TP8 a gate/up CTA's first refill goes out only once the consumers have run the
 * first ring's fill 0, after x has landed (0.4-0.7 us after the dependency wait), and on
 * an H200 almost nothing lands from the first ring's last fill (0.77 us after the wait)
 * to the first refill (2.16 us; perf/RESULTS.md run 91 call 1's fill stamps). On an
 * H100 SXM it measured 0.30-0.40 us a step faster at TP8 B = 9, 16 (means of two rounds
 * on four hosts, perf/RESULTS.md runs 107-108), on an H200 0.08-0.12 us (run 108
 * call 5b). Here the consumers, right after the wait and while their x loads (HELD X)
 * are in flight, copy the A tiles of the first ring's first kOutAtWaitFills fills from
 * their stages into wgmma's A registers (ldmatrix) and release those stages (empty[f]),
 * so that the producer loads the weights of fills kNumStages + f at once instead of one
 * by one as the MMAs free stages. The fills' x stays in the stages (HELD X stores it as
 * before) and their MMAs take A from the registers; a refill's x may overwrite stage f's
 * B only once fill f's MMAs are done: the consumers then arrive on out_x_free(f) (spare
 * empty slots past every fill of the CTA), for which the producer waits before that x
 * copy. Unlike EARLY OUT (run 91: the same copy before the wait, 0.25-0.3 us slower), no
 * byte is asked for before the wait. The same k16 steps go into the same chains in the
 * same order, so the sums are bit-identical. */
#ifndef SHX_OUT_AT_WAIT_FILLS
#define SHX_OUT_AT_WAIT_FILLS 5
#endif
constexpr int kOutAtWaitFills = SHX_OUT_AT_WAIT_FILLS;
static_assert(kOutAtWaitFills >= 2, "HELD X's two stores come with the first two fills");
static_assert(kOutAtWaitFills < Geometry<16, DefaultCtasPerSm<16>::value>::kNumStages,
              "the copied fills are in the first ring");
template <int N, Mode kMode, int S>
__device__ __forceinline__ bool out_at_wait_takes(const CtaWork &work) {
  constexpr int kStages = Geometry<N, S>::kNumStages;
  /* HELD X (more than 16 gate/up blocks: every first-ring fill's x from the consumers),
   * a refill for each copied fill, and kOutAtWaitFills spare empty slots past every fill
   * of the CTA. */
  return kMode == kFusedXOut && N == 16 && work.k_count > kRefillPrefetchMaxGateUpBlocks &&
         work.k_count >= kStages + kOutAtWaitFills &&
         work.k_count + work.down_jobs * work.down_blocks <= kBarrierSlots - kOutAtWaitFills;
}
/* The barrier on which the consumers say that copied fill f's B (its x) is read. */
template <int N, int S, int F, int L>
__device__ __forceinline__ uint32_t out_x_free(const SharedLayout<N, S, F, L> &smem, int f) {
  return smem.empty(kBarrierSlots - kOutAtWaitFills + f);
}

/* Where this CTA lets the dependent grid launch (griddepcontrol.launch_dependents): as
 * soon as its gate/up MMAs are done (or its exchange, where the plan says so:
 * triggers_after_exchange; a down-only CTA: at once) if its whole down tile
 * fits in the ring before the grid barrier, and N <= kEarlyTriggerMaxN, or fits in the
 * ring and the late registers (kFusedX, kFusedLate: LATE IN REGISTERS, run 51 call 4;
 * run 95); otherwise
 * after the grid barrier. The dependent grid (in a graph of steps, the next step's
 * kernel) then streams its first ring while this one exchanges, reduces, waits at the
 * barrier and runs the down loop, when HBM is otherwise idle. Where down weights are
 * still loaded after the barrier (TP8 at N = 16, 24, 32 before LATE IN REGISTERS took
 * their 2, 3, 4 late blocks; TP8 at N >= 40) the next grid's loads compete with them,
 * and the early trigger measured slower
 * (perf/RESULTS.md run 28: TP16 B=9 8.58 -> 7.84 us, TP8 B=1 11.24 -> 10.44; TP8 B=9
 * +0.16, TP8 B=32 +1.0 us). At TP16 N = 32 it was 0.4 us slower in run 28 and is 0.3-0.4
 * us faster (B = 24, 32) since the owners' scalars moved to shared memory (run 29 call
 * 8), hence kEarlyTriggerMaxN = 32. Run 30 tried more and kept none: up to N = 64
 * where the tile fits (TP8 B = 48, 64 up to 0.15 us slower; only the DeepSeek TP16 cells
 * faster), and where it does not, its late blocks then coming from L2 (TP8 N = 16, 32
 * 0.05-0.5 us slower: the chain after the wait 1.1 us shorter, the gap from the last
 * push to the next grid's wait as much longer). Run 32 let the producer trigger once its
 * pre-barrier loads were issued (earlier than the MMAs' end): the next grid started no
 * sooner (trigger_issued.patch). With clusters of 16 (the DeepSeek dims at TP16) the
 * early trigger at N = 64 made B = 48, 64 0.7-0.8 us faster (run 33 call 5: 7.74-7.82 ->
 * 6.94-7.06 us), hence kEarlyTriggerMaxNShared there. With the refills asked into L2
 * before the wait (the producer's step 0, run 35) it pays at N = 64 wherever two CTAs
 * share an SM and the tile fits (DeepSeek TP8 B = 48, 64: 9.1 -> 8.3-8.4 us, call 3),
 * but not at one CTA per SM (run 35: TP8 N = 64, then one CTA per SM with a 12-stage
 * ring that its tile fitted: 14.9 -> 16.2 us; the next grid cannot be resident beside
 * this one there anyway; since run 37 call 8 TP8 N = 64 runs two CTAs per SM, where its
 * 12-block tile overruns the 6-stage ring), hence `kCluster16 || S == 2`. The dependent
 * grid launches only once every CTA of this grid has triggered (or exited), so every CTA
 * of this grid is resident by then and none of its CTAs can be kept from an SM by the
 * dependents, which is what could leave the grid barrier waiting forever: an early trigger
 * cannot hang this grid. (A trigger at kernel start, the extreme case, passed the tests and the
 * benchmark's 40-step graphs, run 28 call 2, just slower.) */
template <int N, Mode kMode, int S, bool kCluster16>
__device__ __forceinline__ bool triggers_early(const CtaWork &work) {
  /* EARLY PAST THE RING (ops/fused_plan.h): the plan's overrun, at N <= 16 only (the
   * other instances' code stays as it was; paired_fills counts on it at N = 32). Unlike
   * run 30's early trigger with late blocks from L2 (slower at TP8 on the whole GPU),
   * it measured faster where the plan sets it (TP16 on 96-104 SMs, run 64). */
  const int overrun = N <= 16 ? work.early_trigger_overrun : 0;
  return (N <= (kCluster16 || S == 2 ? kEarlyTriggerMaxNShared : kEarlyTriggerMaxN) &&
          work.down_jobs * work.down_blocks <= Geometry<N, S>::kNumStages + overrun) ||
         late_in_registers<N, kMode, S>(work);
}

/* Where a CTA that triggers early does it: after its gate/up MMAs, or, where the plan
 * says trigger_after_exchange (shx_fused_triggers_after_exchange: N >= 40 and a rank's
 * weights of at least 12 MiB), once its cluster's partials have arrived. With two CTAs
 * per SM at N = 40..64 the next grid's loads before its wait (a first ring of 6-7 stages
 * and the refills asked into L2: most of its weights) otherwise fall on this grid's
 * exchange, h release and grid barrier. Measured at the design dims at TP16 (16.5 MB of
 * weights, perf/RESULTS.md run 38): after the h stores (call 1) the grid barrier fell
 * 1.31 -> 0.55 us at B=48 and 2.01 -> 0.61 at B=64, the step 0.3 us faster at B = 40,
 * 48 and 0.6-0.8 at B = 56, 64; after the exchange (call 2) 0.12-0.27 us faster than
 * after the h stores and 0.35-0.8 than after the MMAs (B = 40..64: 8.54, 8.90, 9.89,
 * 9.84 -> 8.18, 8.37, 9.11, 9.28 us). The DeepSeek dims were slower with the trigger
 * after the h stores (call 1: TP8 B = 40, 48 0.25-0.3 us, 11.0 MB of weights; TP16 B=64
 * 0.3, 5.5 MB), hence the plan's weight threshold; the exchange point there without it
 * (call 4): TP8 B=40 0.15 us slower, B = 48..64 within 0.06. At N <= 32 the trigger after
 * the exchange or the h stores was slower at the design dims (run 36), so those
 * instances keep one trigger point and their code. */
template <int N>
__device__ __forceinline__ bool triggers_after_exchange(const CtaWork &work) {
  return N >= SHX_FUSED_TRIGGER_AFTER_EXCHANGE_MIN_N && work.trigger_after_exchange;
}

/* The gate/up fills this CTA's consumers take in pairs (PAIRED FILLS, ops/ring.h): only
 * in the fused instances at N = 32 whose grid triggers early and whose share overruns
 * the 8-stage ring (the design TP16 and the DeepSeek TP8 at B = 25..32: 14 gate/up
 * blocks; not the DeepSeek TP16, whose 7 fit the ring, nor the design TP8, whose 28
 * blocks leave no first-ring fill to pair though its CTAs trigger early at N = 32 since
 * LATE IN REGISTERS there). Measured (perf/RESULTS.md run 45): design TP16 B = 25, 32
 * 0.23-0.41 us a step faster (calls 3, 4: B=25 7.79-7.87 -> 7.44-7.49 us, B=32 7.58-7.68
 * -> 7.33-7.36), the DeepSeek TP8 B = 25, 32 up to 0.13; the DeepSeek TP16 B=25 (0.12-0.26)
 * and the design TP8 (up to 0.13), which take no pairs at today's plans, moved too. Yet the gate/up
 * loop is no shorter (2.01 -> 2.03-2.05 us, call 3): the gain is in the tail after the
 * trigger (h landed, the down loop and the pushes together 0.5 us shorter, the gap to the
 * next wait 0.2-0.3 longer), as if the next grid's ring went out later; a spin before the
 * first ring (call 2) gave about half of it, and reading the CTA's down work before the
 * ring was not the cause (call 3). How the pair moves the tail is not isolated. At N <= 16
 * pairs were 0.15-0.3 us slower (x landed 0.38 -> 0.77), at N = 24 equal (calls 1, 2).
 * Producer and consumers both call this. */
template <int N, Mode kMode, int S, bool kCluster16>
__device__ __forceinline__ PairedFills paired_fills(const CtaWork &work) {
  constexpr int kStages = Geometry<N, S>::kNumStages;
  /* At most 2 x kStages - 2 gate/up and kStages down fills, plus the late fills where the
   * CTA triggers early through LATE IN REGISTERS (triggers_early): every fill of the
   * launch has a barrier slot of its own, so the unused full barriers stay unused. */
  static_assert(N != 32 || 3 * kStages - 2 + N / 8 <= kBarrierSlots, "a slot per fill");
  if ((kMode != kFused && kMode != kFusedLate) || N != 32 ||
      !triggers_early<N, kMode, S, kCluster16>(work)) {
    PairedFills none = {0, 0};
    return none;
  }
  return ring::paired_fills(work.k_count, kStages);
}

/* Accumulator chains of the K loops. Consecutive wgmmas into one accumulator wait for
 * each other's result: with one accumulator a 64-K block (four k16 steps) took about
 * 0.22 us at every N from 8 to 64, against 72-128 cycles when the MMAs are independent
 * (perf/wgmma_rate, perf/RESULTS.md run 26). So the k16 steps go round-robin over kCount
 * accumulators (step k of every block into chain k % kCount) and the chains are summed
 * in chain order at the end: a fixed order, deterministic. The counts are the measured
 * best (run 26): 4 at N <= 16, 2 at N = 32 and 64, 1 at N = 128 (where one MMA is long
 * enough to hide the dependency and each chain costs 64 registers); the padded sizes
 * between take the count of the next power of two (not measured apart); the down
 * loop's differ at N <= 16 (DownChains). */
template <int N>
struct Chains {
  static constexpr int kCount = N <= 16 ? 4 : (N <= 64 ? 2 : 1);
  static_assert((kBlockK / kMmaK) % kCount == 0, "every block feeds every chain");
};
/* The down K loop's chains (the fused kernel's and SharedDown's alike, so that their
 * pushes stay bit-identical): two at N <= 16, where four were 0.05-0.1 us slower fused
 * and 0.15-0.7 us slower split (run 27 call 13); above N = 16 the gate/up counts. */
template <int N>
struct DownChains {
  static constexpr int kCount = N <= 16 ? 2 : Chains<N>::kCount;
  static_assert((kBlockK / kMmaK) % kCount == 0, "every block feeds every chain");
};

/* Fences every accumulator register of the chains around an asynchronous wgmma-group, so
 * that the compiler neither reads nor writes them while the MMAs own them. */
template <int N, int kCount>
__device__ __forceinline__ void fence_chains(float (&chains)[kCount][N / 2]) {
#pragma unroll
  for (int c = 0; c < kCount; ++c)
#pragma unroll
    for (int i = 0; i < N / 2; ++i) ptx::fence_operand(chains[c][i]);
}

/* One K block as one wgmma-group with A from registers (`a`, wgmma_bf16_a_regs's layout:
 * OUT AT THE WAIT's copied fills, LATE IN REGISTERS' late blocks) and B the 128B-swizzled
 * [N x 64] tile at shared address `b_tile`: its k16 steps into the chains in turn,
 * committed; the caller waits for it. */
template <int N, int kCount>
__device__ __forceinline__ void mma_block_a_in_registers(float (&chains)[kCount][N / 2],
                                                         const uint32_t (&a)[kBlockK / kMmaK][4],
                                                         uint32_t b_tile) {
  fence_chains<N, kCount>(chains);
  __syncwarp();
  ptx::wgmma_fence();
  const uint64_t b = ptx::make_smem_desc_sw128(b_tile);
#pragma unroll
  for (int k = 0; k < kBlockK / kMmaK; ++k)
    ptx::wgmma_bf16_a_regs<N>(chains[k % kCount], a[k],
                              b + static_cast<uint64_t>(k * kMmaK * 2 / 16));
  ptx::wgmma_commit();
  fence_chains<N, kCount>(chains);
}

/* The chains start at zero: every MMA accumulates (scale-d = 1, mma_stage_issue). */
template <int N, int kCount>
__device__ __forceinline__ void zero_chains(float (&chains)[kCount][N / 2]) {
#pragma unroll
  for (int c = 0; c < kCount; ++c)
#pragma unroll
    for (int i = 0; i < N / 2; ++i) chains[c][i] = 0.0f;
}

/* The chains' sum in chain order, the one fixed order of every K loop (mma_blocks,
 * mma_blocks_paired, SharedDown through mma_blocks): their results are bit-identical. */
template <int N, int kCount>
__device__ __forceinline__ void sum_chains(const float (&chains)[kCount][N / 2],
                                           float (&acc)[N / 2]) {
#pragma unroll
  for (int i = 0; i < N / 2; ++i) {
    float sum = chains[0][i];
#pragma unroll
    for (int c = 1; c < kCount; ++c) sum = __fadd_rn(sum, chains[c][i]);
    acc[i] = sum;
  }
}

/* The four k16 MMAs of one 64-K block from its descriptors, round-robin over the chains
 * (step k into chain k % kCount). A k16 step is 16 BF16 = 32 bytes along the 128-byte
 * swizzled row: 2 in the descriptors' address field (address >> 4). */
template <int N, int kCount>
__device__ __forceinline__ void mma_block_k16s(float (&chains)[kCount][N / 2], uint64_t a,
                                               uint64_t b) {
#pragma unroll
  for (int k = 0; k < kBlockK / kMmaK; ++k) {
    const uint64_t step = static_cast<uint64_t>(k * kMmaK * 2 / 16);
    ptx::wgmma_bf16<N>(chains[k % kCount], a + step, b + step);
  }
}

/* Issues one ring stage's K block (four k16 MMAs, round-robin over the chains, one
 * wgmma-group), without waiting. Every MMA accumulates (scale-d = 1, a constant): the
 * chains start at zero, so no flag has to be computed per MMA (a runtime scale-d cost a
 * VOTEU and a predicate per MMA on the loop's dependent path, perf/RESULTS.md run 27). */
template <int N, int kCount, int kFill>
__device__ __forceinline__ void mma_stage_issue(float (&chains)[kCount][N / 2],
                                                uint32_t weights, uint32_t activations) {
  fence_chains<N, kCount>(chains);
  __syncwarp(); /* wgmma is .sync.aligned: the warp reconverged after its spin waits */
  ptx::wgmma_fence();
  /* Shared addresses stay below 256 KB, so the descriptors' address field (14 bits)
   * cannot carry: the descriptors are built once per stage. */
  const uint64_t a = ptx::make_smem_desc_sw128(weights);
  const uint64_t b = ptx::make_smem_desc_sw128(activations);
  mma_block_k16s<N, kCount>(chains, a, b);
  /* A fill's second K block (FILLS OF 128 K): its tiles 8 KB and N 128 bytes on (address
   * >> 4 in the descriptors); its k16 steps continue the chains' round-robin (step 4 + k
   * into chain (4 + k) % kCount = k % kCount): the sums of one block a fill. No runtime
   * condition around these MMAs: one made ptxas serialize every wgmma of the kernel
   * (C7520, perf/RESULTS.md run 42 call 13). */
  if constexpr (kFill == 2) {
    constexpr uint64_t kNextA = kWeightTileBytes / 16, kNextB = N * kRowBytes / 16;
    mma_block_k16s<N, kCount>(chains, a + kNextA, b + kNextB);
  }
  ptx::wgmma_commit();
  fence_chains<N, kCount>(chains);
}

/* After the warp's wgmma on a fill has completed: one arrival per consumer warp on the
 * fill's empty barrier. */
__device__ __forceinline__ void release_stage(uint32_t empty, int lane) {
  __syncwarp();
  if (lane == 0) ptx::mbarrier_arrive(empty);
}

/* HELD X (kFusedX, the fused kernel's CONSUMER X instance): the consumers load the first
 * ring's x right after the dependency wait, one 16-byte chunk a thread and fill at N = 16,
 * and hold it in registers; they store fill 0's chunk (then a proxy fence and their named
 * barrier) just before fill 0's MMAs, and the other fills' (one fence and barrier) just
 * before fill 1's. (The aim was a first MMA that waits for the first x tile only, but
 * ptxas puts the ten loads on one scoreboard, so fill 0's store waits for all ten, and a
 * form whose fill 0 waits for its own copy only, cp.async, measured equal: run 47 calls
 * 1, 6, docs/experiments/async_x.patch. What the gain comes from is not isolated.)
 * Measured (perf/RESULTS.md run 47 calls 1-3): TP8 B = 9..16 0.01-0.14 us a step faster
 * than all ten tiles stored before the first MMA (x landed 1.01-1.14 -> 0.58-0.75 us,
 * the HBM-paced gate/up loop 0.17-0.6 us longer), 0.05-0.21 with FIRST STAGE ALONE's
 * delay at 256 cycles (calls 2-4); each fill's tile before its own MMAs (a fence and a
 * barrier every fill) was 0.31-0.36 us slower (the loop 5.6 us). */
template <int kHeld>
struct HeldX {
  uint4 chunk[kHeld]; /* this thread's chunk of fill f's x tile */
  uint32_t offset;    /* its place in a stage's activation tile (128-byte swizzle) */
};

/* Stores the held chunks of fills [begin, end) into their first-ring stages, then orders
 * them for wgmma (the async proxy) and across the consumer warpgroup. */
template <int kHeld, int N, int S, int F, int L>
__device__ __forceinline__ void store_held_x(const HeldX<kHeld> &held,
                                             const SharedLayout<N, S, F, L> &smem, int begin,
                                             int end) {
#pragma unroll
  for (int f = 0; f < kHeld; ++f)
    if (f >= begin && f < end) ptx::st_shared_v4_b32(smem.activations(f) + held.offset,
                                                     held.chunk[f]);
  ptx::fence_proxy_async_shared_cta(); /* the generic-proxy stores, for wgmma's reads */
  ptx::named_barrier_sync(kConsumerBarrierId, kConsumerThreads);
}

/* OUT AT THE WAIT's copy (consumers, right after the dependency wait): this thread's A
 * elements of the first ring's fills [0, kOutAtWaitFills) from their stages into wgmma's
 * A register layout, one ldmatrix .x4 a k16 step (lane l addresses row 16 warp + l % 8
 * + 8 ((l / 8) % 2) of the 16-byte chunk 2 k + l / 16; the 128-byte swizzle puts chunk
 * c of row r at r 128 + ((c ^ (r % 8)) << 4)); each warp releases a stage once copied. */
template <int N, int S, int L>
__device__ __forceinline__ void copy_out_at_wait(LateA<kOutAtWaitFills> &out,
                                                 const SharedLayout<N, S, 1, L> &smem,
                                                 int lane, Watchdog &watchdog) {
  const int row = 16 * (static_cast<int>(threadIdx.x) / 32) + (lane & 7) + ((lane & 8) ? 8 : 0);
  const int half = lane >> 4;
#pragma unroll
  for (int f = 0; f < kOutAtWaitFills; ++f) {
    wait_barrier(smem.full(f), 0u, watchdog); /* its weights (HELD X: no x on it) */
    __syncwarp(); /* the warp reconverged after its spin, for ldmatrix's .aligned */
    const uint32_t tile = smem.weights(f) + row * kRowBytes;
#pragma unroll
    for (int k = 0; k < kBlockK / kMmaK; ++k)
      ptx::ldmatrix_x4(out.a[f][k], tile + (((2 * k + half) ^ (row & 7)) << 4));
    /* the generic reads before the producer's TMA writes into the same bytes; each stage
     * released as soon as it is copied, so that its refill need not wait for the others */
    ptx::fence_proxy_async_shared_cta();
    release_stage(smem.empty(f), lane);
  }
}

/* Loads this thread's A elements of the CTA's down job's K blocks [first_block,
 * first_block + L) (wgmma's A register layout: ptx/wgmma.cuh). A warp's
 * 16 rows lie in one 32-row granule. */
template <int L>
__device__ __forceinline__ void load_late_a(LateA<L> &late, const CtaWork &work,
                                            const shx_fused_plan &plan,
                                            const shx_fused_args &args, int first_block) {
  const shx_down_job job = shx_tile_job(work.cta, plan.down_granules);
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int row = 16 * warp + lane / 4; /* and row + 8 */
  const int granule = row < kHalfRows || job.second < 0 ? job.first : job.second;
  const size_t pitch = static_cast<size_t>(plan.inter) / 2; /* BF16 pairs a Wd row */
  const uint32_t *wd = static_cast<const uint32_t *>(args.down) +
                       static_cast<size_t>(kHalfRows * granule + row % kHalfRows) * pitch;
#pragma unroll
  for (int l = 0; l < L; ++l) {
#pragma unroll
    for (int k = 0; k < kBlockK / kMmaK; ++k) {
      const uint32_t *at = wd + (kBlockK * (first_block + l) + kMmaK * k + 2 * (lane % 4)) / 2;
      late.a[l][k][0] = __ldg(at);
      late.a[l][k][1] = __ldg(at + 8 * pitch);
      late.a[l][k][2] = __ldg(at + 4);
      late.a[l][k][3] = __ldg(at + 8 * pitch + 4);
    }
  }
}

/* Consumes the next `blocks` K blocks, in fills of F (FILLS OF 128 K), into acc
 * (overwriting it). One wgmma-group stays in flight: stage s is issued before stage
 * s - 1 is waited for and released (its slot found by slot arithmetic, which measured faster
 * than carrying the previous slot in a variable, run 26), so the barrier wait and the
 * MMA issue of the next stage overlap the running MMAs. The k16 steps run in kCount
 * accumulator chains (Chains<N> for gate/up, DownChains<N> for down), summed in chain
 * order at the end (SharedDown runs this same function with DownChains: its pushes are
 * bit-identical to the fused kernel's). `trace` (debug, may be NULL) gets the time the
 * first stage was ready (trace point `point`: 11 for the gate/up loop, 6 for the first
 * down job's). With `held` (HELD X, kFusedX only) the first ring's x comes from the
 * consumers' registers: fill 0's tile before fill 0's MMAs, the other fills' before fill
 * 1's. With kLate (LATE IN REGISTERS, kFusedX's or kFusedLate's down job) `kLate` more K
 * blocks follow
 * the ring's: A from `late`, B from the staging area, and no fill is released (nothing
 * is refilled: every wgmma-group stays in flight to the end). Returns with every MMA of
 * this warp done (the other warps' shares of the warpgroup's MMAs may still run). */
template <int N, int kCount, int S, int F, int kHeld = 0, int kLate = 0, int L = 0,
          int kOut = 0>
__device__ __forceinline__ void mma_blocks(float (&acc)[N / 2], int blocks,
                                           const SharedLayout<N, S, F, L> &smem,
                                           RingCursor<Geometry<N, S, F>::kNumStages> &cursor,
                                           int lane, Watchdog &watchdog,
                                           unsigned long long *trace, int point,
                                           const HeldX<kHeld> *held = nullptr,
                                           const LateA<kLate == 0 ? 1 : kLate> *late = nullptr,
                                           const LateA<kOut == 0 ? 1 : kOut> *out = nullptr) {
  static_assert(kLate == 0 || (kLate == N / 8 && F == 1 && kLate <= L),
                "LATE IN REGISTERS: the down job of kFusedX or kFusedLate, its h tiles in "
                "the staging area");
  static_assert(kOut == 0 || (kOut == kOutAtWaitFills && kHeld > 1 && kLate == 0 && F == 1),
                "OUT AT THE WAIT: kFusedX's gate/up loop with HELD X");
  /* wgmma-groups left running when a fill is released: 1 (2 or 3 were slower, run 26). */
  constexpr int kGroupsInFlight = 1;
  float chains[kCount][N / 2];
  zero_chains<N, kCount>(chains);
  /* The ring fills of these blocks (`blocks` a multiple of F: FILLS OF 128 K). */
  const int fills = blocks / F;
  /* The trace stamp outside the loop: its test on every fill was on the loop's path. */
  if (trace != nullptr && blocks > 0) {
    if constexpr (kHeld > 0) store_held_x(*held, smem, 0, 1);
    wait_barrier(smem.full(cursor.slot), cursor.phase, watchdog);
    if (threadIdx.x == 0)
      trace[blockIdx.x * SHX_FUSED_TRACE_POINTS + point] = ptx::globaltimer();
  }
  /* Each fill's full barrier is tested one step ahead, right after the previous fill's
   * MMAs are issued, with the non-blocking test_wait: a wait takes about 150 cycles even
   * on a completed phase (run 27, down_cycles.patch), and the result is then needed only
   * after the wait for the older wgmma-group and the release, which it overlaps. (A
   * try_wait there blocks on a fill not landed yet and held back every release: 6 us a
   * step slower, run 27 call 9.) A fill not landed by then is waited for as before
   * (wait_barrier, with the watchdog). The look-ahead past the call's last fill tests a
   * barrier whose result is dropped. */
  bool ready = ptx::mbarrier_test_wait(smem.full(cursor.slot), cursor.phase);
  /* OUT AT THE WAIT: fills [0, kOut), A from `out` (copy_out_at_wait waited for their
   * full barriers and released their A halves), B (x, HELD X) in their stages; each
   * one's B released on out_x_free once its MMAs are done (the last one's by the loop's
   * first release below). Peeled out of the loop: no runtime condition around the loop's
   * MMAs (C7520). Needs fills > kOut (out_at_wait_takes). */
  if constexpr (kOut > 0) {
    static_assert(kGroupsInFlight == 1, "the peel releases the fill before the last");
#pragma unroll
    for (int e = 0; e < kOut; ++e) {
      if (e == 0 && trace == nullptr) store_held_x(*held, smem, 0, 1);
      else if (e == 1) store_held_x(*held, smem, 1, kHeld);
      mma_block_a_in_registers<N, kCount>(chains, out->a[e], smem.activations(cursor.stage));
      cursor.advance();
      if (e >= 1) {
        ptx::wgmma_wait<kGroupsInFlight>();
        release_stage(out_x_free(smem, e - 1), lane);
      }
    }
    ready = ptx::mbarrier_test_wait(smem.full(cursor.slot), cursor.phase);
  }
  for (int block = kOut; block < fills; ++block) {
    if constexpr (kHeld > 0 && kOut == 0) { /* HELD X: fill f of the first ring is stage f */
      if (block == 0 && trace == nullptr) store_held_x(*held, smem, 0, 1);
      else if (block == 1) store_held_x(*held, smem, 1, kHeld);
    }
    if (!ready) wait_barrier(smem.full(cursor.slot), cursor.phase, watchdog);
    mma_stage_issue<N, kCount, F>(chains, smem.weights(cursor.stage),
                                  smem.activations(cursor.stage));
    RingCursor<Geometry<N, S, F>::kNumStages> next = cursor;
    next.advance();
    ready = ptx::mbarrier_test_wait(smem.full(next.slot), next.phase);
    /* LATE IN REGISTERS's down job (kLate > 0) refills no stage (the CTA's one job is
     * its ring plus the late fills, and no fill follows), so its fills are neither waited
     * for one by one nor released: every wgmma-group of the job stays in flight until the
     * wait below (perf/RESULTS.md run 52 call 5, with the late h copies first: see the
     * producer). */
    if (kLate == 0 && block >= kGroupsInFlight) {
      /* Fill block - kGroupsInFlight (of this call) is done: release its slot (OUT AT THE
       * WAIT's last copied fill: its B alone). */
      ptx::wgmma_wait<kGroupsInFlight>();
      int slot = cursor.slot - kGroupsInFlight;
      if (slot < 0) slot += kBarrierSlots;
      if constexpr (kOut > 0)
        release_stage(block == kOut ? out_x_free(smem, kOut - 1) : smem.empty(slot), lane);
      else
        release_stage(smem.empty(slot), lane);
    }
    cursor = next;
  }
  /* LATE IN REGISTERS: A from `late`, B (h) in the staging area, after the ring's fills;
   * their full barriers follow the ring's in slot order. */
  const RingCursor<Geometry<N, S, F>::kNumStages> ring_end = cursor;
  if constexpr (kLate > 0) {
#pragma unroll
    for (int l = 0; l < kLate; ++l) {
      if (!ready) wait_barrier(smem.full(cursor.slot), cursor.phase, watchdog);
      mma_block_a_in_registers<N, kCount>(chains, late->a[l], smem.staging + l * N * kRowBytes);
      cursor.advance();
      ready = ptx::mbarrier_test_wait(smem.full(cursor.slot), cursor.phase);
    }
  }
  ptx::wgmma_wait<0>();
  fence_chains<N, kCount>(chains);
  /* The last min(fills, kGroupsInFlight) fills, oldest first. */
  for (int back = kLate > 0 ? 0 : fills < kGroupsInFlight ? fills : kGroupsInFlight;
       back >= 1; --back) {
    int slot = ring_end.slot - back;
    if (slot < 0) slot += kBarrierSlots;
    release_stage(smem.empty(slot), lane);
  }
  sum_chains<N, kCount>(chains, acc);
}

/* Two one-block fills in one wgmma-group (PAIRED FILLS): the second fill's k16 steps
 * continue the chains' round-robin (step 4 + k into chain k % kCount), so the sums are
 * those of one fill at a time, bit-identical to mma_blocks and to SharedDown. */
template <int N, int kCount>
__device__ __forceinline__ void mma_pair_issue(float (&chains)[kCount][N / 2],
                                               uint32_t weights0, uint32_t activations0,
                                               uint32_t weights1, uint32_t activations1) {
  fence_chains<N, kCount>(chains);
  __syncwarp();
  ptx::wgmma_fence();
  const uint64_t a0 = ptx::make_smem_desc_sw128(weights0);
  const uint64_t b0 = ptx::make_smem_desc_sw128(activations0);
  const uint64_t a1 = ptx::make_smem_desc_sw128(weights1);
  const uint64_t b1 = ptx::make_smem_desc_sw128(activations1);
  mma_block_k16s<N, kCount>(chains, a0, b0);
  mma_block_k16s<N, kCount>(chains, a1, b1);
  ptx::wgmma_commit();
  fence_chains<N, kCount>(chains);
}

/* One unit of mma_blocks_paired: issues the fill at `cursor` (with the next one where
 * kPair), tests the next unit's full barrier ahead (`ready`), waits for the previous unit's
 * wgmma-group and releases its slots, and makes this unit the pending one. */
template <int N, int kCount, int S, bool kPair, int L>
__device__ __forceinline__ void paired_unit(float (&chains)[kCount][N / 2],
                                            const SharedLayout<N, S, 1, L> &smem,
                                            RingCursor<Geometry<N, S>::kNumStages> &cursor,
                                            bool &ready, int &pending_slot, int &pending_fills,
                                            int lane, Watchdog &watchdog) {
  if (!ready) wait_barrier(smem.full(cursor.slot), cursor.phase, watchdog);
  RingCursor<Geometry<N, S>::kNumStages> next = cursor;
  next.advance();
  if constexpr (kPair) {
    mma_pair_issue<N, kCount>(chains, smem.weights(cursor.stage),
                              smem.activations(cursor.stage), smem.weights(next.stage),
                              smem.activations(next.stage));
    next.advance();
  } else {
    mma_stage_issue<N, kCount, 1>(chains, smem.weights(cursor.stage),
                                  smem.activations(cursor.stage));
  }
  ready = ptx::mbarrier_test_wait(smem.full(next.slot), next.phase);
  if (pending_fills > 0) {
    ptx::wgmma_wait<1>();
    release_stage(smem.empty(pending_slot), lane);
    if (pending_fills == 2) release_stage(smem.empty(pending_slot + 1), lane);
  }
  pending_slot = cursor.slot;
  pending_fills = kPair ? 2 : 1;
  cursor = next;
}

/* mma_blocks for a gate/up loop with PAIRED FILLS: fills [pairs.begin, pairs.begin +
 * pairs.count) in pairs (in the ring's first lap, so a pair's slots are consecutive),
 * singles before and after. One wgmma-group stays in flight across the three parts:
 * after each issue the previous unit (a fill or a pair) is waited for and released. The
 * look-ahead test, the watchdog and the chains' sums are mma_blocks'. */
template <int N, int kCount, int S, int L>
__device__ __forceinline__ void mma_blocks_paired(
    float (&acc)[N / 2], int fills, PairedFills pairs, const SharedLayout<N, S, 1, L> &smem,
    RingCursor<Geometry<N, S>::kNumStages> &cursor, int lane, Watchdog &watchdog,
    unsigned long long *trace, int point) {
  float chains[kCount][N / 2];
  zero_chains<N, kCount>(chains);
  if (trace != nullptr && fills > 0) {
    wait_barrier(smem.full(cursor.slot), cursor.phase, watchdog);
    if (threadIdx.x == 0)
      trace[blockIdx.x * SHX_FUSED_TRACE_POINTS + point] = ptx::globaltimer();
  }
  int pending_slot = 0, pending_fills = 0; /* the unit in flight, not yet released */
  bool ready = ptx::mbarrier_test_wait(smem.full(cursor.slot), cursor.phase);
  for (int fill = 0; fill < pairs.begin; ++fill)
    paired_unit<N, kCount, S, false>(chains, smem, cursor, ready, pending_slot, pending_fills,
                                     lane, watchdog);
  for (int pair = 0; pair < pairs.count / 2; ++pair)
    paired_unit<N, kCount, S, true>(chains, smem, cursor, ready, pending_slot, pending_fills,
                                    lane, watchdog);
  for (int fill = pairs.begin + pairs.count; fill < fills; ++fill)
    paired_unit<N, kCount, S, false>(chains, smem, cursor, ready, pending_slot, pending_fills,
                                     lane, watchdog);
  ptx::wgmma_wait<0>();
  fence_chains<N, kCount>(chains);
  if (pending_fills > 0) {
    release_stage(smem.empty(pending_slot), lane);
    if (pending_fills == 2) release_stage(smem.empty(pending_slot + 1), lane);
  }
  sum_chains<N, kCount>(chains, acc);
}

/* Stores this thread's FP32 gate/up partials into the owners' receive buffers
 * [source rank][gate, up][column % width][token] with st.async, each store completing
 * its bytes on the owner's `received` barrier (armed for the other ranks' bytes), and
 * the parts of this CTA's own columns with plain shared stores: through the cluster
 * window they cost the same per byte as a remote CTA's (the exchange moves about 15 GB/s
 * a CTA, perf/RESULTS.md run 38 call 5), locally nothing; measured (call 8) TP8 B = 48..128
 * 0.12-0.53 us and TP16 B = 32..128 0.07-0.4 us faster (a quarter, an eighth of the bytes
 * at clusters of 4, 8), B <= 16 within 0.05. A thread
 * holds two consecutive tokens of two rows (row_pair 0, 1) per 8 tokens. At N = 128 the
 * lanes of a pair (lane ^ 1) trade halves with a shuffle, so that the even lane stores
 * four consecutive tokens of its row_pair 0 row and the odd lane of its row_pair 1 row:
 * one 16-byte store where there were two of 8 bytes (0.25-0.4 us faster at B = 128; at
 * N <= 64 not faster, perf/RESULTS.md run 31 call 3). */
/* Where a partial goes: the owner of h column `column` (of the tile's 32), at the cell
 * [this CTA's rank][half][column % width] of its receive buffer, from token `token` on,
 * and that owner's `received` barrier (both in the cluster's shared window). */
struct PartialDestination {
  uint32_t local, remote, remote_barrier;
  bool own; /* this CTA owns the column: `local`, a plain shared store */
};

template <int N, int S, int L>
__device__ __forceinline__ PartialDestination partial_destination(
    int column, int half, int token, const SharedLayout<N, S, 1, L> &smem, const CtaWork &work) {
  const uint32_t owner = static_cast<uint32_t>(column >> work.width_shift);
  const int cell = (work.cluster_rank * 2 + half) * work.width + (column & (work.width - 1));
  const uint32_t local = smem.staging + 4u * static_cast<uint32_t>(cell * N + token);
  return {local, ptx::mapa_shared(local, owner), ptx::mapa_shared(smem.received(), owner),
          owner == static_cast<uint32_t>(work.cluster_rank)};
}

template <int N, int S, int L>
__device__ __forceinline__ void push_partials(const float (&acc)[N / 2],
                                              const SharedLayout<N, S, 1, L> &smem,
                                              const CtaWork &work) {
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int half = warp / 2; /* warps 0-1 hold the gate rows 0-31, warps 2-3 up rows */
  if constexpr (N >= 128) {
    const int odd = lane & 1;
    /* Rows 16 warp + lane / 4 (+ 8 for row_pair 1): column of the tile's 32 h columns. */
    const int column = 16 * (warp & 1) + lane / 4 + 8 * odd;
    /* Tokens 8 j + 2 (lane % 4 rounded down to even) + {0, 1, 2, 3}. */
    const PartialDestination to =
        partial_destination(column, half, 2 * ((lane % 4) & ~1), smem, work);
#pragma unroll
    for (int j = 0; j < N / 8; ++j) {
      /* d[4 j + 2 row_pair + {0, 1}]: tokens 8 j + 2 (lane % 4) + {0, 1}. The even lane
       * gives its row_pair 1 pair and takes the odd lane's row_pair 0 pair. */
      const float give0 = odd ? acc[4 * j + 0] : acc[4 * j + 2];
      const float give1 = odd ? acc[4 * j + 1] : acc[4 * j + 3];
      const float got0 = __shfl_xor_sync(0xffffffffu, give0, 1);
      const float got1 = __shfl_xor_sync(0xffffffffu, give1, 1);
      const float a = odd ? got0 : acc[4 * j + 0], b = odd ? got1 : acc[4 * j + 1];
      const float c = odd ? acc[4 * j + 2] : got0, d = odd ? acc[4 * j + 3] : got1;
      if (to.own)
        ptx::st_shared_v4_f32(to.local + 32u * j, a, b, c, d);
      else
        ptx::st_async_cluster_v4_f32(to.remote + 32u * j, a, b, c, d, to.remote_barrier);
    }
  } else {
#pragma unroll
    for (int row_pair = 0; row_pair < 2; ++row_pair) {
      /* Rows 16 warp + lane / 4 (+ 8): column g of the tile's 32 h columns. */
      const int column = 16 * (warp & 1) + lane / 4 + 8 * row_pair;
      const PartialDestination to = partial_destination(column, half, 2 * (lane % 4), smem,
                                                        work);
#pragma unroll
      for (int j = 0; j < N / 8; ++j) {
        /* d[4 j + 2 row_pair + {0, 1}]: tokens 8 j + 2 (lane % 4) + {0, 1}. */
        if (to.own)
          ptx::st_shared_v2_f32(to.local + 32u * j, acc[4 * j + 2 * row_pair],
                                acc[4 * j + 2 * row_pair + 1]);
        else
          ptx::st_async_cluster_v2_f32(to.remote + 32u * j, acc[4 * j + 2 * row_pair],
                                       acc[4 * j + 2 * row_pair + 1], to.remote_barrier);
      }
    }
  }
}

/* Owner: h[token][32 tile + width rank + column] for column < width, token < batch, from
 * the received parts summed in source-rank (K) order. One thread per element: the
 * activation is the costly part, so it is spread over all 128 consumer threads. Item t
 * is token t % N of column t / N (items past the batch idle), so consecutive threads
 * read consecutive floats of the parts; where N is a power of two, 128 is a multiple of
 * it and a thread's items all have the same token (at the other N each item
 * finds its own, by divisions by a constant). The cluster size is a
 * template parameter here (reduce_owned_columns dispatches on it): with the count of
 * sources known, every part's load is issued before the first add, where a runtime
 * count compiled to one predicated shared-memory load right before each add, a chain of
 * 8 (TP8) or 16 (TP16) load latencies (Nsight Compute, perf/RESULTS.md run 30 call 2;
 * the loads and adds took about 0.3 us, run 31 call 4; per cluster size, up to 0.75 us
 * faster a step, 0.35 at TP16 B=9, within 0.1 at TP8 B = 9, 16, call 5). The activation
 * is a template parameter too, chosen once by reduce_owned_columns rather than per item
 * (run 32 call 4: TP8 B=64 and TP16 B = 32, 128 0.1-0.2 us faster, other cells equal). A
 * thread's items (N / (4 cluster): up to 16 at N = 128 in clusters of 2, 8 in clusters
 * of 4) unroll, each item's loads still
 * after the previous item's h store (generic pointers that may alias); all of a thread's
 * loads and sums before its first activation was slower (TP8 B = 32..128 0.2-1.1 us, run
 * 31 call 6; run 32 call 1 again with the activation a template parameter: TP8 B=128
 * 0.7 us slower). The sums keep the source order: h is bit-identical to the runtime-count
 * loop's. */
template <int N, int kCluster, shx_activation kActivation>
__device__ __forceinline__ void reduce_owned_columns_of(const float *received,
                                                        const CtaWork &work,
                                                        const OwnerScalars &scalars) {
  constexpr int kWidth = kHalfRows / kCluster;
  constexpr int kItems = kWidth * N;
  /* N a power of two (8, 16, 32, 64, 128) divides 128: a thread's items share their
   * token. Otherwise each item has its own, a division by a constant. */
  constexpr bool kSharedToken = kConsumerThreads % N == 0;
  const int thread_token = threadIdx.x % N;
  if (kSharedToken && thread_token >= scalars.batch) return;
  __nv_bfloat16 *h = scalars.h + kHalfRows * work.tile + kWidth * work.cluster_rank;
  if (kSharedToken) h += static_cast<size_t>(thread_token) * scalars.inter;
#pragma unroll
  for (int first = 0; first < kItems; first += kConsumerThreads) {
    const int item = first + static_cast<int>(threadIdx.x);
    if (kItems % kConsumerThreads != 0 && item >= kItems) break;
    if (!kSharedToken && item % N >= scalars.batch) continue;
    const float *part = received + item; /* column * N + token: source 0's gate part */
    float gate_part[kCluster], up_part[kCluster];
#pragma unroll
    for (int source = 0; source < kCluster; ++source) {
      gate_part[source] = part[(source * 2 + 0) * kItems];
      up_part[source] = part[(source * 2 + 1) * kItems];
    }
    float gate = gate_part[0], up = up_part[0];
#pragma unroll
    for (int source = 1; source < kCluster; ++source) {
      gate = __fadd_rn(gate, gate_part[source]);
      up = __fadd_rn(up, up_part[source]);
    }
    const size_t at = kSharedToken
                          ? static_cast<size_t>(item / N)
                          : static_cast<size_t>(item % N) * scalars.inter + item / N;
    h[at] = gated_h_of<kActivation>(gate, up, scalars.beta, scalars.lambda);
  }
}

/* The owners' reduction for this cluster size (2, 4, 8 or 16: the launch refuses others)
 * and activation (the launch refuses any but SiTU and SwiGLU). */
template <int N, bool kCluster16>
__device__ __forceinline__ void reduce_owned_columns(const float *received,
                                                     const CtaWork &work,
                                                     const OwnerScalars &scalars) {
  static_assert(kMaxCluster == 16, "one instance per cluster size");
  if constexpr (kCluster16) { /* a kernel instance of its own (shared_expert_fused) */
    if (scalars.activation == SHX_ACT_SITU)
      reduce_owned_columns_of<N, 16, SHX_ACT_SITU>(received, work, scalars);
    else
      reduce_owned_columns_of<N, 16, SHX_ACT_SWIGLU>(received, work, scalars);
  } else if (scalars.activation == SHX_ACT_SITU) {
    switch (work.cluster) {
      case 8: reduce_owned_columns_of<N, 8, SHX_ACT_SITU>(received, work, scalars); break;
      case 4: reduce_owned_columns_of<N, 4, SHX_ACT_SITU>(received, work, scalars); break;
      default: reduce_owned_columns_of<N, 2, SHX_ACT_SITU>(received, work, scalars); break;
    }
  } else {
    switch (work.cluster) {
      case 8: reduce_owned_columns_of<N, 8, SHX_ACT_SWIGLU>(received, work, scalars); break;
      case 4: reduce_owned_columns_of<N, 4, SHX_ACT_SWIGLU>(received, work, scalars); break;
      default: reduce_owned_columns_of<N, 2, SHX_ACT_SWIGLU>(received, work, scalars); break;
    }
  }
}

/* BF16 pair (RNE), low half first; -0 becomes +0 (an empty mailbox slot is -0). */
__device__ __forceinline__ uint32_t pack_bf16_positive_zero(float low, float high) {
  const __nv_bfloat162 pair = __floats2bfloat162_rn(low, high);
  uint32_t bits = (static_cast<uint32_t>(__bfloat16_as_ushort(pair.y)) << 16) |
                  __bfloat16_as_ushort(pair.x);
  if ((bits & 0xFFFFu) == 0x8000u) bits &= 0xFFFF0000u;
  if ((bits >> 16) == 0x8000u) bits &= 0x0000FFFFu;
  return bits;
}

/* Where a down job's rows go: each granule's row of token 0 in its peer's mailbox. Made
 * before the job's K loop (the consumers wait for h there anyway), so that the divisions
 * by the runtime shard width are not on the path after the last MMA. A granule's 32
 * columns lie in one peer's shard (the shard, H / tp, is a multiple of 64). */
struct MailboxRows {
  __nv_bfloat16 *granule_row[2];
  int granules;
};

__device__ __forceinline__ MailboxRows mailbox_rows(shx_down_job job, int shard, int tp,
                                                    const shx_fused_args &args) {
  MailboxRows rows;
  const size_t slot_row = static_cast<size_t>(args.parity * tp + args.rank) * args.capacity;
  rows.granules = job.second >= 0 ? 2 : 1;
#pragma unroll
  for (int g = 0; g < 2; ++g) {
    const int column = kHalfRows * (g == 0 || rows.granules == 1 ? job.first : job.second);
    const int peer = column / shard;
    rows.granule_row[g] = static_cast<__nv_bfloat16 *>(args.peers[peer]) + slot_row * shard +
                          (column - peer * shard);
  }
  return rows;
}

/* Where row `row` of token `token` lies in the epilogue's y^T staging: [token][row], 64
 * floats a token, the row's 8-row group XORed with bits 1-2 of the token. A fragment
 * write of a warp (rows 16 warp + lane / 4, tokens 8 j + 2 (lane % 4) + e) then hits 32
 * distinct banks, as the pitch of 68 floats did before (run 37), and a group of 8 rows
 * stays 8 consecutive floats for the push's 16-byte reads (`row` a multiple of 8). */
__device__ __forceinline__ int epilogue_offset(int token, int row) {
  return token * kStagingPitch + (row ^ (((token >> 1) & 3) << 3));
}

/* A down job's result (acc rows 0-31: y^T of its first granule, rows 32-63: of the
 * second) -> the owning peers' mailboxes (`rows`, from mailbox_rows): staged as
 * [token][row] FP32 (epilogue_offset), then one 16-byte store per (token, 8 columns). */
template <int N>
__device__ __forceinline__ void push_down_job(const float (&acc)[N / 2], float *staging,
                                              const MailboxRows &rows, int shard,
                                              const shx_fused_args &args) {
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
#pragma unroll
  for (int j = 0; j < N / 8; ++j) {
#pragma unroll
    for (int e = 0; e < 4; ++e) {
      const int row = 16 * warp + lane / 4 + 8 * (e / 2);
      const int token = 8 * j + 2 * (lane % 4) + (e % 2);
      staging[epilogue_offset(token, row)] = acc[4 * j + e];
    }
  }
  ptx::named_barrier_sync(kConsumerBarrierId, kConsumerThreads);

  constexpr int kStoresPerGranule = kHalfRows / kColumnsPerStore;
  constexpr int kStoresPerToken = 2 * kStoresPerGranule;
  /* Store items (token, 8-row part) of a thread: item = threadIdx.x + 128 i, so its part
   * is fixed and its tokens are threadIdx.x / 8 + 16 i. All of a thread's staging loads
   * come before its first store: a store between them (both generic pointers) would keep
   * the compiler from moving the next item's loads above it (as in the owners'
   * reduction, perf/RESULTS.md run 31). */
  constexpr int kPerThread =
      (N * kStoresPerToken + kConsumerThreads - 1) / kConsumerThreads; /* N = 24: 2 */
  static_assert(kConsumerThreads % kStoresPerToken == 0, "a thread's part is fixed");
  const int part = threadIdx.x % kStoresPerToken; /* 8-row part of the 64 rows */
  if (part < kStoresPerGranule * rows.granules) {
    __nv_bfloat16 *first_slot =
        (part < kStoresPerGranule ? rows.granule_row[0] : rows.granule_row[1]) +
        kColumnsPerStore * (part % kStoresPerGranule);
    constexpr int kTokenStep = kConsumerThreads / kStoresPerToken;
    const int first_token = threadIdx.x / kStoresPerToken;
    float4 low[kPerThread], high[kPerThread];
#pragma unroll
    for (int i = 0; i < kPerThread; ++i) {
      const int token = first_token + kTokenStep * i;
      if (token < args.batch) {
        const float *source = staging + epilogue_offset(token, kColumnsPerStore * part);
        low[i] = *reinterpret_cast<const float4 *>(source);
        high[i] = *reinterpret_cast<const float4 *>(source + 4);
      }
    }
#pragma unroll
    for (int i = 0; i < kPerThread; ++i) {
      const int token = first_token + kTokenStep * i;
      if (token < args.batch) {
        const uint4 packed = {pack_bf16_positive_zero(low[i].x, low[i].y),
                              pack_bf16_positive_zero(low[i].z, low[i].w),
                              pack_bf16_positive_zero(high[i].x, high[i].y),
                              pack_bf16_positive_zero(high[i].z, high[i].w)};
        ptx::st_relaxed_sys_v4(first_slot + static_cast<size_t>(token) * shard, packed);
      }
    }
  }
  ptx::named_barrier_sync(kConsumerBarrierId, kConsumerThreads); /* staging reusable */
}

/* ---- The two roles ------------------------------------------------------------------ */

/* CONSUMER X: the first ring's x tiles that the consumer warpgroup loads itself
 * (ld.global, then st.shared into the 128B-swizzled layout the x tensor map gives) right
 * after the dependency wait, instead of the producer's TMA copies. Those copies go out
 * after the first ring's weight copies, issued before the wait, and the SM's bulk copies
 * complete in order behind them where HBM is busy. The first ring's full barriers of these
 * fills then expect the weight bytes alone; the consumers' named barrier orders their
 * stores before any MMA. Where (perf/RESULTS.md run 46 calls 1, 2):
 * - the split variant's gate kernel, every first-ring fill at N <= 16: TP8 B = 1..16
 *   0.23-0.5 us a step faster (B=9 17.07-17.16 -> 16.65-16.80), TP16 0.38-0.53 (B=9
 *   11.76-11.85 -> 11.33-11.38), the DeepSeek dims 0.1-0.38; the first fill only at
 *   N = 24, 32: 0.07-0.23 faster (every fill there was up to 0.6 slower, TP8 B=24 equal);
 * - the fused kernel, every first-ring fill at N = 16 in a CTA of more than 16 gate/up
 *   blocks (TP8 at the design dims, B = 9..16), together with its first stage alone
 *   (FIRST STAGE ALONE in the producer): 0.15-0.26 us faster (B=9 10.96-11.02 ->
 *   10.76-10.81; x landed 1.55-1.62 -> 0.97-1.01 us, the gate/up loop 0.3-0.45 longer).
 *   Either alone was slower there, and the consumers' loads were slower elsewhere in the
 *   fused kernel (TP16 0.4-1.07 us: x landed 0.38 -> 0.97, the whole ring's x before the
 *   first MMA; TP8 N = 24..32 0.65-0.85). That path is an instance of its own (Mode
 *   kFusedX, launched where takes_consumer_x): in the one N = 16 instance, behind a branch
 *   the other CTAs skip, the code alone made TP16 B = 1..16 0.13-0.18 us (out of line
 *   0.04-0.1) and the DeepSeek TP8 B = 9, 16 0.25-0.34 us (out of line 0.18-0.27) slower
 *   (x landed 0.34-0.38 -> 0.63-0.68 at TP16; calls 3, 4). Every CONSUMER X statement is
 *   compiled only in the instances that take it (if constexpr), so that the kFused
 *   instances' PTX is what it was before (tools/same_ptx.sh with FUNCTIONS=1 against
 *   a30f46f). In kFusedX the consumers hold the x in registers (HELD X, run 47) and store
 *   it fill by fill in two steps. With the x pointer passed to
 *   every instance instead, the PTX of the kFused instances at N >= 24 had two registers
 *   swapped, and TP8 B=32 measured 0.03-0.11 us slower (calls 3-5). */
template <int N, Mode kMode, int S>
__host__ __device__ constexpr int max_consumer_x_fills() {
  return kMode == kGate    ? (N <= 16 ? Geometry<N, S>::kNumStages : (N <= 32 ? 1 : 0))
         : fused_x(kMode) ? Geometry<N, S>::kNumStages
                            : 0;
}

/* Never a paired fill (PAIRED FILLS: the fused kernel at N = 32 only), whose x copies
 * complete on its pair's barrier. */
static_assert(max_consumer_x_fills<32, kFused, 2>() == 0 &&
                  max_consumer_x_fills<32, kFusedLate, 2>() == 0,
              "consumer x beside pairs");

/* The fills [0, consumer_x_fills) of the first ring whose x the consumers load. Producer
 * and consumers both call this. */
template <int N, Mode kMode, int S>
__device__ __forceinline__ int consumer_x_fills(const CtaWork &work, int first_ring) {
  if (max_consumer_x_fills<N, kMode, S>() == 0) return 0;
  if (fused_x(kMode) && work.k_count <= kRefillPrefetchMaxGateUpBlocks) return 0;
  const int fills = kMode == kGate && N > 16 ? 1 : first_ring;
  return fills < first_ring ? fills : first_ring;
}

/* Where the consumers' x loads start, and the two scalars they need: read from the
 * parameter bank before the dependency wait (not upstream data), so that no constant
 * cache miss sits between the wait and the loads. */
struct FirstRingX {
  const uint4 *row0; /* x + 64 k_begin, in 16-byte chunks */
  int batch;
  int row_chunks; /* H / 8: 16-byte chunks a row of x */
};

/* The gate kernel's CONSUMER X loads (kFusedX holds its x in registers instead: HELD X):
 * chunk c (16 bytes) of token t of fill f's x tile goes to row t, chunk c ^ (t % 8) of the
 * stage's activation tile (the 128-byte swizzle of a 1024-aligned tile); tokens past the
 * batch are zeros, as the tensor map's out-of-bounds fill gives them. All loads are issued
 * before the first store. */
template <int N, Mode kMode, int S, int L>
__device__ __forceinline__ void load_consumer_x(const SharedLayout<N, S, 1, L> &smem,
                                                const FirstRingX &x, int fills) {
  constexpr int kTileChunks = N * 8;
  constexpr int kMaxChunks = max_consumer_x_fills<N, kMode, S>() * kTileChunks;
  static_assert(kMaxChunks > 0, "only the instances with CONSUMER X");
  constexpr int kPerThread = (kMaxChunks + kConsumerThreads - 1) / kConsumerThreads;
  const int items = fills * kTileChunks;
  uint4 chunks[kPerThread];
#pragma unroll
  for (int u = 0; u < kPerThread; ++u) {
    const int item = u * kConsumerThreads + static_cast<int>(threadIdx.x);
    const int fill = item / kTileChunks, token = (item % kTileChunks) >> 3, chunk = item & 7;
    chunks[u] = make_uint4(0u, 0u, 0u, 0u);
    if (item < items && token < x.batch)
      chunks[u] = x.row0[token * x.row_chunks + fill * 8 + chunk];
  }
#pragma unroll
  for (int u = 0; u < kPerThread; ++u) {
    const int item = u * kConsumerThreads + static_cast<int>(threadIdx.x);
    const int fill = item / kTileChunks, token = (item % kTileChunks) >> 3, chunk = item & 7;
    if (item < items)
      ptx::st_shared_v4_b32(smem.activations(fill) + token * kRowBytes +
                                ((chunk ^ (token & 7)) << 4),
                            chunks[u]);
  }
  ptx::fence_proxy_async_shared_cta(); /* the generic-proxy stores, for wgmma's reads */
  ptx::named_barrier_sync(kConsumerBarrierId, kConsumerThreads);
}

/* HELD X's loads: this thread's chunk (token threadIdx / 8, chunk threadIdx % 8) of each
 * first-ring fill's x tile, zeros past the batch as TMA's out-of-bounds fill gives them. */
template <int kHeld>
__device__ __forceinline__ void load_held_x(HeldX<kHeld> &held, const FirstRingX &x) {
  const int token = static_cast<int>(threadIdx.x) >> 3, chunk = threadIdx.x & 7;
  held.offset = token * kRowBytes + ((chunk ^ (token & 7)) << 4);
#pragma unroll
  for (int f = 0; f < kHeld; ++f) {
    held.chunk[f] = make_uint4(0u, 0u, 0u, 0u);
    if (token < x.batch) held.chunk[f] = x.row0[token * x.row_chunks + f * 8 + chunk];
  }
}

template <int N, Mode kMode, int S, bool kCluster16, int L>
__device__ __forceinline__ void consumer(const SharedLayout<N, S, 1, L> &smem, const CtaWork &work,
                                         const shx_fused_plan &plan,
                                         const shx_fused_args &args,
                                         const OwnerScalars &owner_scalars,
                                         const FirstRingX *first_ring_x,
                                         Watchdog &watchdog) {
  const int lane = threadIdx.x % 32;
  RingCursor<Geometry<N, S>::kNumStages> cursor;

  if (work.k_count > 0) {
    /* CONSUMER X of the gate kernel (kFusedX's is HELD X, below) */
    if constexpr (kMode == kGate && max_consumer_x_fills<N, kMode, S>() > 0) {
      const int first_ring = work.k_count < Geometry<N, S>::kNumStages
                                 ? work.k_count
                                 : Geometry<N, S>::kNumStages;
      const int x_fills = consumer_x_fills<N, kMode, S>(work, first_ring);
      if (x_fills > 0) load_consumer_x<N, kMode, S>(smem, *first_ring_x, x_fills);
    }
    /* 1. Gate/up partial of this CTA's K range. */
    {
      float acc[N / 2]; /* written whole by mma_blocks */
      bool gate_up_done = false;
      if constexpr (fused_x(kMode)) { /* HELD X, where the whole first ring's x is ours */
        constexpr int kHeld = Geometry<N, S>::kNumStages;
        static_assert(N * 8 == kConsumerThreads, "one x chunk a thread and fill");
        if (consumer_x_fills<N, kMode, S>(work, kHeld) == kHeld) {
          HeldX<kHeld> held;
          load_held_x(held, *first_ring_x);
          bool out_at_wait = false;
          if constexpr (kMode == kFusedXOut) { /* OUT AT THE WAIT */
            out_at_wait = out_at_wait_takes<N, kMode, S>(work);
            if (out_at_wait) {
              LateA<kOutAtWaitFills> out;
              copy_out_at_wait(out, smem, lane, watchdog);
              mma_blocks<N, Chains<N>::kCount, S, 1, kHeld, 0, L, kOutAtWaitFills>(
                  acc, work.k_count, smem, cursor, lane, watchdog, args.trace, 11, &held,
                  nullptr, &out);
            }
          }
          if (!out_at_wait)
            mma_blocks<N, Chains<N>::kCount, S, 1, kHeld>(acc, work.k_count, smem, cursor,
                                                          lane, watchdog, args.trace, 11,
                                                          &held);
          gate_up_done = true;
        }
      }
      const PairedFills pairs = paired_fills<N, kMode, S, kCluster16>(work);
      if (gate_up_done) {
        /* HELD X above */
      } else if (pairs.count > 0) {
        mma_blocks_paired<N, Chains<N>::kCount>(acc, work.k_count, pairs, smem, cursor, lane,
                                                watchdog, trace_of<kMode>(args), 11);
      } else {
        mma_blocks<N, Chains<N>::kCount>(acc, work.k_count, smem, cursor, lane, watchdog,
                                         trace_of<kMode>(args), 11);
      }
      if (threadIdx.x == 0) trace_point<kMode>(args, 1);
      if (kMode != kGate && threadIdx.x == 0 && triggers_early<N, kMode, S, kCluster16>(work) &&
          !triggers_after_exchange<N>(work))
        ptx::griddep_launch_dependents();
      /* 2. Partials to their owners; then reduce what this CTA owns. */
      push_partials<N>(acc, smem, work);
      /* The own columns' parts, stored by this CTA's threads, are read by others of
       * them in the reduction. */
      ptx::named_barrier_sync(kConsumerBarrierId, kConsumerThreads);
    }
    /* Every CTA of the cluster stored its parts of our columns (all kReceiveBytes). */
    wait_barrier<true>(smem.received(), 0, watchdog);
    if (threadIdx.x == 0) trace_point<kMode>(args, 2);
    /* The later trigger point (triggers_after_exchange): a timing choice, measured to
     * keep the next grid's loads off this grid's h release and grid barrier. */
    if (kMode != kGate && threadIdx.x == 0 && triggers_early<N, kMode, S, kCluster16>(work) &&
        triggers_after_exchange<N>(work))
      ptx::griddep_launch_dependents();
    reduce_owned_columns<N, kCluster16>(smem.staging_floats, work, owner_scalars);
    /* 3. h published: each thread's proxy fence (it acts within one thread) orders its
     * own h stores for the async proxy, since other CTAs read h with TMA (and fence
     * again after their acquire); the named barrier orders every thread's stores before
     * thread 0's gpu-scope release (cumulative, as in a cooperative grid sync). The
     * barrier also ends every read of the receive buffer before the epilogue (or, in
     * the late instances, kFusedX and kFusedLate, the producer's late h copies: LATE IN
     * REGISTERS) reuses it. */
    ptx::fence_proxy_async_global();
    ptx::named_barrier_sync(kConsumerBarrierId, kConsumerThreads);
    if (threadIdx.x == 0) trace_point<kMode>(args, 12);
  }
  if (kMode == kGate) {
    /* The split variant's gate kernel ends here: SharedDown reads h after this grid
     * completes (stream or event order), which also makes the h stores visible. */
    if (threadIdx.x == 0) trace_point<kMode>(args, 3);
    return;
  }
  /* A down-only CTA (past gate_up_ctas) has no h to publish: it counts in at once. */
  if (threadIdx.x == 0) {
    ptx::red_release_gpu_add(&args.counters[0], 1u);
    if (work.k_count > 0) trace_point<kMode>(args, 3);
  }

  /* 4. Down jobs: the producer feeds their h after the grid barrier. */
  const int jobs = work.down_jobs;
  const int shard = plan.hidden / plan.tp;
  if constexpr (late_capacity<N, kMode>() > 0) {
    if (late_in_registers<N, kMode, S>(work)) { /* LATE IN REGISTERS */
      constexpr int kStages = Geometry<N, S>::kNumStages;
      constexpr int kLate = late_capacity<N, kMode>();
      LateA<kLate> late;
      load_late_a(late, work, plan, args, kStages);
      const MailboxRows rows =
          mailbox_rows(shx_down_job_of(work.cta, 0, &plan), shard, plan.tp, args);
      float acc[N / 2]; /* written whole by mma_blocks */
      mma_blocks<N, DownChains<N>::kCount, S, 1, 0, kLate>(
          acc, kStages, smem, cursor, lane, watchdog, args.trace, 6, nullptr, &late);
      if (threadIdx.x == 0) trace_point<kMode>(args, 7);
      /* The late MMAs of every warp read their h (B) in the staging area, which the
       * epilogue overwrites: a warp's wgmma wait covers its own share of the warpgroup's
       * MMAs only, so all four warps are through before any stores its y^T there. */
      ptx::named_barrier_sync(kConsumerBarrierId, kConsumerThreads);
      push_down_job<N>(acc, smem.staging_floats, rows, shard, args);
      if (threadIdx.x == 0) trace_point<kMode>(args, 5);
      return;
    }
  }
  for (int j = 0; j < jobs; ++j) {
    const MailboxRows rows =
        mailbox_rows(shx_down_job_of(work.cta, j, &plan), shard, plan.tp, args);
    float acc[N / 2]; /* written whole by mma_blocks */
    mma_blocks<N, DownChains<N>::kCount>(acc, work.down_blocks, smem, cursor, lane,
                                         watchdog, j == 0 ? args.trace : nullptr, 6);
    if (j == 0 && threadIdx.x == 0) trace_point<kMode>(args, 7);
    push_down_job<N>(acc, smem.staging_floats, rows, shard, args);
  }
  if (threadIdx.x == 0) trace_point<kMode>(args, 5);
}

/* Arms `full` for K block `block` of down job `job` with its weight bytes plus
 * `activation_bytes`, and loads granule `first` into rows 0-31 of the stage's A tile and
 * `second`, if any, into rows 32-63. A lone granule leaves rows 32-63 as they were: the
 * MMA's rows 32-63 are then meaningless and never pushed. */
__device__ __forceinline__ void load_down_weights(uint32_t weights, const CUtensorMap *down_map,
                                                  uint32_t full, shx_down_job job, int block,
                                                  uint32_t activation_bytes, uint64_t policy) {
  const int column = kBlockK * block;
  const uint32_t weight_bytes = job.second >= 0 ? kWeightTileBytes : kHalfTileBytes;
  ptx::mbarrier_arrive_expect_tx(full, weight_bytes + activation_bytes);
  ptx::tma_load_2d_hinted(weights, down_map, full, column, kHalfRows * job.first, policy);
  if (job.second >= 0)
    ptx::tma_load_2d_hinted(weights + kHalfTileBytes, down_map, full, column,
                            kHalfRows * job.second, policy);
}

/* SharedDown's form of load_down_weights: loads onto `full` (armed by the caller) Wd
 * rows [32 first, 32 first + 64) (granule `first` and, as shx_tile_job
 * pairs them, `second` = first + 1) with one copy, its down map's box being 64 rows. No
 * granule is ever alone here: shx_down_plan_make and shx_down_launch refuse an H that is
 * not a multiple of 64. SharedDown streams every down block through its ring and its one
 * producer thread issues each copy in about 0.065 us (perf/RESULTS.md run 39 call 7), so
 * half the copies made the split step 1.2-1.45 us faster at TP8 B <= 16 and 0.4-0.5 us
 * at TP16 B <= 16 (run 40 call 5). The fused kernel keeps two copies (32-row boxes):
 * with one it measured 0.04-0.16 us slower at TP8 B <= 16 and equal elsewhere (same
 * call). */
__device__ __forceinline__ void load_down_tile(uint32_t weights, const CUtensorMap *down_map,
                                               uint32_t full, shx_down_job job, int block,
                                               uint64_t policy) {
  ptx::tma_load_2d_hinted(weights, down_map, full, kBlockK * block, kHalfRows * job.first,
                          policy);
}

/* Arms `full` for `bytes` (the stage: weights and x) and loads K block `column` of a
 * gate/up tile's 32 gate rows (from `gate_row`) and 32 up rows (from `up_row`) into the
 * stage's A tile, evict-first in L2 (WEIGHTS IN L2). */
__device__ __forceinline__ void load_gate_up_weights(uint32_t weights,
                                                     const CUtensorMap *gate_up_map,
                                                     uint32_t full, uint32_t bytes,
                                                     int column, int gate_row, int up_row,
                                                     uint64_t policy) {
  ptx::mbarrier_arrive_expect_tx(full, bytes);
  ptx::tma_load_2d_hinted(weights, gate_up_map, full, column, gate_row, policy);
  ptx::tma_load_2d_hinted(weights + kHalfTileBytes, gate_up_map, full, column, up_row,
                          policy);
}

/* Asks L2 for K blocks [begin, end) of the CTA's gate/up tile (its gate and up rows), so
 * that the loads that follow find them there (the refill prefetch before the dependency
 * wait). */
__device__ __forceinline__ void prefetch_gate_up_blocks(const CUtensorMap *gate_up_map,
                                                        int k_begin, int begin, int end,
                                                        int gate_row, int up_row) {
  for (int block = begin; block < end; ++block) {
    const int column = kBlockK * (k_begin + block);
    ptx::tma_prefetch_l2_2d(gate_up_map, column, gate_row);
    ptx::tma_prefetch_l2_2d(gate_up_map, column, up_row);
  }
}

/* Holds the calling thread for `cycles` SM cycles (the producer's measured delay). */
__device__ __forceinline__ void spin_cycles(long long cycles) {
  const long long start = clock64();
  while (clock64() - start < cycles) {
  }
}

/* REFILL ISSUER: where a CTA's gate/up refills (the K blocks past its first ring) are at
 * least two and fewer than its stages, and every fill of the CTA has a barrier slot of its
 * own (at most kBarrierSlots), in the instance that has the warp (RefillIssuer),
 * lane 0 of warp kRefillIssuerWarp issues the odd ones (the second refill, the fourth,
 * ...) as their stages free up, beside the producer's even ones. Run 53's issue stamps
 * had the producer issue a refill only every 0.23-0.28 us while the consumers freed a
 * stage every 0.12-0.13 us, and the last refills ended the TP16 gate/up loop. Fill f of
 * the loop is K block f, in stage f % stages and slot f (fewer fills than slots: each
 * barrier completes phase 0 only), once fill f - stages has been released; the producer
 * moves its cursors past the issuer's fills without waiting (ops/ring_test.cc models the
 * two issuing threads). Measured (perf/RESULTS.md run 54 calls 6-8): TP16 B = 9, 16
 * 0.03-0.16 us a step faster (call 7: the gate/up loop 1.55 -> 1.47 us, x landed 0.38 ->
 * 0.49), the DeepSeek TP8 B = 9, 16 0.03-0.10; the other cells unchanged (their instances'
 * PTX is as before). */
template <int N, Mode kMode, int S, bool kCluster16>
__device__ __forceinline__ bool refill_issuer_takes(const CtaWork &work) {
  if constexpr (!RefillIssuer<N, kMode, kCluster16>::kHas) return false;
  constexpr int kStages = Geometry<N, S>::kNumStages;
  const int refills = work.k_count - kStages;
  return refills >= 2 && refills < kStages &&
         work.k_count + work.down_jobs * work.down_blocks <= kBarrierSlots;
}

/* A gate/up refill (the producer's or the REFILL ISSUER's): K block `column` of the CTA's
 * tile, weights and x, into `stage` on the full barrier `full`. */
template <int N, int S, int L>
__device__ __forceinline__ void load_gate_up_refill(const SharedLayout<N, S, 1, L> &smem, int stage,
                                                    uint32_t full,
                                                    const CUtensorMap *gate_up_map,
                                                    const CUtensorMap *x_map, int column,
                                                    int gate_row, int up_row, uint64_t policy) {
  load_gate_up_weights(smem.weights(stage), gate_up_map, full, Geometry<N, S>::kStageBytes,
                       column, gate_row, up_row, policy);
  ptx::tma_load_2d(smem.activations(stage), x_map, full, column, 0);
}

template <int N, int S, int L>
__device__ __forceinline__ void issue_odd_refills(const SharedLayout<N, S, 1, L> &smem,
                                                  const CtaWork &work,
                                                  const CUtensorMap *gate_up_map,
                                                  const CUtensorMap *x_map,
                                                  const shx_fused_plan &plan,
                                                  Watchdog &watchdog) {
  using G = Geometry<N, S>;
  ptx::griddep_wait(); /* the refills carry x */
  const uint64_t policy = ptx::l2_policy_evict_first(); /* the weights: WEIGHTS IN L2 */
  const int gate_row = kHalfRows * work.tile;
  const int up_row = plan.inter + kHalfRows * work.tile;
  for (int fill = G::kNumStages + 1; fill < work.k_count; fill += 2) {
    const int previous = fill - G::kNumStages; /* the stage's previous fill */
    wait_barrier(smem.empty(previous), 0u, watchdog);
    load_gate_up_refill(smem, fill % G::kNumStages, smem.full(fill), gate_up_map, x_map,
                        kBlockK * (work.k_begin + fill), gate_row, up_row, policy);
  }
}

template <int N, Mode kMode, int S, bool kCluster16, int L>
__device__ __forceinline__ void producer(const SharedLayout<N, S, 1, L> &smem, const CtaWork &work,
                                         const CUtensorMap *gate_up_map,
                                         const CUtensorMap *down_map, const CUtensorMap *x_map,
                                         const CUtensorMap *h_map, const shx_fused_plan &plan,
                                         const shx_fused_args &args, Watchdog &watchdog) {
  using G = Geometry<N, S>;
  RingCursor<G::kNumStages> cursor;
  ReleaseCursor<G::kNumStages> released;
  const int gate_row = kHalfRows * work.tile;
  const int up_row = plan.inter + kHalfRows * work.tile;
  const uint64_t policy = ptx::l2_policy_evict_first(); /* the weights: WEIGHTS IN L2 */

  /* 0. The first ring of gate/up weights does not depend on the predecessor grid (a
   * down-only CTA streams its down weights before the wait instead, in step 2). */
  const int first_ring = work.k_count < G::kNumStages ? work.k_count : G::kNumStages;
  /* PAIRED FILLS: fills [pairs.begin, pairs.begin + pairs.count) on the full barrier of
   * their pair's first slot, armed once for both (fill f of the first ring is stage f and
   * slot f). */
  const PairedFills pairs = paired_fills<N, kMode, S, kCluster16>(work);
  /* FIRST STAGE ALONE: in the instances at N = 8, 40..64 and kFusedX (N = 16), a CTA of
   * more than 16 gate/up blocks (of the H200 plans at the design and DeepSeek dims, the
   * design TP8's, 28 blocks, and TP4's, 56; the design TP16 and the DeepSeek TP8 have 14,
   * the DeepSeek TP16 7; other dims vary) issues its first stage, then the rest of its
   * first ring about 250 ns (512 SM cycles) later. Measured
   * (perf/RESULTS.md run 45 calls 6-8): TP8 B = 1..8 0.35-0.5 us a step faster (B=1 10.50
   * -> 10.09, call 7), B=64 0.1-0.16; TP16 B = 48, 64 (0.1-0.22) and the DeepSeek TP8 B =
   * 48, 64 (0.15-0.25) moved too, though at today's plans their CTAs do not take it; at
   * TP8 B = 9..32 (N = 16, 32) and B=128 the same was 0.15-0.45 slower, hence the
   * instances; why the delay pays is not isolated. The test reads nothing but k_count: a
   * rule that read the CTA's down work here cost the N <= 16 cells 0.04-0.11 us (call 7).
   * Validated in call 8. At N = 16 it pays only with the consumers loading the first
   * ring's x (CONSUMER X, run 46 calls 1, 2: 0.15-0.26 us faster at TP8 B = 9, 16; alone
   * 0.2-0.27 slower, run 45 call 6). With HELD X, kFusedX's delay is 256 cycles (run 47
   * calls 2-4, TP8 B = 9..16: against 512, within 0.06 us in call 2 and 0.05-0.11 faster
   * in call 3; 0 was 0.01-0.14 and 1024 0.22-0.25 us slower than 512; 128 and 384 within
   * 0.06 of 256 in call 4). */
  const bool first_stage_alone =
      kMode != kGate && (N == 8 || fused_x(kMode) || (N >= 40 && N <= 64)) &&
      work.k_count > kRefillPrefetchMaxGateUpBlocks;
  constexpr long long kFirstStageDelayCycles = fused_x(kMode) ? 256 : 512;
  /* CONSUMER X: the first x_fills fills' x tiles come from the consumers. */
  const int x_fills = consumer_x_fills<N, kMode, S>(work, first_ring);
  for (int block = 0; block < first_ring; ++block) {
    const int column = kBlockK * (work.k_begin + block);
    released.advance(); /* the stage was never filled: no release to wait for */
    if (first_stage_alone && block == 1) spin_cycles(kFirstStageDelayCycles);
    if (block >= pairs.begin && block < pairs.begin + pairs.count) {
      const int first = pairs.begin + ((block - pairs.begin) & ~1);
      const uint32_t pair_full = smem.full(first);
      if (block == first) ptx::mbarrier_arrive_expect_tx(pair_full, 2 * G::kStageBytes);
      ptx::tma_load_2d_hinted(smem.weights(block), gate_up_map, pair_full, column, gate_row,
                              policy);
      ptx::tma_load_2d_hinted(smem.weights(block) + kHalfTileBytes, gate_up_map, pair_full,
                              column, up_row, policy);
    } else {
      load_gate_up_weights(smem.weights(block), gate_up_map, smem.full(block),
                           block < x_fills ? kWeightTileBytes : G::kStageBytes, column,
                           gate_row, up_row, policy);
    }
  }
  /* The refills (the gate/up blocks past the first ring: 4 of 14 at TP16 N = 16, 6 at N =
   * 32) asked into L2 before the wait, wherever the grid triggers early: its predecessor let
   * it in at the end of its own gate/up MMAs (or exchange), so these loads run during the
   * predecessor's exchange, barrier and down loop, when HBM carries little else, and after
   * the wait the refills come from L2 instead of 1.5-1.75 us from HBM, which had set the end
   * of the gate/up loop. Measured (perf/RESULTS.md run 35 calls 1, 2): TP16 B = 9, 16
   * 0.25-0.35 us faster (gate/up loop 2.03 -> 1.89 us, grid barrier 0.56 -> 0.39), TP16 B=32
   * 0.45 (loop 2.61 -> 2.12), DeepSeek TP8 B = 9, 16 0.05-0.1 and B=32 0.25; the other cells
   * have no refills here. Where the grid triggered late (TP8 at the design dims, before LATE
   * IN REGISTERS) the prefetch was 0.35-0.5 us slower (run 30 call 8: the predecessor's late
   * down blocks are still loading then), and moving TP8 N <= 16 to the early trigger to get
   * it, 2 us slower (run 35 call 2). At N = 64 (run 35 call 3): in clusters of 16, DeepSeek
   * TP16 B = 48, 64 0.2-0.3 us faster; it is what makes the early trigger pay at N = 64
   * where two CTAs share an SM (triggers_early). Not in gate mode: the split variant's gate
   * kernel measured 0.1-0.2 us slower with it (TP16 B = 9..32, calls 1, 2). Nor for a CTA of
   * more than 16 gate/up blocks (TP8 at the design dims, 28, whose gate/up stream is
   * HBM-bound; it triggers early at N = 8, since run 51 in kFusedX and since run 96 in
   * kFusedLate): 16 refills a CTA
   * made TP8 B = 1..8 1 us slower (call 4: 10.5 -> 11.5 us). Nor after the wait from the
   * CTA's own SM (OWN PREFETCH, runs 92-94: 8 refills 1024 cycles after it): at TP8 B =
   * 9, 16 0.09-0.18 us faster on H100s but 0.26-0.28 slower on an H200, and 0.4-1.8 slower
   * there in the other TP8 instances (after their x copies). */
  const bool early_trigger = kMode != kGate && triggers_early<N, kMode, S, kCluster16>(work);
  if (early_trigger && work.k_count <= kRefillPrefetchMaxGateUpBlocks) {
    prefetch_gate_up_blocks(gate_up_map, work.k_begin, first_ring, work.k_count, gate_row,
                            up_row);
  }
  if (work.k_count > 0) {
    ptx::griddep_wait();
    trace_point<kMode>(args, 9);
  }
  for (int block = 0; block < first_ring; ++block) {
    if (block >= x_fills) {
      const bool paired = block >= pairs.begin && block < pairs.begin + pairs.count;
      const int slot = paired ? pairs.begin + ((block - pairs.begin) & ~1) : cursor.slot;
      ptx::tma_load_2d(smem.activations(cursor.stage), x_map, smem.full(slot),
                       kBlockK * (work.k_begin + block), 0);
    }
    cursor.advance();
  }

  /* 1. The rest of the gate/up K blocks (OUT AT THE WAIT: the weights of the first
   * kOutAtWaitFills at once, into the stages the consumers' copy released; their x once
   * out_x_free says the copied fill's B is read). */
  int refill_begin = first_ring;
  if constexpr (kMode == kFusedXOut) {
    if (out_at_wait_takes<N, kMode, S>(work)) {
      RingCursor<G::kNumStages> x_cursor = cursor;
      for (int f = 0; f < kOutAtWaitFills; ++f) {
        wait_stage_free<N>(smem, released, watchdog);
        load_gate_up_weights(smem.weights(cursor.stage), gate_up_map, smem.full(cursor.slot),
                             G::kStageBytes, kBlockK * (work.k_begin + first_ring + f),
                             gate_row, up_row, policy);
        cursor.advance();
      }
      for (int f = 0; f < kOutAtWaitFills; ++f) {
        wait_barrier(out_x_free(smem, f), 0u, watchdog);
        ptx::tma_load_2d(smem.activations(x_cursor.stage), x_map, smem.full(x_cursor.slot),
                         kBlockK * (work.k_begin + first_ring + f), 0);
        x_cursor.advance();
      }
      refill_begin = first_ring + kOutAtWaitFills;
    }
  }
  const bool refill_issuer = refill_issuer_takes<N, kMode, S, kCluster16>(work);
  for (int block = refill_begin; block < work.k_count; ++block) {
    if (refill_issuer && ((block - first_ring) & 1)) { /* REFILL ISSUER's: cursors only */
      released.advance();
      cursor.advance();
      continue;
    }
    const int column = kBlockK * (work.k_begin + block);
    wait_stage_free<N>(smem, released, watchdog);
    load_gate_up_refill(smem, cursor.stage, smem.full(cursor.slot), gate_up_map, x_map, column,
                        gate_row, up_row, policy);
    cursor.advance();
  }

  if (kMode == kGate) { /* nothing waits on this grid: let the next one start early */
    ptx::griddep_launch_dependents();
    return;
  }
  if (early_trigger && work.k_count == 0) ptx::griddep_launch_dependents();

  /* 2. Before the grid barrier: down weights, as stages free up, up to a ring's worth.
   * Their full barriers already expect the h bytes too, issued after the barrier. The
   * down stages are numbered d = job * down_blocks + block over the CTA's jobs. A
   * down-only CTA issues its whole tile here, before the dependency wait: asked for at
   * the wait it measured equal; asked for once the gate/up CTAs have issued their last
   * refills it was 0.14-0.21 us faster at TP8 B = 9, 16 on an H100, not yet run on an
   * H200 (perf/RESULTS.md run 113; docs/experiments/downonly_stream_end.patch). */
  const int down_stages = work.down_jobs * work.down_blocks;
  const int early = down_stages < G::kNumStages ? down_stages : G::kNumStages;
  const int granules = plan.down_granules, grid = plan.grid;
  DownCursor down;
  down.pair = work.cta;
  RingCursor<G::kNumStages> early_cursor = cursor; /* for their h, after the barrier */
  DownCursor early_down = down;
  for (int d = 0; d < early; ++d) {
    wait_stage_free<N>(smem, released, watchdog);
    load_down_weights(smem.weights(cursor.stage), down_map, smem.full(cursor.slot),
                      shx_tile_job(down.pair, granules), down.block, G::kActivationTileBytes,
                      policy);
    cursor.advance();
    down.advance(work.down_blocks, grid);
  }
  /* The down blocks the ring cannot hold before the grid barrier (TP8: 2, 4 or 5 of 12
   * at N = 16, 32, 128; none at TP16) are asked into L2 now, once the early ones are
   * issued (at the end of the gate/up stream), so that their loads after the barrier hit
   * L2 (in the late instances the consumers' loads after the h release: LATE IN
   * REGISTERS): the TP8
   * down loop waited about 1.5 us for them from HBM. Measured
   * (perf/RESULTS.md run 30 call 6): TP8 B = 9, 16, 32, 128 0.2-0.5 us faster, cells
   * without late blocks (TP16, the DeepSeek dims) up to 0.1 us slower (the code alone);
   * asked before the early loads instead, less. */
  {
    DownCursor late = down;
    for (int d = early; d < down_stages; ++d) {
      const shx_down_job job = shx_tile_job(late.pair, granules);
      ptx::tma_prefetch_l2_2d(down_map, kBlockK * late.block, kHalfRows * job.first);
      if (job.second >= 0)
        ptx::tma_prefetch_l2_2d(down_map, kBlockK * late.block, kHalfRows * job.second);
      late.advance(work.down_blocks, grid);
    }
  }
  if (work.k_count == 0) {
    ptx::griddep_wait();
    trace_point<kMode>(args, 9);
  }
  trace_point<kMode>(args, 0);

  /* 3. Grid barrier: every CTA's h columns are in global memory. */
  grid_barrier_wait(args.counters, static_cast<uint32_t>(grid), watchdog);
  trace_point<kMode>(args, 4);
  ptx::fence_proxy_async_global(); /* generic-proxy h writes -> our TMA reads */
  if (!early_trigger) ptx::griddep_launch_dependents();

  /* 4. Down jobs: h for the early stages, then weights and h together; LATE IN
   * REGISTERS's h copies first. Issued after the ring's, they landed 0.56 us after the
   * ring's ten and ended the down loop (perf/RESULTS.md run 52 calls 3-4, the lane
   * stamps: 1.6-1.7 us after the grid barrier); first, they land first and the ring's
   * 0.15-0.2 us later. That alone measured equal (call 4); with the down job's fills no
   * longer waited for and released one by one (mma_blocks, kLate) the down loop fell
   * 1.25 -> 0.97-0.99 us and TP8 B = 9, 16 0.04-0.08 us a step (call 5; 0.03-0.05 in
   * call 6's validation). The gap to the next wait took part of it (0.90 -> 0.96). */
  const bool late_registers = late_in_registers<N, kMode, S>(work);
  if (late_registers) { /* LATE IN REGISTERS: h alone, to staging */
    /* The reduction's reads of the staging area (before this CTA's release, which the
     * grid barrier's acquire followed) come before these TMA writes. */
    ptx::fence_proxy_async_shared_cta();
    for (int d = early; d < down_stages; ++d) {
      const uint32_t full = smem.full(cursor.slot);
      ptx::mbarrier_arrive_expect_tx(full, G::kActivationTileBytes);
      ptx::tma_load_2d(smem.staging + (d - early) * G::kActivationTileBytes, h_map, full,
                       kBlockK * down.block, 0);
      cursor.advance();
      down.advance(work.down_blocks, grid);
    }
  }
  for (int d = 0; d < early; ++d) {
    ptx::tma_load_2d(smem.activations(early_cursor.stage), h_map, smem.full(early_cursor.slot),
                     kBlockK * early_down.block, 0);
    early_cursor.advance();
    early_down.advance(work.down_blocks, grid);
  }
  grid_barrier_depart(args.counters, static_cast<uint32_t>(grid));
  if (late_registers) return;
  for (int d = early; d < down_stages; ++d) {
    wait_stage_free<N>(smem, released, watchdog);
    const uint32_t full = smem.full(cursor.slot);
    load_down_weights(smem.weights(cursor.stage), down_map, full,
                      shx_tile_job(down.pair, granules), down.block, G::kActivationTileBytes,
                      policy);
    ptx::tma_load_2d(smem.activations(cursor.stage), h_map, full, kBlockK * down.block, 0);
    cursor.advance();
    down.advance(work.down_blocks, grid);
  }
}

#if SHX_FILL_STAMPS
/* FILL STAMPS (a diagnostic build: `bazel build --define shx_fill_stamps=1`; kFusedX only,
 * with a trace buffer): lane 0 of a sixth warp stamps when each of the CTA's ring fills
 * landed, i.e. its full barrier completed (8 KB of weights with their x or h; a down fill
 * loaded before the grid barrier also waits for its h, loaded after it; a kFusedX late
 * fill is its 2 KB of h in the staging area: LATE IN REGISTERS), after the trace
 * points of every CTA (SHX_FUSED_FILL_STAMPS a CTA). It waits for the fills in order
 * (try_wait, which wakes as the phase completes): exact where fills complete in order, as
 * the ring fills them; a fill that completes before an earlier one shows at the running
 * maximum. (Polling the pending fills instead, perf/RESULTS.md run 50 call 8, catches those
 * but stamps up to about 0.6 us late and costs up to 0.1 us a step; this form costs nothing
 * measurable, calls 3, 11.) Each wait and stamp takes about 0.11 us, so fills that landed
 * together stamp at most one per 0.11 us (run 51 call 2). Since run 52 kFusedX's two late
 * fills land before the ring's down fills, so this form stamps them at the running
 * maximum; docs/experiments/fill_stamps_lanes.patch stamps each fill on its own lane (it
 * costs about 0.15 us a step, run 52 calls 3-5). perf/profile_step prints what it found
 * ("fills |"). */
template <int N, int S, int L>
__device__ __forceinline__ void stamp_fills(const SharedLayout<N, S, 1, L> &smem,
                                            const CtaWork &work, const shx_fused_args &args,
                                            Watchdog &watchdog) {
  static_assert(SHX_FUSED_FILL_STAMPS <= kBarrierSlots, "one slot and phase 0 a fill");
  unsigned long long *out =
      args.trace + SHX_FUSED_FILL_STAMP_BASE + blockIdx.x * SHX_FUSED_FILL_STAMPS;
  const int all = work.k_count + work.down_jobs * work.down_blocks;
  const int fills = all < SHX_FUSED_FILL_STAMPS ? all : SHX_FUSED_FILL_STAMPS;
  for (int f = 0; f < fills; ++f) {
    wait_barrier(smem.full(f), 0u, watchdog);
    out[f] = ptx::globaltimer();
  }
}
#endif

/* ---- The kernel --------------------------------------------------------------------- */

/* kCluster16: the instance for clusters of 16 (the owners' reduction for 16 parts only,
 * the early trigger up to N = 64: triggers_early). The other instances keep exactly the
 * 2-, 4- and 8-part code: with a case for 16 in their reduction, the design dims at TP16
 * B=32 measured 0.17 us slower (perf/RESULTS.md run 33 call 2). */
template <int N, Mode kMode, int S, bool kCluster16>
__global__ void __launch_bounds__(RefillIssuer<N, kMode, kCluster16>::kBlockThreads,
                                  Geometry<N, S>::kCtasPerSm)
    shared_expert_fused(const __grid_constant__ CUtensorMap gate_up_map,
                        const __grid_constant__ CUtensorMap down_map,
                        const __grid_constant__ CUtensorMap x_map,
                        const __grid_constant__ CUtensorMap h_map,
                        const __grid_constant__ shx_fused_plan plan,
                        const __grid_constant__ shx_fused_args args) {
  static_assert(!fused_x(kMode) || (N == 16 && !kCluster16), "kFusedX's one instance");
  static_assert(kMode != kFusedLate || ((N == 24 || N == 32) && !kCluster16),
                "kFusedLate's two instances");
  extern __shared__ __align__(1024) uint8_t dynamic_smem[];
  const SharedLayout<N, S, 1, late_capacity<N, kMode>()> smem(dynamic_smem);
  if (refuses_misaligned(smem, args)) return;
  const int warp = warp_index_uniform(), lane = threadIdx.x % 32;

  CtaWork work;
  work.cta = blockIdx.x;
  work.cluster = plan.cluster;
  work.tile = work.cta / plan.cluster;
  work.cluster_rank = static_cast<int>(ptx::cluster_ctarank());
  work.width = kHalfRows / plan.cluster;
  work.width_shift = __ffs(work.width) - 1;
  work.k_begin = plan.k_begin[work.cta];
  work.k_count = plan.k_count[work.cta];
  work.down_blocks = plan.inter / kBlockK;
  /* Integer divisions here, in the prologue, not on the path after the gate/up loop
   * (each is a dependent sequence of about 20 instructions). */
  work.down_jobs = shx_down_job_count(work.cta, &plan);
  work.trigger_after_exchange = plan.trigger_after_exchange != 0;
  work.early_trigger_overrun = plan.early_trigger_overrun;

  /* 0. Prologue: nothing here reads upstream data. From the kernel's first instruction
   * to the producer's first ring load it takes about 1.8 us (the parameter bank is cold:
   * 0.75-0.95 us to here; init_barriers 0.3; the cluster barrier 0.5-0.7; perf/RESULTS.md
   * run 44 calls 5, 6). That delay places the first ring: issued at the kernel's start
   * instead, it lands during the predecessor's tail, whose loads, releases and
   * completion it slows (0.24-1.65 us a step slower at the design dims, call 7). */
  if (threadIdx.x == 0) {
    trace_point<kMode>(args, 8);
    if (kMode != kGate && args.trace != nullptr)
      args.trace[blockIdx.x * SHX_FUSED_TRACE_POINTS + SHX_FUSED_TRACE_SM_POINT] =
          ptx::smid() + 1u;
    *smem.owner_scalars = {static_cast<__nv_bfloat16 *>(args.h), args.batch, plan.inter,
                           args.activation, args.beta, args.lambda};
    smem.init_barriers();
    /* The owner's exchange barrier: one arrival (this one) and every byte of its receive
     * buffer but this CTA's own share (plain stores, push_partials); the other sources'
     * st.async stores complete the bytes (after cluster_sync). */
    if (work.k_count > 0)
      ptx::mbarrier_arrive_expect_tx(smem.received(),
                                     Geometry<N, S>::kReceiveBytes - 8 * work.width * N);
  }
  if (warp == kProducerWarp && lane == 0) {
    ptx::prefetch_tensormap(&gate_up_map);
    ptx::prefetch_tensormap(&down_map);
    ptx::prefetch_tensormap(&x_map);
    ptx::prefetch_tensormap(&h_map);
  }
  ptx::cluster_sync(); /* every CTA's barriers exist before anyone arrives remotely */

  ExitWatchdog<fused_x(kMode)> watchdog = {{args.error_flag, args.watchdog_ns, false}};
  if constexpr (RefillIssuer<N, kMode, kCluster16>::kHas) {
    if (warp == kRefillIssuerWarp) { /* REFILL ISSUER */
      if (lane == 0 && refill_issuer_takes<N, kMode, S, kCluster16>(work))
        issue_odd_refills<N, S>(smem, work, &gate_up_map, &x_map, plan, watchdog);
      if (lane == 0) watchdog.adopt_grid_timeout(); /* EXIT DRAIN */
      return;
    }
  }
#if SHX_FILL_STAMPS
  if (warp == kProducerWarp + 1 + (RefillIssuer<N, kMode, kCluster16>::kHas ? 1 : 0)) {
    if (fused_x(kMode) && lane == 0 && args.trace != nullptr)
      stamp_fills(smem, work, args, watchdog);
    return;
  }
#endif
  if (warp == kProducerWarp) {
    if (lane == 0) {
      producer<N, kMode, S, kCluster16>(smem, work, &gate_up_map, &down_map, &x_map, &h_map,
                                        plan, args, watchdog);
      watchdog.adopt_grid_timeout(); /* EXIT DRAIN */
    } else {
      ptx::griddep_wait();
    }
  } else {
    if constexpr (max_consumer_x_fills<N, kMode, S>() > 0) { /* CONSUMER X */
      FirstRingX first_ring_x = {static_cast<const uint4 *>(args.x) + 8 * work.k_begin,
                                 args.batch, plan.hidden / 8};
      /* in registers before the wait: the compiler may not sink these reads past it */
      ptx::pin_in_registers(first_ring_x.row0, first_ring_x.batch, first_ring_x.row_chunks);
      ptx::griddep_wait();
      if (threadIdx.x == 0) trace_point<kMode>(args, 10);
      consumer<N, kMode, S, kCluster16>(smem, work, plan, args, *smem.owner_scalars,
                                        &first_ring_x, watchdog);
    } else {
      ptx::griddep_wait();
      if (threadIdx.x == 0) trace_point<kMode>(args, 10);
      consumer<N, kMode, S, kCluster16>(smem, work, plan, args, *smem.owner_scalars, nullptr,
                                        watchdog);
    }
  }

  /* 5. No final cluster barrier: every DSMEM store to a CTA landed before that CTA
   * passed its `received` wait, so a CTA may leave as soon as its work is done, and the
   * SM goes to the next grid (PDL) without waiting for the cluster's slowest CTA. */
}

/* ---- SharedDown: the split variant's down projection ---------------------------------- */

/* `gridDim.x` (= plan.sms) persistent CTAs beside the routed experts: CTA c takes the
 * 64-row tiles c, c + sms, ... of Wd, streams each tile's K blocks with h through the
 * same ring (a block's weights in one copy: load_down_tile), and runs exactly the fused
 * kernel's down path (mma_blocks<N, DownChains>, push_down_job) for the same padded
 * batch: the mailboxes are bit-identical to the fused variant's. h comes from the gate
 * kernel, complete before this grid starts (it is launched in plain stream order: its
 * griddepcontrol.wait returns at once). */
template <int N, int F>
__global__ void __launch_bounds__(kThreads, DownGeometry<N, F>::kCtasPerSm)
    shared_down(const __grid_constant__ CUtensorMap down_map,
                const __grid_constant__ CUtensorMap h_map,
                const __grid_constant__ shx_down_plan plan,
                const __grid_constant__ shx_fused_args args) {
  using G = DownGeometry<N, F>;
  extern __shared__ __align__(1024) uint8_t dynamic_smem[];
  const DownLayout<N, F> smem(dynamic_smem);
  if (refuses_misaligned(smem, args)) return;
  const int warp = warp_index_uniform(), lane = threadIdx.x % 32;
  const int down_blocks = plan.inter / kBlockK;
  const int granules = plan.hidden / kHalfRows, tiles = plan.hidden / kTileRows;
  const int cta = blockIdx.x, grid = gridDim.x;
  const int jobs = cta < tiles ? (tiles - 1 - cta) / grid + 1 : 0;
  if (threadIdx.x == 0) smem.init_barriers();
  __syncthreads();
#if SHX_FILL_STAMPS
  if (warp == kProducerWarp + 1) return; /* FILL STAMPS' warp has nothing to do here */
#endif
  ptx::griddep_wait();
  Watchdog watchdog = {args.error_flag, args.watchdog_ns, false};
  if (warp == kProducerWarp) {
    if (lane != 0) return;
    ptx::prefetch_tensormap(&down_map);
    ptx::prefetch_tensormap(&h_map);
    const uint64_t policy = ptx::l2_policy_evict_first(); /* the weights: WEIGHTS IN L2 */
    RingCursor<G::kNumStages> cursor;
    ReleaseCursor<G::kNumStages> released;
    constexpr int kFill = G::kFillBlocks; /* down_blocks is a multiple of it */
    constexpr uint32_t kB = G::kActivationTileBytes;
    for (int j = 0; j < jobs; ++j) {
      const shx_down_job job = shx_tile_job(cta + j * grid, granules);
      for (int block = 0; block < down_blocks; block += kFill) {
        wait_stage_free(smem, released, watchdog);
        const uint32_t full = smem.full(cursor.slot);
        ptx::mbarrier_arrive_expect_tx(full, kFill * (kWeightTileBytes + kB));
#pragma unroll
        for (int h = 0; h < kFill; ++h) { /* block h of the fill: A tile h, B tile h */
          load_down_tile(smem.weights(cursor.stage) + h * kWeightTileBytes, &down_map, full,
                         job, block + h, policy);
          ptx::tma_load_2d(smem.activations(cursor.stage) + h * kB, &h_map, full,
                           kBlockK * (block + h), 0);
        }
        cursor.advance();
      }
    }
    return;
  }
  RingCursor<G::kNumStages> cursor;
  const int shard = plan.hidden / plan.tp;
  for (int j = 0; j < jobs; ++j) {
    const MailboxRows rows =
        mailbox_rows(shx_tile_job(cta + j * grid, granules), shard, plan.tp, args);
    float acc[N / 2]; /* written whole by mma_blocks */
    mma_blocks<N, DownChains<N>::kCount>(acc, down_blocks, smem, cursor, lane, watchdog,
                                         nullptr, 6);
    push_down_job<N>(acc, smem.staging_floats, rows, shard, args);
  }
}

/* ---- Host side ---------------------------------------------------------------------- */

void format_message(char *message, const char *format, ...) {
  if (message == nullptr) return;
  va_list list;
  va_start(list, format);
  vsnprintf(message, SHX_MESSAGE_BYTES, format, list);
  va_end(list);
}

/* Calls f(std::integral_constant<int, N>) for the padded batch n (n must be valid). */
template <typename F>
auto with_n(int n, F &&f) {
  switch (n) {
    case 8: return f(std::integral_constant<int, 8>{});
    case 16: return f(std::integral_constant<int, 16>{});
    case 24: return f(std::integral_constant<int, 24>{});
    case 32: return f(std::integral_constant<int, 32>{});
    case 40: return f(std::integral_constant<int, 40>{});
    case 48: return f(std::integral_constant<int, 48>{});
    case 56: return f(std::integral_constant<int, 56>{});
    case 64: return f(std::integral_constant<int, 64>{});
    case 80: return f(std::integral_constant<int, 80>{});
    case 96: return f(std::integral_constant<int, 96>{});
    case 112: return f(std::integral_constant<int, 112>{});
    default: return f(std::integral_constant<int, 128>{});
  }
}

int default_ctas_per_sm(int n) {
  return with_n(n, [](auto kN) { return DefaultCtasPerSm<decltype(kN)::value>::value; });
}

/* SharedDown's K blocks a fill (DownGeometry): two up to N = 32 where I / 64 is even. */
int down_fill_blocks(int n, int inter) {
  return n <= kTwoPerSmMaxN && (inter / kBlockK) % 2 == 0 ? 2 : 1;
}

/* Calls f(integral_constant N, integral_constant F) for SharedDown's instance. */
template <typename F>
auto with_down(int n, int inter, F &&f) {
  return with_n(n, [&](auto kN) {
    if constexpr (decltype(kN)::value <= kTwoPerSmMaxN) {
      if (down_fill_blocks(n, inter) == 2) return f(kN, std::integral_constant<int, 2>{});
    }
    return f(kN, std::integral_constant<int, 1>{});
  });
}

/* The fused plan's CTAs per SM (kTwoPerSmMaxGateUpBlocksN64): two at N <= 56, and at
 * N = 64 where a gate/up CTA streams at most 32 K blocks on average (the argument is
 * ceil(H / 64 / cluster)); else the instance's default. */
int fused_ctas_per_sm(int n, int gate_up_blocks_per_cta) {
  if (two_per_sm_allowed(n) &&
      (n < 64 || gate_up_blocks_per_cta <= kTwoPerSmMaxGateUpBlocksN64))
    return 2;
  return default_ctas_per_sm(n);
}

/* The fused kernel's instances, (N, CTAs per SM): (8..56, 2), (64, 2), (64, 1), (80..128,
 * 1), the shapes fused_ctas_per_sm can give (N = 64 at one CTA per SM for a gate/up CTA
 * of more than 32 K blocks: tp <= 4 at the design dims). Geometry also has (40..56, 1),
 * SharedDown's, which has no fused kernel instance. */
constexpr bool fused_instance(int n, int ctas_per_sm) {
  return is_padded_batch(n) &&
         ((ctas_per_sm == 2 && n <= 64) || (ctas_per_sm == 1 && n >= 64));
}

/* Calls f(integral_constant N, integral_constant S) for a valid shape. */
template <typename F>
auto with_shape(int n, int ctas_per_sm, F &&f) {
  return with_n(n, [&](auto kN) {
    constexpr int N = decltype(kN)::value;
    if constexpr (two_per_sm_allowed(N)) {
      if (ctas_per_sm == 2) return f(kN, std::integral_constant<int, 2>{});
    }
    return f(kN, std::integral_constant<int, DefaultCtasPerSm<N>::value>{});
  });
}

/* Calls f(integral_constant N, integral_constant S, bool_constant kCluster16) for the
 * fused kernel instance of a valid shape (fused_instance) and cluster size; only the
 * instances fused_instance names are compiled. */
template <typename F>
auto with_kernel(int n, int ctas_per_sm, int cluster, F &&f) {
  return with_n(n, [&](auto kN) {
    constexpr int N = decltype(kN)::value;
    auto with_cluster = [&](auto kS) {
      if (cluster > kMaxPortableCluster) return f(kN, kS, std::true_type{});
      return f(kN, kS, std::false_type{});
    };
    using One = std::integral_constant<int, 1>;
    using Two = std::integral_constant<int, 2>;
    if constexpr (fused_instance(N, 1) && fused_instance(N, 2)) {
      if (ctas_per_sm == 2) return with_cluster(Two{});
      return with_cluster(One{});
    } else if constexpr (fused_instance(N, 2)) {
      return with_cluster(Two{});
    } else {
      static_assert(fused_instance(N, 1), "every padded batch has a fused instance");
      return with_cluster(One{});
    }
  });
}

/* The ring depth and dynamic shared memory of a kernel instance (a valid shape). */
int ring_stages(int n, int ctas_per_sm) {
  return with_shape(n, ctas_per_sm, [](auto kN, auto kS) {
    return Geometry<decltype(kN)::value, decltype(kS)::value>::kNumStages;
  });
}
int smem_bytes_of(int n, int ctas_per_sm, Mode mode) {
  return with_shape(n, ctas_per_sm, [mode](auto kN, auto kS) {
    constexpr int N = decltype(kN)::value, S = decltype(kS)::value;
    return mode == kFusedLate ? instance_smem_bytes<N, S, kFusedLate>()
                              : instance_smem_bytes<N, S, kFused>();
  });
}

/* Clusters of 16 (non-portable) only where their gate/up CTAs are no more than the 64-row
 * down tiles: the grid then has the same CTAs as with clusters of 8 (whole clusters
 * until every down tile has its own CTA), each gate/up CTA with half the K blocks. The
 * DeepSeek dims at TP16 (I = 128): 64 gate/up + 48 down-only CTAs of 7 K blocks instead
 * of 32 + 80 of 14, at the CTAs per SM of every other plan. Measured (perf/RESULTS.md
 * run 33 call 3): there 0.7-0.9 us a step faster at every B from 1 to 64 (B=9 5.47 ->
 * 4.73 us), 0.2 at B=128. Where the gate/up CTAs outnumber the down tiles the grid grows
 * past them and steps were slower (call 1, at three CTAs per SM: the design dims at
 * TP16, 192 CTAs, 0.55-0.8 us; the DeepSeek dims at TP8, 128 CTAs, 0.15-0.2 us; call 5,
 * the latter at two CTAs per SM: 0.9-1.0 us, its grid barrier 0.44 -> 2.05 us). */
bool cluster16_fits(int gate_up_ctas, int hidden) {
  return gate_up_ctas <= hidden / kTileRows;
}

bool valid_tp(int tp) { return tp == 1 || tp == 2 || tp == 4 || tp == 8 || tp == 16; }

/* The peak bandwidth of `device`'s memory in GB/s (double data rate: two transfers a
 * clock of the bus), for the per-card choices of shx_fused_plan_make; 0 where the
 * driver cannot say. */
long long hbm_peak_gbps(int device) {
  int clock_khz = 0, bus_bits = 0;
  if (cudaDeviceGetAttribute(&clock_khz, cudaDevAttrMemoryClockRate, device) != cudaSuccess ||
      cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth, device) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  return 2ll * clock_khz * (bus_bits / 8) / 1000000;
}

/* The SMs of the context current on this thread (a green context's own; an ordinary
 * context's: the device's), through the driver's entry points (ops/driver.h); 0 where
 * the driver cannot say, which plans as for the whole device. */
int current_context_sms() {
  using CtxGetDevResource = CUresult (*)(CUcontext, CUdevResource *, CUdevResourceType);
  static const ShxCtxGetCurrent get_current =
      reinterpret_cast<ShxCtxGetCurrent>(shx_driver_function("cuCtxGetCurrent"));
  static const CtxGetDevResource get_resource =
      reinterpret_cast<CtxGetDevResource>(shx_driver_function("cuCtxGetDevResource"));
  CUcontext context = nullptr;
  CUdevResource resource;
  memset(&resource, 0, sizeof resource);
  if (get_current == nullptr || get_resource == nullptr ||
      get_current(&context) != CUDA_SUCCESS || context == nullptr ||
      get_resource(context, &resource, CU_DEV_RESOURCE_TYPE_SM) != CUDA_SUCCESS)
    return 0;
  return static_cast<int>(resource.sm.smCount);
}

bool aligned(const void *pointer, uintptr_t bytes) {
  return (reinterpret_cast<uintptr_t>(pointer) & (bytes - 1)) == 0;
}

/* Whether an instance of kFusedLate exists for the shape (kHasFusedLate) and whether the
 * fused launch of a plan takes it: padded batch 24 or 32 in clusters of at most 8 where
 * some CTA holds late fills (ops/fused_plan.h shx_fused_late_register_fills; the design
 * TP8 at B = 17..32, every CTA of it). Where none does, kFused runs, as before the late
 * instance (TP16, the DeepSeek dims). */
template <int N, int S, bool kCluster16>
constexpr bool has_fused_late() {
  return (N == 24 || N == 32) && !kCluster16 && S == DefaultCtasPerSm<N>::value;
}
bool takes_late_registers(const shx_fused_plan &plan) {
  if ((plan.n != 24 && plan.n != 32) || plan.cluster > kMaxPortableCluster) return false;
  for (int cta = 0; cta < plan.grid; ++cta)
    if (shx_fused_late_register_fills(shx_down_job_count(cta, &plan), plan.inter / kBlockK,
                                      plan.stages, plan.n) > 0)
      return true;
  return false;
}

template <int N, int S, Mode kMode = kFused>
cudaLaunchConfig_t launch_config(const shx_fused_plan &plan, int grid, cudaStream_t stream,
                                 cudaLaunchAttribute *attributes, int pdl, int threads) {
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(grid, 1, 1);
  config.blockDim = dim3(threads, 1, 1);
  config.dynamicSmemBytes = instance_smem_bytes<N, S, kMode>();
  config.stream = stream;
  attributes[0].id = cudaLaunchAttributeClusterDimension;
  attributes[0].val.clusterDim.x = plan.cluster;
  attributes[0].val.clusterDim.y = 1;
  attributes[0].val.clusterDim.z = 1;
  config.attrs = attributes;
  config.numAttrs = 1;
  if (pdl) {
    attributes[1].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attributes[1].val.programmaticStreamSerializationAllowed = 1;
    config.numAttrs = 2;
  }
  return config;
}

/* Clusters of the candidate geometry that can be resident at once (the real kernel,
 * shared memory and cluster size), on the SMs of `stream`'s context (nullptr: the
 * current context's; a stream of a green context counts only its SMs). */
template <int N, int S, bool kCluster16>
cudaError_t co_resident_clusters(const shx_fused_plan &plan, cudaStream_t stream,
                                 int *clusters) {
  /* Every instance's attributes (kFused, kGate, and kFusedX and kFusedXOut or kFusedLate
   * where the shape has them: the shared-memory limit; the non-portable cluster size for
   * the cluster-16 instances), here at plan time, so that the launches on ordinary streams
   * do no attribute calls; the query of a green context's stream sets them again (record
   * time only, where the launch's stream belongs to one: GREEN CONTEXTS). */
  constexpr bool kHasFusedX = N == 16 && !kCluster16;
  constexpr bool kHasFusedLate = has_fused_late<N, S, kCluster16>();
  /* The shared-memory limit (and the non-portable cluster size) of one instance. */
  auto set_attributes = [](auto mode) {
    constexpr Mode kMode = decltype(mode)::value;
    const void *kernel = (const void *)shared_expert_fused<N, kMode, S, kCluster16>;
    cudaError_t error = cudaFuncSetAttribute(
        kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, instance_smem_bytes<N, S, kMode>());
    if (error == cudaSuccess && kCluster16)
      error = cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
    return error;
  };
  /* How many of one instance's clusters fit at once, with its own shared memory and
   * block size. */
  auto count_clusters = [&](auto mode, int *count) {
    constexpr Mode kMode = decltype(mode)::value;
    cudaLaunchAttribute attributes[2];
    const cudaLaunchConfig_t config = launch_config<N, S, kMode>(
        plan, plan.grid, stream, attributes, 0, RefillIssuer<N, kMode, kCluster16>::kBlockThreads);
    return cudaOccupancyMaxActiveClusters(count, shared_expert_fused<N, kMode, S, kCluster16>,
                                          &config);
  };
  using FusedMode = std::integral_constant<Mode, kFused>;
  using GateMode = std::integral_constant<Mode, kGate>;
  using FusedXMode = std::integral_constant<Mode, kFusedX>;
  using FusedXOutMode = std::integral_constant<Mode, kFusedXOut>;
  using FusedLateMode = std::integral_constant<Mode, kFusedLate>;
  cudaError_t error = set_attributes(FusedMode{});
  if (error == cudaSuccess) error = set_attributes(GateMode{});
  if constexpr (kHasFusedX) {
    if (error == cudaSuccess) error = set_attributes(FusedXMode{});
    if (error == cudaSuccess) error = set_attributes(FusedXOutMode{});
  }
  if constexpr (kHasFusedLate) {
    if (error == cudaSuccess) error = set_attributes(FusedLateMode{});
  }
  if (error != cudaSuccess) return error;
  error = count_clusters(FusedMode{}, clusters);
  /* Every fused instance the shape has must fit: the count is the fewest. kFusedLate,
   * with its larger staging area, is counted for every plan of the shape, as kFusedX
   * (plans that never launch it, TP16 and the DeepSeek dims, included: at two CTAs an SM
   * its shared memory fits as kFused's does, so the count is the same). */
  if constexpr (kHasFusedX) {
    if (error != cudaSuccess) return error;
    int fused_x_clusters = 0;
    error = count_clusters(FusedXMode{}, &fused_x_clusters);
    if (fused_x_clusters < *clusters) *clusters = fused_x_clusters;
    if (error != cudaSuccess) return error;
    error = count_clusters(FusedXOutMode{}, &fused_x_clusters); /* whichever the plan says */
    if (fused_x_clusters < *clusters) *clusters = fused_x_clusters;
  }
  if constexpr (kHasFusedLate) {
    if (error != cudaSuccess) return error;
    int fused_late_clusters = 0;
    error = count_clusters(FusedLateMode{}, &fused_late_clusters);
    if (fused_late_clusters < *clusters) *clusters = fused_late_clusters;
  }
  return error;
}


using tensor_map::encode_tiled;
using tensor_map::EncodeTiled;
/* The maps' boxes are 64 columns (tensor_map::encode_bf16_sw128): one stage's K block. */
static_assert(kBlockK == 64, "tensor maps of 64-column boxes");
constexpr auto encode_map = tensor_map::encode_bf16_sw128;

}  // namespace
}  // namespace fused
}  // namespace shx

using namespace shx::fused;

extern "C" shx_status shx_fused_plan_make(int hidden, int inter, int tp, int n,
                                          shx_fused_plan *plan, char *message) {
  if (plan == nullptr) {
    format_message(message, "shx_fused_plan_make: plan is NULL");
    return SHX_INVALID_ARGUMENT;
  }
  if (hidden <= 0 || hidden % 64 != 0) {
    format_message(message, "shx_fused_plan_make: hidden=%d is not a positive multiple of 64",
                   hidden);
    return SHX_INVALID_ARGUMENT;
  }
  if (hidden > SHX_FUSED_MAX_HIDDEN) { /* the plan's 16-bit K ranges would wrap */
    format_message(message, "shx_fused_plan_make: hidden=%d is over %d", hidden,
                   SHX_FUSED_MAX_HIDDEN);
    return SHX_UNSUPPORTED;
  }
  if (inter <= 0 || inter % 64 != 0) {
    format_message(message, "shx_fused_plan_make: inter=%d is not a positive multiple of 64",
                   inter);
    return SHX_INVALID_ARGUMENT;
  }
  if (!valid_tp(tp)) {
    format_message(message, "shx_fused_plan_make: tp=%d is not 1, 2, 4, 8 or 16", tp);
    return SHX_INVALID_ARGUMENT;
  }
  if (!is_padded_batch(n)) {
    format_message(message,
                   "shx_fused_plan_make: n=%d is not a multiple of 8 up to 64 or of 16 up to "
                   "128", n);
    return SHX_INVALID_ARGUMENT;
  }
  if (hidden % tp != 0 || (hidden / tp) % 64 != 0) {
    format_message(message,
                   "shx_fused_plan_make: shard hidden/tp = %d/%d is not a multiple of 64 "
                   "(a down tile must lie in one peer's shard)",
                   hidden, tp);
    return SHX_UNSUPPORTED;
  }

  int device = 0, major = 0, minor = 0;
  cudaError_t error = cudaGetDevice(&device);
  if (error == cudaSuccess)
    error = cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device);
  if (error == cudaSuccess)
    error = cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device);
  if (error != cudaSuccess) {
    cudaGetLastError();
    format_message(message, "shx_fused_plan_make: %s", cudaGetErrorString(error));
    return SHX_CUDA_ERROR;
  }
  if (major != 9 || minor != 0) {
    format_message(message,
                   "shx_fused_plan_make: device %d is sm_%d%d; the fused kernel is built for "
                   "sm_90a only",
                   device, major, minor);
    return SHX_UNSUPPORTED;
  }

  int device_sms = 0;
  if (cudaDeviceGetAttribute(&device_sms, cudaDevAttrMultiProcessorCount, device) !=
      cudaSuccess) {
    cudaGetLastError();
    device_sms = 0;
  }
  const int context_sms = current_context_sms();
  const bool on_partition = context_sms > 0 && context_sms < device_sms;
  const long long hbm_gbps = hbm_peak_gbps(device);

  shx_fused_plan candidate;
  memset(&candidate, 0, sizeof(candidate));
  candidate.hidden = hidden;
  candidate.inter = inter;
  candidate.tp = tp;
  candidate.n = n;
  candidate.down_granules = hidden / kHalfRows;
  candidate.trigger_after_exchange = shx_fused_triggers_after_exchange(hidden, inter, n);
  candidate.out_at_wait = shx_fused_out_at_wait_on(hbm_gbps);

  const int tiles = inter / kHalfRows;
  const int k_blocks = hidden / kBlockK;
  const int down_tiles = hidden / kTileRows;
  static const int kClusterCandidates[] = {16, 8, 4, 2}; /* largest gate/up grid first */
  int best_cluster = 0, best_resident = -1, best_needed = 0;
  for (int cluster : kClusterCandidates) {
    const int gate_up_ctas = tiles * cluster;
    if (gate_up_ctas > kMaxGrid || k_blocks < cluster) continue;
    if (cluster > kMaxPortableCluster && !cluster16_fits(gate_up_ctas, hidden)) continue;
    /* Whole clusters of down-only CTAs until every 64-row down tile has its own CTA (or
     * the SMs run out): then no CTA streams a second down tile after the barrier. */
    const int widest = shx_fused_widest_grid(gate_up_ctas, cluster, down_tiles, kMaxGrid);
    const int blocks_per_cta = (k_blocks + cluster - 1) / cluster;
    candidate.cluster = cluster;
    candidate.gate_up_ctas = gate_up_ctas;
    candidate.ctas_per_sm = fused_ctas_per_sm(n, blocks_per_cta);
    candidate.stages = ring_stages(n, candidate.ctas_per_sm);
    candidate.smem_bytes = smem_bytes_of(n, candidate.ctas_per_sm, kFused);
    /* TWO GRIDS (kTwoGridsSlowerMaxN): on a partition, where the widest grid does not fit
     * twice, the widest grid of this cluster size that does is taken instead (the same
     * count proves it fits), so that the next step's grid is resident beside this one
     * under PDL; not where that measured slower. */
    const bool tries_two_grids =
        on_partition &&
        !(n <= kTwoGridsSlowerMaxN && blocks_per_cta > kRefillPrefetchMaxGateUpBlocks);
    /* grids[0], TWO GRIDS, is known once the widest grid has been counted. */
    int grids[3] = {0, widest, gate_up_ctas};
    for (int g : {1, 0, 2}) {
      const int grid = grids[g];
      if (grid == 0) continue;
      candidate.grid = grid;
      int resident = 0;
      error = with_kernel(n, candidate.ctas_per_sm, cluster, [&](auto kN, auto kS, auto k16) {
        return co_resident_clusters<decltype(kN)::value, decltype(kS)::value,
                                    decltype(k16)::value>(candidate, nullptr, &resident);
      });
      const int twice = resident / 2 * cluster; /* whole clusters that fit twice */
      if (error == cudaSuccess && g == 1 && tries_two_grids && twice >= gate_up_ctas &&
          twice < widest) {
        grids[0] = twice;
        continue;
      }
      if (error != cudaSuccess && cluster > kMaxPortableCluster) {
        /* A device that refuses the non-portable size (or its occupancy query): the
         * portable sizes come next. */
        cudaGetLastError();
        error = cudaSuccess;
        break;
      }
      if (error != cudaSuccess) {
        cudaGetLastError();
        format_message(message, "shx_fused_plan_make: occupancy query (cluster %d): %s",
                       cluster, cudaGetErrorString(error));
        return SHX_CUDA_ERROR;
      }
      if (resident >= grid / cluster) {
        shx_fused_balance_k_split(&candidate);
        /* EARLY PAST THE RING: on the TWO GRIDS grid alone, where the next grid is
         * resident beside this one (on a partition that holds the gate/up CTAs only
         * once, the next grid could not start before this one ends anyway). */
        candidate.early_trigger_overrun =
            g == 0 ? shx_fused_early_trigger_overrun(&candidate) : 0;
        if (takes_late_registers(candidate)) /* the fused launch's instance: kFusedLate */
          candidate.smem_bytes = smem_bytes_of(n, candidate.ctas_per_sm, kFusedLate);
        *plan = candidate;
        return SHX_SUCCESS;
      }
      /* The first candidate counted is kept even with no cluster resident, so that the
       * message names the co-residency, not the grid's size (a review in stop 87: a
       * partition too small for one cluster read as no grid of at most 132 CTAs). */
      if (best_cluster == 0 || resident * cluster > best_resident * best_cluster) {
        best_cluster = cluster;
        best_resident = resident;
        best_needed = grid / cluster;
      }
    }
  }
  if (best_cluster == 0) {
    format_message(message,
                   "shx_fused_plan_make: tp=%d I=%d n=%d: no cluster of 2, 4, 8 or 16 gives a "
                   "grid of at most %d CTAs over %d gate/up tiles with at least one of the "
                   "%d K blocks (H=%d) a CTA",
                   tp, inter, n, kMaxGrid, tiles, k_blocks, hidden);
  } else {
    format_message(message,
                   "shx_fused_plan_make: tp=%d I=%d n=%d: not co-resident; best candidate "
                   "cluster %d has %d of %d clusters co-resident",
                   tp, inter, n, best_cluster, best_resident, best_needed);
  }
  return SHX_UNSUPPORTED;
}

namespace {

/* GREEN CONTEXTS. A stream of a green context runs its kernels on that context's SMs
 * only, so a plan proved co-resident on the whole device may not fit there. Measured
 * (perf/RESULTS.md run 62 call 3): a cooperative launch that does not fit fails
 * eagerly (cudaErrorCooperativeLaunchTooLarge), but captured into a graph it is recorded
 * without a check and the graph's launch never completes. So a launch on such a stream
 * asks the occupancy query for the stream's SMs first (cuStreamGetCtx_v2, found as
 * "cuStreamGetCtx" through the runtime's driver entry point: no libcuda link;
 * shx_fused_stream_room) and is refused where the fused grid is not co-resident there,
 * or, for the gate kernel (which waits on no other cluster), where not one cluster fits
 * (clusters of 16 on a partition whose SMs hold no whole one; not run; the query is the
 * fused instance's, whose CTAs have no fewer threads and the same shared memory).
 * Streams of ordinary contexts skip the query: the plan proved them. cuStreamGetCtx_v2,
 * unlike cuStreamGetGreenCtx, takes every special handle (NULL, cudaStreamLegacy and
 * cudaStreamPerThread: the green context current on the thread); where it fails on a
 * stream, the query runs anyway (fail closed). Where the driver has no such entry point (no
 * driver at all, or one older than CUDA 12.5, which cannot run this CUDA 13 runtime anyway)
 * no stream is taken for a green context's. Its name matters: run 68 call 1 looked it up as
 * "cuStreamGetCtx_v2", found nothing, and plans for the whole GPU were launched on
 * partitions of 32 to 104 SMs (refused eagerly, hung in graphs); green_gpu_test asserts
 * every green stream's SMs through the same lookup (graphs/green.c). */

bool on_green_context(void *stream) {
  static const ShxStreamGetCtx2 get =
      reinterpret_cast<ShxStreamGetCtx2>(shx_driver_function("cuStreamGetCtx"));
  if (get == nullptr) return false; /* no driver, or one older than CUDA 12.5 */
  CUcontext context = nullptr;
  CUgreenCtx green = nullptr;
  return get(static_cast<CUstream>(stream), &context, &green) != CUDA_SUCCESS ||
         green != nullptr;
}

/* The shape the occupancy query needs (a kernel instance, a cluster size it takes, a
 * grid of whole clusters), as shx_fused_plan_make makes plans, and no more gate/up CTAs
 * than the plan holds K counts for (shx_fused_instance_name reads them); the launch
 * checks more. */
shx_status check_plan_shape(const shx_fused_plan *plan, char *message) {
  if (plan == nullptr) {
    format_message(message, "shx_fused_stream_room: plan is NULL");
    return SHX_INVALID_ARGUMENT;
  }
  if (!fused_instance(plan->n, plan->ctas_per_sm) || plan->cluster < 2 ||
      plan->cluster > kMaxCluster || (plan->cluster & (plan->cluster - 1)) != 0 ||
      plan->grid < plan->cluster || plan->grid > kMaxGrid || plan->grid % plan->cluster != 0 ||
      plan->gate_up_ctas < 0 || plan->gate_up_ctas > kMaxGrid) {
    format_message(message, "shx_fused_stream_room: plan (n=%d cluster=%d grid=%d, %d CTAs "
                            "per SM) was not made by shx_fused_plan_make",
                   plan->n, plan->cluster, plan->grid, plan->ctas_per_sm);
    return SHX_INVALID_ARGUMENT;
  }
  return SHX_SUCCESS;
}

/* How many clusters of `plan`'s fused grid can be resident at once on the SMs that
 * `stream` runs on: shx_fused_plan_make's occupancy query in the stream's context, so
 * that a stream of a green context counts its own SMs only (a plan of checked shape). */
cudaError_t resident_clusters(const shx_fused_plan &plan, void *stream, int *clusters) {
  return with_kernel(plan.n, plan.ctas_per_sm, plan.cluster, [&](auto kN, auto kS, auto k16) {
    return co_resident_clusters<decltype(kN)::value, decltype(kS)::value, decltype(k16)::value>(
        plan, static_cast<cudaStream_t>(stream), clusters);
  });
}

}  // namespace

extern "C" shx_status shx_fused_stream_room(const shx_fused_plan *plan, void *stream,
                                            int *room, char *message) {
  const shx_status shape = check_plan_shape(plan, message);
  if (shape != SHX_SUCCESS) return shape;
  if (room == nullptr) {
    format_message(message, "shx_fused_stream_room: room is NULL");
    return SHX_INVALID_ARGUMENT;
  }
  *room = SHX_ROOM_FUSED;
  if (!on_green_context(stream)) return SHX_SUCCESS;
  int resident = 0;
  const cudaError_t error = resident_clusters(*plan, stream, &resident);
  if (error != cudaSuccess) {
    cudaGetLastError();
    *room = SHX_ROOM_NONE;
    if (plan->cluster > kMaxPortableCluster) {
      /* A context that refuses the non-portable size, as shx_fused_plan_make reads it:
       * not one cluster fits. */
      format_message(message, "the stream's green context takes no cluster of %d CTAs",
                     plan->cluster);
      return SHX_SUCCESS;
    }
    format_message(message, "shx_fused_stream_room: occupancy query: %s",
                   cudaGetErrorString(error));
    return SHX_CUDA_ERROR;
  }
  const int needed = plan->grid / plan->cluster;
  *room = resident >= needed ? SHX_ROOM_FUSED : resident >= 1 ? SHX_ROOM_GATE : SHX_ROOM_NONE;
  if (*room != SHX_ROOM_FUSED)
    format_message(message,
                   "the fused grid (%d clusters of %d CTAs, %d an SM) does not fit the SMs of "
                   "the stream's green context (%d such clusters fit)",
                   needed, plan->cluster, plan->ctas_per_sm, resident);
  return SHX_SUCCESS;
}

namespace {

/* SYNC DOMAINS: the physical memory synchronization domain of a fused launch of `parity`
 * on the current device, apart from the default one (0) of the engine's other kernels
 * and from the one (1) that "remote" maps to by default, where NCCL launches its
 * kernels: with 4 domains (Hopper) parity 1 in 2 and parity 0 in 3; with 3, parity 1 in
 * 2 and parity 0 in the stream's; with 2, parity 1 in 1. 0: no domain attribute (the
 * stream's), also where the query fails. */
int step_sync_domain(int parity) {
  int device = 0, domains = 1;
  if (cudaGetDevice(&device) != cudaSuccess ||
      cudaDeviceGetAttribute(&domains, cudaDevAttrMemSyncDomainCount, device) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  if (parity == 1) return domains >= 3 ? 2 : domains - 1;
  return domains >= 4 ? 3 : 0;
}

/* Whether the fused launch takes the kFusedX instance (CONSUMER X): N = 16 and a gate/up
 * CTA of more than 16 K blocks (TP8 at the design dims). */
bool takes_consumer_x(const shx_fused_plan &plan) {
  return plan.n == 16 && plan.cluster <= kMaxPortableCluster &&
         shx_fused_most_gate_up_blocks(&plan) > kRefillPrefetchMaxGateUpBlocks;
}

/* The instance a fused launch of `plan` runs (a plan shx_fused_plan_make made): kFusedX
 * where takes_consumer_x (kFusedXOut where the plan's out_at_wait is set too), kFusedLate
 * where takes_late_registers, else kFused. */
Mode fused_launch_mode(const shx_fused_plan &plan) {
  if (takes_consumer_x(plan)) return plan.out_at_wait ? kFusedXOut : kFusedX;
  if (takes_late_registers(plan)) return kFusedLate;
  return kFused;
}

/* A device pointer argument of a launch: present, and aligned to `alignment` bytes. */
struct ArgPointer {
  const char *name;
  const void *pointer;
  uintptr_t alignment;
};

/* The largest watchdog bound a launch takes: the mbarrier waits' doubled bound fits 64
 * bits. */
constexpr unsigned long long kMaxWatchdogNs = ~0ull / 2;

/* The argument checks both launchers share (`who` names the launcher in the message): the
 * `pointers`, every peer's mailbox (16-byte aligned) where `needs_peers`, batch in [1, n],
 * capacity, parity and rank in [0, tp). */
shx_status check_launch_args(const char *who, const shx_fused_args &args,
                             const ArgPointer *pointers, int pointer_count, bool needs_peers,
                             int n, int tp, char *message) {
  for (int i = 0; i < pointer_count; ++i) {
    const ArgPointer &p = pointers[i];
    if (p.pointer == nullptr || !aligned(p.pointer, p.alignment)) {
      format_message(message, "%s: %s=%p is %s", who, p.name, p.pointer,
                     p.pointer == nullptr ? "NULL" : "misaligned");
      return SHX_INVALID_ARGUMENT;
    }
  }
  for (int peer = 0; needs_peers && peer < tp; ++peer) {
    if (args.peers[peer] == nullptr || !aligned(args.peers[peer], 16)) {
      format_message(message, "%s: peers[%d]=%p is %s (16-byte aligned needed)", who, peer,
                     args.peers[peer], args.peers[peer] == nullptr ? "NULL" : "misaligned");
      return SHX_INVALID_ARGUMENT;
    }
  }
  if (args.batch < 1 || args.batch > n) {
    format_message(message, "%s: batch=%d is outside [1, n=%d]", who, args.batch, n);
    return SHX_INVALID_ARGUMENT;
  }
  if (args.capacity < args.batch) {
    format_message(message, "%s: capacity=%d is below batch=%d", who, args.capacity,
                   args.batch);
    return SHX_INVALID_ARGUMENT;
  }
  if (args.parity != 0 && args.parity != 1) {
    format_message(message, "%s: parity=%d is not 0 or 1", who, args.parity);
    return SHX_INVALID_ARGUMENT;
  }
  if (args.rank < 0 || args.rank >= tp) {
    format_message(message, "%s: rank=%d is outside [0, tp=%d)", who, args.rank, tp);
    return SHX_INVALID_ARGUMENT;
  }
  /* The mbarrier waits give up after twice the bound (Watchdog): a larger one would wrap
   * to a few ns, every wait would time out at once (a review in stop 87; the engine's
   * watchdog_ms, a uint32_t, stays under 2^52 ns). */
  if (args.watchdog_ns > kMaxWatchdogNs) {
    format_message(message, "%s: watchdog_ns=%llu is over %llu (0 waits forever)", who,
                   args.watchdog_ns, kMaxWatchdogNs);
    return SHX_INVALID_ARGUMENT;
  }
  return SHX_SUCCESS;
}

/* Validates, encodes the tensor maps and launches the fused kernel or its gate mode. */
shx_status launch_family(const shx_fused_plan *plan, const shx_fused_args *args, void *stream,
                         int pdl, Mode mode, char *message) {
  /* Every message names the public function that was called. */
  const char *caller = mode == kGate ? "shx_gate_launch" : "shx_fused_launch";
  if (plan == nullptr || args == nullptr) {
    format_message(message, "%s: %s is NULL", caller, plan == nullptr ? "plan" : "args");
    return SHX_INVALID_ARGUMENT;
  }
  if (!is_padded_batch(plan->n) || !valid_tp(plan->tp) || plan->hidden <= 0 ||
      plan->hidden > SHX_FUSED_MAX_HIDDEN ||
      plan->hidden % (kBlockK * plan->tp) != 0 || plan->inter <= 0 ||
      plan->inter % kBlockK != 0 || plan->down_granules != plan->hidden / kHalfRows ||
      plan->cluster < 2 || plan->cluster > kMaxCluster ||
      (plan->cluster & (plan->cluster - 1)) != 0 || /* the kernel's width_shift */
      plan->gate_up_ctas != (plan->inter / kHalfRows) * plan->cluster ||
      plan->grid < plan->gate_up_ctas || plan->grid % plan->cluster != 0 ||
      plan->grid > kMaxGrid || !fused_instance(plan->n, plan->ctas_per_sm) ||
      /* Every CTA of a cluster takes at least one K block (plan_make's rule), and the
       * footprint the occupancy proof counted is the one its block count gives. */
      plan->hidden / kBlockK < plan->cluster ||
      plan->ctas_per_sm != fused_ctas_per_sm(plan->n, (plan->hidden / kBlockK +
                                                       plan->cluster - 1) / plan->cluster) ||
      (plan->cluster > kMaxPortableCluster &&
       !cluster16_fits(plan->gate_up_ctas, plan->hidden)) ||
      plan->stages != ring_stages(plan->n, plan->ctas_per_sm) ||
      plan->trigger_after_exchange !=
          shx_fused_triggers_after_exchange(plan->hidden, plan->inter, plan->n) ||
      /* either value is a correct kernel (the same bits), so either may be set by hand */
      (plan->out_at_wait != 0 && plan->out_at_wait != 1)) {
    format_message(message,
                   "%s: plan (H=%d I=%d tp=%d n=%d cluster=%d grid=%d "
                   "stages=%d, %d CTAs per SM, trigger_after_exchange=%d, out_at_wait=%d) was "
                   "not made by shx_fused_plan_make",
                   caller, plan->hidden, plan->inter, plan->tp, plan->n, plan->cluster, plan->grid,
                   plan->stages, plan->ctas_per_sm, plan->trigger_after_exchange,
                   plan->out_at_wait);
    return SHX_INVALID_ARGUMENT;
  }
  { /* The work split must be the plan's own: a hand-made one could make the kernel
     * store h past its rows or leave a cluster's barrier phase short of arrivals. */
    shx_fused_plan rebuilt = *plan;
    shx_fused_balance_k_split(&rebuilt);
    const int widest = shx_fused_widest_grid(plan->gate_up_ctas, plan->cluster,
                                             plan->hidden / kTileRows, kMaxGrid);
    if (memcmp(rebuilt.k_begin, plan->k_begin, sizeof(plan->k_begin)) != 0 ||
        memcmp(rebuilt.k_count, plan->k_count, sizeof(plan->k_count)) != 0 ||
        plan->grid > widest ||
        /* The launch cannot tell a TWO GRIDS grid from a gate/up-only grid held once
         * (the same CTAs on 96 SMs and on 48); the field set on the latter by hand
         * only lets the next grid be scheduled earlier, which cannot hang this one
         * (triggers_early). */
        (plan->early_trigger_overrun != 0 &&
         (plan->grid == widest ||
          plan->early_trigger_overrun != shx_fused_early_trigger_overrun(plan)))) {
      format_message(message, "%s: plan's work split (grid %d, early trigger overrun %d) "
                              "was not made by shx_fused_plan_make",
                     caller, plan->grid, plan->early_trigger_overrun);
      return SHX_INVALID_ARGUMENT;
    }
  }
  const ArgPointer pointers[] = {{"x", args->x, 16},           {"gate_up", args->gate_up, 16},
                                 {"down", args->down, 16},     {"h", args->h, 16},
                                 {"counters", args->counters, 4},
                                 {"error_flag", args->error_flag, 4}};
  /* The gate kernel pushes nothing: the split variant's peers are SharedDown's. */
  const shx_status checked =
      check_launch_args(caller, *args, pointers,
                        static_cast<int>(sizeof pointers / sizeof pointers[0]), mode != kGate,
                        plan->n, plan->tp, message);
  if (checked != SHX_SUCCESS) return checked;
  if (args->activation != SHX_ACT_SITU && args->activation != SHX_ACT_SWIGLU) {
    format_message(message, "%s: activation=%d is unknown", caller,
                   static_cast<int>(args->activation));
    return SHX_INVALID_ARGUMENT;
  }
  /* The config's range (include/shared_expert.h): __fdividef gives 0 for divisors over
   * 2^126, and 0 / cap is NaN under 2^-128. */
  const auto cap_ok = [](float cap) {
    return cap >= SHX_MIN_SITU_CAP && cap <= SHX_MAX_SITU_CAP;
  };
  if (args->activation == SHX_ACT_SITU && !(cap_ok(args->beta) && cap_ok(args->lambda))) {
    format_message(message, "%s: SiTU caps beta=%g lambda=%g must lie in [2^-64, 2^64]",
                   caller, static_cast<double>(args->beta), static_cast<double>(args->lambda));
    return SHX_INVALID_ARGUMENT;
  }

  const EncodeTiled encode = encode_tiled();
  if (encode == nullptr) {
    cudaGetLastError();
    format_message(message, "%s: cuTensorMapEncodeTiled is not available", caller);
    return SHX_CUDA_ERROR;
  }
  const uint64_t hidden = static_cast<uint64_t>(plan->hidden);
  const uint64_t inter = static_cast<uint64_t>(plan->inter);
  const uint64_t batch = static_cast<uint64_t>(args->batch);
  const uint32_t n = static_cast<uint32_t>(plan->n);
  CUtensorMap gate_up_map, down_map, x_map, h_map;
  struct Map {
    const char *name;
    CUtensorMap *map;
    const void *base;
    uint64_t columns, rows;
    uint32_t box_rows;
  };
  const Map maps[] = {{"gate_up", &gate_up_map, args->gate_up, hidden, 2 * inter, kHalfRows},
                      {"down", &down_map, args->down, inter, hidden, kHalfRows},
                      {"x", &x_map, args->x, hidden, batch, n},
                      {"h", &h_map, args->h, inter, batch, n}};
  for (const Map &m : maps) {
    const CUresult result = encode_map(encode, m.map, m.base, m.columns, m.rows, m.box_rows);
    if (result != CUDA_SUCCESS) {
      format_message(message, "%s: tensor map of %s failed (CUresult %d)", caller, m.name,
                     static_cast<int>(result));
      return SHX_CUDA_ERROR;
    }
  }

  { /* GREEN CONTEXTS: the fused grid barrier needs the whole grid co-resident; the gate
     * kernel, one cluster at a time */
    int room = SHX_ROOM_NONE;
    char why[SHX_MESSAGE_BYTES] = "";
    const shx_status checked = shx_fused_stream_room(plan, stream, &room, why);
    if (checked != SHX_SUCCESS) {
      format_message(message, "%s: %s", caller, why);
      return checked;
    }
    if (room < (mode == kGate ? SHX_ROOM_GATE : SHX_ROOM_FUSED)) {
      format_message(message,
                     "%s: %s: record %s there, or create the op with that green context "
                     "current so that it plans for its SMs",
                     caller, why,
                     mode == kGate ? "the baseline variant" : "the split or baseline variant");
      return SHX_UNSUPPORTED;
    }
  }

  const cudaError_t error = with_kernel(plan->n, plan->ctas_per_sm, plan->cluster,
                                        [&](auto kN, auto kS, auto k16) {
    constexpr int N = decltype(kN)::value, S = decltype(kS)::value;
    constexpr bool kCluster16 = decltype(k16)::value;
    auto kernel = mode == kGate ? shared_expert_fused<N, kGate, S, kCluster16>
                                : shared_expert_fused<N, kFused, S, kCluster16>;
    int threads = mode == kGate ? RefillIssuer<N, kGate, kCluster16>::kBlockThreads
                                : RefillIssuer<N, kFused, kCluster16>::kBlockThreads;
    const Mode launched = mode == kGate ? kGate : fused_launch_mode(*plan);
    int smem_bytes = instance_smem_bytes<N, S, kFused>(); /* kGate's too */
    if constexpr (N == 16 && !kCluster16) {
      if (launched == kFusedX) {
        kernel = shared_expert_fused<N, kFusedX, S, kCluster16>;
        threads = RefillIssuer<N, kFusedX, kCluster16>::kBlockThreads;
        smem_bytes = instance_smem_bytes<N, S, kFusedX>();
      }
      if (launched == kFusedXOut) {
        kernel = shared_expert_fused<N, kFusedXOut, S, kCluster16>;
        threads = RefillIssuer<N, kFusedXOut, kCluster16>::kBlockThreads;
        smem_bytes = instance_smem_bytes<N, S, kFusedXOut>();
      }
    }
    if constexpr (has_fused_late<N, S, kCluster16>()) {
      if (launched == kFusedLate) {
        kernel = shared_expert_fused<N, kFusedLate, S, kCluster16>;
        threads = RefillIssuer<N, kFusedLate, kCluster16>::kBlockThreads;
        smem_bytes = instance_smem_bytes<N, S, kFusedLate>();
      }
    }
    cudaLaunchAttribute attributes[5];
    const int grid = mode == kGate ? plan->gate_up_ctas : plan->grid;
    cudaLaunchConfig_t config = launch_config<N, S>(
        *plan, grid, static_cast<cudaStream_t>(stream), attributes, pdl, threads);
    config.dynamicSmemBytes = smem_bytes;
    if (mode != kGate) { /* COOPERATIVE LAUNCH: the grid barrier's CTAs placed together */
      attributes[config.numAttrs].id = cudaLaunchAttributeCooperative;
      attributes[config.numAttrs].val.cooperative = 1;
      config.numAttrs += 1;
    }
    const int domain = mode == kGate ? 0 : step_sync_domain(args->parity);
    if (domain > 0) { /* SYNC DOMAINS */
      attributes[config.numAttrs].id = cudaLaunchAttributeMemSyncDomain;
      attributes[config.numAttrs].val.memSyncDomain = cudaLaunchMemSyncDomainRemote;
      attributes[config.numAttrs + 1].id = cudaLaunchAttributeMemSyncDomainMap;
      attributes[config.numAttrs + 1].val.memSyncDomainMap.default_ = 0;
      attributes[config.numAttrs + 1].val.memSyncDomainMap.remote =
          static_cast<unsigned char>(domain);
      config.numAttrs += 2;
    }
    return cudaLaunchKernelEx(&config, kernel, gate_up_map, down_map, x_map, h_map, *plan,
                              *args);
  });
  if (error != cudaSuccess) {
    cudaGetLastError();
    format_message(message, "%s: %s", caller, cudaGetErrorString(error));
    return SHX_CUDA_ERROR;
  }
  return SHX_SUCCESS;
}

}  // namespace

extern "C" const char *shx_fused_instance_name(const shx_fused_plan *plan) {
  /* takes_consumer_x reads the K counts of the plan's gate/up CTAs: only for a plan of a
   * checked shape, whose gate_up_ctas the counts hold (a review in stop 87). */
  char message[SHX_MESSAGE_BYTES];
  if (check_plan_shape(plan, message) != SHX_SUCCESS) return "none"; /* NULL too */
  if (plan->out_at_wait != 0 && plan->out_at_wait != 1) return "none"; /* as the launch */
  switch (fused_launch_mode(*plan)) {
    case kFusedX: return "kFusedX";
    case kFusedXOut: return "kFusedXOut";
    case kFusedLate: return "kFusedLate";
    default: return "kFused";
  }
}

extern "C" shx_status shx_fused_launch(const shx_fused_plan *plan, const shx_fused_args *args,
                                       void *stream, int pdl, char *message) {
  return launch_family(plan, args, stream, pdl, kFused, message);
}

extern "C" shx_status shx_gate_launch(const shx_fused_plan *plan, const shx_fused_args *args,
                                      void *stream, int pdl, char *message) {
  return launch_family(plan, args, stream, pdl, kGate, message);
}

extern "C" shx_status shx_fused_bucket_plan_make(int hidden, int inter, int tp, int bucket,
                                                 shx_fused_plan *plan, char *message) {
  if (bucket < 0 || bucket >= SHX_FUSED_BUCKETS) {
    format_message(message, "shx_fused_bucket_plan_make: bucket=%d is outside [0, %d)",
                   bucket, SHX_FUSED_BUCKETS);
    return SHX_INVALID_ARGUMENT;
  }
  const shx_status status =
      shx_fused_plan_make(hidden, inter, tp, shx_fused_bucket_n(bucket), plan, message);
  if (bucket != 0 || plan == nullptr) return status;
  /* The first bucket: the second bucket's plan (n = 16) too, and the rule between them. */
  shx_fused_plan wider;
  char wider_message[SHX_MESSAGE_BYTES];
  if (shx_fused_plan_make(hidden, inter, tp, shx_fused_bucket_n(1), &wider, wider_message) !=
      SHX_SUCCESS)
    return status;
  if (status == SHX_SUCCESS && !shx_fused_small_batches_take_n16(plan, &wider))
    return status;
  *plan = wider;
  if (message != nullptr) message[0] = '\0'; /* no stale n = 8 failure beside success */
  return SHX_SUCCESS;
}

extern "C" shx_status shx_down_plan_make(int hidden, int inter, int tp, int n, int sms,
                                         shx_down_plan *plan, char *message) {
  if (plan == nullptr) {
    format_message(message, "shx_down_plan_make: plan is NULL");
    return SHX_INVALID_ARGUMENT;
  }
  if (hidden <= 0 || hidden % kTileRows != 0 || inter <= 0 || inter % kBlockK != 0 ||
      !valid_tp(tp) || (hidden / tp) % kTileRows != 0 || !is_padded_batch(n)) {
    format_message(message, "shx_down_plan_make: H=%d I=%d tp=%d n=%d unsupported", hidden,
                   inter, tp, n);
    return SHX_UNSUPPORTED;
  }
  int device = 0, sm_count = 0;
  cudaError_t error = cudaGetDevice(&device);
  if (error == cudaSuccess)
    error = cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device);
  if (error != cudaSuccess) {
    cudaGetLastError();
    format_message(message, "shx_down_plan_make: %s", cudaGetErrorString(error));
    return SHX_CUDA_ERROR;
  }
  /* shx_down_launch's grid is at most kMaxGrid CTAs (one an SM): on a device of more
   * SMs than that (none of sm_90 has), the plan keeps to it too. */
  const int most_sms = sm_count < kMaxGrid ? sm_count : kMaxGrid;
  if (sms < 1 || sms > most_sms) {
    format_message(message, "shx_down_plan_make: sms=%d is outside [1, %d SMs]", sms,
                   most_sms);
    return SHX_INVALID_ARGUMENT;
  }
  int resident = 0, stages = 0, smem_bytes = 0;
  error = with_down(n, inter, [&](auto kN, auto kF) {
    constexpr int N = decltype(kN)::value, F = decltype(kF)::value;
    stages = DownGeometry<N, F>::kNumStages; /* SharedDown's ring */
    smem_bytes = DownGeometry<N, F>::kSmemBytes;
    cudaError_t status = cudaFuncSetAttribute(
        shared_down<N, F>, cudaFuncAttributeMaxDynamicSharedMemorySize,
        DownGeometry<N, F>::kSmemBytes);
    if (status != cudaSuccess) return status;
    return cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &resident, shared_down<N, F>, kThreads, DownGeometry<N, F>::kSmemBytes);
  });
  if (error != cudaSuccess || resident < 1) {
    cudaGetLastError();
    format_message(message, "shx_down_plan_make: SharedDown (n=%d) cannot be resident: %s",
                   n, error != cudaSuccess ? cudaGetErrorString(error) : "no block fits");
    return error != cudaSuccess ? SHX_CUDA_ERROR : SHX_UNSUPPORTED;
  }
  plan->hidden = hidden;
  plan->inter = inter;
  plan->tp = tp;
  plan->n = n;
  plan->sms = sms;
  plan->stages = stages;
  plan->smem_bytes = smem_bytes;
  return SHX_SUCCESS;
}

extern "C" shx_status shx_down_launch(const shx_down_plan *plan, const shx_fused_args *args,
                                      void *stream, char *message) {
  if (plan == nullptr || args == nullptr) {
    format_message(message, "shx_down_launch: %s is NULL", plan == nullptr ? "plan" : "args");
    return SHX_INVALID_ARGUMENT;
  }
  if (!is_padded_batch(plan->n) || !valid_tp(plan->tp) || plan->sms < 1 ||
      plan->sms > kMaxGrid || plan->hidden <= 0 || plan->inter <= 0 ||
      plan->hidden % kTileRows != 0 || plan->inter % kBlockK != 0 ||
      (plan->hidden / plan->tp) % kTileRows != 0) {
    format_message(message, "shx_down_launch: plan (H=%d I=%d tp=%d n=%d sms=%d) was not made "
                            "by shx_down_plan_make",
                   plan->hidden, plan->inter, plan->tp, plan->n, plan->sms);
    return SHX_INVALID_ARGUMENT;
  }
  const ArgPointer pointers[] = {{"down", args->down, 16}, {"h", args->h, 16},
                                 {"error_flag", args->error_flag, 4}};
  const shx_status checked =
      check_launch_args("shx_down_launch", *args, pointers,
                        static_cast<int>(sizeof pointers / sizeof pointers[0]), true, plan->n,
                        plan->tp, message);
  if (checked != SHX_SUCCESS) return checked;
  const EncodeTiled encode = encode_tiled();
  if (encode == nullptr) {
    cudaGetLastError();
    format_message(message, "shx_down_launch: cuTensorMapEncodeTiled is not available");
    return SHX_CUDA_ERROR;
  }
  CUtensorMap down_map, h_map;
  const CUresult down_encoded =
      encode_map(encode, &down_map, args->down, plan->inter, plan->hidden, kTileRows);
  const CUresult h_encoded = down_encoded != CUDA_SUCCESS
                                 ? down_encoded
                                 : encode_map(encode, &h_map, args->h, plan->inter,
                                              args->batch, plan->n);
  if (h_encoded != CUDA_SUCCESS) {
    format_message(message, "shx_down_launch: tensor map of %s failed (CUresult %d)",
                   down_encoded != CUDA_SUCCESS ? "down" : "h",
                   static_cast<int>(h_encoded));
    return SHX_CUDA_ERROR;
  }
  const cudaError_t error = with_down(plan->n, plan->inter, [&](auto kN, auto kF) {
    /* shared memory limit set by the plan */
    constexpr int N = decltype(kN)::value, F = decltype(kF)::value;
    (void)cudaGetLastError(); /* a stale error would be taken for this launch's */
    shared_down<N, F><<<plan->sms, kThreads, DownGeometry<N, F>::kSmemBytes,
                        static_cast<cudaStream_t>(stream)>>>(down_map, h_map, *plan, *args);
    return cudaGetLastError();
  });
  if (error != cudaSuccess) {
    cudaGetLastError();
    format_message(message, "shx_down_launch: %s", cudaGetErrorString(error));
    return SHX_CUDA_ERROR;
  }
  return SHX_SUCCESS;
}
