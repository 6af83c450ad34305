"""hetcast_table(): a broadcast table generated from profiles at build time.

Load it in your BUILD file:

    load("//tables:hetcast_table.bzl", "hetcast_table")

(from another workspace: "@hetcast//tables:hetcast_table.bzl", after the
WORKSPACE lines of repositories.bzl)

    hetcast_table(
        name = "cluster_table",
        profiles = ["profiles/cluster.json"],
    )

and depend on ":cluster_table" from C or C++: `#include "PKG/cluster_table.h"`
declares `extern const unsigned char hetcast_cluster_table[]` (16-byte
aligned, ready for hetcast_table_open) and `hetcast_cluster_table_size`. The
table file itself is ":cluster_table.hct", for programs that read it at run
time. The same profiles always give the same bytes.
"""

# The generator and embed_table of this repository, whichever workspace
# loads the macro (@hetcast//tools:... from another one).
_GEN = Label("//tools:hetcast_gen")
_EMBED = Label("//tools:embed_table")

def hetcast_table(
        name,
        profiles,
        out = None,
        method = None,
        epsilon = None,
        symbol = None,
        embed = True,
        visibility = None,
        testonly = False):
    """Generates a table from profile JSON files, and a library embedding it.

    Args:
      name: the cc_library with the embedded bytes; also names the outputs.
      profiles: profile JSON files, all written into the one table in order.
      out: the table file's name (default: name + ".hct").
      method: "auto", "exact" or "ptas" (`hetcast gen --method`); default
        auto: exact where the exact DP fits, else the PTAS.
      epsilon: the PTAS's epsilon as a decimal string, e.g. "0.25".
      symbol: the C name of the byte array (default: "hetcast_" + name).
      embed: False makes only the table file (no library).
      visibility: of the generated targets (the library, the table file and
        the C source and header, for builds outside Bazel).
      testonly: as for any rule.
    """
    table = out or name + ".hct"
    flags = ""
    if method:
        flags += " --method " + method
    if epsilon:
        flags += " --epsilon " + epsilon
    native.genrule(
        name = name + "_hct",
        srcs = profiles,
        outs = [table],
        cmd = "$(location %s) --profile " % _GEN +
              "$$(echo $(SRCS) | tr ' ' ',') --out $@ --quiet" + flags,
        tools = [_GEN],
        visibility = visibility,
        testonly = testonly,
    )
    if not embed:
        return
    symbol = symbol or "hetcast_" + name
    native.genrule(
        name = name + "_c",
        srcs = [table],
        outs = [name + ".c", name + ".h"],
        cmd = "$(location %s) $< $(location %s.c) %s" % (_EMBED, name, symbol),
        tools = [_EMBED],
        visibility = visibility,
        testonly = testonly,
    )
    native.cc_library(
        name = name,
        srcs = [name + ".c"],
        hdrs = [name + ".h"],
        visibility = visibility,
        testonly = testonly,
    )
