/* pdl_graph_gpu_test.c: a captured decode step really holds the programmatic edges
 * (SPEC "Measured H200 facts" and the decode-graph capture: the fused kernel and the
 * split variant's gate kernel are launched with programmatic dependent launch, and stream
 * capture must turn that launch attribute into programmatic graph edges, or the next
 * kernel's weights never stream during its predecessor).
 *
 * TP8 at the design dims, B=9, all ranks on one GPU (the group's ops, weights and
 * mailboxes): one graph captured on a stream, every rank's shx_record_step and then
 * every rank's shx_tail, as the group's step graph is. Read back with cudaGraphGetEdges:
 * - fused, programmatic_launch 1 (parity 0 and 1): a chain of 2 tp kernel nodes whose
 *   tp - 1 edges from one rank's step to the next are programmatic
 *   (cudaGraphDependencyTypeProgrammatic, out of the upstream kernel's programmatic
 *   port), each between two nodes of the fused kernel (160 threads, the same function,
 *   the op's plan's grid); every other edge is a plain one.
 * - split, programmatic_launch 1: a chain of 3 tp kernel nodes; tp - 1 programmatic
 *   edges (the programmatic port), each from one function (the previous rank's
 *   SharedDown) into another (the rank's gate kernel), both of 160 threads.
 * - fused with programmatic_launch 0: no programmatic edge at all.
 * - the baseline: its edges are printed, not checked (cuBLASLt launches some of its
 *   kernels with programmatic dependent launch itself: 8 programmatic edges into its
 *   kernel nodes, which give no parameters back, perf/RESULTS.md run 54 call 3).
 * The fused graphs are captured at parity 0 and 1, the split one at 1, the baseline's at
 * 0. Each fused kernel node's memory synchronization domain is read back (ops/fused.cu
 * SYNC DOMAINS): the remote domain, mapped to physical domain 2 at parity 1 (on a device
 * with at least 3 domains) and to 3 at parity 0 (at least 4); every one of the split
 * variant's kernels stays in the default domain.
 * Each graph then runs once and shx_check_device reports success for every rank.
 * Exits 77 (skipped) without a Hopper GPU.
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>
#include <string.h>

#include "engine/check.h"
#include "engine/op.h"
#include "graphs/group.h"
#include "graphs/testbed.h"

enum { kBatch = 9, kFusedThreads = 160 };

typedef struct edge_counts {
  int nodes, kernel_nodes, edges, programmatic;
  int domain_nodes; /* kernel nodes of kFusedThreads threads */
  int own_domain;   /* of those: remote domain, mapped to the parity's domain */
  int not_default;  /* of those: any domain but the default */
  int other_grid;   /* of those: a grid other than `grid` (when given) */
  int same_function, launch_port; /* programmatic edges: between one function's nodes;
                                     out of the launch-completion port */
  const void *into, *out_of; /* the functions of the programmatic edges' ends, if one */
  int mixed_ends;            /* programmatic edges whose ends differ from the first's */
} edge_counts;

static int is_kernel(cudaGraphNode_t node) {
  enum cudaGraphNodeType type;
  CHECK_CUDA(cudaGraphNodeGetType(node, &type));
  return type == cudaGraphNodeTypeKernel;
}

static struct cudaKernelNodeParams kernel_params(cudaGraphNode_t node) {
  struct cudaKernelNodeParams params;
  CHECK_CUDA(cudaGraphKernelNodeGetParams(node, &params));
  return params;
}

static unsigned block_threads(cudaGraphNode_t node) {
  const struct cudaKernelNodeParams params = kernel_params(node);
  return params.blockDim.x * params.blockDim.y * params.blockDim.z;
}

/* Counts the graph's nodes and edges; checks every programmatic edge's ends (kernel nodes,
 * both of `threads` threads unless 0) and counts its port and functions; counts the
 * kernel nodes of `threads` threads, those of them in the remote domain mapped to
 * `parity`'s physical domain (2 or 3), those in any but the default domain, and those
 * whose grid is not `grid` (unless 0). */
