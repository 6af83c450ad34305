"""Compiler options of the project's own code, in one place.

Every cc_library, cc_binary and cc_test of hetcast uses HETCAST_COPTS (the
runtime HETCAST_RUNTIME_COPTS). CI adds -Werror (`--config=ci`, which
tools/run_tests.sh passes when the environment says CI=true), so a warning
fails CI without breaking a user's build on another compiler.
"""

HETCAST_COPTS = [
    "-Wall",
    "-Wextra",
]

# The runtime is embeddable (README.md, "Rules that keep the runtime
# embeddable"): no exceptions, no RTTI.
HETCAST_RUNTIME_COPTS = HETCAST_COPTS + [
    "-fno-exceptions",
    "-fno-rtti",
]
