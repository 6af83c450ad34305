/* hetcast.h: the C API of the hetcast runtime.
 *
 * hetcast plans who sends a message to whom, and when, so that a broadcast
 * or multicast over machines of different speeds reaches its last
 * destination as early as possible, and it says how far from optimal each
 * answer can be. This header is the whole API: a symbol that is not declared
 * here is not API.
 *
 * The ways in, in the order this header presents them:
 *  - The planner, one call for every model: fill a hetcast_request, ask
 *    hetcast_plan_sizes() how much memory the answer needs, and call
 *    hetcast_plan(). It picks the best the library has for the request (a
 *    table entry, else the model's own algorithm) and says which algorithm
 *    answered, why, its proven guarantee and a lower bound on the optimum.
 *  - Tables: optimal schedules precomputed at build time for every mix of
 *    node types up to a limit, opened once from a buffer
 *    (hetcast_table_open) and queried in constant time; the planner answers
 *    from the profiles it is given.
 *  - The per-participant query: hetcast_plan_participant() gives one node's
 *    own part of a plan (its parent, its arrival, its sends), so that each
 *    rank of a collective computes only its own; from a table without
 *    building the tree.
 *  - The per-model functions, the advanced API: each model's algorithms,
 *    lower bounds and evaluators (which recompute any schedule from the
 *    model's rules and reject an invalid one), for callers that want one
 *    algorithm or one piece.
 * Sections: common definitions; the planner (an example follows
 * hetcast_plan); the answers; tables; the four models; last, behind
 * HETCAST_STATIC_LINKING_ONLY, what only code built with this very version
 * may use.
 *
 * Conventions (they hold for every function below unless its comment says
 * otherwise):
 *  - C, no allocation. Every result goes into memory the caller provides:
 *    arrays are passed as pointer + capacity, and a `*_sizes` function says
 *    how large they must be. Working memory comes from a caller-provided
 *    `workspace` buffer (any alignment; the library aligns inside it).
 *  - Pointers must be non-NULL unless documented as optional.
 *  - Errors: a `hetcast_status` (HETCAST_OK is 0, values pinned forever,
 *    hetcast_status_str() describes one) and the one error channel, every
 *    such function's optional last argument `const char** why` (LevelDB's
 *    `errptr`): a failure points `*why` to a static sentence naming what is
 *    wrong, success leaves it alone. On error the output arrays may have
 *    been partly written, `*answer` is zeroed.
 *  - Thread safety: functions keep no global state; distinct calls may run
 *    concurrently as long as they do not share a workspace or output array.
 *  - Time is integer ticks (`uint64_t`). `HETCAST_NEVER` (UINT64_MAX) is not
 *    a time: any schedule that would need it fails with HETCAST_OVERFLOW.
 *  - Build option: the library compiled with HETCAST_OPTIMIZE_SIZE defined
 *    (firmware) trades host speed for code size and stack. Its answers and
 *    the reasons it gives in `*why` are the same byte for byte; a `*_sizes`
 *    function may ask for less workspace, never for more.
 *  - HETCAST_STATIC_LINKING_ONLY, defined before an include of this header,
 *    also declares its last section, which may change in any release.
 *
 * Canonical node ids (so that every participant computes the same schedule
 * on its own): the source is 0; destinations follow, all of type 0, then all
 * of type 1, ...; relays follow the destinations, again grouped by type.
 * Within one group, ids follow the schedule's tree in depth-first preorder:
 * a node, then its first child's whole subtree, then its second child's,
 * ... (children in send order), which lets a table answer one node's role
 * by descending from the source. Relays that a schedule does not use take
 * the last ids of their group. A table, which chooses which nodes of a type
 * serve as its relays, gives its destinations the type's first nodes in
 * that order.
 *
 * Results are cited by author and by section, lemma or theorem; the papers
 * are listed under "References" at the end of this header. A bound or
 * algorithm called "this library's" is not from them: its proof or rule is
 * written out with the code that computes it. */

#ifndef HETCAST_HETCAST_H_
#define HETCAST_HETCAST_H_

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The header's own inline functions: no warning where a file that
 * includes the header does not call them (the runtime's amalgamation
 * includes it into its main file). */
#if defined(__GNUC__)
#define HETCAST_INLINE static __inline__ __attribute__((unused))
#else
#define HETCAST_INLINE static inline
#endif

/* HETCAST_API marks every function of the API. A shared library built
 * with -fvisibility=hidden exports exactly these; on Windows, define
 * HETCAST_BUILD_SHARED when building the DLL and HETCAST_DLL when using
 * it. Static builds need neither. */
#if defined(_WIN32) && defined(HETCAST_BUILD_SHARED)
#define HETCAST_API __declspec(dllexport)
#elif defined(_WIN32) && defined(HETCAST_DLL)
#define HETCAST_API __declspec(dllimport)
#elif defined(__GNUC__) && __GNUC__ >= 4
#define HETCAST_API __attribute__((visibility("default")))
#else
#define HETCAST_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Common definitions: version, status codes, limits, algorithms */

#define HETCAST_VERSION_MAJOR 0
#define HETCAST_VERSION_MINOR 4
#define HETCAST_VERSION_PATCH 0
/* MAJOR * 10000 + MINOR * 100 + PATCH, as in SQLite. */
#define HETCAST_VERSION_NUMBER                                   \
  (HETCAST_VERSION_MAJOR * 10000 + HETCAST_VERSION_MINOR * 100 + \
   HETCAST_VERSION_PATCH)
#define HETCAST_VERSION_STRING "0.4.0"

/* The version of the library actually linked (compare with the macro). */
HETCAST_API int hetcast_version_number(void);

/* The enums of this header take any int value a caller stores in them: a C
 * enum object holds any value of its int-sized type, and the library, which
 * is C++, must see those values as values, not as undefined behaviour
 * ([dcl.enum]: only an enum with a fixed underlying type has every value of
 * that type). An out-of-range value is then refused like any bad argument.
 * In C each ends with an INT_MAX enumerator (no value of the API), so that
 * it is int-sized under -fshort-enums (arm-none-eabi's default) too. */
#ifdef __cplusplus
#define HETCAST_ENUM_BASE : int
#define HETCAST_ENUM_INT(prefix)
#else
#define HETCAST_ENUM_BASE
#define HETCAST_ENUM_INT(prefix) , prefix##_INT_ = 0x7fffffff
#endif

/* Status codes (values are pinned: never renumbered, only appended). */
typedef enum hetcast_status HETCAST_ENUM_BASE {
  HETCAST_OK = 0,
  /* The request is malformed: zero types, a zero cost, a source type out of
   * range, a NULL array that is not optional. */
  HETCAST_INVALID_ARGUMENT = 1,
  /* A time or a count does not fit in 64 bits (a time of exactly
   * HETCAST_NEVER = 2^64 - 1 included: it is reserved). */
  HETCAST_OVERFLOW = 2,
  /* More nodes or types than HETCAST_MAX_NODES / HETCAST_MAX_TYPES (a
   * workspace too large for size_t included), a non-blocking request past
   * HETCAST_NONBLOCKING_MAX_NODES, _CELLS or _WORK, a graph past
   * HETCAST_GRAPH_MAX_NODES, _EDGES or (planning) _WORK, or a graph
   * schedule of 2^32 - 1 or more routes, route edges or slots. */
  HETCAST_TOO_LARGE = 3,
  /* The workspace is smaller than the `*_sizes` function asked for. */
  HETCAST_WORKSPACE_TOO_SMALL = 4,
  /* An output array is smaller than the `*_sizes` function asked for. */
  HETCAST_OUTPUT_TOO_SMALL = 5,
  /* The evaluator rejected the schedule (see hetcast_node_evaluate). */
  HETCAST_INVALID_SCHEDULE = 6,
  /* The request is outside a table; the caller may fall back. */
  HETCAST_NOT_IN_TABLE = 7,
  /* A table buffer failed verification; or, from a plan or node-role query
   * on a PTAS profile, the entry's stored schedule skips a send index (a
   * corrupted or crafted table: the check needs the query's workspace). */
  HETCAST_INVALID_TABLE = 8 HETCAST_ENUM_INT(HETCAST_STATUS)
} hetcast_status;

/* A static, NUL-terminated description of `status` ("unknown status" for a
 * value this version does not know). Never NULL. */
HETCAST_API const char* hetcast_status_str(hetcast_status status);

/* Limits. Node ids are uint32_t; UINT32_MAX is reserved for "no node". */
#define HETCAST_MAX_NODES 0x7fffffffu
#define HETCAST_MAX_TYPES 64u
#define HETCAST_NO_NODE UINT32_MAX
#define HETCAST_NEVER UINT64_MAX
/* The largest cost (ticks, inclusive) of a table, a profile, a cluster's C or
 * a non-blocking overhead or per-byte time: sums and products of a few stay
 * far from 2^64. FNF takes any node cost below HETCAST_NEVER (checked). */
#define HETCAST_MAX_COST (UINT64_C(1) << 40)

/* Which algorithm answered, or is asked for. */
typedef enum hetcast_algorithm HETCAST_ENUM_BASE {
  HETCAST_ALGORITHM_NONE = 0,
  /* The structure was given by the caller and evaluated. */
  HETCAST_ALGORITHM_EVALUATED = 1,
  /* Fastest-Node-First (Banikazemi et al.), multicast via Khuller & Kim
   * Theorem 7.1. */
  HETCAST_ALGORITHM_FNF = 2,
  /* An exact table lookup (Libeskind-Hadas et al. Lemma 5). */
  HETCAST_ALGORITHM_TABLE = 3,
  /* Largest Cluster First (Khuller, Kim & Wan §3), two-level clusters. */
  HETCAST_ALGORITHM_LCF = 4,
  /* A binomial tree over all processors that ignores the clusters (what a
   * cluster-unaware MPI broadcast does); for comparison. */
  HETCAST_ALGORITHM_FLAT_BINOMIAL = 5,
  /* Interleaved LCF (Khuller, Kim & Wan §6.2), postal cluster model. */
  HETCAST_ALGORITHM_INTERLEAVED_LCF = 6,
  /* Multi-source multicast, non-blocking sends (Wu, Yeh & Liu §4):
   * Fastest-Edge-First, Earliest-Completion-First, Work-Racing. */
  HETCAST_ALGORITHM_FEF = 7,
  HETCAST_ALGORITHM_ECF = 8,
  HETCAST_ALGORITHM_WR = 9,
  /* Work-Racing-Preemptive (Wu, Yeh & Liu §4.4). */
  HETCAST_ALGORITHM_WRP = 10,
  /* The approximation scheme of Khuller & Kim §6 (multicast: Theorem 7.2),
   * within a proven factor of the optimum; it runs offline, and its tables
   * answer here as profiles. */
  HETCAST_ALGORITHM_PTAS = 11,
  /* Pipelined multicast on a platform graph: the Minimum Cost Path
   * Heuristic of Beaumont, Legrand, Marchal & Robert §6 (Fig. 9), one
   * multicast tree. */
  HETCAST_ALGORITHM_MCPH = 12,
  /* Eager LCF (this library's): LCF whose holders serve the
   * waiting clusters as soon as their own cluster's local broadcast can
   * spare them; basic and postal broadcast. */
  HETCAST_ALGORITHM_EAGER_LCF = 13,
  /* Critical-first Work-Racing (this library's): serves the destinations
   * with the longest remaining work first. */
  HETCAST_ALGORITHM_CRITICAL_FIRST = 14 HETCAST_ENUM_INT(HETCAST_ALGORITHM)
} hetcast_algorithm;

