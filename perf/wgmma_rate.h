/* wgmma_rate.h: the MMA issue-rate probe (perf/wgmma_rate.cu). */
#ifndef SHX_PERF_WGMMA_RATE_H_
#define SHX_PERF_WGMMA_RATE_H_

#ifdef __cplusplus
extern "C" {
#endif

#define SHX_WGMMA_RATE_MAX_CTAS 264

/* Cycles per 64-wide K block (four wgmma m64nNk16) of the slowest of `ctas` CTAs, each
 * running `blocks` blocks from resident shared memory with the k16 steps round-robin
 * over `chains` accumulators (1, 2, or 4 at n <= 64). `mode` (perf/wgmma_rate.cu): 0 no
 * wait per block, 1 wgmma.wait_group 1 after each block, 2 that plus the ring's mbarrier
 * handshakes, 3 the handshakes without wgmma, 4 the fused kernel's loop (look-ahead
 * test_wait), 5 that loop over pairs of blocks (blocks must then be even), 6 the loop
 * testing each block's barrier two blocks ahead, 7 mode 0 with per-thread stage
 * addresses (descriptors through R2UR), 8-11 mode 4 with its release before the
 * look-ahead test, as one arrival after a named barrier, without the arrivals (the
 * wait_group stays), without the tests, 12 mode 4 in two warpgroups of one CTA taking
 * alternate blocks, 13 and 14 modes 0 and 4 beside a warp streaming bulk copies from L2
 * into other shared memory of the CTA, 15 mode 0 in clusters of 4 (ctas a multiple of
 * 4), 16 mode 0 beside a thread polling an incomplete mbarrier, 17 mode 4 in clusters of
 * 4, 18 mode 0 with 100 KB more shared memory, 19 and 20 modes 15 and 17 with 120 KB
 * more (one CTA per SM), 21 mode 5 with one handshake a pair (blocks even). n: 8, 16,
 * 32, 64 or 128; 1 <= ctas <= SHX_WGMMA_RATE_MAX_CTAS; blocks >= 1. Returns 0, or -1 on
 * a bad argument or a CUDA error. random_operands: the stages hold BF16 values of
 * magnitude [0.5, 1) with random signs instead of zeros. */
int shx_wgmma_rate(int n, int chains, int mode, int ctas, int blocks, int random_operands,
                   double *cycles_per_block);

/* shx_wgmma_rate, and for modes 13, 14 the bytes per cycle the streaming warp of the
 * slowest CTA copied while its MMAs ran (0 for the other modes; may be NULL). */
int shx_wgmma_rate_stream(int n, int chains, int mode, int ctas, int blocks,
                          int random_operands, double *cycles_per_block,
                          double *stream_bytes_per_cycle);

#ifdef __cplusplus
}
#endif

#endif /* SHX_PERF_WGMMA_RATE_H_ */
