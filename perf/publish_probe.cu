/* publish_probe.cu: how long h takes from its owners to every down CTA's shared memory.
 *
 * In the fused kernel at TP16 B=9 this is three phases of the step (perf/RESULTS.md run
 * 54 call 8's limits): the h release (0.51 us), the grid barrier (0.53) and h landed
 * (0.39), about 1.4 us of a 6.55 us step, with HBM idle but for the next step's first
 * ring. Run 42 replaced the release and the barrier by a tagged h (every h element a
 * 32-bit word, BF16 | launch tag << 16, written relaxed; readers check the tags) and
 * lost 1.1-5.6 us, because its readers took the words through the LSU (24 loads of 16
 * bytes a thread: 1400-2000 cycles) where TMA lands h in 0.26-0.63 us. Its list left
 * one form untried: the tagged words read by bulk copies into shared memory and checked
 * there, copied again while any is stale. This probe times both publications alone:
 *
 *   RELEASED (the kernel's): each owner stores its h columns (BF16) to global memory,
 *     fences for the async proxy, and its thread 0 counts in with red.release.gpu after a
 *     named barrier; every CTA's thread 0 polls the count with ld.acquire.gpu until all
 *     owners are in, fences, and loads h with 2-D TMA copies ([16 x 64] tiles, 128-byte
 *     swizzle, rows past the batch zero-filled) onto one mbarrier, as the kernel's
 *     producer loads a down job's h.
 *   TAGGED: each owner stores its columns as tagged words (st.relaxed.gpu and a proxy
 *     fence; no release, no count). Every CTA's thread 0 copies the batch's words,
 *     B x inter x 4 bytes, with one cp.async.bulk a poll; in one pass the consumers
 *     check every tag and write the BF16 values into the same swizzled [16 x 64] tiles
 *     (16-byte loads, 8-byte stores); thread 0 copies again until every tag is this
 *     launch's, and the tiles are then fenced for the async proxy (wgmma reads them).
 *     The first copy goes out `first_poll_ns` after the start (0: at once, when it
 *     cannot yet see the owners' words). Thread 0 stamps when its last copy was issued
 *     and when it landed. (Run 55 calls 1-2 measured a slower form of this: a second
 *     pass of 4-byte loads and stores with a runtime division a pair, after the check,
 *     and only a first poll at once; a review pointed at both.) The form leans
 *     on the hardware: bulk copies are weak async-proxy reads of words other SMs store
 *     relaxed, with no acquire between; the probe checks what arrives (mismatches).
 *   TAGGED_ROWS: TAGGED with one bulk copy a row of h (inter x 4 bytes) a poll.
 *   COUNT_ONLY: RELEASED without its h loads (timing only: the tiles stay zero and are
 *     not checked): what the release and the grid barrier take alone.
 *   CLUSTER_RELEASED, CLUSTER_COUNT (launched in clusters of 8): the grid barrier counted
 *     once a cluster through two barrier.cluster rounds (run 55 call 3). After the named
 *     barrier a cluster barrier gathers the cluster (thread 0s arrive with release at
 *     cluster scope, the other threads relaxed); the leader's (rank 0's) thread 0 counts
 *     in with red.release.gpu, cumulative over what it acquired, and polls for the 14
 *     clusters; a second cluster barrier, which the leader's thread 0 arrives at with
 *     release once its poll is done, lets the cluster go.
 *   MBAR_RELEASED, MBAR_COUNT (clusters of 8): the same count-in once a cluster, the
 *     gathering and the letting go by mbarriers instead: every CTA's thread 0 arrives
 *     (release, cluster scope) on the leader's gather mbarrier; the leader's thread 0
 *     waits for the 8 (acquire), counts in and polls, then arrives (release) on each
 *     CTA's own go mbarrier, which that CTA's consumers wait for (acquire).
 *
 * Both end with the same tiles in every CTA's shared memory, checked against what the
 * owners wrote (each launch flips the values' last bit, so a stale tile is a mismatch).
 *
 * Geometry: 112 CTAs (the design's 112 down tiles), one per SM (about 169 KB of shared
 * memory each), 160 threads: a consumer warpgroup and a fifth warp whose lane 0 may issue
 * `loads` bulk copies of 8 KB from memory not in L2 as the timed part starts (traffic in
 * flight beside the publication, as the kernel's down loads and the next grid's ring
 * are). CTAs 0..95 own inter / 96 h columns each (4 at TP16's inter 384, 8 at TP8's 768).
 * All CTAs meet at an untimed spin barrier first; each stamps %globaltimer there and when
 * its tiles are ready. Owner o waits o * stagger / 96 ns before it writes.
 *
 * Not modelled: the kernel's other work around the publication (the reduction before it,
 * the down loop after it), the next grid's CTAs beside these, and the tagged form's
 * epoch bookkeeping (a launch tag kept on the device across graph replays, its wrap).
 */