/* Types defined below, named here for the planner, which comes first. */
typedef struct hetcast_node_request hetcast_node_request;
typedef struct hetcast_node_sizes hetcast_node_sizes;
typedef struct hetcast_cluster_request hetcast_cluster_request;
typedef struct hetcast_nonblocking_request hetcast_nonblocking_request;
typedef struct hetcast_nonblocking_task hetcast_nonblocking_task;
typedef struct hetcast_graph_request hetcast_graph_request;
typedef struct hetcast_graph_route_edge hetcast_graph_route_edge;
typedef struct hetcast_graph_slot hetcast_graph_slot;
typedef struct hetcast_profile hetcast_profile;
typedef struct hetcast_sizes hetcast_sizes;
typedef struct hetcast_plan_output hetcast_plan_output;
typedef struct hetcast_plan_info hetcast_plan_info;
typedef struct hetcast_participant hetcast_participant;

/* ------------------------------------------------------------------------
 * The planner: one entry point for every model
 *
 * hetcast_plan answers any request: it picks the algorithm (or takes the
 * one the request pins), runs it into caller-provided arrays and says what
 * it did, as typed fields. The rules, in order:
 *  - Node model: the first of `profiles` whose types match the request
 *    (same type count; same costs, or `costs` NULL) and whose limits cover
 *    it answers from the table: optimal for an exact profile, within its
 *    stored factor for a PTAS profile. A matching profile that does not
 *    cover the counts (or the relays worth trying) is passed over for the
 *    next matching one. Without a covering profile, Fastest-Node-First
 *    with the relay search answers, and the choice says why.
 *  - Cluster model: LCF in the variant the request's fields call for
 *    (degrees: Bounded Degree, §5.1-5.2; matching: BoundedSize, §5.3-5.4;
 *    members: LCF Multicast, §4; postal: LCF in the postal model, §6.1).
 *    For a broadcast (blocking or postal, no degrees, matching or
 *    members) Eager LCF runs too and answers when it completes strictly
 *    earlier; the answer's algorithm says which (the sizes name LCF; the
 *    guarantee is LCF's, which the earlier schedule keeps).
 *  - Non-blocking model: Work-Racing-Preemptive (§4.4), and the
 *    critical-first run, which answers when strictly earlier.
 *  - Graph model (pipelined multicast): MCPH (Beaumont et al. §6), the
 *    runtime's one algorithm for it (the LP bounds and the other
 *    heuristics of the paper run offline, in the hetcast tools).
 * A request may pin an algorithm of its model (hetcast_model_algorithm
 * lists them: node: TABLE or FNF; cluster: LCF, EAGER_LCF, FLAT_BINOMIAL or
 * INTERLEAVED_LCF; non-blocking: WRP, CRITICAL_FIRST, WR, ECF or FEF;
 * graph: MCPH); a pinned algorithm answers alone. A pin the request cannot
 * honour is an error, never a silent substitute: TABLE without a covering
 * profile is HETCAST_NOT_IN_TABLE, an algorithm of another model
 * HETCAST_INVALID_ARGUMENT. The PTAS runs offline; its tables answer here as
 * profiles. */

typedef enum hetcast_model HETCAST_ENUM_BASE {
  HETCAST_MODEL_NODE = 0,        /* hetcast_node_request */
  HETCAST_MODEL_CLUSTER = 1,     /* hetcast_cluster_request */
  HETCAST_MODEL_NONBLOCKING = 2, /* hetcast_nonblocking_request */
  HETCAST_MODEL_GRAPH = 3        /* hetcast_graph_request */
  HETCAST_ENUM_INT(HETCAST_MODEL)
} hetcast_model;

typedef struct hetcast_request {
  hetcast_model model;
  /* HETCAST_ALGORITHM_NONE: the planner chooses; anything else pins. */
  hetcast_algorithm algorithm;
  /* The model's request; the others NULL (`graph` appended last). */
  const hetcast_node_request* node;
  const hetcast_cluster_request* cluster;
  const hetcast_nonblocking_request* nonblocking;
  /* Optional (node model): opened profiles, tried in order. */
  const hetcast_profile* profiles;
  size_t profile_count;
  const hetcast_graph_request* graph;
} hetcast_request;

/* Validates `request`, makes the planner's choice and says how large the
 * arrays and the workspace must be. */
HETCAST_API hetcast_status hetcast_plan_sizes(const hetcast_request* request,
                                              hetcast_sizes* sizes,
                                              const char** why);

/* Plans `request` into `output` (node and cluster models: as
 * hetcast_node_plan; non-blocking: as hetcast_nonblocking_plan) and fills
 * `info`. Deterministic: the same request gives the same bytes. No heap. */
HETCAST_API hetcast_status hetcast_plan(const hetcast_request* request,
                                        void* workspace, size_t workspace_size,
                                        const hetcast_plan_output* output,
                                        hetcast_plan_info* info,
                                        const char** why);

/* Example: a broadcast from a node of type 1 to 4 nodes of cost 2 and 7 of
 * cost 3:
 *   uint64_t costs[2] = {2, 3}, counts[2] = {4, 7};
 *   hetcast_node_request node = {costs, 2, 1, counts, NULL};
 *   hetcast_request request = {HETCAST_MODEL_NODE, HETCAST_ALGORITHM_NONE,
 *                              &node};
 *   hetcast_sizes sizes;
 *   const char* why;
 *   if (hetcast_plan_sizes(&request, &sizes, &why) != HETCAST_OK) ...
 *   (give sizes.workspace_bytes of workspace and output arrays of
 *   sizes.node_count nodes and sizes.transfer_count transfers)
 *   hetcast_plan(&request, workspace, sizes.workspace_bytes, &output, &info,
 *                &why); */

/* One participant's part of the plan, so that each rank of a collective
 * computes only its own, in the fields of `*out` (hetcast_participant,
 * defined with the answers below): node and cluster models: its own entry
 * (arrival, parent, type, ...) in `*node` and its sends in order, as transfers
 * with from = participant, in `sends`; non-blocking model: its ordered task
 * list in `tasks`; graph model: its slots (from = participant) in `slots`, in
 * the order it sends them in every period (increasing start), and in
 * `*node`: parent = its parent in the tree, arrival = the tick of the
 * period at which its receiving slot ends (what it receives in one period
 * it forwards in the next), send_index = the place of that slot among its
 * parent's (1 = first), type 0, is_relay 1 unless it is the source or a
 * target; for the source parent = HETCAST_NO_NODE and arrival 0, for a
 * node outside the tree parent = HETCAST_NO_NODE, arrival = HETCAST_NEVER,
 * send_index 0 and no slots. `*count` is always set; if it exceeds the
 * capacity the first `capacity` are written and the call fails with
 * HETCAST_OUTPUT_TOO_SMALL.
 * A table answers in O(participant's subtree path) without building the
 * tree (hetcast_profile_node_role); the other algorithms plan the whole
 * request inside the workspace. Same facts as hetcast_plan. */
HETCAST_API hetcast_status hetcast_plan_participant(
    const hetcast_request* request, uint32_t participant, void* workspace,
    size_t workspace_size, hetcast_participant* out, const char** why);

/* The algorithms a request of `model` may pin, by index from 0, the
 * planner's default first; HETCAST_ALGORITHM_NONE past the last (and for a
 * model this version does not know). */
HETCAST_API hetcast_algorithm hetcast_model_algorithm(hetcast_model model,
                                                      size_t index);

/* A static, NUL-terminated short name of `algorithm`, as the hetcast tools
 * spell it ("lcf", "flat", "wrp", ...); "none" for HETCAST_ALGORITHM_NONE
 * and for a value this version does not know. Never NULL. */
HETCAST_API const char* hetcast_algorithm_name(hetcast_algorithm algorithm);

/* ------------------------------------------------------------------------
 * Answers: what the planner and the per-model functions fill in */

