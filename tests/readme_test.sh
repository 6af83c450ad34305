#!/usr/bin/env bash
# readme_test.sh README HETCAST NAME=BINARY...: runs every command of the
# ```sh blocks of README.md and then of each guide in docs/*.md (beside
# README, in name order), in order, so the docs cannot drift from the code,
# and checks that docs/schedule-example.svg is what its first line's command
# draws today. Blocks marked ```text, ```c, ```json or indented are shown,
# not run.
#
#   hetcast ..., bazel-bin/tools/hetcast ...,  run (from a scratch directory
#   embed_table ..., dot ...                   that sees the repository's
#                                              files), must exit 0
#   bazel run //PKG:NAME [-- ARGS]             NAME=BINARY must be given:
#     long runs (the experiments, --stretch)   start and print within 10 s
#                                              (stopped once they have)
#     Google Benchmark binaries                list the benchmarks the
#                                              arguments select (>= 1)
#     the rest (examples, cluster_compare)     run, must exit 0
#   mkdir -p out, cp, export PATH=..., and the commands that run Bazel
#   themselves
#   (bazel build/test, tools/run_*.sh: CI and tools/fresh_machine.sh run
#   them)                                      as a shell would, or skipped
# Any other command fails the test: a new kind must be added here. The
# commands may write into out/ only (git ignores it): a file they leave
# anywhere else in the repository root fails the test.
set -euo pipefail
readme=$1
hetcast=$(realpath "$2")
shift 2
declare -A binaries
# Absolute, not resolved: an sh_binary finds its data beside its runfiles link.
for pair in "$@"; do binaries[${pair%%=*}]=$(realpath -s "${pair#*=}"); done
root=$PWD
work=${TEST_TMPDIR:-$(mktemp -d)}/readme
# This script's own files, kept out of the scratch repository root.
own=$work.own
rm -rf "$work" "$own" && mkdir -p "$work" "$own"
linked=(tables tests examples docs tools)
for entry in "${linked[@]}"; do
  ln -s "$root/$entry" "$work/$entry"
done

# A file's sh blocks, one command per line (continuations joined, trailing
# comments dropped).
sh_commands() {  # sh_commands FILE
  awk '
  /^```sh$/ { inside = 1; next }
  /^```/ { inside = 0; next }
  inside {
    line = $0
    sub(/[ \t]+#.*$/, "", line)
    if (line ~ /\\$/) { sub(/\\$/, "", line); pending = pending line; next }
    print pending line; pending = ""
  }' "$1"
}

# Long runs (tens of seconds to minutes): checked to start, not run to
# the end. NAME ARGS...
is_long() {
  [[ $1 == nonblocking_experiment || $1 == ptas_report || $1 == smpi_experiment ||
     $1 == large_experiment || $1 == bcast_file_experiment ||
     $1 == node_bound_report || " $* " == *" --stretch "* ]]
}
# started TARGET BINARY ARGS...: BINARY prints within 10 s, or exits 0
# having printed; stopped (with its children: its own session) once it has.
started() {
  local target=$1 binary=$2 pid status=0 tenths
  shift 2
  : >"$own/long.out"
  setsid "$binary" "$@" >"$own/long.out" 2>&1 &
  pid=$!
  for ((tenths = 0; tenths < 100; tenths++)); do
    [[ -s $own/long.out ]] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    kill -- "-$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
  else
    wait "$pid" || status=$?
  fi
  [[ -s $own/long.out && $status -eq 0 ]] && return 0
  echo "FAIL: $target did not start (status $status)"
  return 1
}

# The benchmark binaries' names (the rest are programs).
is_benchmark() { [[ $1 == *_benchmark ]]; }

bazel_run() {  # bazel_run [-c MODE] //PKG:NAME [-- ARGS...]
  [[ $1 == -c ]] && shift 2  # The build mode changes no output.
  local target=$1 name=${1##*:}
  shift
  [[ ${1:-} == -- ]] && shift
  local binary=${binaries[$name]:-}
  [[ -n $binary ]] || { echo "FAIL: no binary given for $target"; return 1; }
  if is_long "$name" "$@"; then
    started "$target" "$binary" "$@" || return 1
    echo "  started: $(head -c 100 "$own/long.out" | head -1)"
  elif is_benchmark "$name"; then
    local listed
    listed=$("$binary" "$@" --benchmark_list_tests=true | grep -c '^BM_' || true)
    ((listed > 0)) || { echo "FAIL: $target $* lists no benchmark"; return 1; }
    echo "  listed $listed benchmarks"
  else
    "$binary" "$@"
  fi
}

run_one() {  # run_one COMMAND-LINE
  local line=$1
  case $line in
    "bazel build "* | "bazel test "* | tools/run_default.sh* | \
      tools/run_tests.sh* | tools/fresh_machine.sh*)
      echo "  skipped: runs Bazel itself"; return 0 ;;
    'export PATH='*) return 0 ;;  # `hetcast` is $hetcast here.
    "bazel run "*)
      # shellcheck disable=SC2086
      bazel_run ${line#bazel run } ;;
    hetcast\ * | bazel-bin/tools/hetcast\ * | cp\ * | "mkdir -p out")
      local command=${line#bazel-bin/tools/}
      command=${command//hetcast /\"\$hetcast\" }
      (cd "$work" && hetcast=$hetcast bash -euo pipefail -c "$command") ;;
    dot\ *)  # Graphviz (tools/setup.sh's test packages) draws DOT.
      (cd "$work" && bash -euo pipefail -c "$line") ;;
    embed_table\ *)
      # shellcheck disable=SC2086
      (cd "$work" && "${binaries[embed_table]}" ${line#embed_table }) ;;
    *) echo "FAIL: $file shows a command this test does not know: $line"
       return 1 ;;
  esac
}