#include <cuda.h>
#include <cuda_runtime.h>
#include <stdint.h>

#include <algorithm>

#include "ops/ptx/cluster.cuh"
#include "ops/ptx/mbarrier.cuh"
#include "ops/ptx/memory.cuh"
#include "ops/ptx/tensor_map.cuh"
#include "ops/ptx/tma.cuh"
#include "perf/hopper.h"
#include "perf/publish_probe.h"

namespace {

constexpr int kCtas = 112;
constexpr int kOwners = 96;
constexpr int kConsumerThreads = 128;
constexpr int kThreads = 160;
constexpr int kLoaderThread = 128;
constexpr int kTileRows = 16;                          /* the padded batch, N = 16 */
constexpr int kTileBytes = kTileRows * 128;            /* [16 x 64] BF16 */
constexpr int kMaxInter = 768;
constexpr int kMaxTiles = kMaxInter / 64;
constexpr int kMaxTaggedBytes = kTileRows * kMaxInter * 4; /* 48 KB */
constexpr int kMaxLoads = 12;
constexpr uint32_t kLoadBytes = 8192;
constexpr int kBarriers = 4; /* h_ready, loads_done, gather, go */
constexpr int kSmemBytes = 1024 + kMaxTiles * kTileBytes + kMaxTaggedBytes +
                           kMaxLoads * kLoadBytes + 8 * kBarriers;
/* The counters, each on a 128-byte line of its own: the start barrier's polls do not
 * share a line with the count-in. */
constexpr int kStartCounter = 0, kCountIn = 32, kCounterWords = 64;
constexpr uint64_t kGiveUpNs = 2000000; /* 2 ms: a wait that never ends reports, not hangs */

struct Params {
  const uint16_t *h_in;   /* [batch, inter]: the owners' values */
  uint16_t *h_plain;      /* RELEASED: h in global memory */
  uint32_t *h_tagged;     /* TAGGED: the words */
  uint32_t *counters;     /* [kStartCounter], [kCountIn] */
  const uint8_t *cold;
  size_t cold_offset;
  int form, batch, loads, stagger_ns, first_poll_ns;
  uint32_t launch; /* 0, 1, ...: the tag is launch + 1, the counts grow by launch */
  unsigned long long *stamps;     /* [kCtas][4]: start, end, last poll issued, landed */
  unsigned long long *statistics; /* [0] mismatches, [1] timeouts, [2] polls */
};

/* mbarrier.arrive with release at cluster scope on a barrier of this cluster, maybe
 * another CTA's (a shared::cluster address from mapa). */
__device__ __forceinline__ void mbarrier_arrive_remote_release(uint32_t cluster_address) {
  asm volatile("mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%0];" ::"r"(
                   cluster_address)
               : "memory");
}

__device__ __forceinline__ void st_shared_v2_u32(uint32_t address, uint32_t a, uint32_t b) {
  asm volatile("st.shared.v2.u32 [%0], {%1, %2};" ::"r"(address), "r"(a), "r"(b) : "memory");
}

__device__ __forceinline__ void st_relaxed_gpu_v4(uint32_t *address, uint4 value) {
  asm volatile("st.relaxed.gpu.global.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(address),
               "r"(value.x), "r"(value.y), "r"(value.z), "r"(value.w)
               : "memory");
}

__device__ __forceinline__ void cluster_arrive_relaxed() {
  asm volatile("barrier.cluster.arrive.relaxed;" ::: "memory");
}

__device__ __forceinline__ void st_shared_u32(uint32_t address, uint32_t value) {
  asm volatile("st.shared.u32 [%0], %1;" ::"r"(address), "r"(value) : "memory");
}

__device__ __forceinline__ uint32_t ld_shared_u32(uint32_t address) {
  uint32_t value;
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(value) : "r"(address) : "memory");
  return value;
}

