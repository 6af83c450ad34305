#!/usr/bin/env python3
"""Writes the seed corpus of model_request_fuzzer
(tests/fuzz/corpus/model_request/).

    python3 tests/fuzz/make_model_request_seeds.py tests/fuzz/corpus/model_request

Each seed is a node or cluster request file (tables/model_request.fbs) as
`hetcast plan --input` reads it: every way of giving a node request (costs,
node_costs, the embedded table with and without a profile, types by
name and the names' mistakes), every cluster
variant (members, degrees, matching, postal), requests at the CLI's limits
and one past them, costs at HETCAST_MAX_COST (2^40) and one past, and
fields that do not go together. The fuzzer picks the algorithm from the
input's length (node: size % 3 of "", fnf, table; cluster: size % 7 of "",
lcf, eager, flat, interleaved, bounded-degree, bounded-size), so some seeds
come in several lengths (trailing spaces).
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_api_seeds  # noqa: E402  (its main() writes the seeds)

MAX_COST = 1 << 40
CLI_MAX_NODES = 10_000_000


def text(request):
    return json.dumps(request)


def every_length(name, request, lengths):
    """The request padded to each residue modulo `lengths`."""
    base = text(request)
    return {f"{name}_{r}": base + " " * ((r - len(base)) % lengths)
            for r in range(lengths)}


SEEDS = {}
for name, request in {
        "node_fig1": {"costs": [2, 3], "source_type": 1, "counts": [4, 7],
                      "relays": [0, 2]},
        "node_default_table": {"table": "@default", "source_type": 2,
                               "counts": [6, 9, 12]},
        "node_default_outside": {"table": "@default", "counts": [30, 1, 1]},
        "node_default_profile": {"table": "@default", "profile": "default",
                                 "counts": [1, 2, 3], "relays": [1, 0, 1]},
        "node_default_by_name": {
            "table": "@default", "source_type_name": "slow",
            "counts_by_name": [{"type": "fast", "count": 6},
                               {"type": "medium", "count": 9},
                               {"type": "slow", "count": 12}],
            "relays_by_name": [{"type": "medium", "count": 1}]},
}.items():
    SEEDS.update(every_length(name, request, 3))
SEEDS.update({
    "node_costs": text({"node_costs": [3, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3]}),
    "node_costs_zero": text({"node_costs": [3, 0]}),
    "node_costs_and_costs": text({"node_costs": [3, 2], "costs": [2]}),
    "node_max_cost": text({"costs": [MAX_COST, 1], "counts": [3, 3]}),
    "node_max_cost_plus_1": text({"costs": [MAX_COST + 1], "counts": [1]}),
    "node_cli_limit": text({"costs": [1], "counts": [CLI_MAX_NODES - 1]}),
    "node_cli_limit_plus_1": text({"costs": [1], "counts": [CLI_MAX_NODES]}),
    "node_relays_overflow": text({"costs": [1], "counts": [2 ** 64 - 1],
                                  "relays": [1]}),
    "node_source_type_2_32": text({"costs": [1], "counts": [1],
                                   "source_type": 2 ** 32}),
    "node_source_type_out": text({"costs": [1, 2], "counts": [1, 1],
                                  "source_type": 2}),
    "node_short_counts": text({"costs": [1, 2], "counts": [1]}),
    "node_profile_no_table": text({"profile": "x", "costs": [1],
                                   "counts": [1]}),
    "node_costs_mismatch": text({"table": "@default", "costs": [1, 2, 3],
                                 "counts": [1, 1, 1]}),
    "node_no_destinations": text({"costs": [5], "counts": [0]}),
    "node_many_relays": text({"costs": [1, 9], "counts": [3, 20],
                              "relays": [40, 0]}),
    "node_name_unknown": text({"table": "@default", "source_type_name": "slwo",
                               "counts_by_name": [{"type": "fast",
                                                   "count": 1}]}),
    "node_name_twice": text({"table": "@default",
                             "counts_by_name": [{"type": "fast", "count": 1},
                                                {"type": "fast", "count": 2}]}),
    "node_name_and_index": text({"table": "@default", "source_type": 1,
                                 "source_type_name": "fast",
                                 "counts": [1, 1, 1]}),
    "node_name_without_table": text({"costs": [1, 2],
                                     "source_type_name": "fast",
                                     "counts": [1, 1]}),
    "node_name_no_count": text({"table": "@default",
                                "counts_by_name": [{"type": "fast"}]}),
    "node_name_field_typo": text({"table": "@default", "counts": [1, 1, 1],
                                  "relay_by_name": []}),
})
for name, request in {
        "cluster_lcf": {"cluster_sizes": [8, 5, 5, 3, 1], "inter_cost": 4},
        "cluster_members": {"cluster_sizes": [8, 5, 5, 3, 1],
                            "inter_cost": 4, "members": [8, 2, 0, 3, 1]},
        "cluster_degrees": {"cluster_sizes": [8, 5, 5, 3, 1],
                            "inter_cost": 3, "degrees": [2, 2, 3, 1, 1]},
        "cluster_matching": {"cluster_sizes": [6, 4, 4, 2], "inter_cost": 5,
                             "matching": 2},
        "cluster_postal": {"cluster_sizes": [8, 5, 5, 3, 1],
                           "inter_cost": MAX_COST - 1, "postal": True},
}.items():
    SEEDS.update(every_length(name, request, 7))
SEEDS.update({
    "cluster_max_cost": text({"cluster_sizes": [2, 2], "inter_cost": MAX_COST}),
    "cluster_max_cost_plus_1": text({"cluster_sizes": [2, 2],
                                     "inter_cost": MAX_COST + 1}),
    "cluster_cli_limit_plus_1": text({"cluster_sizes": [CLI_MAX_NODES, 1],
                                      "inter_cost": 2}),
    "cluster_empty_cluster": text({"cluster_sizes": [3, 0],
                                   "inter_cost": 2}),
    "cluster_no_cost": text({"cluster_sizes": [3, 1]}),
    "cluster_matching_zero": text({"cluster_sizes": [3, 1], "inter_cost": 2,
                                   "matching": 0}),
    "cluster_long_degrees": text({"cluster_sizes": [3, 1], "inter_cost": 2,
                                  "degrees": [1, 1, 1]}),
    "cluster_members_too_many": text({"cluster_sizes": [3, 1],
                                      "inter_cost": 2, "members": [4, 1]}),
    "not_json": "costs: [1]",
    "schema_text": "table T { x: int; } root_type T;",
})

if __name__ == "__main__":
    make_api_seeds.main(SEEDS, "tests/fuzz/corpus/model_request")
