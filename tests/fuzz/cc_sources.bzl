"""cc_sources(): the source files of C++ libraries and of all they depend on.

The fuzz targets compile the tools' parsers with clang outside Bazel's C++
toolchain (build_fuzzers.sh), so they need the files themselves: the .cc
files, the headers (the runtime's internal ones among them) and the
generated schema headers. Those belong to packages that keep their files
private and share only their libraries; an aspect along `deps` gathers them
from the libraries this package may use, the way IDE integrations read a
build's sources.

    cc_sources(
        name = "tools_sources",
        deps = ["//tools:nonblocking_cli"],
    )

gives every file of srcs, hdrs and textual_hdrs of //tools:nonblocking_cli
and its transitive deps.
"""

CcSourcesInfo = provider(
    doc = "Source files of a C++ library and its transitive deps.",
    fields = ["files"],
)

def _cc_sources_aspect_impl(target, ctx):
    direct = []
    for attribute in ["srcs", "hdrs", "textual_hdrs"]:
        direct.extend(getattr(ctx.rule.files, attribute, []))
    transitive = [
        dep[CcSourcesInfo].files
        for dep in getattr(ctx.rule.attr, "deps", [])
        if CcSourcesInfo in dep
    ]
    return [CcSourcesInfo(files = depset(direct, transitive = transitive))]

_cc_sources_aspect = aspect(
    implementation = _cc_sources_aspect_impl,
    attr_aspects = ["deps"],
)

def _cc_sources_impl(ctx):
    return [DefaultInfo(files = depset(transitive = [
        dep[CcSourcesInfo].files
        for dep in ctx.attr.deps
    ]))]

cc_sources = rule(
    implementation = _cc_sources_impl,
    attrs = {"deps": attr.label_list(aspects = [_cc_sources_aspect])},
    doc = "Every source and header of `deps` and their transitive deps.",
)