__device__ __forceinline__ uint4 ld_shared_v4(uint32_t address) {
  uint4 v;
  asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
               : "r"(address)
               : "memory");
  return v;
}

/* Where h element (row, column) sits in the [16 x 64] tiles, 128-byte swizzle: tile
 * column / 64, row `row` of 128 bytes, its 16-byte chunk XORed with row % 8. */
__device__ __forceinline__ uint32_t tile_offset(int row, int column) {
  const int k = column % 64;
  return static_cast<uint32_t>((column / 64) * kTileBytes + row * 128 +
                               ((((k >> 3) ^ (row & 7)) << 4) | ((k & 7) * 2)));
}

/* The value owner o writes at (row, column) in launch `launch`: the input with its last
 * bit flipped every other launch, so a tile left from the launch before is a mismatch. */
template <int kInter>
__device__ __forceinline__ uint32_t launch_value(const Params &p, int row, int column) {
  return static_cast<uint32_t>(p.h_in[row * kInter + column] ^ (p.launch & 1u));
}

/* Polls `word` until it reaches `target` (acquire at GPU scope); false after kGiveUpNs. */
__device__ __forceinline__ bool wait_count(uint32_t *word, uint32_t target) {
  const uint64_t start = shx::ptx::globaltimer();
  while (shx::ptx::ld_acquire_gpu(word) < target)
    if (shx::ptx::globaltimer() - start > kGiveUpNs) return false;
  return true;
}

template <bool kClusterAcquire = false>
__device__ __forceinline__ bool wait_phase(uint32_t barrier, uint32_t parity) {
  const uint64_t start = shx::ptx::globaltimer();
  auto done = [&] {
    return kClusterAcquire ? shx::ptx::mbarrier_try_wait_cluster(barrier, parity)
                           : shx::ptx::mbarrier_try_wait(barrier, parity);
  };
  while (!done())
    if (shx::ptx::globaltimer() - start > kGiveUpNs) return false;
  return true;
}

/* Thread 0: the h tiles by 2-D TMA once h is released (the kernel's producer). */
__device__ __forceinline__ void load_h_tiles(const CUtensorMap *h_map, uint32_t tiles,
                                             uint32_t h_ready, int fills) {
  shx::ptx::fence_proxy_async_global(); /* others' h stores -> our TMA reads */
  shx::ptx::mbarrier_arrive_expect_tx(h_ready, fills * kTileBytes);
  for (int f = 0; f < fills; ++f)
    shx::ptx::tma_load_2d(tiles + f * kTileBytes, h_map, h_ready, 64 * f, 0);
}

