/* pdl_graph_gpu_test.c: a captured decode step really holds the programmatic edges
 * (SPEC "Measured H200 facts" and the decode-graph capture: the fused kernel and the
 * split variant's gate kernel are launched with programmatic dependent launch, and stream
 * capture must turn that launch attribute into programmatic graph edges, or the next
 * kernel's weights never stream during its predecessor).
 *
 * TP8 at the design dims, B=9, all ranks on one GPU (the group's ops, weights and
 * mailboxes): one graph captured on a stream, every rank's shx_record_step and then
 * every rank's shx_tail, as the group's step graph is. Read back with cudaGraphGetEdges:
 * - fused, programmatic_launch 1: a chain of 2 tp kernel nodes whose tp - 1 edges from
 *   one rank's step to the next are programmatic (cudaGraphDependencyTypeProgrammatic,
 *   out of the upstream kernel's programmatic port), each into a fused kernel node
 *   (160 threads, the plan's grid); every other edge is a plain one.
 * - split, programmatic_launch 1: tp - 1 programmatic edges, each into a gate kernel node
 *   (160 threads) from the previous rank's SharedDown.
 * - fused with programmatic_launch 0: no programmatic edge at all.
 * - the baseline: its edges are printed, not checked (cuBLASLt launches some of its
 *   kernels with programmatic dependent launch itself: 8 programmatic edges into its
 *   kernel nodes, which give no parameters back, perf/RESULTS.md run 54 call 3).
 * The graphs are of parity 0; the fused one is captured at parity 1 too. Each fused
 * kernel node's memory synchronization domain is read back (ops/fused.cu SYNC DOMAINS):
 * the remote domain, mapped to physical domain 2 at parity 1 (on a device with at least
 * 3 domains) and to 3 at parity 0 (at least 4); the split variant's kernels stay in the
 * default domain.
 * Each graph then runs once and shx_check_device reports success for every rank.
 * Exits 77 (skipped) without a Hopper GPU.
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>
#include <string.h>

#include "engine/check.h"
#include "graphs/group.h"
#include "graphs/testbed.h"

enum { kBatch = 9, kFusedThreads = 160 };

typedef struct edge_counts {
  int nodes, kernel_nodes, edges, programmatic;
  int domain_nodes; /* kernel nodes of kFusedThreads threads */
  int own_domain;   /* of those: remote domain, mapped to the parity's domain */
} edge_counts;

static int is_kernel(cudaGraphNode_t node) {
  enum cudaGraphNodeType type;
  CHECK_CUDA(cudaGraphNodeGetType(node, &type));
  return type == cudaGraphNodeTypeKernel;
}

static unsigned block_threads(cudaGraphNode_t node) {
  struct cudaKernelNodeParams params;
  CHECK_CUDA(cudaGraphKernelNodeGetParams(node, &params));
  return params.blockDim.x * params.blockDim.y * params.blockDim.z;
}

/* Counts the graph's nodes and edges; checks every programmatic edge's ends (kernel nodes,
 * the downstream one of `threads` threads unless 0) and port; counts the kernel nodes of
 * `threads` threads, and those of them in the remote domain mapped to `parity`'s
 * physical domain (2 or 3). */
static edge_counts count_edges(cudaGraph_t graph, unsigned threads, int parity) {
  edge_counts counts = {0, 0, 0, 0, 0, 0};
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
    if (threads != 0) CHECK(block_threads(to[e]) == threads);
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
  const edge_counts counts = count_edges(graph, threads, parity);

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
         "programmatic; %d of %d %d-thread kernels in their own domain\n",
         shx_testbed_variant_name(variant),
         programmatic, parity, counts.nodes, counts.kernel_nodes, counts.edges,
         counts.programmatic, counts.own_domain, counts.domain_nodes, kFusedThreads);
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
  CHECK(fused.domain_nodes == tp);
  CHECK(fused.own_domain == (domains >= 4 ? tp : 0)); /* parity 0: domain 3 */

  edge_counts odd = step_graph_edges(&bed, SHX_VARIANT_FUSED, 1, 1);
  CHECK(odd.programmatic == tp - 1 && odd.domain_nodes == tp);
  CHECK(odd.own_domain == (domains >= 3 ? tp : 0)); /* parity 1: domain 2 */

  edge_counts split = step_graph_edges(&bed, SHX_VARIANT_SPLIT, 1, 1);
  CHECK(split.programmatic == tp - 1); /* into each gate kernel but the first */
  CHECK(split.own_domain == 0);        /* gate and SharedDown stay in the default domain */

  edge_counts plain = step_graph_edges(&bed, SHX_VARIANT_FUSED, 0, 0);
  CHECK(plain.edges == 2 * tp - 1 && plain.programmatic == 0);

  (void)step_graph_edges(&bed, SHX_VARIANT_BASELINE, 1, 0); /* printed only */

  shx_testbed_free(&bed);
  printf("pdl_graph: the programmatic edges are in the captured step graphs\n");
  return 0;
}