# The README first (its walkthrough makes files later commands read), then
# the guides; every file's commands run in the same scratch directory.
shopt -s nullglob
files=("$readme" "$(dirname "$readme")"/docs/*.md)
shopt -u nullglob
((${#files[@]} > 1)) || { echo "FAIL: no guides in docs/ beside $readme"; exit 1; }
declare -A done_lines=()
total=0
repeated=0
for file in "${files[@]}"; do
  count=0
  while IFS= read -r line; do
    [[ -z $line ]] && continue
    # A command shown again (the same line in two files) has run already.
    [[ -n ${done_lines[$line]:-} ]] && {
      echo "\$ $line  (ran above)"; repeated=$((repeated + 1)); continue; }
    done_lines[$line]=1
    count=$((count + 1))
    echo "\$ $line"
    run_one "$line" >"$own/out.txt" 2>&1 || {
      cat "$own/out.txt"; echo "FAIL: $file: $line"; exit 1; }
    head -3 "$own/out.txt"
  done < <(sh_commands "$file")
  echo "$file: $count commands done"
  total=$((total + count))
done
echo "$total commands of ${#files[@]} files done ($repeated shown again, run once)"

# The commands wrote into out/ only: nothing else is left in the root.
left=$(cd "$work" && find . -mindepth 1 -maxdepth 1 ! -name out \
  $(printf -- '! -name %s ' "${linked[@]}") -printf '%P\n' | sort)
[[ -z $left ]] || {
  echo "FAIL: the commands left files outside out/: $(echo $left)"; exit 1; }
echo "every file the commands wrote is in out/ ($(ls "$work/out" | wc -l) files)"

# The committed picture is what its first line's command draws.
picture=docs/schedule-example.svg
made_by=$(head -1 "$picture" | sed -n 's/^<!-- Made by: \(hetcast [^(]*\) (.*$/\1/p')
[[ -n $made_by ]] || { echo "FAIL: $picture's first line names no command"; exit 1; }
(cd "$work" && bash -c "${made_by//hetcast /\"$hetcast\" }") >"$own/picture.svg"
tail -n +2 "$picture" | cmp - "$own/picture.svg" ||
  { echo "FAIL: $picture differs from: $made_by"; exit 1; }
echo "$picture is what '$made_by' draws"