template <int kInter>
__global__ void __launch_bounds__(kThreads, 1)
    publish_probe_kernel(const __grid_constant__ CUtensorMap h_map, const Params p) {
  extern __shared__ __align__(1024) uint8_t smem[];
  const uint32_t tiles = (shx::ptx::smem_address(smem) + 1023u) & ~1023u;
  const uint32_t tagged = tiles + kMaxTiles * kTileBytes;
  const uint32_t background = tagged + kMaxTaggedBytes;
  const uint32_t h_ready = background + kMaxLoads * kLoadBytes;
  const uint32_t loads_done = h_ready + 8, gather = h_ready + 16, go = h_ready + 24;
  __shared__ int verdict_fresh, verdict_stop;
  __shared__ unsigned long long start_ns;
  constexpr int kFills = kInter / 64;
  constexpr int kOwned = kInter / kOwners; /* columns an owner holds: 4 or 8 */
  const int tid = threadIdx.x;
  const bool owner = blockIdx.x < kOwners;
  const int first_column = blockIdx.x * kOwned;
  const uint32_t tag = p.launch + 1u;
  const bool mbar_count =
      p.form == SHX_PUBLISH_MBAR_RELEASED || p.form == SHX_PUBLISH_MBAR_COUNT;
  bool gave_up = false;
  unsigned long long poll_issued = 0, poll_landed = 0;

  /* Untimed: zeroed tiles (rows past the batch stay zero), barriers, the start. */
  for (int i = tid; i < kMaxTiles * kTileBytes / 4; i += kThreads)
    st_shared_u32(tiles + 4 * i, 0u);
  shx::ptx::fence_proxy_async_shared_cta();
  if (tid == 0) {
    shx::ptx::mbarrier_init(h_ready, 1);
    shx::ptx::mbarrier_init(loads_done, 1);
    shx::ptx::mbarrier_init(gather, SHX_PUBLISH_CLUSTER_SIZE);
    shx::ptx::mbarrier_init(go, 1);
    shx::ptx::fence_mbarrier_init();
  }
  uint32_t values[8] = {}; /* an owner's row `tid` (< batch), read before the start */
  if (owner && tid < p.batch)
#pragma unroll
    for (int j = 0; j < kOwned; ++j) values[j] = launch_value<kInter>(p, tid, first_column + j);
  __syncthreads();
  /* The mbarrier forms arrive on other CTAs' barriers: every CTA's are initialized. */
  if (mbar_count) shx::ptx::cluster_sync();
  if (tid == 0) {
    atomicAdd(&p.counters[kStartCounter], 1u);
    gave_up |= !wait_count(&p.counters[kStartCounter], kCtas * (p.launch + 1u));
    start_ns = shx::ptx::globaltimer();
  }
  __syncthreads();

  /* Timed. */
  if (tid == kLoaderThread && p.loads > 0) {
    shx::ptx::mbarrier_arrive_expect_tx(loads_done, p.loads * kLoadBytes);
    const uint8_t *source = p.cold + p.cold_offset +
                            static_cast<size_t>(blockIdx.x) * kMaxLoads * kLoadBytes;
    for (int i = 0; i < p.loads; ++i)
      shx::ptx::bulk_load(background + i * kLoadBytes,
                          source + static_cast<size_t>(i) * kLoadBytes, kLoadBytes,
                          loads_done);
  }
  if (tid >= kConsumerThreads) {
    if (tid == kLoaderThread && p.loads > 0 && !wait_phase(loads_done, 0))
      atomicAdd(&p.statistics[1], 1ull);
    return;
  }
  /* The owners' stores: thread `row` < batch writes its row's columns. */
  if (owner && tid < p.batch) {
    if (p.stagger_ns > 0) {
      const uint64_t at = start_ns + static_cast<uint64_t>(p.stagger_ns) * blockIdx.x / kOwners;
      while (shx::ptx::globaltimer() < at) {
      }
    }
    const size_t at = static_cast<size_t>(tid) * kInter + first_column;
    if (p.form != SHX_PUBLISH_TAGGED && p.form != SHX_PUBLISH_TAGGED_ROWS) {
      uint32_t *plain = reinterpret_cast<uint32_t *>(p.h_plain + at);
#pragma unroll
      for (int j = 0; j < kOwned; j += 2) plain[j / 2] = values[j] | values[j + 1] << 16;
    } else {
#pragma unroll
      for (int j = 0; j < kOwned; j += 4)
        st_relaxed_gpu_v4(p.h_tagged + at + j,
                          make_uint4(values[j] | tag << 16, values[j + 1] | tag << 16,
                                     values[j + 2] | tag << 16, values[j + 3] | tag << 16));
    }
    /* Our generic stores -> the TMA and bulk reads (async proxy) of every CTA, ours too. */
    shx::ptx::fence_proxy_async_global();
  }
  const bool loads_h = p.form == SHX_PUBLISH_RELEASED ||
                       p.form == SHX_PUBLISH_CLUSTER_RELEASED ||
                       p.form == SHX_PUBLISH_MBAR_RELEASED;
  if (p.form == SHX_PUBLISH_CLUSTER_RELEASED || p.form == SHX_PUBLISH_CLUSTER_COUNT) {
    shx::ptx::named_barrier_sync(1, kConsumerThreads);
    if (tid == 0)
      shx::ptx::cluster_arrive_release();
    else
      cluster_arrive_relaxed();
    shx::ptx::cluster_wait_acquire();
    const bool leader = shx::ptx::cluster_ctarank() == 0;
    if (leader && tid == 0) {
      shx::ptx::red_release_gpu_add(&p.counters[kCountIn], 1u);
      gave_up |= !wait_count(&p.counters[kCountIn],
                             (kCtas / SHX_PUBLISH_CLUSTER_SIZE) * (p.launch + 1u));
    }
    if (leader && tid == 0)
      shx::ptx::cluster_arrive_release();
    else
      cluster_arrive_relaxed();
    shx::ptx::cluster_wait_acquire();
    if (loads_h && tid == 0) load_h_tiles(&h_map, tiles, h_ready, kFills);
    if (loads_h) gave_up |= !wait_phase(h_ready, 0);
  } else if (mbar_count) {
    shx::ptx::named_barrier_sync(1, kConsumerThreads);
    if (tid == 0) {
      mbarrier_arrive_remote_release(shx::ptx::mapa_shared(gather, 0));
      if (shx::ptx::cluster_ctarank() == 0) {
        gave_up |= !wait_phase<true>(gather, 0);
        shx::ptx::red_release_gpu_add(&p.counters[kCountIn], 1u);
        gave_up |= !wait_count(&p.counters[kCountIn],
                               (kCtas / SHX_PUBLISH_CLUSTER_SIZE) * (p.launch + 1u));
        for (uint32_t rank = 0; rank < SHX_PUBLISH_CLUSTER_SIZE; ++rank)
          mbarrier_arrive_remote_release(shx::ptx::mapa_shared(go, rank));
      }
    }
    gave_up |= !wait_phase<true>(go, 0);
    if (loads_h && tid == 0) load_h_tiles(&h_map, tiles, h_ready, kFills);
    if (loads_h) gave_up |= !wait_phase(h_ready, 0);
  } else if (p.form == SHX_PUBLISH_RELEASED || p.form == SHX_PUBLISH_COUNT_ONLY) {
    shx::ptx::named_barrier_sync(1, kConsumerThreads);
    if (tid == 0) {
      if (owner) shx::ptx::red_release_gpu_add(&p.counters[kCountIn], 1u);
      gave_up |= !wait_count(&p.counters[kCountIn], kOwners * (p.launch + 1u));
      if (loads_h) load_h_tiles(&h_map, tiles, h_ready, kFills);
    }
    if (loads_h)
      gave_up |= !wait_phase(h_ready, 0);
    else
      shx::ptx::named_barrier_sync(1, kConsumerThreads);
  } else {
    constexpr int kChunksPerRow = kInter / 4; /* 16-byte chunks of 4 words */
    const uint32_t bytes = static_cast<uint32_t>(p.batch * kInter * 4);
    const int chunks = p.batch * kChunksPerRow;
    uint32_t parity = 0;
    unsigned polls = 0;
    if (tid == 0 && p.first_poll_ns > 0)
      while (shx::ptx::globaltimer() < start_ns + static_cast<uint64_t>(p.first_poll_ns)) {
      }
    for (;;) {
      if (tid == 0) {
        poll_issued = shx::ptx::globaltimer();
        shx::ptx::mbarrier_arrive_expect_tx(h_ready, bytes);
        if (p.form == SHX_PUBLISH_TAGGED_ROWS) {
          for (int row = 0; row < p.batch; ++row)
            shx::ptx::bulk_load(tagged + row * kInter * 4, p.h_tagged + row * kInter,
                                kInter * 4, h_ready);
        } else {
          shx::ptx::bulk_load(tagged, p.h_tagged, bytes, h_ready);
        }
      }
      ++polls;
      gave_up |= !wait_phase(h_ready, parity);
      if (tid == 0) poll_landed = shx::ptx::globaltimer();
      parity ^= 1u;
      /* One pass: the tags checked and the values written into the tiles (a stale poll's
       * values are overwritten by the next). */
      bool fresh = true;
      for (int c = tid; c < chunks; c += kConsumerThreads) {
        const uint4 w = ld_shared_v4(tagged + 16 * c);
        fresh &= (w.x >> 16) == tag && (w.y >> 16) == tag && (w.z >> 16) == tag &&
                 (w.w >> 16) == tag;
        const int row = c / kChunksPerRow, column = 4 * (c % kChunksPerRow);
        st_shared_v2_u32(tiles + tile_offset(row, column), (w.x & 0xFFFFu) | w.y << 16,
                         (w.z & 0xFFFFu) | w.w << 16);
      }
      /* One verdict for all: every thread's tags, and thread 0's clock (2 ms at most). */
      if (tid == 0) {
        verdict_fresh = 1;
        verdict_stop = shx::ptx::globaltimer() - start_ns > kGiveUpNs;
      }
      shx::ptx::named_barrier_sync(1, kConsumerThreads);
      if (!fresh) verdict_fresh = 0;
      shx::ptx::named_barrier_sync(1, kConsumerThreads);
      const bool done = verdict_fresh != 0, stop = verdict_stop != 0;
      /* Every thread has read the verdict before thread 0 sets it again. */
      shx::ptx::named_barrier_sync(1, kConsumerThreads);
      if (done) break;
      if (stop) {
        gave_up = true;
        break;
      }
    }
    if (tid == 0) atomicAdd(&p.statistics[2], static_cast<unsigned long long>(polls));
    shx::ptx::fence_proxy_async_shared_cta(); /* generic stores -> wgmma's reads */
    shx::ptx::named_barrier_sync(1, kConsumerThreads);
  }
  if (tid == 0) {
    p.stamps[4 * blockIdx.x] = start_ns;
    p.stamps[4 * blockIdx.x + 1] = shx::ptx::globaltimer();
    p.stamps[4 * blockIdx.x + 2] = poll_issued;
    p.stamps[4 * blockIdx.x + 3] = poll_landed;
  }

  /* Untimed: the tiles against what the owners wrote. */
  unsigned long long wrong = 0;
  const bool counts_only = p.form == SHX_PUBLISH_COUNT_ONLY ||
                           p.form == SHX_PUBLISH_CLUSTER_COUNT ||
                           p.form == SHX_PUBLISH_MBAR_COUNT;
  for (int i = tid; !counts_only && i < p.batch * kInter; i += kConsumerThreads) {
    const int row = i / kInter, column = i % kInter;
    const uint32_t offset = tile_offset(row, column);
    const uint32_t word = ld_shared_u32(tiles + (offset & ~3u));
    const uint32_t got = (offset & 2u) ? word >> 16 : word & 0xFFFFu;
    wrong += got != launch_value<kInter>(p, row, column);
  }
  if (wrong != 0) atomicAdd(&p.statistics[0], wrong);
  if (gave_up) atomicAdd(&p.statistics[1], 1ull);
}

