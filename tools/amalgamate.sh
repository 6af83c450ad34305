#!/usr/bin/env bash
# tools/amalgamate.sh: writes the runtime as one C++ source file plus its
# public header, the way SQLite ships sqlite3.c and sqlite3.h.
#
#   tools/amalgamate.sh OUT.cc OUT.h HETCAST_H GENERATED_H FILE...
#
# HETCAST_H is runtime/include/hetcast/hetcast.h, GENERATED_H the
# hetcast_table_generated.h that flatc made from tables/hetcast_table.fbs,
# and FILE... the runtime's .cc files and internal headers (only the .cc
# files are emitted at top level, in the order given; a header is inlined
# where it is first included and its later includes are dropped). FILE...
# may go on with sources and headers of tools/ and generated headers of
# tables/: tools/mpi's library amalgamates the runtime with them
# (//tools/mpi:amalgamation).
#
# OUT.cc stands alone: it inlines hetcast.h, the internal headers and the
# generated schema header, so it needs only the system's C/C++ headers and
# FlatBuffers' headers ("flatbuffers/flatbuffers.h"). `#line` directives
# point compiler messages back to the original files. OUT.h is a copy of
# hetcast.h, for the code that calls the runtime.
#
# Names in the files' unnamed namespaces all land in one translation unit,
# where two files' helpers of one name would clash (or, as overloads, could
# silently change which one a call picks). Every such name is renamed for the
# extent of each file that defines it, with `#define NAME NAME_in_PATH`
# before the file and `#undef NAME` after it: a token-level rename, so the
# sources stay as they are and each file keeps seeing only its own helper.
# (Wrapping each file in its own namespace would not do: the C API functions
# defined in it must stay in the global namespace.) The script refuses a name
# that an internal header also uses, since the rename would reach the header
# too.
set -euo pipefail

die() { echo "amalgamate: $*" >&2; exit 1; }

(($# >= 5)) || die "usage: amalgamate.sh OUT.cc OUT.h HETCAST_H GENERATED_H FILE..."
out_source=$1
out_header=$2
hetcast_h=$3
generated_h=$4
shift 4
files=()
for file in "$@"; do  # The two headers named above may come again.
  [[ "$file" == "$hetcast_h" || "$file" == "$generated_h" ]] || files+=("$file")
done
set -- "${files[@]}"
for file in "$hetcast_h" "$generated_h" "$@"; do
  [[ -f "$file" ]] || die "no such file: $file"
done

# The include spelling of a file: its path from the workspace root, found
# from its runtime/, tools/ or tables/ folder (a generated file sits under
# bazel-out/.../bin/).
spelling() {
  case "$1" in
    *runtime/*) echo "runtime/${1#*runtime/}" ;;
    *tools/*) echo "tools/${1#*tools/}" ;;
    *tables/*) echo "tables/${1#*tables/}" ;;
    *) die "$1 is not under runtime/, tools/ or tables/" ;;
  esac
}

# The include spelling each inlined file is known by: the generated table
# header as tables/NAME, the others by spelling().
include_map() {
  local file
  printf '%s\t%s\n' "runtime/include/hetcast/hetcast.h" "$hetcast_h"
  printf '%s\t%s\n' "tables/$(basename "$generated_h")" "$generated_h"
  for file in "$@"; do
    printf '%s\t%s\n' "$(spelling "$file")" "$file"
  done
}

# Prints the names declared at the top level of every unnamed namespace of
# one .cc file (types, constants, functions), one per line. A heuristic
# scan, not a parser: it reads the lines at the namespace's own brace depth
# that start a declaration, which in Google style is every top-level one.
unnamed_names() {
  awk '
    /^namespace \{/ { inside = 1; depth = 0; next }
    inside && /^}  \/\/ namespace$/ && depth == 0 { inside = 0; next }
    inside {
      line = $0
      if (depth == 0 && line !~ /^[ \t]/ && line !~ /^(\/\/|#|template|})/) {
        sub(/[({=;].*/, "", line)
        sub(/[ \t]+$/, "", line)
        n = split(line, word, /[ \t*&]+/)
        if (n > 0 && word[n] ~ /^[A-Za-z_][A-Za-z0-9_]*$/) print word[n]
      }
      opened = gsub(/\{/, "{", $0); closed = gsub(/\}/, "}", $0)
      depth += opened - closed
    }' "$1" | sort -u
}

