#!/usr/bin/env bash
# tools/run_default.sh: the main job on the embedded default example.
# Installs what is missing, builds, and plans a broadcast for the worked
# example of Libeskind-Hadas et al. Fig. 1 (source cost 3, four destinations
# of cost 2, seven of cost 3). Extra arguments go to `hetcast plan`, e.g.
# `tools/run_default.sh --format json`.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh
exec bazel run --ui_event_filters=-info,-stdout,-stderr --noshow_progress \
  //tools:hetcast -- plan --costs 2,3 --source-type 1 --counts 4,7 "$@"