/* The launch of every form: 112 CTAs of kThreads, in clusters of 8 where asked for. The
 * config points at its own attribute, so it is built in place and not copied. */
struct LaunchShape {
  cudaLaunchAttribute attribute;
  cudaLaunchConfig_t config;
  explicit LaunchShape(bool clustered) : attribute(), config() {
    attribute.id = cudaLaunchAttributeClusterDimension;
    attribute.val.clusterDim.x = SHX_PUBLISH_CLUSTER_SIZE;
    attribute.val.clusterDim.y = 1;
    attribute.val.clusterDim.z = 1;
    config.gridDim = dim3(kCtas, 1, 1);
    config.blockDim = dim3(kThreads, 1, 1);
    config.dynamicSmemBytes = kSmemBytes;
    config.attrs = &attribute;
    config.numAttrs = clustered ? 1 : 0;
  }
  LaunchShape(const LaunchShape &) = delete;
  LaunchShape &operator=(const LaunchShape &) = delete;
};

/* The kernel instance for inter, its shared-memory attribute set once. */
template <int kInter>
cudaError_t sized_kernel() {
  static bool sized = false;
  if (!sized) {
    const cudaError_t error = cudaFuncSetAttribute(
        publish_probe_kernel<kInter>, cudaFuncAttributeMaxDynamicSharedMemorySize, kSmemBytes);
    if (error != cudaSuccess) return error;
    sized = true;
  }
  return cudaSuccess;
}

