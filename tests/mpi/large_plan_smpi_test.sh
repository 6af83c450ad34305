#!/usr/bin/env bash
# tests/mpi/large_plan_smpi_test.sh PLATFORM BENCH LARGE_PLAN BOUND:
# the large-message path end to end in SimGrid SMPI on seeded 8-rank
# platforms of mixed NIC generations: bench --model=bound --times-out
# measures every pair's transfer and --gaps-out the executor's gap between
# 64 KiB segments and what a relay adds to its stream, large_plan makes the multi-port plan of 1 MiB + 1 byte (a
# last segment of one byte), bench --model=multi-tree runs it and compares
# every rank's bytes; the simulated time (deterministic) is at least the
# any-schedule bound of the platform file (platform_bound.h), and the
# prediction's ratio to it is printed, not asserted (the pairs are measured
# at one size, and SMPI moves other sizes at other rates). Then large_plan's
# refusals: --help, bad flags (exit 2), a damaged pairs file and gaps at
# another size (exit 1, the reason on stderr).
set -euo pipefail
platform_bin=$1
bench=$2
large_plan=$3
platform_bound=$4
dir=${TEST_TMPDIR:-$(mktemp -d)}
fail() { echo "large_plan_smpi_test: FAIL: $*" >&2; exit 1; }
field() { grep -oE "$1=[^ ]+" | head -1 | cut -d= -f2; }
simulate() {
  timeout 300 smpirun --log=root.thres:critical \
    --cfg=smpi/simulate-computation:no --cfg=smpi/allgather:mpich \
    -np 8 -platform "$dir/platform.xml" -hostfile "$dir/hostfile" "$@"
}

for seed in 7 9; do
  "$platform_bin" --kind=mixed --ranks=8 --seed=$seed --out="$dir"
  simulate "$bench" --model=bound --size=1048576 \
    --times-out="$dir/pairs.txt" --gap-segments=65536 \
    --gaps-out="$dir/gaps.txt" >"$dir/times.out" 2>&1 ||
    fail "bench --model=bound: $(tail -5 "$dir/times.out")"
  size=$((1048576 + 1))
  [[ $(sed -n 4p "$dir/gaps.txt" | cut -d' ' -f1) == relays &&
     $(sed -n 5p "$dir/gaps.txt" | wc -w) == 17 ]] ||
    fail "the gaps file has no relays and no line of 65536, 8 gaps and 8 relay times: $(cat "$dir/gaps.txt")"
  plan_line=$("$large_plan" --pairs="$dir/pairs.txt" --gaps="$dir/gaps.txt" \
              --bytes=$size --segment-bytes=65536 --out="$dir/plan.txt")
  echo "seed $seed: large_plan: $plan_line"
  [[ $(field algorithm <<<"$plan_line") == degree-tree ]] ||
    fail "expected the multi-port degree tree: $plan_line"
  line=$(simulate "$bench" --model=multi-tree --plan="$dir/plan.txt" --size=$size)
  echo "seed $seed: bench: $line"
  [[ $(field buffers_equal <<<"$line") == 1 ]] || fail "buffers differ: $line"
  simulated=$(field hetcast_seconds <<<"$line")
  bound=$("$platform_bound" --platform="$dir/platform.xml" \
          --hostfile="$dir/hostfile" --bytes=$size | field platform_bound_seconds)
  awk -v s="$simulated" -v b="$bound" 'BEGIN { exit !(s >= b) }' ||
    fail "seed $seed: $simulated s is below the any-schedule bound $bound s"
  awk -v p="$(field predicted_seconds <<<"$plan_line")" -v s="$simulated" \
      -v b="$bound" 'BEGIN { printf "predicted / simulated %.3f, simulated / bound %.3f\n", p / s, s / b }'
done

# Refusals.
"$large_plan" --help | grep -q "usage: large_plan" || fail "--help"
status=0
"$large_plan" --pairs="$dir/pairs.txt" --bytes=0 --out="$dir/x" 2>"$dir/err" ||
  status=$?
((status == 2)) && grep -q "bytes >= 1" "$dir/err" || fail "--bytes=0: $status $(cat "$dir/err")"
status=0
"$large_plan" --pairs="$dir/pairs.txt" --bytes=10 --model=fluid --out="$dir/x" \
  2>"$dir/err" || status=$?
((status == 2)) && grep -q "multi-port or one-port" "$dir/err" || fail "--model=fluid"
status=0
"$large_plan" --pairs="$dir/pairs.txt" --gaps="$dir/gaps.txt" --overhead-ns=1 \
  --bytes=10 --out="$dir/x" 2>"$dir/err" || status=$?
((status == 2)) && grep -q "give one" "$dir/err" || fail "--gaps with --overhead-ns"
status=0
"$large_plan" --pairs="$dir/pairs.txt" --gaps="$dir/gaps.txt" --segment-bytes=4096 \
  --bytes=100000 --out="$dir/x" 2>"$dir/err" || status=$?
((status == 1)) && grep -q "at 65536 bytes, not for 8 ranks at 4096" "$dir/err" ||
  fail "--gaps at an unmeasured size: $status $(cat "$dir/err")"
head -c 40 "$dir/pairs.txt" >"$dir/cut.txt"
status=0
"$large_plan" --pairs="$dir/cut.txt" --bytes=10 --out="$dir/x" 2>"$dir/err" ||
  status=$?
((status == 1)) && grep -q "transfer times, whole numbers" "$dir/err" ||
  fail "a cut pairs file: $status $(cat "$dir/err")"
echo "PASS"
