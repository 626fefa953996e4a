/* dims.c: see dims.h. */
#include "perf/dims.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

int shx_set_dims(shx_config *config, const char *text) {
  if (strcmp(text, "design") == 0) {
    const shx_config design = SHX_CONFIG_INIT;
    config->hidden = design.hidden;
    config->intermediate_total = design.intermediate_total;
    config->activation = design.activation;
    return 1;
  }
  if (strcmp(text, "deepseek") == 0) {
    shx_use_deepseek_dims(config);
    return 1;
  }
  char *end;
  const long hidden = strtol(text, &end, 10);
  if (end == text || *end != ',' || hidden < 1 || hidden > INT_MAX) return 0;
  const char *second = end + 1;
  const long inter_total = strtol(second, &end, 10);
  if (end == second || inter_total < 1 || inter_total > INT_MAX) return 0;
  shx_activation activation = SHX_ACT_SWIGLU;
  if (strcmp(end, ",situ") == 0) activation = SHX_ACT_SITU;
  else if (*end != '\0' && strcmp(end, ",swiglu") != 0) return 0;
  config->hidden = (int)hidden;
  config->intermediate_total = (int)inter_total;
  config->activation = activation;
  return 1;
}
