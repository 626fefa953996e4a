/* decode_step.c: the main job. One decode step of the shared expert, checked and timed.
 *
 *   decode_step [GOLDEN_DIR]        (default testdata/golden)
 *
 * With a Hopper GPU: for TP8 and TP16 at B = 9 and 64, a whole TP group (all ranks on
 * the visible GPUs) runs one graph-captured step of each variant (baseline, fused,
 * split with SharedDown on split_down_sms SMs), the
 * reduced output is checked against the CPU reference (relative L2 <= SHX_REF_REL_L2_MAX,
 * 2e-3, inside SPEC's 5e-3; every element within SHX_REF_ELEMENT_MAX; no NaN),
 * then one rank's per-step time is measured (perf/timing.h: 40 steps per graph on 10
 * rotating weight sets, median of 20 replays) and printed with its ratio to the
 * baseline and its share of the HBM roofline (4.48 TB/s, SPEC). The times are those of
 * a process in the engine state (perf/timing.h ENGINE STATE: entered first, explicitly;
 * the checks' own asynchronous memsets would enter it anyway), where every graph runs
 * slower than in a fresh process, the baseline's four kernels most: perf/bench's default
 * table is the fresh process's, `bench --engine-state` this one's.
 * The CPU reference's outputs must equal the golden files' of the same problems
 * (GOLDEN_DIR/situ_h7168_i6144_tp{8,16}_b{9,64}.bin) bit for bit, so the GPU is held to
 * the stored goldens. Without a GPU: says so, and runs the CPU reference on the golden
 * files instead, requiring bit-exact agreement (the reference reproduces them on this
 * machine; that it computes SPEC's formulas is ops/reference_test's).
 */
#define _DEFAULT_SOURCE /* scandir, alphasort, clock_gettime */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cuda_runtime_api.h>

#include "graphs/group.h"
#include "graphs/testbed.h"
#include "perf/timing.h"
#include "testdata/golden.h"

static double seconds_now(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return now.tv_sec + now.tv_nsec * 1e-9;
}

static int cpu_reference_on_goldens(const char *directory) {
  struct dirent **entries = NULL;
  int entry_count = scandir(directory, &entries, NULL, alphasort);
  if (entry_count < 0) {
    fprintf(stderr, "cannot open %s\n", directory);
    return 1;
  }
  printf("%-40s %4s %4s %8s %s\n", "golden file", "tp", "B", "seconds", "result");
  int failures = 0, files = 0;
  for (int e = 0; e < entry_count; ++e) {
    const struct dirent *entry = entries[e];
    size_t length = strlen(entry->d_name);
    if (length < 5 || strcmp(entry->d_name + length - 4, ".bin") != 0) continue;
    char path[1024], message[256];
    snprintf(path, sizeof path, "%s/%s", directory, entry->d_name);
    shx_golden golden;
    if (shx_golden_read(path, &golden, message, sizeof message) != 0) {
      printf("%-40s unreadable: %s\n", entry->d_name, message);
      ++failures;
      ++files;
      continue;
    }
    const shx_ref_problem *p = &golden.problem;
    size_t count = (size_t)p->batch * p->hidden;
    uint16_t *ys = malloc(count * p->tp * 2), *reduced = malloc(count * 2);
    double start = seconds_now();
    int ok = ys && reduced &&
             shx_golden_compute(p, golden.seed, ys, reduced, message, sizeof message) == 0;
    double elapsed = seconds_now() - start;
    ok = ok && memcmp(reduced, golden.reduced, count * 2) == 0;
    for (int r = 0; ok && r < p->tp; ++r)
      ok = shx_fnv1a64_bf16(ys + (size_t)r * count, count) == golden.rank_hashes[r];
    /* Where the file stores every y_r in full, every value is compared, not only hashes. */
    if (ok && golden.y_ranks) ok = memcmp(ys, golden.y_ranks, count * p->tp * 2) == 0;
    printf("%-40s %4d %4d %8.2f %s\n", entry->d_name, p->tp, p->batch, elapsed,
           ok ? "bit-exact" : "MISMATCH");
    failures += !ok;
    ++files;
    free(ys);
    free(reduced);
    shx_golden_free(&golden);
  }
  for (int e = 0; e < entry_count; ++e) free(entries[e]);
  free(entries);
  printf("CPU reference: %d of %d golden files reproduced bit-exactly\n", files - failures,
         files);
  return failures != 0 || files == 0;
}