template <int kInter>
cudaError_t launch(bool clustered, const CUtensorMap &h_map, const Params &p) {
  const cudaError_t error = sized_kernel<kInter>();
  if (error != cudaSuccess) return error;
  const LaunchShape shape(clustered);
  return cudaLaunchKernelEx(&shape.config, publish_probe_kernel<kInter>, h_map, p);
}

/* Where the next launch's cold copies start: moves on across calls, so that no row of
 * a table reads the bytes the row before read. */
size_t cold_cursor = 0;

/* Whether every CTA of a launch can be resident at once (its start barrier and counts
 * need it): one CTA an SM, and clusters of 8 where asked for. 1 yes, 0 no (a machine's
 * limit: the probe skips), -1 a CUDA call failed (a failure, not a skip). */
int grid_fits(bool clustered) {
  if (shx_hopper_sms() < kCtas) return 0;
  if (!clustered) return 1;
  if (sized_kernel<384>() != cudaSuccess) {
    cudaGetLastError();
    return -1;
  }
  const LaunchShape shape(true);
  int clusters = 0;
  if (cudaOccupancyMaxActiveClusters(&clusters, publish_probe_kernel<384>, &shape.config) !=
      cudaSuccess) {
    cudaGetLastError();
    return -1;
  }
  return clusters >= kCtas / SHX_PUBLISH_CLUSTER_SIZE;
}

}  // namespace

