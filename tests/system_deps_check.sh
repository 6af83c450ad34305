#!/usr/bin/env bash
# tests/system_deps_check.sh [--without PKG]... [BAZEL_FLAGS...]
#
# Checks that the build needs nothing from the system that tools/setup.sh
# does not install: every system header that a compile action of `//...`
# included (read from the actions' dependency files, so run it after a build)
# and every system library that a link action links (`-lNAME`, resolved the
# way the compiler driver resolves it), and the compiler itself, plus every
# system file listed in the dependency files of genrules (the Cortex-M cross
# build of tests/firmware writes its headers, libraries and compiler drivers
# there) and the programs that tests run themselves (TEST_PROGRAMS), must belong
# to a Debian package that a fresh Debian 12 machine has after
# `tools/setup.sh test`: a package of that list, a package of the minimal
# base system (Essential or Priority "required", what debootstrap's minbase
# installs), or a package that one of those depends on (Depends and
# Pre-Depends, recursively; of alternatives, the first installed one, as apt
# would pick on a machine that has none of them).
#
# A file that no package owns, or whose package is not in that set, is an
# error naming the file and the package to add. Exits 0 when all is well.
#
# --without PKG drops PKG from the setup list first (repeat it to drop
# several): the suite uses it to check that the check catches a missing
# package (see tools/run_tests.sh).
# BAZEL_FLAGS (e.g. --config=asan) select the configuration whose actions are
# read, as for `bazel test`.
set -uo pipefail
cd "$(dirname "$0")/.."

without=()
while [[ "${1:-}" == --without ]]; do
  without+=(-e "$2")
  shift 2
done

# Programs that tests run directly, outside Bazel's C++ toolchain
# (tests/firmware: QEMU, and the host compilers that build the amalgamation
# alone; tests/cli: the JSON Schema validator's Python, headless
# Chromium and Graphviz's dot; tests/mpi: MPICH's launcher and SimGrid's, and the compiler
# wrappers and launchers of both MPIs that libhetcast_mpi's tests use;
# tests/netcluster: iproute2's ip and tc, and unshare).
TEST_PROGRAMS=(qemu-system-arm g++ gcc /usr/bin/python3 chromium dot mpiexec.mpich smpirun
               mpicc.mpich mpicxx.mpich mpif90.mpich mpicc.openmpi mpif90.openmpi
               mpirun.openmpi mpicxx.openmpi gfortran ip tc unshare)

die() { echo "system_deps_check: $*" >&2; exit 1; }