/* Which bound produced `hetcast_answer.lower_bound` (the largest wins). */
typedef enum hetcast_bound HETCAST_ENUM_BASE {
  HETCAST_BOUND_NONE = 0,
  /* Doubling: no node sends faster than the fastest cost present, so the
   * informed set at most doubles per fastest-cost period after the source's
   * own sends (see hetcast_node_lower_bound). */
  HETCAST_BOUND_DOUBLING = 1,
  /* ceil(2/3 * FNF): FNF is a 1.5-approximation (Khuller & Kim Corollary
   * 4.1, extended to multicast by their Theorem 7.1). */
  HETCAST_BOUND_FNF_THIRDS = 2,
  /* The answer is optimal: the bound equals the completion time. */
  HETCAST_BOUND_EXACT = 3,
  /* ceil(log2 N): copies at most double per tick (cluster model). */
  HETCAST_BOUND_LOG2 = 4,
  /* p * C (Khuller, Kim & Wan Lemma 3.3): with local transfers free, LCF is
   * optimal and needs p global steps, p from the cluster sizes. */
  HETCAST_BOUND_GLOBAL_STEPS = 5,
  /* (p - 1)(C - 1) + ceil(log2(N / 2)) (Khuller, Kim & Wan Theorem 3.2). */
  HETCAST_BOUND_KKW_THEOREM_3_2 = 6,
  /* Postal cluster model: the makespan of LCF when local transfers are
   * free (Khuller, Kim & Wan Lemma 6.4: p C + c'). */
  HETCAST_BOUND_POSTAL_GLOBAL = 7,
  /* Non-blocking model: Wu, Yeh & Liu §3.1 (shortest paths in the model
   * where a node may send and receive in parallel, receives taken in order
   * of arrival, Eq. 2). */
  HETCAST_BOUND_EARLIEST_REACH = 8,
  /* T + 1 for the largest guess T that the PTAS of Khuller & Kim §6 found
   * infeasible: its Theorem 6.1 makes every guess T >= OPT feasible. */
  HETCAST_BOUND_PTAS_GUESS = 9,
  /* Graph model, ticks per message: every target receives each message
   * over some in-edge and the source sends it over some out-edge, one at a
   * time (one-port): max(cheapest in-edge of any target, cheapest out-edge
   * of the source). Holds for any number of trees. */
  HETCAST_BOUND_GRAPH_PORTS = 10,
  /* Node model: fastest-first counting on relaxed send times (each cost's
   * send offsets nested in the next faster cost's, so receiving in order of
   * cost becomes optimal), the best of a few anchors; never below the
   * doubling bound. For requests of up to 256 destinations, refined by
   * a best-first search that fixes the costs of the first receivers and
   * times them exactly, until it proves the answer optimal or runs out of
   * budget (this library's bound). */
  HETCAST_BOUND_NESTED_SLOTS = 11,
  /* Non-blocking model: each message's holders grow at most as fast as
   * when every relay sends as cheaply, over links as short and after
   * receives as quick as the fastest destination's; the slowest receivers
   * get the earliest arrivals (this library's bound). */
  HETCAST_BOUND_NONBLOCKING_POSTAL_GROWTH = 12,
  /* Non-blocking model: every node's receives and own first sends one at a
   * time, and all nodes' least total work fitted between the earliest time
   * each can start and the completion (this library's bound). */
  HETCAST_BOUND_NONBLOCKING_SERIAL_WORK = 13,
  /* Cluster model: the processors of a cluster other than the source's at
   * most double per tick after its first copy arrives (C ticks at the
   * earliest), plus one copy per processor informed outside it C ticks
   * before (this library's bound). */
  HETCAST_BOUND_CLUSTER_FILL = 14,
  /* Cluster model: every cluster that needs a copy needs an inter-cluster
   * transfer, each processor starts one at most every C ticks (blocking),
   * and processors can only be informed inside clusters already holding a
   * copy (this library's bound). */
  HETCAST_BOUND_CLUSTER_ENTRY = 15,
  /* Node model, tools only (`hetcast plan --certify`; never produced by the
   * runtime): the least T at which the counting linear program, solved
   * exactly, informs every destination; it relaxes only integrality of the
   * arrivals per tick (this library's bound). */
  HETCAST_BOUND_COUNTING_LP = 16 HETCAST_ENUM_INT(HETCAST_BOUND)
} hetcast_bound;

typedef struct hetcast_answer {
  hetcast_algorithm algorithm;
  int exact;                /* 1 when completion_time is proven optimal. */
  uint64_t completion_time; /* Last arrival at a destination (0 if none). */
  uint64_t lower_bound;     /* No schedule completes earlier. */
  hetcast_bound lower_bound_kind;
  size_t node_count;        /* Canonical ids are 0 .. node_count - 1. */
  size_t participant_count; /* Source + destinations + relays used. */
  size_t transfer_count;    /* participant_count - 1. */
} hetcast_answer;

/* One transfer of the message. Schedules list them sorted by (start, from). */
typedef struct hetcast_transfer {
  uint32_t from;
  uint32_t to;
  uint64_t start; /* arrival - C(type(from)). */
  uint64_t arrival;
} hetcast_transfer;

/* One node of a schedule, indexed by canonical id. */
typedef struct hetcast_node {
  uint64_t arrival; /* HETCAST_NEVER for a relay the schedule leaves out. */
  uint32_t parent;  /* HETCAST_NO_NODE for the source and unused relays. */
  uint32_t type;
  uint32_t send_index; /* 1 for the parent's first send, 2 for its second... */
  uint32_t is_relay;   /* 1 for relay ids, 0 otherwise. */
} hetcast_node;

typedef struct hetcast_graph_answer {
  hetcast_algorithm algorithm;
  int exact; /* 1 when the throughput is proven optimal. */
  /* The schedule: K messages every T ticks. */
  uint64_t period;
  uint64_t messages;
  /* K / T messages per tick and T / K ticks per message, reduced. */
  uint64_t throughput_numerator;
  uint64_t throughput_denominator;
  uint64_t period_numerator;
  uint64_t period_denominator;
  /* No schedule, with any number of trees, needs fewer ticks per message
   * than lower_bound_numerator / lower_bound_denominator. */
  uint64_t lower_bound_numerator;
  uint64_t lower_bound_denominator;
  hetcast_bound lower_bound_kind;
  /* The node whose load sets the period (the smallest id on ties). */
  uint32_t bottleneck_node;
  size_t tree_node_count; /* Source, targets and relays in the tree. */
  size_t tree_edge_count; /* tree_node_count - 1 */
  size_t slot_count;
} hetcast_graph_answer;

/* Why the algorithm that answered was chosen (values pinned). */
typedef enum hetcast_choice HETCAST_ENUM_BASE {
  /* The request pinned it. */
  HETCAST_CHOICE_PINNED = 0,
  /* A table profile matches and covers the request. */
  HETCAST_CHOICE_TABLE = 1,
  /* Node model, FNF: the request offered no profiles. */
  HETCAST_CHOICE_NO_TABLE = 2,
  /* Node model, FNF: no profile has the request's types and costs. */
  HETCAST_CHOICE_NO_MATCHING_PROFILE = 3,
  /* Node model, FNF: profiles match the costs, but the destination counts
   * (or the relays worth trying) exceed every one's limits. */
  HETCAST_CHOICE_OUTSIDE_TABLE = 4,
  /* Cluster, non-blocking and graph models: the model's algorithm for the
   * request's constraints. */
  HETCAST_CHOICE_MODEL = 5 HETCAST_ENUM_INT(HETCAST_CHOICE)
} hetcast_choice;

/* What hetcast_plan needs. Arrays of the node and cluster models: nodes and
 * transfers; of the non-blocking model: tasks and list_begin; of the graph
 * model: tree_edges and slots. The others are 0, except node_count, which
 * is the node count of the non-blocking and graph requests too (their
 * participant ids are 0 .. node_count - 1; no node array is written). */
struct hetcast_sizes {
  size_t node_count;
  size_t transfer_count;
  size_t task_count;
  size_t list_begin_count; /* node_count + 1 for the non-blocking model. */
  /* For hetcast_plan and hetcast_plan_participant (which also holds a copy
   * of the whole plan in it). */
  size_t workspace_bytes;
  /* What will answer, and why: known before planning, so a caller can
   * refuse work it does not want. */
  hetcast_algorithm algorithm;
  hetcast_choice choice;
  /* FNF: the passes of the relay search (hetcast_node_sizes.fnf_runs);
   * 0 for every other algorithm. */
  uint64_t fnf_runs;
  /* Graph model (hetcast_graph_sizes): route edges of the tree, slots. */
  size_t tree_edge_count;
  size_t slot_count;
  /* What hetcast_plan alone needs (<= workspace_bytes, without the
   * participant query's copy of the plan: half of it for a 10^7-node FNF
   * plan). */
  size_t plan_workspace_bytes;
};

/* Where hetcast_plan writes (arrays of the other models may be NULL).
 * `transfers` is optional for the node and cluster models. The graph model
 * writes what hetcast_graph_plan writes: the tree as route edges (route 0,
 * parents first) and the slots of its periodic schedule, sorted by
 * (start, from). */
struct hetcast_plan_output {
  hetcast_node* nodes;
  size_t node_capacity;
  hetcast_transfer* transfers;
  size_t transfer_capacity;
  hetcast_nonblocking_task* tasks;
  size_t task_capacity;
  size_t* list_begin;
  size_t list_begin_capacity;
  hetcast_graph_route_edge* tree_edges;
  size_t tree_edge_capacity;
  hetcast_graph_slot* slots;
  size_t slot_capacity;
};

/* What the planner did, as typed fields. */
struct hetcast_plan_info {
  /* Algorithm, exactness, completion, lower bound and its kind, counts.
   * Graph model: the objective is throughput, not a completion time, so
   * completion_time and lower_bound are 0 and the exact fractions are in
   * `graph`; algorithm, exact and lower_bound_kind are those of `graph`,
   * node_count is the request's, participant_count the tree's nodes and
   * transfer_count its edges. */
  hetcast_answer answer;
  hetcast_model model;
  hetcast_choice choice;
  /* The profile that answered (index into request->profiles), or SIZE_MAX. */
  size_t profile_index;
  /* The proven guarantee: completion <= factor * OPT + additive ticks, with
   * factor = factor_numerator / factor_denominator (1 / 1 and 0 for an
   * exact answer). 0 / 0 when the algorithm has none (heuristics, the flat
   * baseline, Interleaved LCF, whose bound is against a restricted class of
   * schedules). */
  uint64_t factor_numerator;
  uint64_t factor_denominator;
  uint64_t additive;
  /* Static, NUL-terminated: the paper and result behind the guarantee (""
   * when there is none). */
  const char* guarantee_source;
  /* Graph model: hetcast_graph_plan's answer (period and throughput per
   * message, the port lower bound, all as reduced fractions; the
   * bottleneck node; the tree's counts). Zero for the other models. */
  hetcast_graph_answer graph;
};

struct hetcast_participant {
  hetcast_node node;
  hetcast_transfer* sends;
  size_t send_capacity;
  hetcast_nonblocking_task* tasks;
  size_t task_capacity;
  size_t count;
  /* Graph model (appended; may be NULL with capacity 0 otherwise). */
  hetcast_graph_slot* slots;
  size_t slot_capacity;
};

