"""Compiler options of the project's own code, in one place.

Every cc_library, cc_binary and cc_test of hetcast uses HETCAST_COPTS (the
runtime HETCAST_RUNTIME_COPTS). CI adds -Werror (`--config=ci`, which
tools/run_tests.sh passes when the environment says CI=true), so a warning
fails CI without breaking a user's build on another compiler.
"""

_WARNINGS = [
    "-Wall",
    "-Wextra",
]

# In the size-optimized build (--//runtime:optimize_size, which the size
# build's reruns of unit tests reach by a transition: runtime/optimize_size.bzl)
# everything but the runtime is compiled at -O0: that build checks the
# runtime, which keeps its options, and the transition compiles everything
# below the test a second time, and the tools' and oracles' second compile at
# -O2 would cost about as much as the tests it serves. -U_FORTIFY_SOURCE:
# glibc warns that it needs optimisation, and CI makes warnings errors.
HETCAST_COPTS = _WARNINGS + select({
    "//runtime:optimize_size_on": ["-O0", "-U_FORTIFY_SOURCE"],
    "//conditions:default": [],
})

# The runtime is embeddable (README.md, "Rules that keep the runtime
# embeddable"): no exceptions, no RTTI.
HETCAST_RUNTIME_COPTS = _WARNINGS + [
    "-fno-exceptions",
    "-fno-rtti",
]
