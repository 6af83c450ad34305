#!/usr/bin/env python3
"""Writes the seed corpus of nonblocking_graph_api_fuzzer (tests/fuzz/corpus/nonblocking_graph_api/).

    python3 tests/fuzz/make_nonblocking_graph_seeds.py tests/fuzz/corpus/nonblocking_graph_api

Each seed is a request in the byte layout nonblocking_graph_api_fuzzer.cc reads from
the front (BuildNonblockingSmall, BuildGraphSmall and the Fuzz* functions): valid
non-blocking and graph requests, every field of each at fault once (out of
range, the source, twice, NULL, a cost of 0 or past HETCAST_MAX_COST), the
documented limits and one past each, pins of another model, and outputs or
workspaces one short.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_api_seeds  # noqa: E402  (its main() writes the seeds)

# EdgyValue selectors (fuzz_check.h): below 200, the value itself (below the
# field's modulus); these name the edges.
ZERO, ONE, MAX_COST_MINUS_1, MAX_COST, MAX_COST_PLUS_1 = 200, 201, 202, 203, 204
UINT64_MAX = 209
# PickAlgorithm: below 128 the planner chooses; else kPins[byte % 8].
NONE = 0
PIN = {"fef": 128, "ecf": 129, "wr": 130, "wrp": 131, "mcph": 132,
       "fnf": 133, "lcf": 134, "not_an_algorithm": 135}
# NearCapacity: 4 = exactly the size, 0 = one short.
EXACT, SHORT = 4, 0
# The last byte of DistinctOthers: below 224 no corruption.
KEEP = 0


def message(source, length, count, offset=0, corrupt=None):
    """One message: its source id byte, length selector, count byte, the
    rotation of the other nodes, and optionally (place, id byte) replacing
    one destination."""
    out = [source, length, count, offset]
    if corrupt is None:
        return out + [KEEP]
    place, id_byte = corrupt
    return out + [224 + place, id_byte]


def nb(n, messages, overheads=None, link=None, null_pick=0, algorithm=NONE,
       tasks=EXACT, workspace=EXACT):
    """A small non-blocking request: n nodes, overheads (4 * n selectors,
    default 1..), a uniform link time (one selector) or a full matrix."""
    out = [0, n, len(messages)]
    out += overheads if overheads is not None else [1 + v % 3 for v in
                                                    range(4 * n)]
    if link is None or isinstance(link, int):
        out += [0, 1 if link is None else link]
    else:
        out += [1, link[0]] + link
    for m in messages:
        out += m
    out += [null_pick, algorithm]
    out += [tasks, workspace] * 4
    return bytes(out + [1])  # participant id byte


def nb_at_limit(shape):
    return bytes([0, 240 + shape, NONE])


def graph(n, edges, source, count, offset=0, corrupt=None, flags=0,
          null_pick=0, algorithm=NONE, capacity=EXACT, workspace=EXACT):
    """A small graph request: edges as (from byte, to byte[, id byte], cost
    selector); `to` below 250 is the (to % (n - 1))-th node after `from`."""
    out = [1, n, len(edges)]
    for edge in edges:
        out += list(edge)
    out += [source, count, offset]
    out += [KEEP] if corrupt is None else [224 + corrupt[0], corrupt[1]]
    out += [flags, null_pick, algorithm, capacity, workspace, 2]
    return bytes(out)


def graph_at_limit(shape):
    return bytes([1, 240 + shape, NONE])


# Edge helper: the edge from `a` to `b` of an n-node graph, cost selector c.
def edge(n, a, b, c):
    return (a, (b - a - 1) % (n - 1), c)


SEEDS = {
    # Non-blocking: two messages on four nodes, all to all, broadcast.
    "nonblocking_two_messages": nb(4, [message(0, 3, 3), message(2, 1, 2, offset=1)]),
    "nonblocking_all_to_all": nb(3, [message(v, 2, 2) for v in range(3)]),
    "nonblocking_link_matrix": nb(3, [message(1, 4, 2)], link=[1, 2, 3, 4, 0, 5, 1,
                                                       2, 3]),
    # Every cost at HETCAST_MAX_COST (accepted), one past (refused).
    "nonblocking_max_cost": nb(3, [message(0, 3, 2)], overheads=[MAX_COST] * 12,
                      link=MAX_COST),
    "nonblocking_overhead_past_max": nb(3, [message(0, 1, 2)],
                               overheads=[1] * 5 + [MAX_COST_PLUS_1] + [1] * 6),
    "nonblocking_link_past_max": nb(3, [message(0, 1, 2)],
                           link=[1, 1, 1, 1, 1, MAX_COST_PLUS_1, 1, 1, 1]),
    "nonblocking_huge_length": nb(2, [message(0, UINT64_MAX, 1)]),
    # Each field at fault.
    "nonblocking_zero_length": nb(3, [message(0, ZERO, 2)]),
    "nonblocking_source_out_of_range": nb(3, [message(250, 1, 1)]),
    "nonblocking_destination_is_source": nb(4, [message(1, 1, 2, corrupt=(1, 1))]),
    "nonblocking_destination_out_of_range": nb(4, [message(1, 1, 2, corrupt=(0, 4))]),
    "nonblocking_destination_twice": nb(4, [message(0, 1, 3, corrupt=(2, 1))]),
    "nonblocking_too_many_destinations": nb(3, [message(0, 1, 250)]),
    "nonblocking_null_destinations": nb(3, [message(0, 1, 249)]),
    "nonblocking_no_destinations": nb(3, [message(0, 1, 0)]),
    "nonblocking_no_messages": nb(3, []),
    "nonblocking_one_node": nb(1, [message(0, 1, 0)]),
    "nonblocking_null_link": nb(3, [message(0, 1, 2)], null_pick=254),
    "nonblocking_null_messages": nb(3, [message(0, 1, 2)], null_pick=255),
    # Pins: each algorithm, another model's, no algorithm.
    "nonblocking_pin_fef": nb(4, [message(0, 2, 3)], algorithm=PIN["fef"]),
    "nonblocking_pin_ecf": nb(4, [message(0, 2, 3)], algorithm=PIN["ecf"]),
    "nonblocking_pin_wr": nb(4, [message(0, 2, 3)], algorithm=PIN["wr"]),
    "nonblocking_pin_mcph": nb(4, [message(0, 2, 3)], algorithm=PIN["mcph"]),
    "nonblocking_pin_not_an_algorithm": nb(4, [message(0, 2, 3)],
                                  algorithm=PIN["not_an_algorithm"]),
    # Outputs and workspace one short.
    "nonblocking_short_tasks": nb(4, [message(0, 2, 3)], tasks=SHORT),
    "nonblocking_short_workspace": nb(4, [message(0, 2, 3)], workspace=SHORT),
    # The limits (BuildNonblockingAtLimit): a broadcast of 11,585 nodes and 11,586;
    # all-to-all of 128 and 129; HETCAST_NONBLOCKING_MAX_NODES with K * N = 2^24 and
    # one message more; one node past the limit; 2^33 nodes.
    "nonblocking_limit_broadcast_11585": nb_at_limit(0),
    "nonblocking_limit_broadcast_11586": nb_at_limit(1),
    "nonblocking_limit_all_to_all_128": nb_at_limit(2),
    "nonblocking_limit_all_to_all_129": nb_at_limit(3),
    "nonblocking_limit_cells": nb_at_limit(4),
    "nonblocking_limit_cells_plus_1": nb_at_limit(5),
    "nonblocking_limit_nodes_plus_1": nb_at_limit(6),
    "nonblocking_limit_nodes_2_33": nb_at_limit(7),
    # Graphs: a path, a star, a diamond with two routes.
    "graph_path": graph(4, [edge(4, 0, 1, 1), edge(4, 1, 2, 2),
                            edge(4, 2, 3, 3)], 0, 1, offset=2),
    "graph_star": graph(5, [edge(5, 0, v, v) for v in range(1, 5)], 0, 4),
    "graph_diamond": graph(4, [edge(4, 0, 1, 1), edge(4, 0, 2, 3),
                               edge(4, 1, 3, 5), edge(4, 2, 3, 1),
                               edge(4, 1, 2, 1)], 0, 3),
    "graph_literal_update": graph(4, [edge(4, 0, 1, 1), edge(4, 0, 2, 3),
                                      edge(4, 1, 3, 5), edge(4, 2, 3, 1)],
                                  0, 3, flags=1),
    "graph_max_cost": graph(3, [edge(3, 0, 1, MAX_COST),
                                edge(3, 1, 2, MAX_COST)], 0, 2),
    # Each field at fault.
    "graph_unreachable_target": graph(4, [edge(4, 0, 1, 1), edge(4, 2, 3, 1)],
                                      0, 2),
    "graph_duplicate_edge": graph(3, [edge(3, 0, 1, 1), edge(3, 1, 2, 1),
                                      edge(3, 0, 1, 2)], 0, 2),
    "graph_self_loop": graph(3, [edge(3, 0, 1, 1), (1, 250, 1, 1)], 0, 1),
    "graph_endpoint_out_of_range": graph(3, [(250, 0, 1)], 0, 1),
    "graph_cost_zero": graph(3, [edge(3, 0, 1, ZERO)], 0, 1),
    "graph_cost_past_max": graph(3, [edge(3, 0, 1, MAX_COST_PLUS_1)], 0, 1),
    "graph_source_out_of_range": graph(3, [edge(3, 0, 1, 1)], 250, 1),
    "graph_target_is_source": graph(3, [edge(3, 0, 1, 1)], 0, 1,
                                    corrupt=(0, 0)),
    "graph_target_twice": graph(4, [edge(4, 0, 1, 1), edge(4, 0, 2, 1)], 0, 2,
                                corrupt=(1, 1)),
    "graph_too_many_targets": graph(3, [edge(3, 0, 1, 1)], 0, 250),
    "graph_no_targets": graph(3, [edge(3, 0, 1, 1)], 0, 0),
    "graph_no_edges": graph(3, [], 0, 1),
    "graph_unknown_flag": graph(3, [edge(3, 0, 1, 1)], 0, 1, flags=201),
    "graph_null_edges": graph(3, [edge(3, 0, 1, 1)], 0, 1, null_pick=250),
    "graph_null_targets": graph(3, [edge(3, 0, 1, 1)], 0, 1, null_pick=253),
    "graph_one_node": graph(1, [(0, 0, 0, 1)], 0, 0),
    "graph_pin_wrp": graph(3, [edge(3, 0, 1, 1)], 0, 1, algorithm=PIN["wrp"]),
    "graph_short_outputs": graph(4, [edge(4, 0, v, 2) for v in (1, 2, 3)], 0,
                                 3, capacity=SHORT),
    "graph_short_workspace": graph(4, [edge(4, 0, v, 2) for v in (1, 2, 3)],
                                   0, 3, workspace=SHORT),
    # HETCAST_GRAPH_MAX_NODES (sized), one past it, 2^33; 2^12 targets x
    # (2^13 nodes + 2^16 - 2^13 edges) = HETCAST_GRAPH_MAX_WORK, one edge
    # more.
    "graph_limit_nodes": graph_at_limit(0),
    "graph_limit_nodes_plus_1": graph_at_limit(1),
    "graph_limit_nodes_2_33": graph_at_limit(2),
    "graph_limit_work": graph_at_limit(3),
    "graph_limit_work_plus_1": graph_at_limit(4),
}


if __name__ == "__main__":
    make_api_seeds.main(SEEDS, "tests/fuzz/corpus/nonblocking_graph_api")