/* ------------------------------------------------------------------------
 * Exact tables
 *
 * A table file holds one or more profiles (k node types with costs and a
 * limit per type) and, for every source type and every destination mix
 * within the limits, the optimal completion time and the decision that
 * rebuilds an optimal tree (Libeskind-Hadas et al. Lemma 5).
 *
 * Usage:
 *   hetcast_table table;
 *   const char* why;
 *   if (hetcast_table_open(bytes, size, &table, &why) != HETCAST_OK) ...
 *   hetcast_profile profile;
 *   hetcast_profile_open(&table, 0, &profile, &why);
 *   uint64_t counts[3] = {4, 7, 0}, t;
 *   hetcast_node_request r = {NULL, 3, 1, counts, NULL};
 *   hetcast_profile_completion(&profile, &r, &t, &why);   O(1), no allocation
 *
 * The buffer is verified once, by hetcast_table_open; it must stay alive
 * and unchanged while any handle made from it is used. Handles are plain
 * caller-owned structs with no destructor; they are read-only after being
 * opened, so any number of threads may query one handle at once.
 *
 * NULL and unopened handles: every function below takes a NULL handle, or
 * a zeroed one (never opened; hetcast_table_open zeroes its handle before
 * checking anything, so a failed open leaves it so), and refuses it: the
 * status-returning functions with HETCAST_INVALID_ARGUMENT, the table's
 * accessors by answering 0. A handle holding anything else (uninitialised
 * memory, a copy of a handle whose table buffer is gone) is undefined. */

/* The newest table schema this library reads. */
#define HETCAST_TABLE_SCHEMA_VERSION 1u
/* Table buffers must start at a multiple of this many bytes. */
#define HETCAST_TABLE_ALIGNMENT 8u
/* Most types a table profile may have. */
#define HETCAST_TABLE_MAX_TYPES 16u
/* Most entries (types x states) of one profile. */
#define HETCAST_TABLE_MAX_ENTRIES (1ull << 25)

typedef struct hetcast_table {
  uint64_t opaque_[4];
} hetcast_table;

struct hetcast_profile {
  uint64_t opaque_[72];
};

/* How a profile's entries were computed (values pinned). */
typedef enum hetcast_table_method HETCAST_ENUM_BASE {
  /* Exact dynamic program: every completion time is optimal. */
  HETCAST_METHOD_EXACT_DP = 0,
  /* The PTAS of Khuller & Kim §6 on every entry: each completion time is
   * within (1 + eps)(1 + 3 eps) of the optimum (eps in the profile info),
   * each answer carries the PTAS's own lower bound, and schedules are
   * stored whole per entry. */
  HETCAST_METHOD_PTAS = 1 HETCAST_ENUM_INT(HETCAST_TABLE_METHOD)
} hetcast_table_method;

typedef struct hetcast_profile_info {
  const char* name; /* NUL-terminated, inside the table buffer. */
  size_t type_count;
  uint64_t state_count; /* Count vectors per source type: prod(limit+1). */
  uint64_t entry_count; /* type_count * state_count. */
  size_t entry_bytes;   /* Bytes per entry in the buffer: 4 or 8. */
  hetcast_table_method method;
  int exact; /* 1 when every answer is optimal. */
  /* HETCAST_METHOD_PTAS: eps = numerator / denominator; every answer is
   * within (1 + eps)(1 + 3 eps) of the optimum. 0 / 0 otherwise. */
  uint64_t epsilon_numerator;
  uint64_t epsilon_denominator;
  /* The guaranteed factor (1 + eps)(1 + 3 eps) = guarantee_numerator /
   * guarantee_denominator (1 / 1 for exact profiles). */
  uint64_t guarantee_numerator;
  uint64_t guarantee_denominator;
  /* Bytes of the per-entry schedules and bounds (HETCAST_METHOD_PTAS), on
   * top of entry_count * entry_bytes; 0 for exact profiles. */
  uint64_t schedule_bytes;
} hetcast_profile_info;

/* Verifies `data` (`size` bytes, HETCAST_TABLE_ALIGNMENT-aligned) and fills
 * `table`. Checks, in order: alignment and size; the FlatBuffers structure
 * (Verifier with explicit depth and table limits, so no read ever leaves the
 * buffer); the file identifier "HCT1"; schema_version <= HETCAST_TABLE_
 * SCHEMA_VERSION; then per profile: types and costs, that the state count
 * matches the limits, the entry widths, and for every entry that its
 * decision is in range, points to two strictly smaller states, and that its
 * completion time equals what the decision gives (so every rebuilt tree
 * completes exactly at the stored time). O(entries * types). A PTAS
 * profile (HETCAST_METHOD_PTAS) instead has every stored schedule checked:
 * a tree over its state's nodes (no cycle, one receiver per send),
 * canonical order, completion equal to the entry, bound at most the
 * completion, every arrival below 2^47 ticks, and nodes at most 64 levels
 * deep on average (the sum of the depths at most 64 n, which also bounds
 * every query on the schedule);
 * O(sum over entries of n k) for n destinations and k types per entry.
 * Returns HETCAST_INVALID_TABLE on any failure, the check that failed in
 * `*why`. */
HETCAST_API hetcast_status hetcast_table_open(const void* data, size_t size,
                                              hetcast_table* table,
                                              const char** why);

/* The table's profile count and schema version; 0 for a NULL or unopened
 * handle (an opened table has at least one profile and version >= 1). */
HETCAST_API size_t hetcast_table_profile_count(const hetcast_table* table);
HETCAST_API uint32_t hetcast_table_schema_version(const hetcast_table* table);

/* Finds the profile named `name` (NUL-terminated). HETCAST_INVALID_ARGUMENT
 * when there is none. */
HETCAST_API hetcast_status
hetcast_table_find_profile(const hetcast_table* table, const char* name,
                           size_t* index, const char** why);

/* Prepares the query handle of profile `index` (< profile count). */
HETCAST_API hetcast_status hetcast_profile_open(const hetcast_table* table,
                                                size_t index,
                                                hetcast_profile* profile,
                                                const char** why);

/* Fills `info`. HETCAST_INVALID_ARGUMENT for a NULL `info`, or a NULL or
 * unopened profile (then `*info` is zeroed, its name ""). */
HETCAST_API hetcast_status
hetcast_profile_get_info(const hetcast_profile* profile,
                         hetcast_profile_info* info, const char** why);

/* Name (NUL-terminated, optional out), cost and limit of type `type`. */
HETCAST_API hetcast_status hetcast_profile_type(const hetcast_profile* profile,
                                                size_t type, const char** name,
                                                uint64_t* cost, uint64_t* limit,
                                                const char** why);

/* Requests to a profile use hetcast_node_request with these rules:
 * type_count must equal the profile's; `costs` may be NULL (the profile's
 * costs) and otherwise must equal them (else HETCAST_INVALID_ARGUMENT).
 * Destination counts above a type's limit give HETCAST_NOT_IN_TABLE, the
 * caller's cue to fall back to hetcast_node_plan.
 *
 * Relays: Khuller & Kim Theorem 7.1. An optimal multicast uses the m
 * cheapest relays for some m; only relays strictly cheaper than the slowest
 * destination can help, and m <= destinations suffices. The table is
 * looked up for every such m (cheapest
 * relays first; the smallest best m wins), O(min(relays, destinations))
 * lookups. If one of those lookups falls outside the limits the answer is
 * HETCAST_NOT_IN_TABLE. */

/* The optimal completion time: one lookup without relays. */
HETCAST_API hetcast_status hetcast_profile_completion(
    const hetcast_profile* profile, const hetcast_node_request* request,
    uint64_t* completion_time, const char** why);

/* Array and workspace sizes for hetcast_profile_plan and
 * hetcast_profile_node_role (fnf_runs is 0). */
HETCAST_API hetcast_status hetcast_profile_plan_sizes(
    const hetcast_profile* profile, const hetcast_node_request* request,
    hetcast_node_sizes* sizes, const char** why);

/* Rebuilds an optimal schedule from the table's decisions into `nodes`
 * (node_count entries, canonical ids) and `transfers` (optional as in
 * hetcast_node_plan; sorted by (start, from)). The answer says
 * HETCAST_ALGORITHM_TABLE, exact, lower bound = completion time
 * (HETCAST_BOUND_EXACT). No allocation. Exact profiles: O(n) table reads
 * for n participants, plus O(n + T) (completion time T <= 8 n + 255, the
 * usual case) or a sort of the transfers. PTAS profiles read the stored
 * schedule and relabel it, O(n). */
HETCAST_API hetcast_status hetcast_profile_plan(
    const hetcast_profile* profile, const hetcast_node_request* request,
    void* workspace, size_t workspace_size, hetcast_node* nodes,
    size_t node_capacity, hetcast_transfer* transfers, size_t transfer_capacity,
    hetcast_answer* answer, const char** why);

/* One participant's role, without materialising the tree: node `node_id`'s
 * own entry (arrival, parent, type, send index, relay flag) in `*node`, and
 * its sends in order as transfers (from = node_id) in `children`.
 * `*child_count` is always set; if it exceeds `children_capacity` the call
 * writes the first `children_capacity` and fails with
 * HETCAST_OUTPUT_TOO_SMALL. Gives exactly
 * the same facts as hetcast_profile_plan. Workspace as for the plan. No
 * allocation. Exact profiles descend from the source to the node, skipping
 * whole subtrees (canonical ids are depth-first): O(depth + sends of the
 * nodes on the path) table reads, no workspace used. PTAS profiles rebuild
 * the stored
 * schedule in the workspace, O(n). */
HETCAST_API hetcast_status hetcast_profile_node_role(
    const hetcast_profile* profile, const hetcast_node_request* request,
    uint32_t node_id, void* workspace, size_t workspace_size,
    hetcast_node* node, hetcast_transfer* children, size_t children_capacity,
    size_t* child_count, const char** why);

/* The table's identity: FNV-1a (64-bit) of the `size` bytes given to
 * hetcast_table_open, computed there. Ranks of a collective compare it
 * before planning (different tables would give different trees and hang
 * the collective). 0 for a NULL or unopened handle. */
HETCAST_API uint64_t hetcast_table_hash(const hetcast_table* table);

/* ------------------------------------------------------------------------
 * Heterogeneous node model (Libeskind-Hadas et al.; Khuller & Kim)
 *
 * A node of type j needs costs[j] ticks per send and sends one message at
 * a time; its i-th send arrives at arrival + i * costs[j]. Receiving costs
 * the receiver nothing extra. */

struct hetcast_node_request {
  const uint64_t* costs;              /* type_count entries, each >= 1. */
  size_t type_count;                  /* 1 .. HETCAST_MAX_TYPES. */
  uint32_t source_type;               /* < type_count. */
  const uint64_t* destination_counts; /* type_count entries. */
  /* Optional (NULL = no relays): type_count entries. Relays may forward the
   * message but need not receive it. */
  const uint64_t* relay_counts;
};

