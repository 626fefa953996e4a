/* dims_test.c: shx_set_dims (perf/dims.h), the dims parser of bench --dims,
 * profile_step's SHX_DIMS and dims_gpu_test: what it takes, what it refuses, and that a
 * refusal leaves the config as it was. CPU only. */
#include <stdio.h>
#include <string.h>

#include "engine/check.h"
#include "perf/dims.h"

static void expect_dims(const char *text, int hidden, int inter_total,
                        shx_activation activation) {
  shx_config config = SHX_CONFIG_INIT;
  config.hidden = 64; /* so that "design" must set it back */
  CHECK(shx_set_dims(&config, text) == 1);
  if (config.hidden != hidden || config.intermediate_total != inter_total ||
      config.activation != activation) {
    fprintf(stderr, "\"%s\": H %d, I_total %d, activation %d\n", text, config.hidden,
            config.intermediate_total, (int)config.activation);
    CHECK(0);
  }
}

static void expect_refused(const char *text) {
  shx_config config = SHX_CONFIG_INIT, before;
  config.hidden = 5120; /* something other than the defaults */
  before = config;
  if (shx_set_dims(&config, text) != 0) {
    fprintf(stderr, "\"%s\" was taken\n", text);
    CHECK(0);
  }
  CHECK(memcmp(&config, &before, sizeof config) == 0);
}

int main(void) {
  const shx_config defaults = SHX_CONFIG_INIT;
  expect_dims("design", defaults.hidden, defaults.intermediate_total, defaults.activation);
  expect_dims("deepseek", 7168, 2048, SHX_ACT_SWIGLU);
  expect_dims("5120,8192", 5120, 8192, SHX_ACT_SWIGLU);
  expect_dims("5120,8192,swiglu", 5120, 8192, SHX_ACT_SWIGLU);
  expect_dims("2048,512,situ", 2048, 512, SHX_ACT_SITU);
  const char *refused[] = {"",         "x",          "5120",           "5120,",
                           ",8192",    "5120,8192,", "5120,8192,gelu", "5120x,8192",
                           "5120,8192x", "0,64",     "-64,64",         "64,0",
                           "99999999999999,64", "5120,8192,situ,x", "Design"};
  for (size_t i = 0; i < sizeof refused / sizeof *refused; ++i) expect_refused(refused[i]);
  printf("dims_test: ok\n");
  return 0;
}