static edge_counts count_edges(cudaGraph_t graph, unsigned threads, int parity,
                               unsigned grid) {
  edge_counts counts;
  memset(&counts, 0, sizeof counts);
  size_t nodes = 0, edges = 0;
  CHECK_CUDA(cudaGraphGetNodes(graph, NULL, &nodes));
  cudaGraphNode_t *all = malloc((nodes + 1) * sizeof *all);
  CHECK(all != NULL);
  CHECK_CUDA(cudaGraphGetNodes(graph, all, &nodes));
  counts.nodes = (int)nodes;
  for (size_t i = 0; i < nodes; ++i) {
    if (!is_kernel(all[i])) continue;
    ++counts.kernel_nodes;
    if (threads == 0 || block_threads(all[i]) != threads) continue;
    cudaLaunchAttributeValue domain, map;
    CHECK_CUDA(cudaGraphKernelNodeGetAttribute(all[i], cudaLaunchAttributeMemSyncDomain,
                                               &domain));
    CHECK_CUDA(cudaGraphKernelNodeGetAttribute(all[i], cudaLaunchAttributeMemSyncDomainMap,
                                               &map));
    ++counts.domain_nodes;
    counts.own_domain += domain.memSyncDomain == cudaLaunchMemSyncDomainRemote &&
                         map.memSyncDomainMap.remote == (parity ? 2 : 3);
    counts.not_default += domain.memSyncDomain != cudaLaunchMemSyncDomainDefault;
    const struct cudaKernelNodeParams params = kernel_params(all[i]);
    counts.other_grid += grid != 0 && params.gridDim.x * params.gridDim.y *
                                              params.gridDim.z != grid;
  }
  free(all);

  CHECK_CUDA(cudaGraphGetEdges(graph, NULL, NULL, NULL, &edges));
  cudaGraphNode_t *from = malloc((edges + 1) * sizeof *from);
  cudaGraphNode_t *to = malloc((edges + 1) * sizeof *to);
  cudaGraphEdgeData *data = malloc((edges + 1) * sizeof *data);
  CHECK(from != NULL && to != NULL && data != NULL);
  CHECK_CUDA(cudaGraphGetEdges(graph, from, to, data, &edges));
  counts.edges = (int)edges;
  for (size_t e = 0; e < edges; ++e) {
    if (data[e].type != cudaGraphDependencyTypeProgrammatic) {
      CHECK(data[e].type == cudaGraphDependencyTypeDefault);
      continue;
    }
    ++counts.programmatic;
    CHECK(is_kernel(from[e]) && is_kernel(to[e]));
    CHECK(data[e].from_port == cudaGraphKernelNodePortProgrammatic ||
          data[e].from_port == cudaGraphKernelNodePortLaunchCompletion);
    counts.launch_port += data[e].from_port == cudaGraphKernelNodePortLaunchCompletion;
    if (threads == 0) continue; /* cuBLASLt's nodes give no parameters back */
    const struct cudaKernelNodeParams out_of = kernel_params(from[e]);
    const struct cudaKernelNodeParams into = kernel_params(to[e]);
    CHECK(block_threads(from[e]) == threads && block_threads(to[e]) == threads);
    counts.same_function += out_of.func == into.func;
    if (counts.programmatic == 1) {
      counts.out_of = out_of.func;
      counts.into = into.func;
    }
    counts.mixed_ends += out_of.func != counts.out_of || into.func != counts.into;
  }
  free(from);
  free(to);
  free(data);
  return counts;
}

/* Captures and reads the step graph of `variant` with `programmatic` launch at `parity`;
 * runs it once. */
