/* publish_probe.h: how long h takes from its owners to every down CTA's shared memory,
 * released and barriered as the fused kernel does it, or tagged and polled with bulk
 * copies (perf/publish_probe.cu says what each form models). */
#ifndef SHX_PERF_PUBLISH_PROBE_H_
#define SHX_PERF_PUBLISH_PROBE_H_

#ifdef __cplusplus
extern "C" {
#endif

#define SHX_PUBLISH_RELEASED 0 /* the kernel's: h stores, release, grid barrier, TMA */
#define SHX_PUBLISH_TAGGED 1   /* words of BF16 | tag << 16, polled by bulk copies */
#define SHX_PUBLISH_TAGGED_ROWS 2 /* the same, one bulk copy a row of h a poll */
#define SHX_PUBLISH_COUNT_ONLY 3  /* RELEASED without its h loads: the count-in alone */
#define SHX_PUBLISH_CLUSTER_RELEASED 4 /* RELEASED, counted in once a cluster (barrier.cluster) */
#define SHX_PUBLISH_CLUSTER_COUNT 5    /* the same without its h loads */
#define SHX_PUBLISH_MBAR_RELEASED 6    /* counted in once a cluster through mbarriers */
#define SHX_PUBLISH_MBAR_COUNT 7       /* the same without its h loads */
#define SHX_PUBLISH_CLUSTER_SIZE 8     /* of the cluster forms (and of any form, clustered) */
#define SHX_PUBLISH_MAX_LAUNCHES 64

typedef struct shx_publish_options {
  int form;
  int batch;         /* 1..16 */
  int inter;         /* 384 (TP16 at the design dims) or 768 (TP8) */
  int loads;         /* 8 KB bulk copies from memory not in L2 that a fifth warp of each
                        CTA issues as the timed part starts (0..12): traffic in flight */
  int stagger_ns;    /* owner o writes its columns o / 96 of it after the start */
  int first_poll_ns; /* tagged forms: the first copy this long after the start */
  int clustered;     /* launch in clusters of SHX_PUBLISH_CLUSTER_SIZE (the cluster and
                        mbarrier forms need it) */
  int launches;      /* 1..SHX_PUBLISH_MAX_LAUNCHES */
} shx_publish_options;

typedef struct shx_publish_result {
  int ctas, owners;
  /* Per launch, ns: the last CTA's end less the first CTA's start (the critical path),
   * and the CTAs' mean of their own end less start. */
  double critical_ns[SHX_PUBLISH_MAX_LAUNCHES];
  double mean_ns[SHX_PUBLISH_MAX_LAUNCHES];
  double polls_per_cta;  /* bulk copies a reader made (tagged forms), over every launch */
  double last_poll_ns;   /* tagged forms: the last copy's issue to its landing, mean */
  unsigned long long mismatches; /* h elements not as the owners wrote them (all launches) */
  unsigned long long timeouts;   /* CTAs that gave up waiting (2 ms) */
} shx_publish_result;

/* `options->launches` launches of a form: 112 CTAs (the design's down tiles), the first
 * 96 of which own inter / 96 h columns each; h BF16 [batch, inter], the owners' values
 * generated here. Returns 0, 77 without a Hopper GPU or where the 112 CTAs (in clusters
 * of 8 if asked) cannot all be resident, -1 on a bad option or a CUDA error. */
int shx_publish_probe(const shx_publish_options *options, shx_publish_result *result);

#ifdef __cplusplus
}
#endif

#endif /* SHX_PERF_PUBLISH_PROBE_H_ */
