# tests/mpi/preload.sh, sourced by the tests that preload libhetcast_mpi
# into programs built outside Bazel.
#
# preload VAR LIB: sets VAR to what LD_PRELOAD needs for LIB. In the
# suite's sanitizer pass (tools/run_tests.sh) the library is instrumented
# and needs the sanitizer's runtime loaded first; ASAN_OPTIONS then skips
# the leak check at exit (MPI's own allocations).
preload() {
  local asan
  asan=$(ldd "$2" | awk '/libasan/ { print $3 }')
  if [[ -n "$asan" ]]; then
    export ASAN_OPTIONS=detect_leaks=0
    printf -v "$1" '%s %s' "$asan" "$2"
  else
    printf -v "$1" '%s' "$2"
  fi
}