/* One graph-captured step of a whole group, checked against the CPU reference. */
static double checked_step(const shx_testbed *bed, shx_variant variant, int gpus, int batch,
                           const uint16_t *want) {
  const shx_config config = bed->config;
  shx_group *group = shx_testbed_group(bed, variant, gpus, batch, 1);
  SHX_CHECK_OK(shx_group_poison_outputs(group));
  SHX_CHECK_OK(shx_group_step(group, 0));
  SHX_CHECK_OK(shx_group_sync(group));
  size_t count = (size_t)batch * config.hidden;
  uint16_t *got = malloc(count * 2);
  SHX_CHECK_OK(shx_group_read_outputs(group, batch, got));
  int nan_count = 0;
  double error = shx_rel_l2(got, want, count, &nan_count);
  const double element = shx_max_element_error(got, want, count, NULL);
  free(got);
  shx_group_destroy(group);
  if (nan_count != 0 || !(error <= SHX_REF_REL_L2_MAX) || !(element <= SHX_REF_ELEMENT_MAX)) {
    fprintf(stderr, "variant %d tp %d B %d: rel L2 %.3e, %d NaN, worst element %.2e: FAILED\n",
            (int)variant, config.tp, batch, error, nan_count, element);
    exit(1);
  }
  return error;
}

int main(int argc, char **argv) {
  const char *goldens = argc > 1 ? argv[1] : "testdata/golden";
  int gpus = shx_testbed_hopper_count();
  if (gpus == 0) {
    printf("No Hopper (sm_90) GPU is visible: the operator cannot run here. Running the "
           "CPU reference on %s instead.\n", goldens);
    return cpu_reference_on_goldens(goldens);
  }
  SHX_CHECK_OK(shx_enter_engine_state());
  /* The device by name: %HBM is against SPEC's roofline, an H200's, on every card (an
   * H100's HBM3 streams about 3.35 TB/s at most: perf/RESULTS.md run 90). */
  struct cudaDeviceProp device;
  if (cudaGetDeviceProperties(&device, 0) == cudaSuccess)
    printf("Device 0: %s, %d SMs, L2 %d bytes.\n", device.name, device.multiProcessorCount,
           device.l2CacheSize);
  printf("%%HBM: the weight bytes a step streams over its time, against SPEC's %.2f TB/s "
         "(an H200's roofline, on any card).\n", SHX_HBM_BYTES_PER_US / 1e6);
  printf("Times in the engine state (after %d asynchronous copies; perf/timing.h).\n"
         "Outputs checked against the CPU reference, which must equal "
         "%s/situ_*_b{9,64}.bin's outputs bit for bit.\n", SHX_ENGINE_STATE_COPIES, goldens);
  const shx_variant variants[] = {SHX_VARIANT_BASELINE, SHX_VARIANT_FUSED, SHX_VARIANT_SPLIT};
  const char *names[] = {"baseline", "fused", "split"};
  const int tps[] = {8, 16}, batches[] = {9, 64};
  printf("%-9s %3s %4s %10s %10s %10s %9s %8s %9s\n", "variant", "tp", "B", "rel L2",
         "us/step", "min..max", "GB/s", "%HBM", "x base");
  for (int i = 0; i < 2; ++i) {
    shx_testbed bed;
    shx_testbed_make(&bed, tps[i], 7168, 6144, 128, SHX_ACT_SITU); /* the design dims */
    double bytes = shx_weight_bytes(&bed.config);
    for (int b = 0; b < 2; ++b) {
      int batch = batches[b];
      uint16_t *want = malloc((size_t)batch * bed.config.hidden * 2);
      shx_testbed_reference(&bed, batch, want);
      char golden_path[1024];
      if (shx_testbed_matches_golden(&bed, batch, want, goldens, golden_path,
                                     sizeof golden_path) != 1) {
        fprintf(stderr, "the CPU reference is not %s's output: FAILED\n", golden_path);
        return 1;
      }
      double baseline_us = 0;
      for (int v = 0; v < 3; ++v) {
        double error = checked_step(&bed, variants[v], gpus, batch, want);
        shx_timing_setup setup = shx_timing_standard(bed.config);
        shx_step_time time;
        SHX_CHECK_OK(shx_time_steps(&setup, variants[v], batch, &time));
        if (v == 0) baseline_us = time.median_us;
        printf("%-9s %3d %4d %10.2e %10.2f %4.1f..%-4.1f %9.0f %7.1f%% %8.2fx\n", names[v],
               tps[i], batch, error, time.median_us, time.min_us, time.max_us,
               bytes / time.median_us / 1e3, shx_percent_of_hbm(bytes, time.median_us),
               baseline_us / time.median_us);
      }
      free(want);
    }
    shx_testbed_free(&bed);
  }
  printf("The CPU reference equalled the golden files bit for bit; every output passed.\n");
  return 0;
}