static edge_counts step_graph_edges(const shx_testbed *bed, shx_variant variant,
                                    int programmatic, int parity) {
  /* The fused kernel nodes' grid: the op's plan for the batch's bucket. */
  const int bucket = shx_fused_bucket_of(kBatch);
  /* cuBLASLt's kernel nodes do not give their parameters back: the baseline's edges are
   * only counted. */
  const unsigned threads = variant == SHX_VARIANT_BASELINE ? 0 : kFusedThreads;
  shx_testbed copy = *bed;
  copy.config.programmatic_launch = programmatic;
  shx_group *group = shx_testbed_group(&copy, variant, 1, kBatch, 0);
  const shx_config *config = &bed->config;
  const int tp = config->tp, shard = config->hidden / tp;

  void *x = NULL, *out[16] = {NULL};
  CHECK_CUDA(cudaMalloc(&x, (size_t)kBatch * config->hidden * 2));
  CHECK_CUDA(cudaMemset(x, 0, (size_t)kBatch * config->hidden * 2));
  for (int r = 0; r < tp; ++r) CHECK_CUDA(cudaMalloc(&out[r], (size_t)kBatch * shard * 2));
  cudaStream_t stream;
  CHECK_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));

  cudaGraph_t graph = NULL;
  CHECK_CUDA(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
  for (int r = 0; r < tp; ++r)
    SHX_CHECK_OK(shx_record_step(shx_group_op(group, r), x, kBatch, parity, stream));
  for (int r = 0; r < tp; ++r)
    SHX_CHECK_OK(shx_tail(shx_group_op(group, r), out[r], kBatch, parity, stream));
  CHECK_CUDA(cudaStreamEndCapture(stream, &graph));
  const unsigned grid = variant == SHX_VARIANT_FUSED
                            ? (unsigned)shx_group_op(group, 0)->fused_plans[bucket].grid
                            : 0;
  const edge_counts counts = count_edges(graph, threads, parity, grid);

  cudaGraphExec_t exec = NULL;
  CHECK_CUDA(cudaGraphInstantiate(&exec, graph, 0));
  CHECK_CUDA(cudaGraphLaunch(exec, stream));
  CHECK_CUDA(cudaStreamSynchronize(stream));
  for (int r = 0; r < tp; ++r) SHX_CHECK_OK(shx_check_device(shx_group_op(group, r)));

  CHECK_CUDA(cudaGraphExecDestroy(exec));
  CHECK_CUDA(cudaGraphDestroy(graph));
  CHECK_CUDA(cudaStreamDestroy(stream));
  for (int r = 0; r < tp; ++r) CHECK_CUDA(cudaFree(out[r]));
  CHECK_CUDA(cudaFree(x));
  shx_group_destroy(group);
  printf("  %-8s programmatic_launch %d, parity %d: %d nodes (%d kernels), %d edges, %d "
         "programmatic (%d out of the launch-completion port, %d between one function's "
         "nodes); %d of %d %d-thread kernels in their own domain, %d in a non-default one, "
         "%d off the plan's grid\n",
         shx_testbed_variant_name(variant), programmatic, parity, counts.nodes,
         counts.kernel_nodes, counts.edges, counts.programmatic, counts.launch_port,
         counts.same_function, counts.own_domain, counts.domain_nodes, kFusedThreads,
         counts.not_default, counts.other_grid);
  return counts;
}

int main(void) {
  shx_testbed_skip_without_gpu(1);
  shx_testbed bed;
  shx_testbed_make(&bed, 8, 7168, 6144, 128, SHX_ACT_SITU);
  const int tp = bed.config.tp;

  int domains = 1;
  CHECK_CUDA(cudaDeviceGetAttribute(&domains, cudaDevAttrMemSyncDomainCount, 0));

  edge_counts fused = step_graph_edges(&bed, SHX_VARIANT_FUSED, 1, 0);
  CHECK(fused.nodes == 2 * tp && fused.kernel_nodes == 2 * tp); /* steps, then tails */
  CHECK(fused.edges == 2 * tp - 1);                              /* one chain */
  CHECK(fused.programmatic == tp - 1);                           /* step to step */
  CHECK(fused.launch_port == 0 && fused.same_function == tp - 1 && fused.mixed_ends == 0);
  CHECK(fused.domain_nodes == tp && fused.other_grid == 0);
  CHECK(fused.own_domain == (domains >= 4 ? tp : 0)); /* parity 0: domain 3 */

  edge_counts odd = step_graph_edges(&bed, SHX_VARIANT_FUSED, 1, 1);
  CHECK(odd.nodes == 2 * tp && odd.kernel_nodes == 2 * tp && odd.edges == 2 * tp - 1);
  CHECK(odd.programmatic == tp - 1 && odd.launch_port == 0 && odd.mixed_ends == 0);
  CHECK(odd.domain_nodes == tp && odd.other_grid == 0);
  CHECK(odd.own_domain == (domains >= 3 ? tp : 0)); /* parity 1: domain 2 */

  /* Steps (gate, SharedDown) then tails: one chain of 3 tp kernels. */
  edge_counts split = step_graph_edges(&bed, SHX_VARIANT_SPLIT, 1, 1);
  CHECK(split.nodes == 3 * tp && split.kernel_nodes == 3 * tp && split.edges == 3 * tp - 1);
  CHECK(split.programmatic == tp - 1 && split.launch_port == 0); /* into each gate but the
                                                                     first */
  CHECK(split.same_function == 0 && split.mixed_ends == 0); /* SharedDown -> gate, each */
  CHECK(split.domain_nodes == 2 * tp && split.not_default == 0); /* default domain */

  edge_counts plain = step_graph_edges(&bed, SHX_VARIANT_FUSED, 0, 0);
  CHECK(plain.edges == 2 * tp - 1 && plain.programmatic == 0);

  (void)step_graph_edges(&bed, SHX_VARIANT_BASELINE, 1, 0); /* printed only */

  shx_testbed_free(&bed);
  printf("pdl_graph: the programmatic edges are in the captured step graphs\n");
  return 0;
}
