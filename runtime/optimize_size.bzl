"""The size-optimized build of the runtime (runtime/config.h) in Bazel.

The flag `//runtime:optimize_size` compiles the runtime, and everything that
includes its headers, with HETCAST_OPTIMIZE_SIZE defined:

    bazel test --//runtime:optimize_size //tests:table_test

optimize_size_test() runs an existing test target in that build from the
default one (and fake_row_test() in the build with the flag
`//runtime:test_fake_row`, which adds a test-only row to the cluster
model's algorithm table), so that one `bazel test` checks both builds, and
optimize_size_binary() gives a program of that build (for a test that
compares both builds' output):

    load("//runtime:optimize_size.bzl", "optimize_size_test")

    optimize_size_test(
        name = "table_test_optimize_size",
        target = ":table_test",
    )
"""

def _bool_flag_impl(ctx):
    return []

# A boolean command-line flag (`--//runtime:optimize_size`), read by a
# config_setting.
bool_flag = rule(
    implementation = _bool_flag_impl,
    build_setting = config.bool(flag = True),
)

def _optimize_size_transition_impl(settings, attr):
    return {"//runtime:optimize_size": True}

_optimize_size_transition = transition(
    implementation = _optimize_size_transition_impl,
    inputs = [],
    outputs = ["//runtime:optimize_size"],
)

def _fake_row_transition_impl(settings, attr):
    return {"//runtime:test_fake_row": True}

_fake_row_transition = transition(
    implementation = _fake_row_transition_impl,
    inputs = [],
    outputs = ["//runtime:test_fake_row"],
)

def _optimize_size_test_impl(ctx):
    target = ctx.attr.target[0][DefaultInfo]
    executable = ctx.actions.declare_file(ctx.label.name)
    ctx.actions.symlink(
        output = executable,
        target_file = target.files_to_run.executable,
        is_executable = True,
    )
    runfiles = ctx.runfiles(files = [executable]).merge(target.default_runfiles)
    return [DefaultInfo(executable = executable, runfiles = runfiles)]

# A copy, and without the target's runfiles: those would put the
# size-optimized program at the default build's runfiles path, which a test
# that runs both builds' programs also uses. For programs that need no
# runfiles (link them statically).
def _optimize_size_binary_impl(ctx):
    target = ctx.attr.target[0][DefaultInfo]
    executable = ctx.actions.declare_file(ctx.label.name)
    ctx.actions.run_shell(
        inputs = [target.files_to_run.executable],
        outputs = [executable],
        command = "cp \"$1\" \"$2\"",
        arguments = [target.files_to_run.executable.path, executable.path],
        mnemonic = "CopyOptimizeSizeBinary",
    )
    return [DefaultInfo(
        executable = executable,
        runfiles = ctx.runfiles(files = [executable]),
    )]

def _attrs(cfg):
    return {
        "target": attr.label(
            cfg = cfg,
            executable = True,
            mandatory = True,
        ),
        # Files the test's `args` name ($(rootpath ...)).
        "data": attr.label_list(allow_files = True),
        "_allowlist_function_transition": attr.label(
            default = "@bazel_tools//tools/allowlists/function_transition_allowlist",
        ),
    }

_ATTRS = _attrs(_optimize_size_transition)

optimize_size_test = rule(
    implementation = _optimize_size_test_impl,
    test = True,
    doc = "Runs the test `target` built with --//runtime:optimize_size.",
    attrs = _ATTRS,
)

optimize_size_binary = rule(
    implementation = _optimize_size_binary_impl,
    executable = True,
    doc = "The program `target` built with --//runtime:optimize_size.",
    attrs = _ATTRS,
)

fake_row_test = rule(
    implementation = _optimize_size_test_impl,
    test = True,
    doc = "Runs the test `target` built with --//runtime:test_fake_row " +
          "(the cluster algorithm table's test-only row).",
    attrs = _attrs(_fake_row_transition),
)