# The packages a fresh machine has after `tools/setup.sh test`.
allowed_packages() {
  local wanted
  wanted=$(tools/setup.sh --list test | grep -vxF -e "" "${without[@]}") || die "tools/setup.sh --list failed"
  dpkg-query -W -f='${Package}\t${Essential}\t${Priority}\t${Provides}\t${Pre-Depends}, ${Depends}\n' |
    awk -F'\t' -v wanted="$wanted" '
      function name(dep) { sub(/^ +/, "", dep); sub(/[ (:].*/, "", dep); return dep }
      function add(p) { if (!(p in keep)) { keep[p] = 1; queue[++tail] = p } }
      # The installed package that satisfies one dependency, preferring the
      # first alternative; a virtual name resolves to its first provider.
      function satisfy(group,   alts, n, i, a) {
        n = split(group, alts, "|")
        for (i = 1; i <= n; i++) {
          a = name(alts[i])
          if (a in deps) return a
          if (a in provider) return provider[a]
        }
        return ""
      }
      {
        deps[$1] = $5
        if ($2 == "yes" || $3 == "required") base[$1] = 1
        n = split($4, prov, ",")
        for (i = 1; i <= n; i++) { v = name(prov[i]); if (v != "" && !(v in provider)) provider[v] = $1 }
      }
      END {
        n = split(wanted, w, "\n")
        for (i = 1; i <= n; i++) if (w[i] != "") add(w[i])
        for (p in base) add(p)
        for (head = 1; head <= tail; head++) {
          m = split(deps[queue[head]], groups, ",")
          for (j = 1; j <= m; j++) { s = satisfy(groups[j]); if (s != "") add(s) }
        }
        for (p in keep) print p
      }' | sort -u
}

# System files the build uses: headers from the compile actions' .d files,
# libraries from the link actions' -l flags, and the compiler.
used_files() {
  local execroot actions
  execroot=$(bazel info "$@" execution_root 2>/dev/null) || die "bazel info failed"
  actions=$(bazel aquery "$@" 'mnemonic("CppCompile|CppLink|Genrule", //...)' --output=text 2>/dev/null) ||
    die "bazel aquery failed"
  local found=0 d
  while read -r d; do
    [[ -f "$execroot/$d" ]] || continue  # an output this build did not need
    found=1
    tr ' \\' '\n\n' <"$execroot/$d" | grep '^/'
  done < <(grep -oE 'bazel-out/[^],]*\.d\b' <<<"$actions" | sort -u)
  ((found)) || die "no dependency files under $execroot: build //... first"
  # Libraries the build makes itself sit in the -L folders under bazel-out.
  local lib path dir libdirs
  libdirs=$(grep -oE "^ +'?-L[^ ']+" <<<"$actions" | tr -d " '" | sed 's/^-L//' | sort -u)
  for lib in $(grep -oE "^ +'?-l[A-Za-z0-9_+.-]+" <<<"$actions" | tr -d " '" | sort -u); do
    lib=${lib#-l}
    for dir in $libdirs; do
      [[ -e "$execroot/$dir/lib$lib.so" || -e "$execroot/$dir/lib$lib.a" ]] && continue 2
    done
    path=$(gcc -print-file-name="lib$lib.so")
    [[ "$path" == /* ]] || path=$(gcc -print-file-name="lib$lib.a")
    [[ "$path" == /* ]] || die "the build links -l$lib, which the compiler cannot find"
    echo "$path"
  done
  grep -oE '\(exec /[^ ]+' <<<"$actions" | sed 's/^(exec //' | sort -u
  local program
  for program in "${TEST_PROGRAMS[@]}"; do
    path=$(command -v "$program") ||
      die "the tests run $program, which is not installed: add its package to tools/setup.sh"
    echo "$path"
  done
}

# "PACKAGE<TAB>FILE" for every file, or "-<TAB>FILE" if no package owns it.
# dpkg knows a file by the path its package ships, which with Debian's merged
# /usr may differ from the one the build saw: each file is looked up under its
# path with '..' resolved, then its real path, each also under its /usr alias
# (the first that dpkg knows decides), in one dpkg call.
owners() {
  local files
  files=$(cat)
  awk '{ for (i = 2; i <= 3; i++) {
           print $1 "\t" $i
           print $1 "\t" (($i ~ /^\/usr\//) ? substr($i, 5) : "/usr" $i) } }' \
    < <(paste <(cat <<<"$files") <(realpath -m -s $files) <(realpath -m $files)) >"$tmp/candidates"
  cut -f2 "$tmp/candidates" | sort -u | xargs -r dpkg -S 2>/dev/null |
    sed -nE 's/^([^:,]+)(:[^,:]+)?(, [^:]*)?: (\/.*)$/\4\t\1/p' >"$tmp/owned"
  awk -F'\t' 'NR == FNR { owner[$1] = $2; next }
               !($1 in best) { best[$1] = "-" }
               best[$1] == "-" && ($2 in owner) { best[$1] = owner[$2] }
               END { for (f in best) print best[f] "\t" f }' "$tmp/owned" "$tmp/candidates" | sort
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
allowed=$(allowed_packages)
[[ -n "$allowed" ]] || die "could not list the installed packages"
files=$(used_files "$@" | sort -u) || exit 1
owners <<<"$files" >"$tmp/owners"
# One line per missing package, with the number of files and the first one.
awk -F'\t' -v allowed="$allowed" '
  BEGIN { n = split(allowed, a, "\n"); for (i = 1; i <= n; i++) ok[a[i]] = 1 }
  { checked++ }
  $1 == "-" { printf "system_deps_check: %s is used by the build but belongs to no Debian package\n", $2
              bad++; next }
  !($1 in ok) { if (!($1 in count)) { first[$1] = $2; order[++m] = $1 }; count[$1]++ }
  END {
    for (i = 1; i <= m; i++)
      printf "system_deps_check: missing package %s: the build uses %d of its files (%s), and tools/setup.sh test does not install it: add %s to tools/setup.sh\n",
             order[i], count[order[i]], first[order[i]], order[i]
    printf "system_deps_check: %d system files checked, %d packages missing from tools/setup.sh, %d files from no package\n",
           checked, m, bad
    exit (m + bad > 0)
  }' "$tmp/owners"
