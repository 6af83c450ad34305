#!/usr/bin/env bash
# tools/run_default.sh: the main job on the embedded default profile.
# Installs what is missing, builds (which generates the default profile's
# exact table from tables/profiles/default.json and embeds it in the binary),
# and plans an optimal broadcast from that table: a source of type 2 ("slow",
# cost 5) to 6 fast, 9 medium and 12 slow nodes. Extra arguments go to
# `hetcast plan` and override these, e.g.
#   tools/run_default.sh --format json
#   tools/run_default.sh --source-type 0 --counts 20,20,20
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh build
exec bazel run --ui_event_filters=-info,-stdout,-stderr --noshow_progress \
  //tools:hetcast -- plan --table @default --source-type 2 --counts 6,9,12 "$@"