struct hetcast_node_sizes {
  size_t node_count;      /* Entries a hetcast_node array needs. */
  size_t transfer_count;  /* Entries a transfer array needs (at most). */
  size_t workspace_bytes; /* Workspace for hetcast_node_plan. */
  /* FNF passes hetcast_node_plan will make (each O(node_count)): 1
   * without useful relays, else one per relay count m tried plus two. Lets
   * a caller refuse a request whose relay search is too long. */
  uint64_t fnf_runs;
};

/* Validates `request` and says how much memory planning it needs. */
HETCAST_API hetcast_status
hetcast_node_plan_sizes(const hetcast_node_request* request,
                        hetcast_node_sizes* sizes, const char** why);

/* Plans `request` with Fastest-Node-First.
 *
 * Without relays this is FNF as in Libeskind-Hadas et al. §2: the next
 * receiver is the cheapest node not yet informed, its sender the informed
 * node that can complete a send earliest. Ties are broken deterministically:
 * among senders completing at the same tick, the lower canonical id gets the
 * cheaper receiver; among receivers of equal cost, the lower type index and
 * then destinations before relays come first.
 *
 * With relays, FNF runs on the destinations plus the m cheapest relays for
 * every m up to the destination count (Khuller & Kim Theorem 7.1; more never
 * pays), relays that end up forwarding to no
 * destination are dropped (which moves later sends earlier), and the best m
 * is kept (the smallest m on ties).
 *
 * Planning memory grows with the destinations, not with the relays offered:
 * only the relays of types that can help, at most D of each (D the
 * destination count), are planned with (the workspace and transfer_count of
 * hetcast_node_plan_sizes say so); the other relays get blank nodes.
 *
 * `nodes` receives node_count entries. `transfers` is optional (NULL with
 * capacity 0 skips writing them); when given, it needs
 * hetcast_node_plan_sizes' transfer_count entries and receives the transfers
 * sorted by (start, from). */
HETCAST_API hetcast_status hetcast_node_plan(
    const hetcast_node_request* request, hetcast_algorithm algorithm,
    void* workspace, size_t workspace_size, hetcast_node* nodes,
    size_t node_capacity, hetcast_transfer* transfers, size_t transfer_capacity,
    hetcast_answer* answer, const char** why);

/* The doubling lower bound on any schedule for `request` (HETCAST_BOUND_
 * DOUBLING). With c the cheapest cost among destinations and relays and C_s
 * the source's cost, a node of cost >= c informed at time a heads a subtree
 * of at most 2^floor((T - a) / c) nodes by time T, and the source's i-th
 * child arrives no earlier than i * C_s; the bound is the least T at which
 * 1 + sum_i 2^floor((T - i * C_s) / c) reaches 1 + destinations. */
HETCAST_API hetcast_status
hetcast_node_lower_bound(const hetcast_node_request* request,
                         uint64_t* lower_bound, const char** why);

/* One send of a structure handed to the evaluator. The order of the sends
 * of one sender is the order in which they appear in the array. */
typedef struct hetcast_send {
  uint32_t from;
  uint32_t to;
} hetcast_send;

/* Workspace the evaluator needs for `send_count` sends. */
HETCAST_API hetcast_status hetcast_node_evaluate_workspace_size(
    const hetcast_node_request* request, size_t send_count, size_t* bytes,
    const char** why);

/* The node-model evaluator: recomputes every time of a structure from the
 * model's rule (no idling: the i-th send of v arrives at t(v) + i * C(v))
 * and rejects with HETCAST_INVALID_SCHEDULE a node id out of range, a send
 * to the source, a node receiving twice, a send from a node that never
 * receives, or a destination never reached. Ids are canonical for the
 * request's types but need not follow the canonical order within a group.
 * Output
 * as for hetcast_node_plan, with the ids as given (`transfers`, when given,
 * needs min(send_count, node_count - 1) entries); the answer's lower bound
 * is the doubling bound. */
HETCAST_API hetcast_status hetcast_node_evaluate(
    const hetcast_node_request* request, const hetcast_send* sends,
    size_t send_count, void* workspace, size_t workspace_size,
    hetcast_node* nodes, size_t node_capacity, hetcast_transfer* transfers,
    size_t transfer_capacity, hetcast_answer* answer, const char** why);

/* As hetcast_node_evaluate, then relabels the nodes into canonical ids (per
 * type and relay flag in depth-first preorder of the tree, see "Canonical
 * node ids" above), so the output has the form every planner's output has.
 * Same workspace size. */
HETCAST_API hetcast_status hetcast_node_evaluate_canonical(
    const hetcast_node_request* request, const hetcast_send* sends,
    size_t send_count, void* workspace, size_t workspace_size,
    hetcast_node* nodes, size_t node_capacity, hetcast_transfer* transfers,
    size_t transfer_capacity, hetcast_answer* answer, const char** why);

/* ------------------------------------------------------------------------
 * Two-level clusters (Khuller, Kim & Wan)
 *
 * k clusters of n_0 .. n_{k-1} processors; the source is processor 0, in
 * cluster 0. A transfer inside a cluster takes 1 tick, between clusters C
 * ticks; sender and receiver are both busy for the whole transfer and a
 * processor takes part in one transfer at a time (blocking model). In the
 * postal variant (§6) a sender is busy for 1 tick, an inter-cluster message
 * arrives C ticks after it was sent and occupies its receiver for the last
 * tick. Bounded degree (§5.1): at most d_i inter-cluster transfers with an
 * endpoint in cluster i at any time. Bounded-size matching (§5.3): at most
 * B inter-cluster transfers at any time.
 *
 * Processor ids are canonical and cluster-major: cluster 0 holds ids
 * 0 .. n_0 - 1 (the source is 0), cluster 1 the next n_1, and so on; within
 * a cluster ids follow arrival order, ties broken by the parent's id and
 * then by send order. hetcast_node.type holds the processor's cluster. */

struct hetcast_cluster_request {
  const uint64_t* sizes; /* cluster_count entries, each >= 1. */
  size_t cluster_count;  /* >= 1; cluster 0 holds the source. */
  uint64_t inter_cost;   /* C >= 1. */
  int postal;            /* 0: blocking model; 1: postal model. */
  /* Optional (NULL = unbounded): per cluster 1 <= d_i <= n_i. Blocking
   * model only. */
  const uint64_t* degrees;
  /* 0 = unbounded, else B >= 1 concurrent inter-cluster transfers.
   * Blocking model only. */
  uint64_t matching;
  /* Optional (NULL = broadcast): multicast, m_i <= n_i processors of
   * cluster i must receive (in cluster 0 the source counts as one when
   * m_0 >= 1); the others may help. Members take the first m_i ids of
   * their cluster (by arrival), helpers the rest (is_relay = 1), and
   * helpers that never receive the last ids. */
  const uint64_t* members;
};

/* Validates `request`; node_count = N, transfer_count = N - 1, and the
 * workspace hetcast_cluster_plan needs (fnf_runs is 0). HETCAST_TOO_LARGE
 * when that workspace overflows size_t (88 bytes a processor: where size_t
 * has 32 bits, long before HETCAST_MAX_NODES processors). */
HETCAST_API hetcast_status
hetcast_cluster_plan_sizes(const hetcast_cluster_request* request,
                           hetcast_node_sizes* sizes, const char** why);

/* Plans a broadcast with `algorithm`: HETCAST_ALGORITHM_LCF (Khuller, Kim &
 * Wan §3 with the interrupt rule of their footnote 1; with `degrees`, their
 * Bounded Degree Broadcast of §5.1: LCF on the d_i processors per cluster
 * that may transfer globally, then local broadcasting) or
 * HETCAST_ALGORITHM_FLAT_BINOMIAL (basic model only); with `matching`,
 * BoundedSizeBroadcast (§5.3); with `postal`, LCF in the postal model
 * (§6.1) or HETCAST_ALGORITHM_INTERLEAVED_LCF (§6.2); with `members`
 * (basic model), LCF Multicast (§4); HETCAST_ALGORITHM_EAGER_LCF plans
 * broadcasts, blocking or postal, without `degrees`, `matching` or
 * `members`. One of `degrees`, `matching`,
 * `members` at a time; other combinations give HETCAST_INVALID_ARGUMENT.
 * Output as hetcast_node_plan; the answer's lower bound is
 * hetcast_cluster_lower_bound's. HETCAST_OVERFLOW when a time would reach
 * HETCAST_NEVER (2^64 - 1): only BoundedSizeBroadcast's rounds, one C each
 * and up to one per cluster, can get there (at least 2^24 + 1 clusters). */
HETCAST_API hetcast_status hetcast_cluster_plan(
    const hetcast_cluster_request* request, hetcast_algorithm algorithm,
    void* workspace, size_t workspace_size, hetcast_node* nodes,
    size_t node_capacity, hetcast_transfer* transfers, size_t transfer_capacity,
    hetcast_answer* answer, const char** why);

/* The best lower bound of Khuller, Kim & Wan for the request, and which
 * term won. Broadcast, blocking model: max(ceil(log2 N), p C, (p - 1)(C -
 * 1) + ceil(log2(N / 2))), p the global steps of LCF with free local
 * transfers (Lemma 3.3, Theorem 3.2); with degrees, the same for I(d_i,
 * d_i) (Lemma 5.1); with matching B, (p_B + p_L) C and (p_B + p_L - 1)(C -
 * 1) + ceil(log2 B) (Lemma 5.2, Theorem 5.4). Multicast: ceil(log2 of the
 * members plus the source), C when a member is outside cluster 0, p' C and
 * (p' - 1)(C - 1) + ceil(log2(k' / 2)) (Lemma 4.2, Theorem 4.2). Postal:
 * ceil(log2 N) and LCF's makespan with free local transfers (Lemma 6.4).
 * The workspace sorts the cluster sizes: hetcast_cluster_plan_sizes'
 * workspace_bytes is enough. HETCAST_OVERFLOW when the bound is
 * HETCAST_NEVER (no schedule ends before 2^64 - 1). */
HETCAST_API hetcast_status hetcast_cluster_lower_bound(
    const hetcast_cluster_request* request, void* workspace,
    size_t workspace_size, uint64_t* lower_bound, hetcast_bound* kind,
    const char** why);

