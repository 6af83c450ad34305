#!/usr/bin/env bash
# tests/api_surface_test.sh AMALGAMATION.cc HETCAST.h
#
# The public surface is exactly what hetcast.h declares:
#  - built as a shared library with -fvisibility=hidden, the runtime exports
#    exactly the functions hetcast.h marks HETCAST_API, nothing else;
#  - the inline lookup's internals are opt-in: a C file that uses
#    hetcast_lookup compiles with HETCAST_STATIC_LINKING_ONLY and not
#    without it.
set -uo pipefail
die() { echo "api_surface_test: FAIL: $*" >&2; exit 1; }
(($# == 2)) || die "usage: api_surface_test.sh AMALGAMATION.cc HETCAST.h"
work=${TEST_TMPDIR:-$(mktemp -d)}
mkdir -p "$work/include/hetcast"
cp "$2" "$work/include/hetcast/hetcast.h"
cp "$1" "$work/hetcast_amalgamation.cc"

(cd "$work" && g++ -std=c++17 -fno-exceptions -fno-rtti -O1 -fPIC \
   -fvisibility=hidden -shared hetcast_amalgamation.cc -o libhetcast.so) ||
  die "the amalgamation does not build as a shared library"
exported=$(nm -D --defined-only "$work/libhetcast.so" | awk '$2 == "T" { print $3 }' | sort)
# Declarations may span lines (clang-format puts a long one's return type
# on its own line): read the header as one line.
declared=$(tr '\n' ' ' <"$2" | grep -oE 'HETCAST_API [^;({]*[ *]hetcast_[a-z0-9_]+\(' |
           grep -oE 'hetcast_[a-z0-9_]+\($' | tr -d '(' | sort)
[[ -n "$declared" ]] || die "no HETCAST_API declarations found in hetcast.h"
if [[ "$exported" != "$declared" ]]; then
  diff <(echo "$declared") <(echo "$exported") | sed 's/^/  /' >&2
  die "exported symbols (>) differ from hetcast.h's HETCAST_API functions (<)"
fi

cat >"$work/lookup.c" <<'C'
#include "hetcast/hetcast.h"
uint64_t first(const hetcast_profile* profile, const uint64_t* counts) {
  hetcast_lookup lookup;
  uint64_t t = 0;
  hetcast_profile_lookup_view(profile, &lookup, NULL);
  return hetcast_lookup_completion(&lookup, 0, counts, &t) == HETCAST_OK ? t : 0;
}
C
gcc -std=c11 -Wall -Werror -fsyntax-only -I "$work/include" \
  -DHETCAST_STATIC_LINKING_ONLY "$work/lookup.c" ||
  die "the inline lookup does not compile with HETCAST_STATIC_LINKING_ONLY"
if gcc -std=c11 -fsyntax-only -I "$work/include" "$work/lookup.c" 2>/dev/null; then
  die "the inline lookup's internals are visible without HETCAST_STATIC_LINKING_ONLY"
fi
echo "api_surface_test: $(wc -l <<<"$declared") functions exported, exactly hetcast.h's; the inline lookup is opt-in"
