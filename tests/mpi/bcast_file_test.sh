#!/usr/bin/env bash
# tests/mpi/bcast_file_test.sh PROGRAM: hetcast-bcast-file under MPICH's
# mpiexec with 4 ranks on this machine. Hosts are simulated with the
# test-only HETCAST_HOSTNAME_OVERRIDE (rank i takes the i-th name), except in
# the cases about ranks that really share this host. Every copy is compared
# with the source by cmp and by sha256sum; after every run, success or
# failure, no temporary file may be left, and after a failure no target
# either. Each run is bounded: a hang fails the test.
set -euo pipefail
program=$(realpath "$1")
work=$(mktemp -d "${TEST_TMPDIR:-/tmp}/bcast_file.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"
four_hosts=h0,h1,h2,h3

fail() { echo "FAIL: $*" >&2; exit 1; }
run() {  # HOSTS ARGS...: HOSTS "" for the machine's own host name
  local hosts=$1
  shift
  HETCAST_HOSTNAME_OVERRIDE=$hosts timeout 60 \
    mpiexec.mpich -n 4 "$program" --progress=0 "$@" >out.txt 2>err.txt
}
no_temporaries() {
  local left
  left=$(find "$work" -name '.*hetcast-bcast-file*')
  [[ -z "$left" ]] || fail "temporary files left: $left"
}
same_file() {  # COPY: equal to src.bin by cmp and by SHA-256
  cmp src.bin "$1" || fail "$1 differs from the source"
  [[ $(sha256sum <src.bin) == $(sha256sum <"$1") ]] || fail "$1: SHA-256"
}
fresh_targets() {  # the four hosts' directories, empty
  rm -rf t && mkdir -p t/h0 t/h1 t/h2 t/h3
}

# A plan of large_plan's text for 4 hosts: three weighted trees, 1000-byte
# segments (multi_tree_plan.h).
cat >plan.txt <<'EOF'
hetcast-multi-tree 1
ranks 4 root 0 segment_bytes 1000 window 4 sends_in_flight 2
tree 1 -1 0 0 0
tree 2 -1 0 1 2
tree 3 -1 2 0 1
EOF
# Pair times of 4 ranks (bench --model=bound --times-out's format): rank 1's
# links ten times slower than the others'.
cat >pairs.txt <<'EOF'
hetcast-pair-times 1
4 1048576
0 8000000000 800000000 800000000
8000000000 0 8000000000 8000000000
800000000 8000000000 0 800000000
800000000 8000000000 800000000 0
EOF

# Sizes: 0 bytes, 1 byte, not a multiple of the chunk or of the segment,
# and many segments per tree over several chunks; with the plan file, the
# pair times, a probe at start-up and the default chain; and the two
# baselines.
copy_to_four() {  # BYTES FLAGS...: copied to the four hosts, checked
  local bytes=$1
  shift
  head -c "$bytes" /dev/urandom >src.bin
  fresh_targets
  run "$four_hosts" --chunk-bytes=8KiB "$@" src.bin "$work/t/%h/copy" ||
    fail "$bytes bytes, $*: $(cat err.txt)"
  for host in h0 h1 h2 h3; do same_file "t/$host/copy"; done
  [[ $(ls -A t/h0) == copy ]] || fail "t/h0 holds $(ls -A t/h0)"
  grep -q "to 4 hosts" out.txt || fail "summary: $(cat out.txt)"
  no_temporaries
}
copy_to_four 0 --plan=plan.txt
copy_to_four 1 --pairs=pairs.txt
copy_to_four 10007 --probe=256KiB  # too small to probe: the chain
grep -q "a chain of the hosts" out.txt || fail "no chain: $(cat out.txt)"
copy_to_four 100003 --pairs=pairs.txt
copy_to_four 100003 --probe=1KiB
grep -q "plan from a probe of 1.00 KiB per pair (12 pairs" out.txt ||
  fail "no probe: $(cat out.txt)"
copy_to_four 1000003 --transfer=sbcast
copy_to_four 10007 --transfer=mpi-bcast
copy_to_four 100003 --plan=plan.txt
grep -q "3 trees, segments of 1000 bytes, chunks of 8000 bytes" out.txt ||
  fail "the plan file's trees were not used: $(cat out.txt)"
# A trial of the plan against the chain first (which wins is noise here).
copy_to_four 100003 --plan=plan.txt --trial=4KiB
grep -q "in a trial of 4.00 KiB" out.txt || fail "no trial: $(cat out.txt)"

# Ranks sharing a host write one copy, the host's lowest rank's: all four
# ranks on this machine; then two simulated hosts of two ranks each.
head -c 70001 /dev/urandom >src.bin
rm -rf s && mkdir s
run "" src.bin "$work/s/copy" || fail "one host: $(cat err.txt)"
run "" src.bin "$work/s/rank%r" || fail "one host, %r: $(cat err.txt)"
[[ $(ls -A s | tr '\n' ' ') == "copy rank0 " ]] || fail "s holds $(ls -A s)"
same_file s/copy
same_file s/rank0
grep -q "to 1 hosts" out.txt || fail "one host: $(cat out.txt)"
rm -rf s && mkdir s
run h0,h0,h1,h1 src.bin "$work/s/%h-%r" || fail "two hosts: $(cat err.txt)"
[[ $(ls -A s | tr '\n' ' ') == "h0-0 h1-2 " ]] || fail "s holds $(ls -A s)"
same_file s/h0-0
same_file s/h1-2
no_temporaries

# The target is the source itself on rank 0's host: kept, not rewritten.
cp src.bin self.bin
run "" self.bin "$work/self.bin" || fail "self: $(cat err.txt)"
cmp src.bin self.bin || fail "self.bin changed"

# Failures: every rank exits non-zero, rank 0 names the rank, its host and
# the reason, and nothing is left on any host.
expect_failure() {  # WHAT PATTERN: the last run failed with PATTERN
  grep -q -- "$2" err.txt || fail "$1: stderr lacks '$2': $(cat err.txt)"
  for host in h0 h1 h2 h3; do
    [[ ! -d t/$host || -z $(ls -A "t/$host") ]] || fail "$1: t/$host not empty"
  done
  no_temporaries
}
# An unwritable target directory on one host: h2's "directory" is a file.
fresh_targets
rmdir t/h2 && touch t/h2
run "$four_hosts" src.bin "$work/t/%h/copy" && fail "unwritable: exit 0"
expect_failure unwritable "rank 2 (host h2): cannot create a file in '$work/t/h2': Not a directory"
rm t/h2 && mkdir t/h2
# A missing source.
run "$four_hosts" missing.bin "$work/t/%h/copy" && fail "missing: exit 0"
expect_failure missing "rank 0 (host h0): cannot read the source 'missing.bin': No such file or directory"
# A bit flipped on the way to h1 (test-only hook): its checksum differs.
HETCAST_BCAST_FILE_CORRUPT_RANK=1 run "$four_hosts" src.bin "$work/t/%h/copy" &&
  fail "corrupt: exit 0"
expect_failure checksum "rank 1 (host h1): checksum mismatch"
[[ $(grep -c "checksum mismatch" err.txt) == 1 ]] || fail "$(cat err.txt)"
# No room for the file on rank 3: a file size limit of 64 MiB there and a
# sparse source of 100 MiB. The reservation fails before any byte is sent.
truncate -s 100M sparse.bin
HETCAST_HOSTNAME_OVERRIDE=$four_hosts timeout 60 mpiexec.mpich \
  -n 3 "$program" --progress=0 sparse.bin "$work/t/%h/copy" : \
  -n 1 bash -c 'ulimit -f 65536 && exec "$0" "$@"' "$program" --progress=0 \
  sparse.bin "$work/t/%h/copy" >out.txt 2>err.txt && fail "no room: exit 0"
expect_failure "no room" "rank 3 (host h3): cannot reserve 100.0 MiB in '$work/t/h3': File too large"
rm sparse.bin

# Bad arguments: exit 2 with the usage, nothing written.
set +e
run "$four_hosts" src.bin
[[ $? == 2 ]] || fail "one argument: not exit 2"
run "$four_hosts" --chunk-bytes=0 src.bin "$work/t/%h/x"
[[ $? == 2 ]] || fail "--chunk-bytes=0: not exit 2"
run "$four_hosts" src.bin "$work/t/%q/x"
[[ $? == 1 ]] && grep -q "not followed by h, r or %" err.txt ||
  fail "bad placeholder: $(cat err.txt)"
set -e
expect_failure "bad arguments" "placeholders"
echo PASS
