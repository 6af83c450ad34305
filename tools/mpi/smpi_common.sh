# tools/mpi/smpi_common.sh: the SMPI experiments' shared helpers, sourced by
# smpi_experiment.sh, large_experiment.sh, bcast_file_experiment.sh and
# smpi_library_experiment.sh (each finds it beside itself, or in its
# runfiles under `bazel run`).

# simulate DIR N [SMPIRUN OPTIONS...] -- PROGRAM ARGS...: PROGRAM on N
# simulated ranks of DIR/platform.xml and DIR/hostfile, host computation not
# simulated, bounded by SMPI_TIMEOUT seconds (default 900).
# maxmin/precision (default 1e-5): SimGrid 3.32's bandwidth solver compares
# a link's leftover usage, a sum of one term of 1e4 to 1e5 per flow, with
# that absolute precision; with thousands of flows in flight its rounding
# exceeds 1e-5 and the solver crashes (docs/mpi-results.md, "SimGrid
# 3.32's bandwidth solver and many flows in flight"). 1e-3 gives the same
# simulated times where 1e-5 runs.
simulate() {
  local dir=$1 n=$2
  shift 2
  local options=()
  while [[ $1 != -- ]]; do options+=("$1"); shift; done
  shift
  timeout "${SMPI_TIMEOUT:-900}" smpirun --log=root.thres:critical \
    --cfg=smpi/simulate-computation:no --cfg=smpi/allgather:mpich \
    --cfg=maxmin/precision:1e-3 "${options[@]}" -np "$n" -platform "$dir/platform.xml" \
    -hostfile "$dir/hostfile" "$@"
}

# field NAME < TEXT: the value of the first NAME=VALUE.
field() { grep -oE "$1=[^ ]+" | head -1 | cut -d= -f2; }

# ms SECONDS: "12.34 ms" (4 significant digits).
ms() { awk -v x="$1" 'BEGIN { printf "%.4g ms", x * 1e3 }'; }

# ratio A B: A / B with two decimals.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