/* Workspace hetcast_cluster_evaluate needs for `transfer_count` transfers. */
HETCAST_API hetcast_status hetcast_cluster_evaluate_workspace_size(
    const hetcast_cluster_request* request, size_t transfer_count,
    size_t* bytes, const char** why);

/* The cluster-model evaluator. Each transfer gives from, to and start (its
 * arrival field is ignored and recomputed). Rejects with
 * HETCAST_INVALID_SCHEDULE: ids out of range, a transfer to the source or
 * to oneself, a processor receiving twice, a send before the sender has the
 * message, two transfers of one processor overlapping, a degree or
 * matching bound exceeded, a processor never reached; with
 * HETCAST_OVERFLOW a transfer that would land at HETCAST_NEVER (2^64 - 1)
 * or later (start + C or start + 1; 2^64 - 2 is accepted). Output: every
 * processor's arrival and parent in `nodes`, the transfers with their
 * arrivals sorted by (start, from) in `transfers` (optional), and the
 * completion time; the answer's lower bound is hetcast_cluster_lower_bound's
 * for the same request. */
HETCAST_API hetcast_status hetcast_cluster_evaluate(
    const hetcast_cluster_request* request, const hetcast_transfer* schedule,
    size_t transfer_count, void* workspace, size_t workspace_size,
    hetcast_node* nodes, size_t node_capacity, hetcast_transfer* transfers,
    size_t transfer_capacity, hetcast_answer* answer, const char** why);

/* ------------------------------------------------------------------------
 * The non-blocking model: multicasts from several sources, non-blocking
 * sends (Wu, Yeh & Liu)
 *
 * Sources each multicast their own message to their own destinations. A
 * transfer of a message of length m from i to j costs the sender S(i, m) =
 * send_fixed[i] + send_per_byte[i] * m ticks; the message reaches j's
 * buffer X(i, j) * m ticks later (nobody is busy meanwhile: sends are
 * non-blocking); j then spends R(j, m) = recv_fixed[j] + recv_per_byte[j] *
 * m receiving it, once it has also finished its previous task (receives
 * block). A node runs its task list in order; it relays a message only
 * after receiving it, and only to that message's destinations. The tick is
 * the caller's choice; the hetcast tools use picoseconds (per-byte costs
 * rounded to
 * whole picoseconds per byte). Every time of this model, products of a
 * per-byte cost and a length included, is computed exactly in 64 bits: a
 * plan, an evaluation or a lower bound whose time would reach HETCAST_NEVER
 * (2^64 - 1, reserved) fails with HETCAST_OVERFLOW; 2^64 - 2 is accepted. */

typedef struct hetcast_nonblocking_message {
  uint32_t source;
  uint64_t length;              /* >= 1 */
  const uint32_t* destinations; /* distinct, != source */
  size_t destination_count;
} hetcast_nonblocking_message;

struct hetcast_nonblocking_request {
  size_t node_count;          /* >= 2 */
  const uint64_t* send_fixed; /* node_count entries each */
  const uint64_t* send_per_byte;
  const uint64_t* recv_fixed;
  const uint64_t* recv_per_byte;
  const uint64_t* link_per_byte; /* node_count^2, X(i, j) at i * n + j */
  const hetcast_nonblocking_message* messages;
  size_t message_count; /* >= 1; sources need not be distinct */
};

typedef enum hetcast_nonblocking_op HETCAST_ENUM_BASE {
  HETCAST_NONBLOCKING_SEND = 0,
  HETCAST_NONBLOCKING_RECV = 1 HETCAST_ENUM_INT(HETCAST_NONBLOCKING_OP)
} hetcast_nonblocking_op;

/* One task of a node's list: op, the node running it, its partner (the
 * receiver of a send, the sender of a receive) and the message index. The
 * times are outputs: a send occupies [start, end) and its message arrives
 * at `arrival`; a receive is issued at `start`, waits for `arrival` and
 * ends at end = max(start, arrival) + R. */
struct hetcast_nonblocking_task {
  uint32_t op;
  uint32_t node;
  uint32_t partner;
  uint32_t message;
  uint64_t start;
  uint64_t arrival;
  uint64_t end;
};

typedef struct hetcast_nonblocking_sizes {
  size_t task_count;      /* 2 * total destinations */
  size_t workspace_bytes; /* for plan, evaluate and the lower bound */
} hetcast_nonblocking_sizes;

/* Limits of a non-blocking request, checked by hetcast_nonblocking_plan_sizes
 * (and by plan, evaluate and the lower bound) before any work, each answered
 * with HETCAST_TOO_LARGE; a value at the limit is accepted. With N =
 * node_count, K = message_count and T = the total of destination_count: N <=
 * HETCAST_NONBLOCKING_MAX_NODES, so that the link matrix's N * N entries are at
 * most 2^28 (2 GB of the caller's, read once by the checks), K * N <=
 * HETCAST_NONBLOCKING_MAX_CELLS (the workspace holds a few bytes per message
 * and node: about 350 MB at the limit), T * (T + K + N) * ceil(K / N) <=
 * HETCAST_NONBLOCKING_MAX_WORK. T * (T + K) bounds the (destination, candidate
 * sender) pairs a step may look at, N the receivers WR and WRP compare, and
 * ceil(K / N) the longer task lists WRP walks when nodes carry many messages.
 * At the work limit every algorithm plans within seconds on one core (the
 * slowest is ECF on the all-to-all of 128 nodes; the library's benchmark
 * BM_Limit measures them): an all-to-all of 128 nodes (T = 16,256) is
 * accepted, one of 129 is not; a broadcast may have 11,585 nodes
 * (T = 11,584), not 11,586. */
#define HETCAST_NONBLOCKING_MAX_NODES 16384u
#define HETCAST_NONBLOCKING_MAX_CELLS (UINT64_C(1) << 24)
#define HETCAST_NONBLOCKING_MAX_WORK (UINT64_C(1) << 28)

HETCAST_API hetcast_status hetcast_nonblocking_plan_sizes(
    const hetcast_nonblocking_request* request,
    hetcast_nonblocking_sizes* sizes, const char** why);

/* Which part of a non-blocking request hetcast_nonblocking_check rejected:
 * `index` is the node (NODE), the link entry (LINK) or the message (SOURCE,
 * LENGTH, DESTINATIONS, DESTINATION); `item` is the destination's place in its
 * message's list (DESTINATION). */
typedef enum hetcast_nonblocking_field HETCAST_ENUM_BASE {
  HETCAST_NONBLOCKING_FIELD_NONE = 0, /* the request, an array, the workspace */
  HETCAST_NONBLOCKING_FIELD_NODE_COUNT = 1, /* node_count */
  HETCAST_NONBLOCKING_FIELD_NODE = 2,       /* an overhead of node `index` */
  HETCAST_NONBLOCKING_FIELD_LINK = 3,       /* link_per_byte[index] */
  HETCAST_NONBLOCKING_FIELD_MESSAGES =
      4,                                /* message_count, or all destinations */
  HETCAST_NONBLOCKING_FIELD_SOURCE = 5, /* messages[index].source */
  HETCAST_NONBLOCKING_FIELD_LENGTH = 6, /* messages[index].length */
  HETCAST_NONBLOCKING_FIELD_DESTINATIONS =
      7, /* messages[index].destination_count */
  HETCAST_NONBLOCKING_FIELD_DESTINATION =
      8 /* messages[index].destinations[item] */
  HETCAST_ENUM_INT(HETCAST_NONBLOCKING_FIELD)
} hetcast_nonblocking_field;

typedef struct hetcast_nonblocking_rejection {
  uint32_t field; /* hetcast_nonblocking_field */
  size_t index;
  size_t item;
} hetcast_nonblocking_rejection;

/* Every check plan, evaluate and the lower bound make of a request (the
 * limits above, each message's source, length and destination count, every
 * overhead and link time at most HETCAST_MAX_COST, then the destinations'
 * ids): when one fails, the part of the request at fault in `*rejection`
 * (optional) and the rule it breaks in `*why`. hetcast_nonblocking_plan_sizes
 * makes the first of these only (it reads no per-node array). `workspace` as
 * hetcast_nonblocking_plan_sizes says; NULL checks all but the destinations'
 * ids, which need it. */
HETCAST_API hetcast_status hetcast_nonblocking_check(
    const hetcast_nonblocking_request* request, void* workspace,
    size_t workspace_size, hetcast_nonblocking_rejection* rejection,
    const char** why);

/* Plans with HETCAST_ALGORITHM_FEF, _ECF, _WR or _WRP (Wu, Yeh & Liu §4;
 * ties broken deterministically), or _CRITICAL_FIRST (WRP serving the
 * destinations with the longest remaining work first). Writes the task
 * lists node by node (node 0's tasks in order, then node 1's, ...) into
 * `tasks`, with their times, and `list_begin` (node_count + 1 entries: node v's
 * tasks are tasks[list_begin[v] .. list_begin[v+1]) ). The answer's completion
 * time is the last receive's end; its lower bound is
 * hetcast_nonblocking_lower_bound's.
 */
HETCAST_API hetcast_status hetcast_nonblocking_plan(
    const hetcast_nonblocking_request* request, hetcast_algorithm algorithm,
    void* workspace, size_t workspace_size, hetcast_nonblocking_task* tasks,
    size_t task_capacity, size_t* list_begin, hetcast_answer* answer,
    const char** why);

/* The evaluator: executes the task lists (same layout as the plan's output;
 * the time fields are ignored and rewritten) under the model's rules and
 * rejects with HETCAST_INVALID_SCHEDULE: a task listed under another node,
 * a partner or message out of range, a send by a node that is neither the
 * message's source nor a destination, a send or receive involving a
 * non-destination, a destination not receiving its message exactly once,
 * unmatched sends and receives, a relay before its own receive, and lists
 * that deadlock (a receive waiting for a send that can never run). */
HETCAST_API hetcast_status hetcast_nonblocking_evaluate(
    const hetcast_nonblocking_request* request, hetcast_nonblocking_task* tasks,
    size_t task_count, const size_t* list_begin, void* workspace,
    size_t workspace_size, hetcast_answer* answer, const char** why);

