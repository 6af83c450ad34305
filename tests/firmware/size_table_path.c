/* size_table_path.c: the table path alone (open and verify the embedded
 * table, look up, rebuild a schedule, answer a per-node query), for
 * measure.sh's flash figure. Prints nothing, so that the image holds only
 * what a firmware answering from its table needs. */
#include <stdint.h>

#include "hetcast/hetcast.h"
#include "tables/default_table.h"

static unsigned char workspace[1 << 12];
static hetcast_node nodes[64];
static hetcast_transfer transfers[64];

int main(void) {
  static const uint64_t kCounts[3] = {6, 9, 12};
  const hetcast_node_request request = {NULL, 3, 2, kCounts, NULL};
  hetcast_table table;
  hetcast_profile profile;
  hetcast_answer answer;
  uint64_t completion = 0;
  size_t children = 0;
  if (hetcast_table_open(hetcast_default_table, hetcast_default_table_size,
                         &table, NULL) != HETCAST_OK ||
      hetcast_profile_open(&table, 0, &profile, NULL) != HETCAST_OK ||
      hetcast_profile_completion(&profile, &request, &completion, NULL) !=
          HETCAST_OK ||
      hetcast_profile_plan(&profile, &request, workspace, sizeof(workspace),
                           nodes, 64, transfers, 64, &answer,
                           NULL) != HETCAST_OK ||
      hetcast_profile_node_role(&profile, &request, 7, workspace,
                                sizeof(workspace), nodes, transfers, 64,
                                &children, NULL) != HETCAST_OK) {
    return 1;
  }
  return answer.completion_time == completion ? 0 : 2;
}
