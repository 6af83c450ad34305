# Offline stand-in for rules_cc: Bazel 4.2.3's native C++ rules re-exported.
# See ../shared/notes/bazel-offline.md; Debian's bazel-rules-cc is too new.
cc_binary = native.cc_binary
cc_library = native.cc_library
cc_test = native.cc_test
cc_import = native.cc_import
cc_toolchain = native.cc_toolchain
cc_toolchain_suite = native.cc_toolchain_suite