/* The largest of three lower bounds (the answers of hetcast_nonblocking_plan
 * and hetcast_nonblocking_evaluate name the one that won; the last two are this
 * library's):
 *  - HETCAST_BOUND_EARLIEST_REACH, Wu, Yeh & Liu §3.1: L[k, i] = the
 *    shortest path from message k's source to destination i over its source
 *    and destinations, edge u -> v costing S(u, l) + X(u, v) l + R(v, l);
 *    then per destination Eq. 2 over its messages, taken in order of
 *    arrival (L - R; the paper sorts by L, which with unequal lengths can
 *    exceed the optimum); the maximum over
 *    destinations;
 *  - HETCAST_BOUND_NONBLOCKING_POSTAL_GROWTH and
 * HETCAST_BOUND_NONBLOCKING_SERIAL_WORK. */
HETCAST_API hetcast_status hetcast_nonblocking_lower_bound(
    const hetcast_nonblocking_request* request, void* workspace,
    size_t workspace_size, uint64_t* lower_bound, const char** why);

/* ------------------------------------------------------------------------
 * Pipelined multicast on a platform graph (Beaumont, Legrand, Marchal & Robert
 * 2004)
 *
 * A directed graph; sending one unit-size message over edge (from, to)
 * takes `cost` ticks, start-up included (§2). One-port, full duplex: at
 * any time a node sends at most one message and receives at most one. The
 * source multicasts an endless series of messages to the targets; other
 * nodes may relay. The objective is throughput, not one message's latency:
 * a periodic schedule of period T ticks that delivers K messages per
 * period to every target has throughput K / T messages per tick, i.e. T / K
 * ticks per message. Throughputs and periods per message are exact
 * fractions of uint64_t (no floating point anywhere).
 *
 * Node ids are 0 .. node_count - 1 and the source may be any of them
 * (the hetcast tools number a JSON platform's nodes in file order, after
 * pruning the nodes the source cannot reach). */

/* At most this many nodes and edges: with every cost <= HETCAST_MAX_COST,
 * the sum of all costs stays below 2^64, so no load can overflow. */
#define HETCAST_GRAPH_MAX_NODES (1u << 20)
#define HETCAST_GRAPH_MAX_EDGES (1u << 23)
/* MCPH's work limit, checked by hetcast_graph_plan_sizes, hetcast_graph_check
 * and hetcast_graph_plan (not by the evaluator): target_count * (node_count
 * + edge_count) <= HETCAST_GRAPH_MAX_WORK, else HETCAST_TOO_LARGE. Each
 * target's path search may settle every node and edge outside the tree;
 * without the limit a request of 2^20 nodes, every node a target, would
 * run for hours. At the limit MCPH plans within seconds. */
#define HETCAST_GRAPH_MAX_WORK (UINT64_C(1) << 28)

typedef struct hetcast_graph_edge {
  uint32_t from;
  uint32_t to;
  uint64_t cost; /* 1 .. HETCAST_MAX_COST ticks per unit-size message. */
} hetcast_graph_edge;

/* hetcast_graph_request.flags */
/* MCPH updates the edge costs as Fig. 9 prints them (lines 11-13) instead
 * of as its prose intends. For comparison. */
#define HETCAST_GRAPH_MCPH_LITERAL_UPDATE 1u

struct hetcast_graph_request {
  size_t node_count;               /* 2 .. HETCAST_GRAPH_MAX_NODES */
  const hetcast_graph_edge* edges; /* distinct (from, to), from != to */
  size_t edge_count;               /* 1 .. HETCAST_GRAPH_MAX_EDGES */
  uint32_t source;                 /* < node_count */
  /* Distinct, != source, each reachable from the source. */
  const uint32_t* targets;
  size_t target_count; /* >= 1 */
  uint32_t flags;      /* HETCAST_GRAPH_* flags; 0 = defaults. */
};

/* A periodic schedule. Each message is cut into `parts` equal parts, so a
 * period carries messages * parts parts, numbered 0 .. K*D - 1 (the same
 * numbering every period). A route is a tree rooted at the source (a path
 * is a tree) along which parts [first_part, first_part + part_count) of
 * every period travel; each of its edges carries all of them, each node of
 * it receives them from its one parent in the route. Several routes may
 * carry the same parts (the paths of a scatter) or different ones (the
 * weighted trees of Theorem 4). A target must get every part of a period
 * from the routes that reach it. A node forwards in a period the parts it
 * received in earlier ones, so the steady state begins after at most the
 * routes' depth in periods (§2: "initialisation and clean-up phases"). */
typedef struct hetcast_graph_route {
  uint64_t first_part;
  uint64_t part_count; /* >= 1; first_part + part_count <= K * D */
} hetcast_graph_route;

/* Edge (from, to) of route `route`. */
struct hetcast_graph_route_edge {
  uint32_t route;
  uint32_t from;
  uint32_t to;
};

/* One communication in the period: `from` sends `amount` parts of stream
 * `stream` (a route index) to `to` during [start, start + duration). It
 * must last exactly what the parts cost: duration * D = amount * cost. */
struct hetcast_graph_slot {
  uint64_t start;
  uint64_t duration;
  uint32_t from;
  uint32_t to;
  uint32_t stream;
  uint64_t amount;
};

typedef struct hetcast_graph_schedule {
  uint64_t period;   /* T >= 1 ticks */
  uint64_t messages; /* K >= 1 messages per period */
  uint64_t parts;    /* D >= 1 parts per message; K * D < 2^64 */
  const hetcast_graph_route* routes;
  size_t route_count;
  const hetcast_graph_route_edge* route_edges; /* any order */
  size_t route_edge_count;
  const hetcast_graph_slot* slots; /* any order */
  size_t slot_count;
} hetcast_graph_schedule;

/* Why hetcast_graph_evaluate rejected a schedule (values pinned). */
typedef enum hetcast_graph_violation HETCAST_ENUM_BASE {
  HETCAST_GRAPH_VALID = 0,
  /* period, messages or parts is 0, or messages * parts overflows. */
  HETCAST_GRAPH_BAD_PERIOD = 1,
  /* A route carries no part, or parts beyond messages * parts. */
  HETCAST_GRAPH_BAD_ROUTE = 2,
  /* A route edge names a route out of range or an edge not in the
   * platform. */
  HETCAST_GRAPH_ROUTE_EDGE_UNKNOWN = 3,
  /* A node gets one route over two edges, or the source gets a route. */
  HETCAST_GRAPH_ROUTE_TWO_PARENTS = 4,
  /* A route edge leaves a node the route does not reach from the source
   * (also a cycle). */
  HETCAST_GRAPH_ROUTE_DETACHED = 5,
  /* A slot's stream is out of range, or its (from, to) is not an edge of
   * that route. */
  HETCAST_GRAPH_SLOT_NOT_IN_ROUTE = 6,
  /* A slot does not end by the end of the period. */
  HETCAST_GRAPH_SLOT_OUTSIDE_PERIOD = 7,
  /* A slot moves no part, or duration * parts != amount * cost. */
  HETCAST_GRAPH_SLOT_DURATION = 8,
  /* Two slots of one sender overlap (one-port: not a matching). */
  HETCAST_GRAPH_SEND_OVERLAP = 9,
  /* Two slots of one receiver overlap. */
  HETCAST_GRAPH_RECEIVE_OVERLAP = 10,
  /* A node sends, per period, more parts of a route than it receives. */
  HETCAST_GRAPH_FORWARDS_UNRECEIVED = 11,
  /* A route edge carries, per period, other than the route's part count. */
  HETCAST_GRAPH_EDGE_AMOUNT = 12,
  /* Some part of a period reaches a target over no route. */
  HETCAST_GRAPH_TARGET_MISSING_PARTS =
      13 HETCAST_ENUM_INT(HETCAST_GRAPH_VIOLATION)
} hetcast_graph_violation;

typedef struct hetcast_graph_evaluation {
  hetcast_graph_violation violation;
  /* The offending route, route edge or slot (index into its array; for
   * HETCAST_GRAPH_TARGET_MISSING_PARTS, into request->targets), or
   * SIZE_MAX when the violation concerns none. */
  size_t item;
  /* The node concerned (sender, receiver, target), or HETCAST_NO_NODE. */
  uint32_t node;
  /* Valid schedules: K / T messages per tick and T / K ticks per message,
   * reduced. */
  uint64_t throughput_numerator;
  uint64_t throughput_denominator;
  uint64_t period_numerator;
  uint64_t period_denominator;
  /* The largest time any node spends sending, or receiving, in a period
   * (<= period). */
  uint64_t busy_period;
  /* The deepest route, in edges: periods before the steady state. */
  uint64_t warmup_periods;
} hetcast_graph_evaluation;

/* Workspace hetcast_graph_evaluate needs for `schedule`'s sizes (its
 * counts only are read; HETCAST_TOO_LARGE for 2^32 - 1 or more routes,
 * route edges or slots). */
HETCAST_API hetcast_status hetcast_graph_evaluate_workspace_size(
    const hetcast_graph_request* request,
    const hetcast_graph_schedule* schedule, size_t* bytes, const char** why);

/* The exact evaluator of the graph model. Checks the routes (platform
 * edges, one parent per node, rooted at the source), every slot (an edge
 * of its stream's route, inside [0, period), duration * D = amount * cost),
 * the one-port rule (per node, its sending slots are pairwise disjoint in
 * time and so are its receiving slots: each instant is a matching), that
 * per period every route edge carries exactly its route's parts and no
 * node forwards more than it receives, and that every target gets every
 * part. Returns HETCAST_INVALID_SCHEDULE with the first violation found
 * (checks run in the order of the enum) in `*evaluation` and its sentence
 * in `*why`; otherwise fills the throughput. The request's flags are ignored.
 */
HETCAST_API hetcast_status
hetcast_graph_evaluate(const hetcast_graph_request* request,
                       const hetcast_graph_schedule* schedule, void* workspace,
                       size_t workspace_size,
                       hetcast_graph_evaluation* evaluation, const char** why);

typedef struct hetcast_graph_sizes {
  size_t tree_edge_count; /* Entries the tree-edge array needs (at most). */
  size_t slot_count;      /* Entries the slot array needs (at most). */
  size_t workspace_bytes; /* Workspace for hetcast_graph_plan. */
} hetcast_graph_sizes;

/* Validates what it can without memory (ranges, costs, self-loops, target
 * count) and says how much memory hetcast_graph_plan needs.
 * Duplicate edges or targets and unreachable targets are found by the
 * plan, which returns HETCAST_INVALID_ARGUMENT. */
