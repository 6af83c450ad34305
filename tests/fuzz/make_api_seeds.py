#!/usr/bin/env python3
"""Writes the seed corpus of api_fuzzer (tests/fuzz/corpus/api/).

    python3 tests/fuzz/make_api_seeds.py tests/fuzz/corpus/api

Each seed is a request in the byte layout api_fuzzer.cc reads from the
front (see its BuildNode, BuildCluster and LLVMFuzzerTestOneInput): the
tables' limits and one past them, the type-count limit, costs at
HETCAST_MAX_COST, every cluster variant, pins of each model and a pin that
is no algorithm at all.
"""
import os
import sys

# EdgyValue selectors (fuzz_check.h): below 200, the value modulo the
# field's modulus; these name the edges.
ZERO, ONE, MAX_COST_MINUS_1, MAX_COST, MAX_COST_PLUS_1 = 200, 201, 202, 203, 204
U32_MAX, TWO_32, UINT64_MAX = 205, 206, 209
RAW = 255  # Followed by 8 little-endian bytes.

NONE = 0  # Algorithm byte below 128: the planner chooses.
PIN = {"fnf": 128, "table": 129, "lcf": 130, "flat": 131, "interleaved": 132,
       "wrp": 133, "ptas": 134, "not_an_algorithm": 255}
# Capacity bytes (NearCapacity): 4 = exactly the size, 0 = one short.
EXACT, SHORT = 4, 0


def raw(value):
    return [RAW] + list(value.to_bytes(8, "little"))


def node(k_shape, profiles, costs, counts, relays=None, source=0,
         algorithm=NONE, nodes=EXACT, transfers=EXACT, workspace=EXACT):
    out = [0, k_shape, profiles] + costs + counts
    out += [1] + relays if relays is not None else [0]
    out += [source, algorithm, nodes, 1, transfers, workspace, 0, 0]
    return bytes(out)


def cluster(k_shape, sizes, inter_cost, variant=0, degrees=(), matching=(),
            members=(), algorithm=NONE):
    out = [1, k_shape] + sizes + inter_cost + [variant]
    out += list(degrees) + list(matching) + list(members)
    out += [algorithm, EXACT, 1, EXACT, EXACT, 0, 0]
    return bytes(out)


# Profile byte: bits 0-1 the first profile (0 default, 1 fig1, 2 small3,
# 3 many5 (PTAS)), 0x10 offer it, 0x20 offer all four, 0x40 take its costs,
# 0x80 and leave them NULL.
SEEDS = {
    # The default table at its limits (20 per type), and one past.
    "node_default_at_limits": node(2, 0x10, [2, 3, 5], [20, 20, 20]),
    "node_default_past_limit": node(2, 0x10, [2, 3, 5], [21, 20, 20]),
    # fig1 with relays, costs from the profile.
    "node_fig1_relays": node(1, 0x51, [], [7, 7], relays=[2, 3], source=1),
    # Every profile offered, costs NULL: many5 (PTAS) at its limits.
    "node_ptas_null_costs": node(0, 0xF3, [], [3, 3, 2, 2, 2], source=4),
    # FNF without tables, costs at HETCAST_MAX_COST and just past it.
    "node_fnf_max_cost": node(3, 0x00, [ONE, MAX_COST, MAX_COST_MINUS_1, 7],
                              [3, 2, 1, 0]),
    "node_fnf_cost_past_max": node(3, 0x00, [ONE, MAX_COST_PLUS_1, 2, 7],
                                   [3, 2, 1, 0]),
    "node_fnf_huge_cost": node(1, 0x00, [UINT64_MAX, 1], [1, 2],
                               algorithm=PIN["fnf"]),
    # HETCAST_MAX_TYPES types (64), and 65.
    "node_64_types": node(251, 0x00, [1 + j % 12 for j in range(64)],
                          [j % 2 for j in range(64)]),
    "node_65_types": node(252, 0x00, [1] * 65, [1] * 65),
    # Zero destinations; a source type out of range.
    "node_no_destinations": node(1, 0x00, [2, 3], [0, 0]),
    "node_bad_source_type": node(1, 0x00, [2, 3], [1, 1], source=2),
    # Counts near 2^32 (sized, not planned).
    "node_count_2_32": node(0, 0x00, [1], [TWO_32]),
    # Pins: TABLE outside every table; a cluster algorithm; no algorithm.
    "node_pin_table_outside": node(1, 0x11, [2, 3], [8, 0],
                                   algorithm=PIN["table"]),
    "node_pin_other_model": node(1, 0x00, [2, 3], [1, 1],
                                 algorithm=PIN["lcf"]),
    "node_pin_not_an_algorithm": node(1, 0x00, [2, 3], [1, 1],
                                      algorithm=PIN["not_an_algorithm"]),
    # Output and workspace one short.
    "node_short_outputs": node(1, 0x00, [2, 3], [4, 4], nodes=SHORT),
    "node_short_workspace": node(1, 0x00, [2, 3], [4, 4], relays=[1, 1],
                                 workspace=SHORT),
    # Clusters: issue 15's example (8,5,5,3,1) blocking, postal (C = 8),
    # bounded degree, bounded matching, multicast, the flat baseline,
    # Interleaved LCF, a C of 2^40 blocking, zero clusters.
    "cluster_lcf": cluster(4, [8, 5, 5, 3, 1], [4]),
    "cluster_postal": cluster(4, [8, 5, 5, 3, 1], [8], variant=1),
    "cluster_degrees": cluster(2, [6, 4, 3], [3], variant=2,
                               degrees=[2, 1, 3]),
    "cluster_matching": cluster(2, [6, 4, 3], [3], variant=4, matching=[2]),
    "cluster_members": cluster(2, [6, 4, 3], [3], variant=8,
                               members=[1, 4, 0]),
    "cluster_flat": cluster(3, [5, 5, 5, 5], [2], algorithm=PIN["flat"]),
    "cluster_interleaved": cluster(3, [5, 4, 3, 2], [5], variant=1,
                                   algorithm=PIN["interleaved"]),
    "cluster_max_cost": cluster(1, [3, 3], [MAX_COST]),
    "cluster_none": cluster(252, [], [2]),
}


def main(seeds=None, default_folder="tests/fuzz/corpus/api"):
    """Writes `seeds` (name -> bytes or text; default: this file's) into the
    folder named by the first argument, else `default_folder`. The other
    seed scripts call it with their own seeds."""
    folder = sys.argv[1] if len(sys.argv) > 1 else default_folder
    os.makedirs(folder, exist_ok=True)
    for name, data in (SEEDS if seeds is None else seeds).items():
        if isinstance(data, str):
            data = data.encode()
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
