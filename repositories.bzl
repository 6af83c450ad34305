"""hetcast_repositories(): what a workspace that uses hetcast declares.

hetcast builds offline from Debian's packages (third_party/system.BUILD)
and three tiny local stand-ins for Bazel's rule repositories. Another
workspace declares hetcast and then these, in its WORKSPACE:

    local_repository(name = "hetcast", path = "/path/to/hetcast")

    load("@hetcast//:repositories.bzl", "hetcast_repositories")

    hetcast_repositories("/path/to/hetcast")

and loads the table macro in a BUILD file:

    load("@hetcast//tables:hetcast_table.bzl", "hetcast_table")

A repository the workspace already declares (say its own rules_cc) is
left as it is.
"""

def _local(name, path):
    if not native.existing_rule(name):
        native.local_repository(name = name, path = path)

def hetcast_repositories(path):
    """Declares @rules_cc, @rules_java, @remote_coverage_tools and @system.

    Args:
      path: the hetcast source tree, as given to local_repository(name =
        "hetcast", ...): absolute, or relative to the workspace.
    """
    _local("rules_cc", path + "/third_party/rules_cc")
    _local("rules_java", path + "/third_party/rules_java")
    _local("remote_coverage_tools", path + "/third_party/remote_coverage_tools")
    if not native.existing_rule("system"):
        native.new_local_repository(
            name = "system",
            build_file = "@hetcast//third_party:system.BUILD",
            path = "/usr",
        )