HETCAST_API hetcast_status
hetcast_graph_plan_sizes(const hetcast_graph_request* request,
                         hetcast_graph_sizes* sizes, const char** why);

/* Which part of a graph request hetcast_graph_check rejected: `index` is
 * the edge (EDGE, EDGE_COST, DUPLICATE_EDGE, whose `item` is the earlier
 * edge it repeats) or the target (TARGET). */
typedef enum hetcast_graph_field HETCAST_ENUM_BASE {
  HETCAST_GRAPH_FIELD_NONE = 0, /* the request, flags, the workspace */
  HETCAST_GRAPH_FIELD_NODE_COUNT = 1,
  HETCAST_GRAPH_FIELD_EDGE_COUNT = 2,     /* edge_count, edges NULL */
  HETCAST_GRAPH_FIELD_EDGE = 3,           /* edges[index]: its endpoints */
  HETCAST_GRAPH_FIELD_EDGE_COST = 4,      /* edges[index].cost */
  HETCAST_GRAPH_FIELD_DUPLICATE_EDGE = 5, /* edges[index] = edges[item] */
  HETCAST_GRAPH_FIELD_SOURCE = 6,
  HETCAST_GRAPH_FIELD_TARGETS = 7, /* target_count, targets NULL */
  HETCAST_GRAPH_FIELD_TARGET = 8   /* targets[index] */
  HETCAST_ENUM_INT(HETCAST_GRAPH_FIELD)
} hetcast_graph_field;

typedef struct hetcast_graph_rejection {
  uint32_t field; /* hetcast_graph_field */
  size_t index;
  size_t item;
} hetcast_graph_rejection;

/* The checks hetcast_graph_plan_sizes makes and, given the workspace it
 * says (NULL: not), that no directed edge is given twice: when one fails,
 * the part of the request at fault in `*rejection` (optional) and the rule
 * it breaks in `*why`. */
HETCAST_API hetcast_status
hetcast_graph_check(const hetcast_graph_request* request, void* workspace,
                    size_t workspace_size, hetcast_graph_rejection* rejection,
                    const char** why);

/* One multicast tree by the Minimum Cost Path Heuristic (§6, Fig. 9): the
 * tree starts as the source; while a target is outside it, the target
 * whose best path from the tree has the smallest bottleneck cost joins
 * with that path, and the costs of the out-edges of the path's nodes are
 * raised by what those nodes now send per message. Ties go to the smaller
 * node id.
 *
 * The tree's period is its largest per-node send load (the sum of the
 * costs of a node's tree out-edges; a node's receive load is one edge of
 * its parent's send load): one message every `period` ticks, throughput
 * 1 / period. Output, all of it the input of hetcast_graph_evaluate:
 * `tree_edges` (route 0, in the order MCPH added them, parents first),
 * `slots` (every node sends to its children in increasing id order from
 * tick 0, sorted by (start, from)), and in `answer` period = the load,
 * messages = 1; the schedule is {period, 1 message, 1 part, one route
 * {0, 1}, tree_edges, slots}. Deterministic; no heap. */
HETCAST_API hetcast_status hetcast_graph_plan(
    const hetcast_graph_request* request, hetcast_algorithm algorithm,
    void* workspace, size_t workspace_size,
    hetcast_graph_route_edge* tree_edges, size_t tree_edge_capacity,
    hetcast_graph_slot* slots, size_t slot_capacity,
    hetcast_graph_answer* answer, const char** why);

/* ------------------------------------------------------------------------
 * References: the papers behind the models, algorithms and bounds.
 *  - M. Banikazemi, V. Moorthy, D. K. Panda, "Efficient Collective
 *    Communication on Heterogeneous Networks of Workstations" (1998):
 *    Fastest-Node-First;
 *  - R. Libeskind-Hadas, J. Hartline, P. Boothe, G. Rae, J. Swisher, "On
 *    Multicast Algorithms for Heterogeneous Networks of Workstations" (2001):
 *    the node model, FNF's rules, the exact dynamic program;
 *  - S. Khuller, Y.-A. Kim, "On Broadcasting in Heterogeneous Networks":
 *    FNF's 1.5 factor, multicast with relays, the approximation scheme;
 *  - S. Khuller, Y.-A. Kim, Y.-C. Wan, "Broadcasting on Networks of
 *    Workstations": two-level clusters, LCF and its variants;
 *  - J.-J. Wu, S.-H. Yeh, P. Liu, "Scheduling Multiple Multicast for
 *    Heterogeneous Network of Workstations With Non-blocking
 *    Message-Passing": several sources, non-blocking sends;
 *  - O. Beaumont, A. Legrand, L. Marchal, Y. Robert, "Complexity results and
 *    heuristics for pipelined multicast operations on heterogeneous
 *    platforms" (2004): pipelined multicast on a platform graph, MCPH. */

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* HETCAST_HETCAST_H_ */

/* ------------------------------------------------------------------------
 * Static linking only
 *
 * Declared only where HETCAST_STATIC_LINKING_ONLY is defined before this
 * header is included (again, if it was included before): the inline table
 * lookup, which exposes the layout of a struct the library fills, and the
 * internals it needs. For code linked statically against this very
 * version; any of it may change in any release. */
#if defined(HETCAST_STATIC_LINKING_ONLY) && \
    !defined(HETCAST_HETCAST_H_STATIC_LINKING_ONLY_)
#define HETCAST_HETCAST_H_STATIC_LINKING_ONLY_

#ifdef __cplusplus
extern "C" {
#endif

/* Internal, not API (the trailing underscore): the index of a count vector
 * in a table profile, written once for the library, its table generator
 * and hetcast_lookup_completion below. A profile numbers the count vectors
 * 0 <= counts[j] <= limits[j] of its k types in mixed radix, type 0
 * fastest:
 *   state = sum over j of counts[j] * strides[j],
 *   strides[0] = 1, strides[j + 1] = strides[j] * (limits[j] + 1),
 * and the entry of source type s is s * state_count + state. Sets `*index`
 * to `start + state` (start = s * state_count gives the entry in one pass).
 * Returns nonzero, `*index` then meaningless, when a count is above its
 * limit. */
#if defined(__GNUC__) && !defined(__clang__)
/* The cases for more types than a caller's array holds are never taken (k
 * is the array's length), but GCC's -Warray-bounds cannot know that. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#endif
HETCAST_INLINE int hetcast_state_index_(uint32_t k, const uint64_t* counts,
                                        const uint32_t* limits,
                                        const uint64_t* strides, uint64_t start,
                                        uint64_t* index) {
  uint64_t sum = start;
  int outside = 0;
  uint32_t j;
  /* Unrolled for up to 4 types (the loop's trip count is not known to the
   * compiler); the loop for more, and for every k in the size-optimized
   * build (HETCAST_OPTIMIZE_SIZE, see the conventions above). */
#if defined(HETCAST_OPTIMIZE_SIZE)
  for (j = 0; j < k; ++j) {
    outside |= counts[j] > limits[j];
    sum += counts[j] * strides[j];
  }
#else
  switch (k) {
    case 4:
      outside |= counts[3] > limits[3];
      sum += counts[3] * strides[3];
      /* fall through */
    case 3:
      outside |= counts[2] > limits[2];
      sum += counts[2] * strides[2];
      /* fall through */
    case 2:
      outside |= counts[1] > limits[1];
      sum += counts[1] * strides[1];
      /* fall through */
    case 1:
      outside |= counts[0] > limits[0];
      sum += counts[0] * strides[0];
      break;
    default:
      for (j = 0; j < k; ++j) {
        outside |= counts[j] > limits[j];
        sum += counts[j] * strides[j];
      }
  }
#endif
  *index = sum;
  return outside;
}

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

/* The lookup inlined into the caller, for hot loops (the pattern of
 * FlatBuffers' generated accessors): hetcast_profile_lookup_view() copies
 * what a lookup needs into a small caller-owned struct, once; then
 * hetcast_lookup_completion() below is a static inline function with no call
 * and no request struct. Same answers as hetcast_profile_completion without
 * relays. The fields are filled by the library and read only by that
 * function; treat them as private. */
typedef struct hetcast_lookup {
  const unsigned char* entries_; /* Little-endian, entry_bytes_ each. */
  uint64_t state_count_;
  uint64_t time_mask_;
  uint32_t entry_bytes_; /* 4 or 8. */
  uint32_t type_count_;
  uint32_t limit_[HETCAST_TABLE_MAX_TYPES];
  uint64_t stride_[HETCAST_TABLE_MAX_TYPES];
} hetcast_lookup;

/* HETCAST_INVALID_ARGUMENT for a NULL `lookup`, or a NULL or unopened
 * profile: then `*lookup` is zeroed, and hetcast_lookup_completion refuses
 * every request on it (HETCAST_INVALID_ARGUMENT). */
HETCAST_API hetcast_status hetcast_profile_lookup_view(
    const hetcast_profile* profile, hetcast_lookup* lookup, const char** why);

/* The optimal completion time for a source of type `source_type` and
 * `counts[j]` destinations of type j (lookup->type_count_ entries).
 * HETCAST_INVALID_ARGUMENT for a bad source type, HETCAST_NOT_IN_TABLE for
 * counts above the limits. */
HETCAST_INLINE hetcast_status
hetcast_lookup_completion(const hetcast_lookup* lookup, uint32_t source_type,
                          const uint64_t* counts, uint64_t* completion_time) {
  const uint32_t k = lookup->type_count_;
  uint64_t index;
  uint64_t entry;
  const unsigned char* p;
  if (source_type >= k) return HETCAST_INVALID_ARGUMENT;
  if (hetcast_state_index_(k, counts, lookup->limit_, lookup->stride_,
                           source_type * lookup->state_count_, &index)) {
    return HETCAST_NOT_IN_TABLE;
  }
  p = lookup->entries_ + index * lookup->entry_bytes_;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  if (lookup->entry_bytes_ == 4) {
    uint32_t narrow;
    memcpy(&narrow, p, 4);
    entry = narrow;
  } else {
    memcpy(&entry, p, 8);
  }
#else
  /* Byte-wise little-endian reads. */
  entry = (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
          (uint64_t)p[3] << 24;
  if (lookup->entry_bytes_ == 8) {
    entry |= (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 |
             (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
  }
#endif
  *completion_time = entry & lookup->time_mask_;
  return HETCAST_OK;
}

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* HETCAST_STATIC_LINKING_ONLY */