extern "C" int shx_publish_probe(const shx_publish_options *o, shx_publish_result *result) {
  if (shx_hopper_sms() == 0) return 77;
  if (o == nullptr || result == nullptr) return -1;
  const int fits = grid_fits(o->clustered != 0);
  if (fits < 0) return -1;
  if (fits == 0) return 77; /* a smaller part, or SMs held elsewhere */
  const int form = o->form, batch = o->batch, inter = o->inter, launches = o->launches;
  const bool needs_clusters = form == SHX_PUBLISH_CLUSTER_RELEASED ||
                              form == SHX_PUBLISH_CLUSTER_COUNT ||
                              form == SHX_PUBLISH_MBAR_RELEASED ||
                              form == SHX_PUBLISH_MBAR_COUNT;
  if (form < SHX_PUBLISH_RELEASED || form > SHX_PUBLISH_MBAR_COUNT ||
      (needs_clusters && !o->clustered) || batch < 1 || batch > kTileRows ||
      (inter != 384 && inter != 768) || o->loads < 0 || o->loads > kMaxLoads ||
      o->stagger_ns < 0 || o->first_poll_ns < 0 || launches < 1 ||
      launches > SHX_PUBLISH_MAX_LAUNCHES)
    return -1;
  const shx::tensor_map::EncodeTiled encode = shx::tensor_map::encode_tiled();
  unsigned char *cold = nullptr;
  if (encode == nullptr || shx_probe_cold_buffer(&cold) != cudaSuccess) return -1;

  const size_t elements = static_cast<size_t>(batch) * inter;
  uint16_t host_h[kTileRows * kMaxInter];
  for (size_t i = 0; i < elements; ++i) /* BF16 in [-1, 1), never -0 */
    host_h[i] = static_cast<uint16_t>(0x3C00u + (i * 2654435761u >> 7) % 0x300u) |
                static_cast<uint16_t>(i % 2 ? 0x8000u : 0u);
  uint16_t *h_in = nullptr, *h_plain = nullptr;
  uint32_t *h_tagged = nullptr, *counters = nullptr;
  unsigned long long *stamps = nullptr, *statistics = nullptr;
  int status = -1;
  double poll_sum = 0.0;
  long poll_count = 0;
  CUtensorMap h_map;
  Params p = {};
  if (cudaMalloc(&h_in, elements * 2) != cudaSuccess ||
      cudaMalloc(&h_plain, elements * 2) != cudaSuccess ||
      cudaMalloc(&h_tagged, elements * 4) != cudaSuccess ||
      cudaMalloc(&counters, kCounterWords * sizeof *counters) != cudaSuccess ||
      cudaMalloc(&stamps, 4 * kCtas * sizeof *stamps) != cudaSuccess ||
      cudaMalloc(&statistics, 3 * sizeof *statistics) != cudaSuccess ||
      cudaMemcpy(h_in, host_h, elements * 2, cudaMemcpyHostToDevice) != cudaSuccess ||
      cudaMemset(h_plain, 0, elements * 2) != cudaSuccess ||
      cudaMemset(h_tagged, 0, elements * 4) != cudaSuccess ||
      cudaMemset(counters, 0, kCounterWords * sizeof *counters) != cudaSuccess ||
      cudaMemset(statistics, 0, 3 * sizeof *statistics) != cudaSuccess ||
      shx::tensor_map::encode_bf16_sw128(encode, &h_map, h_plain, inter, batch, kTileRows) !=
          CUDA_SUCCESS)
    goto done;
  p = {h_in, h_plain, h_tagged, counters, cold, 0, form, batch, o->loads, o->stagger_ns,
       o->first_poll_ns, 0, stamps, statistics};
  for (int launch_index = 0; launch_index < launches; ++launch_index) {
    constexpr size_t kSpan = static_cast<size_t>(kCtas) * kMaxLoads * kLoadBytes;
    p.launch = static_cast<uint32_t>(launch_index);
    p.cold_offset = cold_cursor;
    cold_cursor = (cold_cursor + kSpan) % (SHX_PROBE_COLD_BYTES - kSpan);
    unsigned long long host[4 * kCtas];
    const bool clustered = o->clustered != 0;
    const cudaError_t launched =
        inter == 384 ? launch<384>(clustered, h_map, p) : launch<768>(clustered, h_map, p);
    if (launched != cudaSuccess || cudaGetLastError() != cudaSuccess ||
        cudaMemcpy(host, stamps, sizeof host, cudaMemcpyDeviceToHost) != cudaSuccess)
      goto done;
    unsigned long long first = host[0], last = host[1];
    double sum = 0.0;
    for (int c = 0; c < kCtas; ++c) {
      first = std::min(first, host[4 * c]);
      last = std::max(last, host[4 * c + 1]);
      sum += static_cast<double>(host[4 * c + 1] - host[4 * c]);
      if (host[4 * c + 3] > host[4 * c + 2]) {
        poll_sum += static_cast<double>(host[4 * c + 3] - host[4 * c + 2]);
        ++poll_count;
      }
    }
    result->critical_ns[launch_index] = static_cast<double>(last - first);
    result->mean_ns[launch_index] = sum / kCtas;
  }
  {
    unsigned long long host_statistics[3];
    if (cudaMemcpy(host_statistics, statistics, sizeof host_statistics,
                   cudaMemcpyDeviceToHost) != cudaSuccess)
      goto done;
    result->ctas = kCtas;
    result->owners = kOwners;
    result->mismatches = host_statistics[0];
    result->timeouts = host_statistics[1];
    const bool tagged_form = form == SHX_PUBLISH_TAGGED || form == SHX_PUBLISH_TAGGED_ROWS;
    result->polls_per_cta =
        tagged_form ? static_cast<double>(host_statistics[2]) / (kCtas * launches) : 0.0;
    result->last_poll_ns = poll_count > 0 ? poll_sum / static_cast<double>(poll_count) : 0.0;
  }
  status = 0;
done:
  cudaFree(h_in);
  cudaFree(h_plain);
  cudaFree(h_tagged);
  cudaFree(counters);
  cudaFree(stamps);
  cudaFree(statistics);
  return status;
}