# Names defined in the unnamed namespace of more than one .cc file, one per
# line: "NAME<TAB>FILE" for each file that defines it.
shared_unnamed_names() {
  local file
  for file in "$@"; do
    if [[ "$file" == *.cc ]]; then
      unnamed_names "$file" | sed "s|\$|\t$file|"
    fi
  done | sort | awk -F'\t' '{ files[$1] = files[$1] "\n" $0; count[$1]++ }
                             END { for (n in count) if (count[n] > 1) print substr(files[n], 2) }'
}

# Emits the .cc files listed on stdin ("NAME<TAB>PATH<TAB>RENAMES" lines, in
# order; RENAMES the file's names to rename, space-separated) with their
# project includes inlined, each included file once across all of them
# (MAP_FILE gives the path of each include spelling).
emit_sources() {
  awk -v map_file="$1" '
    BEGIN {
      while ((getline entry < map_file) > 0) {
        split(entry, field, "\t"); path[field[1]] = field[2]
      }
      close(map_file)
    }
    # The renames start after the last #include of the file, so they reach
    # no system header and no inlined project header.
    function emit_source(name, file, renames,   i, n, renamed, line, number) {
      n = split(renames, renamed, " ")
      defines = ""
      for (i = 1; i <= n; i++) defines = defines sprintf("#define %s %s_in_%s\n", renamed[i], renamed[i], stem(name))
      defines_file = file
      defines_after = 0
      number = 0
      while ((getline line < file) > 0) if (++number && line ~ /^#include /) defines_after = number
      close(file)
      emit_file(name, file)
      for (i = 1; i <= n; i++) printf "#undef %s\n", renamed[i]
    }
    # The project file an include names, looked up as the compiler would:
    # next to the including file, from the workspace root, then from
    # runtime/include (the library'"'"'s include path); "" if none.
    function resolve(spelling, from,   dir) {
      dir = from
      sub(/[^\/]*$/, "", dir)
      if ((dir spelling) in path) return dir spelling
      if (spelling in path) return spelling
      if (("runtime/include/" spelling) in path) return "runtime/include/" spelling
      return ""
    }
    function stem(name) { sub(/^runtime\//, "", name); gsub(/[\/.]/, "_", name); return name }
    function emit_file(name, file,   line, number, included) {
      done[name] = 1
      printf "/************** Begin %s **************/\n#line 1 \"%s\"\n", name, name
      number = 0
      while ((getline line < file) > 0) {
        ++number
        included = ""
        if (match(line, /^#include "[^"]+"/)) included = resolve(substr(line, 11, RLENGTH - 11), name)
        if (!(included in path)) {
          print line
        } else if (included in done) {
          print ""  # Keeps the line numbers without a #line.
        } else {
          emit_file(included, path[included])
          printf "#line %d \"%s\"\n", number + 1, name
        }
        if (file == defines_file && number == defines_after && defines != "") {
          printf "%s#line %d \"%s\"\n", defines, number + 1, name
        }
      }
      close(file)
      printf "/************** End %s **************/\n", name
    }
    { split($0, field, "\t"); emit_source(field[1], field[2], field[3]) }'
}

# The names to rename in one .cc file, space-separated (SHARED is
# shared_unnamed_names' output).
renames_of() {
  awk -F'\t' -v file="$1" '$2 == file { printf "%s ", $1 }' <<<"$2"
}

shared=$(shared_unnamed_names "$@")
headers=()
for file in "$@"; do
  [[ "$file" == *.h ]] && headers+=("$file")
done
for name in $(cut -f1 <<<"$shared" | sort -u); do
  if ((${#headers[@]} > 0)) && grep -qw -- "$name" "${headers[@]}"; then
    die "$name is defined in the unnamed namespace of several .cc files and also used by an internal header: rename it in the sources"
  fi
done
map=$(mktemp)
trap 'rm -f "$map"' EXIT
include_map "$@" >"$map"
{
  echo "/* hetcast runtime amalgamation: every source file of runtime/ in one"
  echo " * C++17 translation unit, generated by tools/amalgamate.sh; do not edit."
  echo " * Build: c++ -std=c++17 -fno-exceptions -fno-rtti -c $(basename "$out_source")"
  echo " * with FlatBuffers' headers on the include path. */"
  echo "/* The library implements the opt-in inline lookup's view (hetcast.h). */"
  echo "#define HETCAST_STATIC_LINKING_ONLY 1"
  for file in "$@"; do
    if [[ "$file" == *.cc ]]; then
      printf '%s\t%s\t%s\n' "$(spelling "$file")" "$file" "$(renames_of "$file" "$shared")"
    fi
  done | emit_sources "$map"
} >"$out_source"
cp "$hetcast_h" "$out_header"
